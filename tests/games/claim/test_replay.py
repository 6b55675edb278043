"""Claim's replay shows only what was public at each moment: every frame is the public
table after its move (no hand, no follower pile, no face-down card), and every caption
names only cards everybody had seen by then; won tricks and the end are held longer."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.games.claim.face import CLAIM_FACE
from bot.games.claim.game import CLAIM
from bot.games.outcome import Outcome
from bot.games.replay import Hold
from bot.storage import Game, Seat
from engine.claim import Card, ClaimState, Phase, TrickDone
from render.claim.view import TableView
from tests.games.claim.test_description import EN, as_named, named, public
from tests.games.claim.test_german import game
from tests.games.stored import BIG_ID
from tests.games.test_contract import play


def drawn_cards(view: TableView) -> set[str]:
    """The ids of every card the frame draws face up."""
    cards = [c for _, c in view.table] + list(view.prize) + list(view.trolls)
    cards += [c for pile in (*view.scores, *view.gnomes) for c in pile]
    cards += [c for _, c in view.last_trick]
    return {c.id for c in cards}


def face_up(state: ClaimState) -> set[Card]:
    piles = (*state.scores, *state.gnomes, state.trolls, state.discard, state.prize)
    return {c for pile in piles for c in pile} | {p.card for p in state.table}


def outcomes_of(players: int, seed: int) -> tuple[list[Outcome], Game]:
    playout = play(CLAIM, players, random.Random(seed))
    seats = tuple(Seat(n, BIG_ID - n, None, f"Player{n}", n) for n in range(players))
    outcomes = []
    for move in playout.moves:
        at = replace(game(move.after), seats=seats, options=playout.options)
        outcomes.append(
            Outcome(at, move.before, move.seat, move.action, move.step.events, move.step.turn_over)
        )
    return outcomes, outcomes[-1].game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_four_player_replay_shows_no_hidden_card_in_any_frame(seed: int) -> None:
    outcomes, finished = outcomes_of(4, seed)
    replay = CLAIM_FACE.replay(finished, outcomes, EN)
    assert len(replay.steps) == len(outcomes) + 1
    opening = replay.steps[0].view
    assert isinstance(opening, TableView)
    assert drawn_cards(opening) <= {c.id for c in face_up(outcomes[0].before)}
    for step, outcome in zip(replay.steps[1:], outcomes, strict=True):
        view = step.view
        assert isinstance(view, TableView)
        seen = public(outcome)
        assert drawn_cards(view) <= {c.id for c in seen}, step.caption
        assert named(step.caption) <= as_named(seen), step.caption
        assert all(count >= 0 for count in view.hand_counts)
        state: ClaimState = outcome.state
        if state.phase is Phase.OVER:
            assert step.hold is Hold.FINAL
        elif any(isinstance(e, TrickDone) for e in outcome.events):
            assert step.hold is Hold.LONG
        else:
            assert step.hold is Hold.STEP
    assert replay.steps[-1].hold is Hold.FINAL


def test_the_check_catches_a_frame_showing_a_hand() -> None:
    """The check above can fail: a frame that drew a card from a hand."""
    outcomes, finished = outcomes_of(4, 1)
    replay = CLAIM_FACE.replay(finished, outcomes, EN)
    step, outcome = replay.steps[1], outcomes[0]
    secret = next(c for hand in outcome.state.hands for c in hand)
    view = step.view
    assert isinstance(view, TableView)
    shown = replace(view, prize=(*view.prize, replace(view.prize[0], id=secret.id)))
    assert not drawn_cards(shown) <= {c.id for c in public(outcome)}
