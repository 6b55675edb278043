"""What the bot's words say (their limits are in test_message_limits)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.discord_ui.card_layout import Card
from bot.discord_ui.core.lobby.controls import LobbyAction, LobbyButton, lobby_rows
from bot.discord_ui.lobby_card import lobby_card
from bot.games import shared_words
from bot.games.claimit.face import CLAIMIT_FACE
from bot.games.registry import rules_for
from bot.storage import Game, RatingChange, Seat
from bot.storage.game_values import Level
from bot.storage.ratings import PROVISIONAL_GAMES, Rating
from engine.claimit import GameState, Roll, apply
from i18n import Language, english, language
from tests.discord_ui.test_message_limits import game


def placement_prompt(dice: tuple[int, int, int], lang: Language) -> str:
    state, _ = apply(GameState.new(2), Roll(dice))
    message = asyncio.run(CLAIMIT_FACE.turn(game(state), "Rolled.", None, lang))
    return message.text


def test_one_placement_is_named_alone_and_several_as_a_range() -> None:
    assert "choose a placement (A)." in placement_prompt((1, 1, 1), english())
    several = placement_prompt((1, 2, 3), english())
    assert "choose a placement (A–" in several and "(A–A)" not in several
    assert "Setze einen Marker (A)." in placement_prompt((1, 1, 1), language("de"))
    assert "Setze einen Marker (A–F)." in placement_prompt((1, 2, 3), language("de"))


def test_the_rules_explain_the_variant_that_new_and_settings_offer() -> None:
    in_english = CLAIMIT_FACE.rules(english())
    assert "Rule variant" in in_english and "variant" in in_english
    german = CLAIMIT_FACE.rules(language("de"))
    assert "Regelvariante" in german and "variante" in german
    assert CLAIMIT_FACE.rules(Language("fr")) == in_english, (
        "English where there are no rules in it"
    )


def test_rating_changes_say_why_they_can_surprise() -> None:
    first = RatingChange(1, "Ann", None, Rating(27.6, 8.1), 1)
    settled = RatingChange(2, "Bo", Rating(30.0, 5.0), Rating(30.5, 4.9), PROVISIONAL_GAMES)
    with_computer = shared_words.rating_changes([first, settled], True, english())
    assert "Ann: 1,000 → **1,132?** (+132) · first rated game" in with_computer
    assert "Bo: 1,600 → **1,632** (+32)" in with_computer
    assert "Computer players aren't rated" in with_computer
    assert "provisional (?)" in with_computer
    among_people = shared_words.rating_changes([settled], False, english())
    assert "Computer" not in among_people and "provisional" not in among_people


def test_ratings_are_written_with_the_readers_digit_grouping() -> None:
    first = RatingChange(1, "Ann", None, Rating(27.6, 8.1), 1)
    german = shared_words.rating_changes([first], False, language("de"))
    assert "1.000" in german and "**1.132?**" in german and "(+132)" in german
    assert "1,000" not in german


def test_computer_players_are_named_in_the_readers_language() -> None:
    bot = Seat(1, None, Level.HARD, "Bot 2 (hard)", 1)
    took_over = Seat(2, None, Level.NORMAL, "Zoë (bot)", 2, left_user_id=7)
    human = Seat(0, 7, None, "*Ann* (bot)", 0)
    assert shared_words.seat_name(bot, english()) == "Bot 2 (hard)"
    assert shared_words.seat_name(bot, language("de")) == "Bot 2 (schwer)"
    assert shared_words.seat_name(took_over, english()) == "Zoë (bot)"
    assert shared_words.seat_name(human, language("de")) == "*Ann* (bot)", "a human's name as typed"
    assert shared_words.name(human, english()) == "\\*Ann\\* (bot)"
    assert shared_words.seat_line(bot, language("de")) == "🔶 **Bot 2 (schwer)**"


def lobby(kind: str, players: int) -> Game:
    names = ("Ann", "Bo", "Cy", "Di", "Ed")
    seats = tuple(Seat(n, 100 + n, None, names[n], n) for n in range(players))
    return replace(game(), kind=kind, seats=seats, host_id=100, options={}, thread_id=None)


@pytest.mark.parametrize("code", ["en", "de"])
def test_a_claim_lobby_shows_the_teams_once_four_are_seated(code: str) -> None:
    """With 4 players Claim is played by partners sitting opposite (RULES-claim: seats 0 &
    2 against 1 & 3), lettered as the table picture letters them."""
    lang = language(code)
    shown = lobby_card(lobby("claim", 4), lang).text
    heading, team_a, team_b = shown.split("\n\n")[-1].split("\n")
    assert heading == "**Teams**"
    assert (
        team_a
        == f"Team A: {shared_words.SEAT_EMOJI[0]} **Ann** & {shared_words.SEAT_EMOJI[2]} **Cy**"
    )
    assert (
        team_b
        == f"Team B: {shared_words.SEAT_EMOJI[1]} **Bo** & {shared_words.SEAT_EMOJI[3]} **Di**"
    )
    assert "Team" not in lobby_card(lobby("claim", 3), lang).text
    for kind in ("claimit", "nuggets"):
        assert "Team" not in lobby_card(lobby(kind, 4), lang).text, kind


@pytest.mark.parametrize("kind", ["claimit", "nuggets", "claim"])
def test_a_full_lobby_turns_join_off_and_says_why(kind: str) -> None:
    full_lobby = lobby(kind, rules_for(kind).max_players)
    full = lobby_card(full_lobby, english(), rows=lobby_rows(full_lobby, english(), True))
    assert join_button(full).disabled
    assert full.footer is not None and "full" in full.footer and "Join is off" in full.footer
    roomy = lobby(kind, 2)
    room = lobby_card(roomy, english(), rows=lobby_rows(roomy, english(), True))
    assert not join_button(room).disabled
    assert room.footer is not None and "full" not in room.footer


def join_button(card: Card) -> discord.ui.Button[Any]:
    (join,) = [item for row in card.rows for item in row if isinstance(item, LobbyButton)][:1]
    assert join.action is LobbyAction.JOIN
    assert isinstance(join.item, discord.ui.Button)
    return join.item
