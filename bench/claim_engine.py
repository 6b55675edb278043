"""Claim engine speed: the legal actions of one position, applying one action, random games.

    python -m bench.claim_engine [--games N]

Targets: median <= 20 us for the legal actions of one seat and for applying one
action, on positions from random games of 2, 3 and 4 players. Every figure is
measured in this run; nothing is compared against stored numbers.
"""

from __future__ import annotations

import functools
import random
from collections import defaultdict
from collections.abc import Callable

from bench.figures import games_to_time, per_call_us, report, report_games, report_kinds, warm_up
from engine.claim import (
    Action,
    ClaimState,
    Phase,
    apply,
    legal_actions,
    legal_in_view,
    new_game,
    random_selection,
    shuffle_deck,
    view,
)

TARGET_US = 20.0


def play(rng: random.Random, players: int) -> list[tuple[ClaimState, int, Action]]:
    """One random game (random factions, deal and legal choices), as the (position, seat,
    action) triples it went through."""
    factions = random_selection(players, rng)
    deck, removed = shuffle_deck(factions, rng)
    state, _ = new_game(players, factions, deck, removed, rng.randrange(players))
    history: list[tuple[ClaimState, int, Action]] = []
    while state.phase is not Phase.OVER:
        seat = rng.choice(state.to_act())
        action = rng.choice(legal_actions(state, seat))
        history.append((state, seat, action))
        state, _ = apply(state, seat, action)
    return history


def kind_of(state: ClaimState, action: Action) -> str:
    """The action's kind, a play split by whether it ends a trick and in which phase."""
    kind = type(action).__name__.lower()
    if kind == "play" and len(state.table) == state.players - 1:
        return f"play (ends a {state.phase} trick)"
    return kind


def main() -> None:
    games = games_to_time(__doc__.split("\n")[0], 300)
    rng = random.Random(2013)

    history = [step for players in (2, 3, 4) for _ in range(100) for step in play(rng, players)]
    print(f"positions from 300 random games (100 each of 2, 3, 4 players): {len(history)}")

    legal_calls: list[Callable[[], object]] = []
    view_calls: list[Callable[[], object]] = []
    by_kind: dict[str, list[Callable[[], object]]] = defaultdict(list)
    for state, seat, action in history:
        legal_calls.append(functools.partial(legal_actions, state, seat))
        seen = view(state, seat)
        view_calls.append(functools.partial(legal_in_view, seen))
        by_kind[kind_of(state, action)].append(functools.partial(apply, state, seat, action))
    apply_calls = [call for calls in by_kind.values() for call in calls]

    warm_up(legal_calls, apply_calls)
    report("legal actions of one seat", legal_calls, TARGET_US)
    view_median, view_p99 = per_call_us(view_calls)
    print(f"  the same from the seat's view: median {view_median:.2f} us, p99 {view_p99:.2f} us")
    report("apply one action", apply_calls, TARGET_US)
    report_kinds(by_kind)

    report_games(functools.partial(play, rng), (2, 3, 4), games)


if __name__ == "__main__":
    main()
