"""A rematch offer as its message reads, in English and German: who asked and how many
said yes, each player's answer, its buttons while it stands, and how it ended."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import discord
import pytest

from bot.discord_ui.card_layout import Card
from bot.features.rematch.discord.offer_card import offer_card
from bot.features.rematch.queries import RematchOffer
from bot.features.rematch.service import Rematch
from bot.features.rematch.states import RematchState
from bot.storage import GameStatus, Seat
from bot.storage.game_values import Level
from i18n import english, language
from tests.games.stored import stored

ANN, BO = 11, 12


def rematch(
    state: RematchState = RematchState.OPEN, started: bool = False, *, computer: bool = True
) -> Rematch:
    seats = (
        Seat(0, ANN, None, "Ann", 0),
        Seat(1, None, Level.EASY, "Bot 1 (easy)", 1)
        if computer
        else Seat(1, None, Level.EASY, "Bot 1 (easy)", 1, left_user_id=13),
        Seat(2, BO, None, "Bo", 2),
    )
    game = replace(stored("claimit", None, seats, over=True), number=3)
    offer = RematchOffer(
        game_id=game.id,
        channel_id=1,
        message_id=2,
        offered_by=BO,
        offered_at=1.0,
        expires_at=1801.0,
        state=state,
        new_game_id=None,
        answers=MappingProxyType({BO: True}),
    )
    new = replace(game, id=game.id - 1, number=4, status=GameStatus.ACTIVE, turn_message_id=9)
    return Rematch(game, offer, new if started else None)


def labels(card: Card) -> list[str | None]:
    shown = [getattr(item, "item", item) for row in card.rows for item in row]
    return [button.label for button in shown if isinstance(button, discord.ui.Button)]


def test_an_open_offer_says_who_asked_each_answer_and_when_it_lapses() -> None:
    card = offer_card(rematch(), english())
    assert card.text.startswith("🔁 Bo wants a rematch of Claim It! #3: 1 of 2 said yes.")
    assert "The offer lapses <t:1801:R>." in card.text
    assert [(line.name, line.value) for line in card.lines] == [("Ann", "not yet"), ("Bo", "yes")]
    assert labels(card) == ["Yes, again", "No, thanks", "Start now"]
    assert card.footer == "A rematch needs at least 2 players, counting computer players."
    assert "with the same computer players" in card.text
    assert card.note is None and card.pings == ()


def test_an_offer_as_first_posted_pings_whoever_is_yet_to_answer() -> None:
    card = offer_card(rematch(), english(), ping=True)
    assert card.note == f"<@{ANN}>" and card.pings == (ANN,)


def test_an_offer_without_computer_players_names_none() -> None:
    """A computer player that stood in for someone who left doesn't come along."""
    card = offer_card(rematch(computer=False), english())
    assert "computer players;" not in card.text
    assert "Whoever says yes plays again; the host can start once enough have." in card.text


@pytest.mark.parametrize(
    ("state", "said"),
    [
        (RematchState.LAPSED, "Nobody started it in time, so the offer lapsed."),
        (RematchState.DECLINED, "Too many said no, so there is no rematch."),
    ],
)
def test_an_offer_that_ended_says_how_without_buttons(state: RematchState, said: str) -> None:
    card = offer_card(rematch(state), english())
    assert said in card.text and card.rows == () and card.footer is None


def test_a_started_rematch_links_to_its_table() -> None:
    card = offer_card(rematch(RematchState.STARTED, started=True), english())
    assert card.text.startswith("🔁 The rematch of Claim It! #3 has started: [Claim It! #4](")
    assert card.text.endswith("/9).") and card.rows == () and card.lines == ()


def test_in_german() -> None:
    card = offer_card(rematch(), language("de"))
    assert card.text.startswith(
        "🔁 Bo will eine Revanche für Claim It! #3: 1 von 2 haben zugestimmt."
    )
    assert [(line.name, line.value) for line in card.lines] == [("Ann", "noch offen"), ("Bo", "ja")]
    assert labels(card) == ["Ja, nochmal", "Nein, danke", "Jetzt starten"]
    ended = offer_card(rematch(RematchState.LAPSED), language("de"))
    assert "daher ist das Angebot verfallen" in ended.text
