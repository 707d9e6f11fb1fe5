from collections.abc import Sequence

class TableMemoryError(ValueError, MemoryError):
    """The memory asked for the table cannot be allocated."""

class Solver:
    """The C search with its transposition table (``memory``: bytes allowed for it;
    ``group_blocks``: blocks of entries a group of the table chains before it keeps its
    further entries by shape; 0: chosen by the shape of the teams; ``trump_game_from``: tricks
    left from which the trump game is asked, 14 never; ``relaxed_from``: the same for the relaxed
    misère game; ``split_from``: blocks a group chains before it splits into parts, a part twice
    as many)."""

    def __init__(self, memory: int = ..., *, group_blocks: int = ..., trump_game_from: int = ...,
                 relaxed_from: int = ..., split_from: int = ...) -> None: ...
    def solve(  # goal: 0 max, 1 min, 2 exact k, 3 at least k; for 0 and 1, k >= 0 is a cap, -1 none
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
        floor: int = ...,
        signals: bool = ...,
        /,
    ) -> tuple[int, list[tuple[int, int]]] | bool: ...
    def clear(self) -> None: ...
    def table_stats(self) -> dict[str, int]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def memory(self) -> int: ...
    @property
    def progress(self) -> tuple[int | bool | None, int, int]: ...
