"""What kind of decision a position is (``Analyst.theme``), per game: each game's themes
named by short ids that fit a custom_id; over played games every position with options
has one of its game's themes, the same when weighed again and when read back from the
position's JSON (and, where the weighing is quick, for any seeded Claim It! game:
hypothesis); never changed by the options' worths or order (a session of one theme shows
it before the answer: a theme read from the best option would give the answer away); and
the themes of hand-made positions, one per kind of decision."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.analysis import Weighed
from bot.games.registry import GAMES, analyst_for
from engine.claim.state import Phase as ClaimPhase
from engine.claim.state import Step
from engine.claimit.state import GameState as ClaimItState
from tests.games.test_weighed import played

KINDS = ("claimit", "nuggets", "claim")
THEME_ID = r"[a-z_]{1,13}"
"""A theme's id: short enough for a drill session's custom_id (``kind.theme``)."""


def names(weighed: Weighed) -> frozenset[str]:
    """The names of ``weighed``'s options, all a theme reads of them."""
    return frozenset(option for option, _ in weighed.worths)


def options(*names: str) -> frozenset[str]:
    """The names of a decision's options."""
    return frozenset(names)


@cache
def positions(kind: str) -> list[tuple[Any, int, Weighed]]:
    """Every position of two seeded games of ``kind`` where the mover had options, with
    them weighed (Claim's: every fourth, its weighing being a search)."""
    found = []
    analyst = analyst_for(kind)
    for seed in (1, 2):
        moves = played(kind, 2 + seed, seed)
        for index, move in enumerate(moves):
            if kind == "claim" and index % 4:
                continue
            weighed = analyst.weighed(move.before, move.seat)
            if weighed is not None:
                found.append((move.before, move.seat, weighed))
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_each_games_themes_are_short_ids_named_in_words(kind: str) -> None:
    themes = analyst_for(kind).themes
    assert len(themes) >= 3
    for theme, name in themes.items():
        assert re.fullmatch(THEME_ID, theme), theme
        assert name and name[0].isupper()


@pytest.mark.parametrize("kind", KINDS)
def test_every_position_has_one_of_its_games_themes_the_same_each_time(kind: str) -> None:
    analyst = analyst_for(kind)
    rules = GAMES[kind]
    seen = set()
    for state, seat, weighed in positions(kind):
        theme = analyst.theme(state, seat, names(weighed))
        assert theme in analyst.themes
        again = rules.state_from_json(rules.state_to_json(state))
        assert analyst.theme(again, seat, names(Weighed.from_json(weighed.to_json()))) == theme
        seen.add(theme)
    assert len(seen) >= 2, seen


@pytest.mark.parametrize("kind", ("claimit", "nuggets"))
def test_a_position_weighed_again_has_the_same_theme(kind: str) -> None:
    analyst = analyst_for(kind)
    for state, seat, weighed in positions(kind)[::5]:
        again = analyst.weighed(state, seat)
        assert again is not None
        assert analyst.theme(state, seat, names(again)) == analyst.theme(
            state, seat, names(weighed)
        )


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4), st.integers(0, 10_000))
def test_any_claim_it_position_has_a_stable_theme(seed: int, players: int, pick: int) -> None:
    analyst = analyst_for("claimit")
    moves = played("claimit", players, seed)
    move = moves[pick % len(moves)]
    weighed = analyst.weighed(move.before, move.seat)
    if weighed is None:
        return
    theme = analyst.theme(move.before, move.seat, names(weighed))
    assert theme in analyst.themes
    again = analyst.weighed(move.before, move.seat)
    assert again is not None and analyst.theme(move.before, move.seat, names(again)) == theme


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=30, deadline=None)
@given(pick=st.integers(0, 10_000), data=st.data())
def test_no_theme_turns_on_the_options_worths_or_order(
    kind: str, pick: int, data: st.DataObject
) -> None:
    analyst = analyst_for(kind)
    found = positions(kind)
    state, seat, weighed = found[pick % len(found)]
    order = data.draw(st.permutations([option for option, _ in weighed.worths]))
    worths = data.draw(st.lists(st.integers(-50, 50), min_size=len(order), max_size=len(order)))
    again = Weighed(
        weighed.unit, weighed.exact, tuple(zip(order, map(Fraction, worths), strict=True))
    )
    assert analyst.theme(state, seat, names(again)) == analyst.theme(state, seat, names(weighed))


def test_gold_nuggets_themes() -> None:
    theme = analyst_for("nuggets").theme
    assert theme(None, 0, options("set=NN", "set=N")) == "set_aside"
    assert theme(None, 0, options("roll", "take")) == "roll_or_take"
    # A steal offered makes it stealing, however it is weighed.
    assert theme(None, 0, options("roll", "take", "take=1")) == "steal"
    assert theme(None, 0, options("take", "roll", "take=2")) == "steal"


def test_claim_it_themes() -> None:
    theme = analyst_for("claimit").theme
    # Bo (seat 1) holds 1,1 and 2,1, a mine of two; Ann (seat 0) places.
    board = {(1, 1): ["P1"], (2, 1): ["P1"], (6, 6): ["P0"]}
    state = ClaimItState(2, board=board, turn=0, phase="place", dice=[1, 1, 3])
    assert theme(state, 0, options("roll", "stop")) == "roll_or_stop"
    assert theme(state, 0, options("S3@1,1", "S1@3,1")) == "blocking"
    assert theme(state, 0, options("S1@3,1", "S3@5,5")) == "blocking"
    # Any placement that would block makes it blocking, whichever is best.
    assert theme(state, 0, options("S3@5,5", "S1@3,1")) == "blocking"
    assert theme(state, 0, options("S3@5,5", "C@6,6")) == "placing"


def claim_position(phase: ClaimPhase, *, leading: bool) -> Any:
    """A position of a seeded two-player Claim game in ``phase``, a card to play, the
    table empty (``leading``) or not."""
    for move in played("claim", 2, 3):
        state = move.before
        if state.phase is phase and state.step is Step.PLAY and (not state.table) is leading:
            return state
    raise AssertionError("no such position")


def test_claim_themes() -> None:
    theme = analyst_for("claim").theme
    first = claim_position(ClaimPhase.P1, leading=True)
    assert theme(first, 0, options("play=GOB5", "play=DWA3")) == "prize"
    assert theme(first, 0, options("play=UND3", "play=GOB5")) == "undead"
    assert theme(first, 0, options("play=DWA3", "play=GOB5")) == "prize"
    second = claim_position(ClaimPhase.P2, leading=True)
    assert theme(second, 0, options("play=GOB5", "play=UND3")) == "trick"
    assert theme(second, 0, options("play=DWA3", "play=GOB5")) == "dwarves"
    # A Dragon played second, the last card of a two-player trick: its player leads next.
    following = claim_position(ClaimPhase.P2, leading=False)
    assert theme(following, 0, options("play=DRA3", "play=GOB5")) == "dragons"
    assert theme(first, 0, options("play=DRA3", "play=GOB5")) == "prize"
