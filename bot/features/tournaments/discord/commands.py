"""``/tournament``: one group for every game (the game is an option), since a server's
league is its own across the games: ``create``, ``list``, ``show``, ``invite`` and
``cancel``. Sign-up is the announcement's button."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.discord_ui.command_parts import REQUIRED, Option, command, group
from bot.features.tournaments.checks import MOST_PLAYERS, MOST_ROUNDS, NAME_LENGTH, ROUND_HOURS
from bot.features.tournaments.discord.handlers import Tournaments
from bot.features.tournaments.queries import Format
from bot.games.faces import faces
from bot.service.guild_settings import TURN_TIMEOUT_MINUTES
from bot.storage.records import MINUTE
from i18n import N_

TURN_LOW, TURN_HIGH = TURN_TIMEOUT_MINUTES
HOURS_LOW, HOURS_HIGH = ROUND_HOURS
FORMATS = (
    Choice(name=locale_str(N_("Swiss: tables by standing each round")), value=Format.SWISS.value),
    Choice(
        name=locale_str(N_("round robin: everyone meets everyone")),
        value=Format.ROUND_ROBIN.value,
    ),
)


NUMBERED = app_commands.Range[int, 1, 100_000]
"""A tournament's number, as ``/tournament list`` shows it."""
CREATE_OPTIONS = (
    Option(
        N_("name"),
        app_commands.Range[str, 1, NAME_LENGTH[1]],
        N_("The tournament's name"),
        REQUIRED,
    ),
    Option(
        N_("format"),
        str,
        N_("Swiss (by standing) or round robin (everyone meets)"),
        REQUIRED,
        FORMATS,
    ),
    Option(
        N_("starts"),
        app_commands.Range[str, 1, 40],
        N_("When it starts: 2026-12-05 18:00 (your time zone) or +3d"),
        REQUIRED,
    ),
    Option(N_("table_size"), app_commands.Range[int, 2, 5], N_("Players at each table"), REQUIRED),
    Option(
        N_("rounds"),
        app_commands.Range[int, 1, MOST_ROUNDS] | None,
        N_("Swiss: how many rounds"),
    ),
    Option(
        N_("signup_until"),
        app_commands.Range[str, 1, 40] | None,
        N_("When sign-up closes (the start if unset)"),
    ),
    Option(
        N_("turn_timeout"),
        app_commands.Range[int, TURN_LOW, TURN_HIGH] | None,
        N_("Minutes each turn may take (the server's if unset)"),
    ),
    Option(N_("rated"), bool | None, N_("Whether its games count on the ladder (yes if unset)")),
    Option(
        N_("cap"),
        app_commands.Range[int, 2, MOST_PLAYERS] | None,
        N_("At most this many players (16 for Swiss, 12 for a round robin if unset)"),
    ),
    Option(N_("final"), bool | None, N_("A last round of the leaders at one table")),
    Option(N_("private"), bool | None, N_("Only invited players may sign up")),
    Option(
        N_("round_hours"),
        app_commands.Range[int, HOURS_LOW, HOURS_HIGH] | None,
        N_("Rounds start at least this many hours apart"),
    ),
)
"""``/tournament create``'s options after the game."""


def own_commands() -> list[app_commands.Group]:
    """``/tournament`` and its commands."""
    games = [Choice(name=face.title, value=face.kind) for face in faces()]
    return [
        group(
            N_("tournament"),
            N_("This server's tournaments, in every game"),
            [
                command(
                    N_("create"),
                    N_("Announce a tournament in this channel (Manage Events)"),
                    _create,
                    [Option(N_("game"), str, N_("Which game"), REQUIRED, games), *CREATE_OPTIONS],
                ),
                command(N_("list"), N_("This server's tournaments (only you see it)"), _listing),
                command(
                    N_("show"),
                    N_("A tournament's standings and tables (only you see it)"),
                    _show,
                    [_numbered(N_("The tournament's number, as /tournament list shows"))],
                ),
                command(
                    N_("invite"),
                    N_("Let a player sign up to a private tournament (its organiser)"),
                    _invite,
                    [
                        _numbered(N_("The tournament's number")),
                        Option(N_("user"), discord.User, N_("Who may sign up"), REQUIRED),
                    ],
                ),
                command(
                    N_("cancel"),
                    N_("Cancel a tournament (its organiser, or Manage Events)"),
                    _cancel,
                    [_numbered(N_("The tournament's number"))],
                ),
            ],
        )
    ]


def _numbered(description: str) -> Option:
    return Option(N_("number"), NUMBERED, description, REQUIRED)


async def _create(interaction: discord.Interaction, **given: Any) -> None:
    turn_timeout, rated, cap = given["turn_timeout"], given["rated"], given["cap"]
    await Tournaments.of(interaction).create(
        interaction,
        kind=given["game"],
        name=given["name"],
        format=Format(given["format"]),
        starts=given["starts"],
        match_size=given["table_size"],
        rounds=given["rounds"],
        signup_until=given["signup_until"],
        turn_timeout=None if turn_timeout is None else turn_timeout * MINUTE,
        rated=True if rated is None else rated,
        cap=cap,
        final=bool(given["final"]),
        private=bool(given["private"]),
        round_hours=given["round_hours"],
    )


async def _listing(interaction: discord.Interaction) -> None:
    await Tournaments.of(interaction).listing(interaction)


async def _show(interaction: discord.Interaction, number: int) -> None:
    await Tournaments.of(interaction).show(interaction, number)


async def _invite(interaction: discord.Interaction, number: int, user: discord.User) -> None:
    await Tournaments.of(interaction).invite(interaction, number, user)


async def _cancel(interaction: discord.Interaction, number: int) -> None:
    await Tournaments.of(interaction).cancel(interaction, number)
