"""The heuristic player: sound club play by rules of thumb (placeholder until written)."""

from __future__ import annotations

import random

from whist.actions import Action
from whist.engine import View


def heuristic_bot(view: View, rng: random.Random) -> Action:
    return view.legal[0]
