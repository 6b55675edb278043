"""What following a game says, in English and German: the answer to a follow with its
**Unfollow**, as the follower chose to hear of rounds or not (Claim has none), the lines
above the end's and a round's direct messages, and a followed game in ``/my games``."""

from __future__ import annotations

import random
from dataclasses import replace

import discord
import pytest

from bot.discord_ui.card_layout import Card
from bot.features.following.discord.cards import (
    end_note,
    followed_card,
    listed,
    round_headline,
    round_note,
)
from bot.features.following.settings import Following
from bot.games.registry import rules_for
from bot.storage import Game, GameStatus, Seat
from i18n import english, language
from tests.games.stored import stored

ANN, BO = 11, 12


def game(kind: str = "claimit", over: bool = False) -> Game:
    seats = (Seat(0, ANN, None, "Ann", 0), Seat(1, BO, None, "Bo", 1))
    rules = rules_for(kind)
    state = rules.start(
        2,
        0,
        {o.name: o.default for o in rules.options},
        rules.deal(2, {o.name: o.default for o in rules.options}, random.Random(1)),
    )
    return replace(stored(kind, state, seats, over=over), number=3, turn_message_id=9)


def labels(card: Card) -> list[str | None]:
    shown = [getattr(item, "item", item) for row in card.rows for item in row]
    return [button.label for button in shown if isinstance(button, discord.ui.Button)]


def test_a_follow_says_what_the_follower_hears_of_with_unfollow() -> None:
    lang = english()
    played = game()
    link = f"https://discord.com/channels/{played.guild_id}/{played.place_id}/9"
    card = followed_card(played, True, Following.END, lang)
    assert card.text.startswith(
        f"🔔 You follow [Claim It! #3]({link}): you'll hear of its end by direct message."
    )
    assert "/my settings following chooses" in card.text
    assert labels(card) == ["Unfollow"]
    rounds = followed_card(played, True, Following.ROUNDS, lang)
    assert "each round's end and of the game's end" in rounds.text
    claim = followed_card(game("claim"), True, Following.ROUNDS, lang)
    assert "Claim has no rounds, so only its end counts." in claim.text
    again = followed_card(played, False, Following.ROUNDS, lang)
    assert again.text == f"You follow [Claim It! #3]({link}) already."
    assert labels(again) == ["Unfollow"]


def test_the_notes_name_the_game_its_place_and_the_replay() -> None:
    lang = english()
    over = game(over=True)
    note = end_note(over, "Prospectors", lang)
    assert "🔔 [Claim It! #3](" in note and "which you follow, is over: on **Prospectors**" in note
    assert note.endswith("Watch it again with /claimit replay game:3.")
    closed = end_note(replace(over, status=GameStatus.CANCELLED), "Prospectors", lang)
    assert "Watch it again" not in closed
    assert round_headline(2, lang) == "Round 2 is over."
    assert round_note(game(), "Prospectors", lang).endswith(
        f"which you follow, on **Prospectors**, in <#{over.place_id}>:"
    )
    line = listed(game(), lang, "Prospectors")
    assert line.endswith(f"<#{over.place_id}> on Prospectors · 🔵 **Ann** to play")


@pytest.mark.parametrize("kind", ["claimit", "claim"])
def test_it_all_reads_in_german(kind: str) -> None:
    de = language("de")
    played = game(kind)
    card = followed_card(played, True, Following.ROUNDS, de)
    assert card.text.startswith("🔔 Du folgst [")
    if kind == "claim":
        assert "Claim hat keine Runden, also zählt nur sein Ende." in card.text
    else:
        assert "vom Ende jeder Runde und vom Ende des Spiels" in card.text
    assert labels(card) == ["Nicht mehr folgen"]
    note = end_note(game(kind, over=True), "Goldgräber", de)
    assert "dem du folgst, ist vorbei: auf **Goldgräber**" in note
    command = "claimit" if kind == "claimit" else "claim"
    assert note.endswith(f"Sieh es dir noch einmal an mit /{command} wiederholung spiel:3.")
    assert round_headline(4, de) == "Runde 4 ist vorbei."
    assert listed(played, de, "Goldgräber").endswith("auf Goldgräber · 🔵 **Ann** am Zug")
