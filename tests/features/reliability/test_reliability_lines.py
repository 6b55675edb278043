"""Reliability as it reads, in English and German: the note after a seated name, a
lobby's minimum, the record on a stats card, the server's setting, and a refused join."""

from __future__ import annotations

import pytest

from bot.discord_ui.core.settings.handlers import settings_card
from bot.features.reliability.discord.handlers import minimum_line, record_line, seat_note
from bot.features.reliability.queries import ReliabilityRecord
from bot.features.reliability.service import BelowReliability, Reliability
from bot.storage import GuildSettings
from i18n import english, language

NEW = Reliability(ReliabilityRecord(started=2))
SOME = Reliability(ReliabilityRecord(started=12, finished=10, abandoned=1))


@pytest.mark.parametrize(
    ("code", "new", "some", "minimum"),
    [
        ("en", "no game ended here yet", "76% reliable", "80% or more"),
        ("de", "noch keine Partie hier zu Ende", "76\xa0% zuverlässig", "80\xa0% oder mehr"),
    ],
)
def test_a_seated_name_and_a_lobby_say_it_shortly(
    code: str, new: str, some: str, minimum: str
) -> None:
    lang = language(code)
    assert seat_note(NEW, lang) == new
    assert seat_note(SOME, lang) == some
    line = minimum_line(80, lang)
    assert (line.value, line.inline) == (minimum, True)


def test_a_stats_card_says_what_it_is_made_of() -> None:
    lang = english()
    assert record_line(SOME, lang).name == "Reliability"
    assert record_line(SOME, lang).value == (
        "76% · of every game in this server: 12 started, 10 finished, 1 left"
    )
    assert record_line(NEW, lang).value == (
        "new: no game of theirs has ended yet in this server (counts as 80%)"
    )
    german = language("de")
    assert record_line(SOME, german).value == (
        "76\xa0% · aus allen Spielen auf diesem Server: 12 begonnen, 10 zu Ende gespielt, "
        "1 verlassen"
    )
    assert record_line(SOME, german).name == "Zuverlässigkeit"


@pytest.mark.parametrize(
    ("code", "none", "some"),
    [
        ("en", "anyone may join", "50% or more"),
        ("de", "alle dürfen beitreten", "50\xa0% oder mehr"),
    ],
)
def test_the_servers_settings_show_its_minimum(code: str, none: str, some: str) -> None:
    lang = language(code)
    shown = {}
    for minimum in (None, 50):
        card = settings_card(
            GuildSettings(declared={"reliability": minimum}), "claimit", "", lang, lang
        )
        shown[minimum] = next(
            line.value for line in card.lines if line.name == lang._("Reliability to join")
        )
    assert shown == {None: none, 50: some}


def test_a_refused_join_says_why_in_the_readers_words() -> None:
    lobby = BelowReliability(80, SOME, server=False)
    server = BelowReliability(90, NEW, server=True)
    assert lobby.words.words(english()) == (
        "This lobby asks for 80% reliability or more; yours is 76%. Finishing games raises it."
    )
    assert server.words.words(english()) == (
        "This server asks for 90% reliability or more to join a lobby; you have no finished "
        "games yet, which counts as 80%. Finishing games raises it."
    )
    assert lobby.words.words(language("de")) == (
        "Diese Lobby verlangt eine Zuverlässigkeit von 80\xa0% oder mehr; deine liegt bei 76\xa0%. "
        "Zu Ende gespielte Spiele heben sie."
    )
    assert server.words.words(language("de")) == (
        "Dieser Server verlangt zum Beitreten einer Lobby eine Zuverlässigkeit von 90\xa0% oder "
        "mehr; du hast noch kein Spiel zu Ende gespielt, das zählt als 80\xa0%. Zu Ende "
        "gespielte Spiele heben sie."
    )
