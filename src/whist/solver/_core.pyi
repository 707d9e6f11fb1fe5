from collections.abc import Sequence

class Solver:
    """The C search with its transposition table (``memory``: bytes allowed for it)."""

    def __init__(self, memory: int = ...) -> None: ...
    def solve(
        self,
        hands: Sequence[int],
        trump: int,
        leader: int,
        played: Sequence[int],
        team: int,
        goal: int,
        k: int,
        limit: int = ...,
        seconds: float = ...,
        /,
    ) -> tuple[int, list[tuple[int, int]]] | bool: ...
    def clear(self) -> None: ...
    @property
    def nodes(self) -> int: ...
    @property
    def memory(self) -> int: ...
