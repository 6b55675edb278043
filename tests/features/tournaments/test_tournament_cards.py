"""A tournament's messages as they read, in English and German: the announcement while
sign-up is open (with its buttons), while it is played (the standings' words and the
round's matches) and at its end, a round's start and the winner's message."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

import discord
import pytest

from bot.discord_ui.card_layout import Card
from bot.features.tournaments.discord.board_card import board_card, standings_view
from bot.features.tournaments.discord.round_card import end_card, round_card
from bot.features.tournaments.match_queries import Match
from bot.features.tournaments.queries import EndReason, Entry, TournamentState
from bot.features.tournaments.service import opened
from bot.features.tournaments.tournament_board import TournamentBoard
from bot.league import Row
from bot.storage import GameStatus, GuildSettings
from i18n import english, language
from tests.bot.fixtures import new_tournament

ANN, BO, CY = 11, 12, 13
NAMES = {ANN: "Ann", BO: "Bo", CY: "Cy"}

CUP = replace(
    opened(
        new_tournament(
            5,
            7,
            2_000_000_000.0,
            kind="nuggets",
            rounds=2,
            match_size=2,
            turn_timeout=86_400,
            signup_until=1_999_990_000.0,
            cap=8,
            language="en",
        ),
        ANN,
        GuildSettings(),
        1.0,
    ),
    id=1,
    number=1,
    message_id=8,
)


def board(state: TournamentState, round_: int = 0, **changed: object) -> TournamentBoard:
    entries = tuple(Entry(user, NAMES[user], 1.0, None, None) for user in (ANN, BO, CY))
    match = Match(1, 1, (ANN, BO), 21, GameStatus.FINISHED, (1, 2), 4, 99, None)
    playing = Match(2, 1, (ANN, CY), 22, GameStatus.ACTIVE, None, 5, 98, None)
    rows = (
        Row(ANN, 1, Fraction(1), Fraction(1, 2), 1, 1, 0, round_ == 2, None),
        Row(CY, 2, Fraction(1), Fraction(0), 0, 0, 1, round_ == 2, None),
        Row(BO, 3, Fraction(0), Fraction(1), 0, 1, 0, False, 2),
    )
    tournament = replace(CUP, state=state, round=round_, **changed)  # type: ignore[arg-type]
    return TournamentBoard(
        tournament=tournament,
        entries=entries,
        invitees=(),
        matches=(match, playing)[:round_],
        byes=MappingProxyType({CY: (1,)}),
        rows=rows if round_ else (),
    )


def labels(card: Card) -> list[str | None]:
    shown = [getattr(item, "item", item) for row in card.rows for item in row]
    return [button.label for button in shown if isinstance(button, discord.ui.Button)]


def test_while_sign_up_is_open_it_says_what_it_is_who_signed_up_and_offers_buttons() -> None:
    card = board_card(board(TournamentState.SIGNUP), english(), None)
    assert card.title == "🏆 Winter Cup · Gold Nuggets"
    assert card.text.startswith("Starts <t:2000000000:F>; sign-up closes <t:1999990000:R>.")
    lines = {line.name: line.value for line in card.lines}
    assert lines["Format"] == "Swiss, 2 rounds"
    assert lines["Tables"] == "of 2 players"
    assert lines["Turns"] == "1 day"
    assert lines["Signed up: 3 of 8"] == "Ann, Bo, and Cy"
    assert labels(card) == ["Sign up", "Leave"]
    assert card.image is None


def test_while_played_it_shows_the_round_the_standings_and_who_is_out() -> None:
    card = board_card(board(TournamentState.RUNNING, 2), english(), b"png")
    assert card.text == "Round 2 of 2 · 1 game in play"
    assert card.image is not None and card.image.filename == "standings.png"
    lines = {line.name: line.value for line in card.lines}
    assert lines["Round 2"] == "Table 1: Ann, Cy · <#98>"
    assert labels(card) == []
    view = standings_view(board(TournamentState.RUNNING, 2), english())
    assert [(line.name, line.points, line.mark) for line in view.lines] == [
        ("Ann", "1", "playing"),
        ("Cy", "1", "playing"),
        ("Bo", "0", "dropped"),
    ]
    assert view.headers == ("#", "Player", "Pts", "Opp", "Wins", "Games")
    assert not view.podium


def test_at_its_end_it_names_the_winner_the_podium_and_every_game() -> None:
    over = board(TournamentState.FINISHED, 2)
    card = board_card(over, english(), b"png")
    assert card.text == "🏆 **Ann** wins!"
    assert [(line.name, line.value) for line in card.lines] == [
        ("Round 1", "#4"),
        ("Round 2", "#5"),
    ]
    assert standings_view(over, english()).podium
    told = end_card(over, english())
    assert told.text.startswith("🏆 **Ann** wins Winter Cup (Gold Nuggets).")
    assert told.pings == (ANN, CY, BO)
    cancelled = board(TournamentState.CANCELLED, end_reason=EndReason.TOO_FEW)
    assert (
        "Too few signed up by the start (3 needed)" in board_card(cancelled, english(), None).text
    )


def test_a_rounds_start_pings_whom_it_may_and_names_the_bye() -> None:
    card = round_card(board(TournamentState.RUNNING, 1), 1, frozenset({ANN}), english())
    assert card.text.startswith("🏆 Round 1 of 2 of Winter Cup · Gold Nuggets has begun.")
    assert card.pings == (ANN,)
    lines = {line.name: line.value for line in card.lines}
    assert lines["Table 1"] == f"<@{ANN}>, <@{BO}> · <#99>"
    assert lines["Bye"] == f"<@{CY}> sits this round out and scores a win."


@pytest.mark.parametrize("state", list(TournamentState))
def test_every_message_reads_in_german(state: TournamentState) -> None:
    german = language("de")
    round_ = 0 if state is TournamentState.SIGNUP else 2
    shown = board(state, round_)
    card = board_card(shown, german, b"png" if round_ else None)
    words = " ".join([card.text, *(f"{line.name} {line.value}" for line in card.lines)])
    for english_word in ("Round", "Signed up", "Tables", "wins", "Table ", "playing"):
        assert english_word not in words, english_word
    if round_:
        view = standings_view(shown, german)
        assert view.headers[1:] == ("Spieler", "Pkt.", "Gegner", "Siege", "Partien")
        assert "Runde" in round_card(shown, 1, frozenset(), german).text
