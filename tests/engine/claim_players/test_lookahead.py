"""Claim's determined endgames too long to solve (``engine.claim.players.lookahead``): the
search finds what a plain minimax to the same horizon finds, its values chain within a
trick, and the judge, the hint and the win-chance model all value a position by it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.claim import Card, ClaimState, Phase, apply, legal_actions, view
from engine.claim.judge import exact, judged, weighed
from engine.claim.players.endgame import EXACT_TRICKS, determined, position_key, tricks_left
from engine.claim.players.lookahead import Lookahead
from engine.claim.units import unit_of
from engine.claim.win_chance import settled, valued
from tests.engine.claim_players.test_endgame import endgames


def faces(part: object) -> object:
    """``part`` with every card read as its faction and value: two cards of the same are one
    (the search plays one of them only, as the rules treat them alike)."""
    if isinstance(part, Card):
        return part.faction, part.value
    if isinstance(part, tuple):
        return tuple(faces(item) for item in part)
    return part


def scattered(state: ClaimState, seat: int) -> float:
    """A leaf value that is any number at all, the same for a position every time (its
    cards read by ``faces``): what the search must find whatever the horizon's values are."""
    value = random.Random(repr(faces(position_key(state)))).random()
    return value if unit_of(state.players, seat) == 0 else 1.0 - value


def plain(state: ClaimState, seat: int, end: int) -> float:
    """``seat``'s unit's value to ``end`` tricks done by plain minimax over every legal
    action, the horizon valued by ``scattered``."""
    if state.phase is not Phase.P2 or state.done >= end:
        return scattered(state, seat)
    now = state.to_act()[0]
    found = [plain(apply(state, now, a)[0], seat, end) for a in legal_actions(state, now)]
    same = unit_of(state.players, now) == unit_of(state.players, seat)
    return max(found) if same else min(found)


def long_endgames(left: int, games: int, seed: int) -> Iterator[tuple[ClaimState, int]]:
    """Seeded 2-player positions with ``left`` tricks to go whose views are determined, at a
    trick's start and after its lead."""
    for state, seat in endgames(left, games, seed):
        if not determined(view(state, seat)):
            continue
        yield state, seat
        led = apply(state, seat, legal_actions(state, seat)[0])[0]
        yield led, led.to_act()[0]


@pytest.mark.parametrize("left", [EXACT_TRICKS + 1, EXACT_TRICKS + 4])
def test_the_search_finds_what_a_plain_minimax_to_the_horizon_finds(left: int) -> None:
    checked = 0
    for state, seat in long_endgames(left, games=40, seed=300 + left):
        end = state.done + 1
        values = Lookahead(scattered).options(state, seat)
        assert set(values) == set(legal_actions(state, seat))
        for action, value in values.items():
            assert value == pytest.approx(plain(apply(state, seat, action)[0], seat, end))
        assert Lookahead(scattered).value(state, seat) == pytest.approx(max(values.values()))
        checked += 1
    assert checked >= 10


def test_within_a_trick_the_values_chain() -> None:
    """A position is worth its best option; the leader's option is worth the follower's
    position; the follower's option ends the trick and is worth that position as the
    horizon. Only a new trick's start moves the horizon on."""
    checked = 0
    for state, seat in long_endgames(EXACT_TRICKS + 3, games=30, seed=7):
        if state.table:
            continue
        options = Lookahead(settled).options(state, seat)
        assert Lookahead(settled).value(state, seat) == max(options.values())
        for action, worth in options.items():
            led = apply(state, seat, action)[0]
            other = led.to_act()[0]
            assert Lookahead(settled).value(led, seat) == pytest.approx(worth)
            replies = Lookahead(settled).options(led, other)
            assert min(1.0 - value for value in replies.values()) == pytest.approx(worth)
            for reply, value in replies.items():
                ended = apply(led, other, reply)[0]
                assert ended.done == state.done + 1
                assert value == pytest.approx(settled(ended, other))
        checked += 1
    assert checked >= 5


def test_the_judge_the_hint_and_the_win_chance_value_a_long_determined_endgame_alike() -> None:
    checked = 0
    for state, seat in long_endgames(EXACT_TRICKS + 2, games=30, seed=11):
        seen = view(state, seat)
        assert not exact(seen)
        options = Lookahead(settled).options(state, seat)
        value, error = valued(seen, random.Random(1), 8)
        assert (value, error) == (max(options.values()), 0.0)
        hint = weighed(seen, random.Random(2))
        if hint is None:
            assert judged(state, seat, legal_actions(state, seat)[0], random.Random(3)) is None
            continue
        assert hint[0][1] == value
        for action in legal_actions(state, seat):
            judgement = judged(state, seat, action, random.Random(3))
            assert judgement is not None and not judgement.exact
            assert judgement.worths == pytest.approx(options)
            assert judgement.error == 0.0
            assert max(judgement.worths.values()) == value
        checked += 1
    assert checked >= 5
    assert tricks_left(state) == EXACT_TRICKS + 2
