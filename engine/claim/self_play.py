"""A game of Claim played to its end by the computer players, for the benchmarks and the
tests that need whole games: the referee, which holds the state and hands each seat its
view, is kept out of the players' package, which never sees a state."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots import Level
from engine.claim.actions import Action
from engine.claim.players import decide
from engine.claim.rules import apply
from engine.claim.state import ClaimState, Phase
from engine.claim.view import view


def self_play(start: ClaimState, levels: Sequence[Level], rng: random.Random) -> list[Action]:
    """The actions of the game from ``start`` to its end, each seat's decided from its own
    view by the computer player of its level in ``levels``."""
    state = start
    actions: list[Action] = []
    while state.phase is not Phase.OVER:
        seat = state.to_act()[0]
        action = decide(view(state, seat), levels[seat], rng)
        actions.append(action)
        state, _ = apply(state, seat, action)
    return actions
