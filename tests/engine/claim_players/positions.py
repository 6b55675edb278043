"""Positions for the computer players' tests: views met in random games, and games whose
deal is written out card by card."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from engine.claim import (
    Action,
    ClaimState,
    Faction,
    Phase,
    SeatView,
    apply,
    card,
    game_cards,
    hand_size,
    legal_actions,
    new_game,
    random_selection,
    shuffle_deck,
    view,
)
from tests.engine.claim.play import random_deal

Chooser = Callable[[ClaimState, int], Action]


def random_positions(players: int, games: int, seed: int) -> Iterator[tuple[ClaimState, int]]:
    """Every (position, seat to act) of ``games`` random games with random factions where the
    seat has a real choice (two legal actions or more)."""
    rng = random.Random(seed)
    for _ in range(games):
        state, _ = random_deal(players, rng)
        while state.phase is not Phase.OVER:
            seat = rng.choice(state.to_act())
            legal = legal_actions(state, seat)
            if len(legal) > 1:
                yield state, seat
            state, _ = apply(state, seat, rng.choice(legal))


def sample_views(players: int, games: int, seed: int, every: int) -> list[SeatView]:
    """One view in ``every`` of the real choices met in random games."""
    return [
        view(state, seat)
        for n, (state, seat) in enumerate(random_positions(players, games, seed))
        if n % every == 0
    ]


def play_game(
    players: int, seed: int, choose: Sequence[Chooser], factions: Sequence[Faction] = ()
) -> ClaimState:
    """A whole game from a seeded deal, each seat choosing with its own ``choose``."""
    rng = random.Random(seed)
    chosen = tuple(factions) or random_selection(players, rng)
    deck, removed = shuffle_deck(chosen, rng)
    state, _ = new_game(players, chosen, deck, removed, seed % players)
    for _ in range(1000):
        if state.phase is Phase.OVER:
            return state
        seat = state.to_act()[0]
        state, _ = apply(state, seat, choose[seat](state, seat))
    raise AssertionError("the game did not end")


def dealt(factions: Sequence[Faction], hands: Sequence[str], draw: str) -> ClaimState:
    """A 2-player game (no Raccoons) dealt as written: ``hands`` the 13 card ids of each seat,
    ``draw`` the top of the draw pile (its first card is the first prize), the game's other
    cards below them. Seat 0 leads."""
    chosen = [card(i) for text in hands for i in text.split()]
    top = [card(i) for i in draw.split()]
    assert len(chosen) == 2 * hand_size(2)
    placed = {*chosen, *top}
    rest = [c for c in game_cards(factions) if c not in placed]
    state, _ = new_game(2, factions, [*chosen, *top, *rest], (), 0)
    return state
