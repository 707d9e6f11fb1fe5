"""pimc's calls against an older version of them: the calls of this tree's
:mod:`whist.bots.pimc_calls` against those of another copy of that file, paired on the same
samples, as ``bench/pimc_pass.py`` compares its two ways of valuing a pass.

Run ``python bench/pimc_calls_paired.py --old FILE [--seed S] [--start I] [--deals N]
[--budget B]`` from the project's root, with ``FILE`` an older ``pimc_calls.py`` (``git show
HEAD~1:src/whist/bots/pimc_calls.py > /tmp/old_pimc_calls.py``; it imports the rest of ``whist``
from this tree). The boards of an arena run (``whist arena --preset couleur --seed S``) are
dealt; each seat in turn is pimc (``budget`` B, the node count deciding) and the three others the
heuristic player. At each of pimc's calls with a choice, both versions are asked with the same
generator; at the first call where they differ the deal is played out twice from there, each
version at that seat, and the seat's points after each are compared: each change, then new minus
old per seat-deal and per changed call, with 95% intervals.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

from pimc_pass import Chooser, paired, paired_args

from whist.bots import AnyAction, AnyView, Bot
from whist.bots.pimc import CardChoice, PimcBot
from whist.couleur import ColourView


def load_old(path: Path) -> ModuleType:
    """The module of the older ``pimc_calls.py`` at ``path``, under a name of its own."""
    spec = importlib.util.spec_from_file_location("old_pimc_calls", path)
    if spec is None or spec.loader is None:
        sys.exit(f"cannot read {path} as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up there)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = paired_args(__doc__)
    parser.add_argument("--old", type=Path, help="an older pimc_calls.py (needed)")
    args = parser.parse_args()
    if args.old is None:
        parser.error("--old FILE is needed: an older pimc_calls.py to compare with")
    old_module = load_old(args.old)
    old_choose: Chooser = old_module.choose_call

    def old_bot(bot: PimcBot) -> Bot:
        def play(view: AnyView, rng: random.Random) -> AnyAction:
            if isinstance(view, ColourView) and view.phase == "auction" and len(view.legal) > 1:
                choice: CardChoice = old_choose(bot, view, rng)
                return choice.best
            return bot(view, rng)
        return play

    paired(args, old_choose, old_bot, "pimc-calls")


if __name__ == "__main__":
    main()
