"""A take-back request as its message reads, in English and German: who asks to take
back which moves, whom it asks, each answer, its buttons while it stands, what stays
known, and how it ended; and a replay telling the moves taken back on the step after."""

from __future__ import annotations

import random
from dataclasses import replace
from types import MappingProxyType

import discord
import pytest

from bot.discord_ui.card_layout import Card
from bot.discord_ui.replay_steps import with_takebacks
from bot.features.takebacks.discord.request_card import (
    allowance_words,
    headline,
    request_card,
)
from bot.features.takebacks.queries import Takeback
from bot.features.takebacks.service import TakebackNow, allowed
from bot.features.takebacks.settings import TakebackMode
from bot.features.takebacks.states import TakebackState
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.storage import Seat
from bot.storage.game_values import Level
from i18n import english, language
from tests.games.stored import stored

ANN, BO, CY = 11, 12, 13


def request(
    state: TakebackState = TakebackState.ASKED,
    answers: dict[int, bool] | None = None,
    kind: str = "claimit",
    moves: int = 1,
) -> TakebackNow:
    seats = (Seat(0, ANN, None, "Ann", 0), Seat(1, BO, None, "Bo", 1), Seat(2, CY, None, "Cy", 2))
    rules = rules_for(kind)
    options = {o.name: o.default for o in rules.options}
    chance = random.Random(4)
    state_now = rules.start(3, 0, options, rules.deal(3, options, chance))
    game = stored(kind, state_now, seats, over=False, options=options)
    done = []
    for _ in range(moves):
        seat = rules.to_act(state_now)[0]
        intent = rules.decide(state_now, seat, Level.EASY, chance)
        action = rules.action(state_now, seat, intent, chance)
        step = rules.apply(state_now, seat, action)
        after = replace(game, state=step.state)
        done.append(Outcome(after, state_now, seat, action, step.events, step.turn_over))
        state_now = step.state
    takeback = Takeback(
        game_id=game.id,
        number=2,
        asked_by=ANN,
        seat=0,
        first_seq=1,
        last_seq=moves,
        version=game.version,
        revealed=True,
        channel_id=1,
        message_id=2,
        asked_at=1.0,
        ended_at=None,
        state=state,
        answers=MappingProxyType(answers or {}),
    )
    return TakebackNow(game, takeback, tuple(done), (BO, CY))


def labels(card: Card) -> list[str | None]:
    shown = [getattr(item, "item", item) for row in card.rows for item in row]
    return [button.label for button in shown if isinstance(button, discord.ui.Button)]


def test_a_request_says_who_asks_what_whom_and_each_answer() -> None:
    now = request(answers={BO: True})
    card = request_card(now, english())
    said = face_for("claimit").happened(now.moves[0], english())
    assert card.text == f"↩️ Ann asks to take back their last move: {said}\nBo and Cy: agree?"
    assert [(line.name, line.value) for line in card.lines] == [("Bo", "agreed"), ("Cy", "not yet")]
    assert labels(card) == ["Agree", "Refuse"]
    assert card.footer is not None and "they come up the same" in card.footer
    assert card.pings == (BO, CY) and card.note == f"<@{BO}> <@{CY}>"


def test_a_claim_request_says_a_card_shown_stays_known() -> None:
    card = request_card(request(kind="claim", moves=2), english())
    assert "(and 1 move after it)" in card.text
    assert card.footer == "A card that was shown stays known to everyone."


@pytest.mark.parametrize(
    ("state", "answers", "said"),
    [
        (TakebackState.REFUSED, {BO: True, CY: False}, "Cy refused, so the move stands."),
        (TakebackState.REFUSED, {ANN: False}, "They withdrew the request, so the move stands."),
        (TakebackState.EXPIRED, {}, "so the request expired."),
        (TakebackState.GRANTED, {BO: True, CY: True}, "↩️ Ann took back their last move:"),
    ],
)
def test_a_request_that_ended_says_how_without_buttons(
    state: TakebackState, answers: dict[int, bool], said: str
) -> None:
    card = request_card(request(state, answers), english())
    assert said in card.text and card.rows == () and card.pings == ()


def test_in_german() -> None:
    de = language("de")
    now = request(answers={BO: False}, state=TakebackState.REFUSED)
    card = request_card(request(), de)
    assert card.text.startswith("↩️ Ann möchte den letzten eigenen Zug zurücknehmen: ")
    assert card.text.endswith("\nBo und Cy: einverstanden?")
    assert labels(card) == ["Einverstanden", "Ablehnen"]
    assert [line.value for line in card.lines] == ["noch offen", "noch offen"]
    assert "Bo hat abgelehnt, also bleibt der Zug." in request_card(now, de).text
    assert headline(now, de).startswith("↩️ Ann hat den letzten eigenen Zug zurückgenommen: ")


def test_a_replay_tells_the_moves_taken_back_on_the_step_after() -> None:
    now = request(moves=3)
    game = now.game
    face = face_for("claimit")
    standing = [now.moves[0], now.moves[2]]
    logged = [(now.moves[0], False), (now.moves[1], True), (now.moves[2], False)]
    plain = face.replay(game, standing, english())
    marked = with_takebacks(plain, logged, english())
    assert [s.caption for s in marked.steps[:2]] == [s.caption for s in plain.steps[:2]]
    assert marked.steps[2].caption == f"1 move taken back before this: {plain.steps[2].caption}"
    german = with_takebacks(plain, logged, language("de"))
    assert german.steps[2].caption.startswith("1 Zug davor zurückgenommen: ")
    assert with_takebacks(plain, [(o, False) for o in standing], english()) is plain


@pytest.mark.parametrize(
    ("people", "mode", "said"),
    [
        ((ANN, None, CY, None), TakebackMode.UNRATED, "with consent"),
        ((ANN, BO, None, None), TakebackMode.UNRATED, "off: this game is rated"),
        ((ANN, BO, None, None), TakebackMode.ALWAYS, "with consent"),
        ((ANN, None, None, None), TakebackMode.NEVER, "off on this server"),
        ((ANN,), TakebackMode.UNRATED, "with consent"),
    ],
)
def test_what_a_lobby_says_of_take_backs(
    people: tuple[int | None, ...], mode: TakebackMode, said: str
) -> None:
    """In Claim of four, partners alone against computer players are not rated; a
    lobby too small for a game counts each person as a side."""
    seats = tuple(
        Seat(n, user, None if user else Level.EASY, f"P{n}", n) for n, user in enumerate(people)
    )
    game = stored("claim", None, seats, over=False)
    words = allowance_words(allowed(game, mode), english())
    assert words == said
