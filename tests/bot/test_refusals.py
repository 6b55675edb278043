"""A refusal is declared by its words and its fields: each is a type of its own, caught by
its class, and its fields fill its words in the reader's language."""

from __future__ import annotations

import pytest

from bot.service.errors import (
    GameFinished,
    GameNotFound,
    NoSuchBegunGame,
    NotEnoughPlayers,
    NotYourTurn,
    Refusal,
    ServiceError,
    ToHistory,
)
from i18n import language


def test_the_fields_fill_the_words_and_are_kept() -> None:
    refused = NotEnoughPlayers(2, most=5)
    assert str(refused) == "This game needs 2 to 5 players to start."
    assert (refused.fewest, refused.most) == (2, 5)
    assert language("de").say(refused.words) == "Diese Partie braucht zum Start 2 bis 5 Spieler."


def test_a_refusal_is_raised_and_caught_by_its_class() -> None:
    with pytest.raises(NotYourTurn) as caught:
        raise NotYourTurn("Ann")
    assert isinstance(caught.value, Refusal | ServiceError)
    assert not isinstance(caught.value, GameNotFound)
    assert str(caught.value) == "It's Ann's turn, not yours."


def test_a_refusal_without_fields_always_says_the_same() -> None:
    assert str(GameNotFound()) == "That game doesn't exist any more."
    assert GameNotFound().words is GameNotFound.words


def test_a_game_not_in_the_history_names_the_command_that_lists_it() -> None:
    refused = NoSuchBegunGame("Claim It!", 4, "claimit")
    assert isinstance(refused, ToHistory)
    assert (refused.title, refused.number, refused.command) == ("Claim It!", 4, "claimit")
    assert str(refused) == (
        "This server has no Claim It! game #4 that began, so it has no log. "
        "/claimit history lists the finished games with their numbers."
    )


def test_a_refusal_that_says_one_of_several_things_picks_them_by_its_field() -> None:
    assert str(GameFinished(cancelled=True)) == "This game was cancelled."
    assert str(GameFinished(False)) == "This game is over."
    assert GameFinished(cancelled=True).cancelled
    assert language("de").say(GameFinished(cancelled=False).words) == "Diese Partie ist vorbei."
