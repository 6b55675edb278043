"""``/tournament``: one group for every game (the game is an option), since a server's
league is its own across the games: ``create``, ``list``, ``show``, ``invite`` and
``cancel``. Sign-up is the announcement's button."""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.discord_ui.command_parts import command, param
from bot.features.tournaments.checks import MOST_PLAYERS, MOST_ROUNDS, NAME_LENGTH, ROUND_HOURS
from bot.features.tournaments.discord.handlers import Tournaments
from bot.features.tournaments.queries import Format
from bot.games.faces import faces
from bot.service.guild_settings import TURN_TIMEOUT_MINUTES
from bot.storage.records import MINUTE
from i18n import N_

REQUIRED = inspect.Parameter.empty
TURN_LOW, TURN_HIGH = TURN_TIMEOUT_MINUTES
HOURS_LOW, HOURS_HIGH = ROUND_HOURS
FORMATS = (
    Choice(name=locale_str(N_("Swiss: tables by standing each round")), value=Format.SWISS.value),
    Choice(
        name=locale_str(N_("round robin: everyone meets everyone")),
        value=Format.ROUND_ROBIN.value,
    ),
)


def own_commands() -> list[app_commands.Group]:
    """``/tournament`` and its commands."""

    async def create(interaction: discord.Interaction, **given: Any) -> None:
        turn_timeout, rated, cap = given["turn_timeout"], given["rated"], given["cap"]
        await Tournaments.of(interaction).create(
            interaction,
            kind=given["game"],
            name=given["name"],
            format=Format(given["format"]),
            starts=given["starts"],
            table_size=given["table_size"],
            rounds=given["rounds"],
            signup_until=given["signup_until"],
            turn_timeout=None if turn_timeout is None else turn_timeout * MINUTE,
            rated=True if rated is None else rated,
            cap=cap,
            final=bool(given["final"]),
            private=bool(given["private"]),
            round_hours=given["round_hours"],
        )

    async def listing(interaction: discord.Interaction) -> None:
        await Tournaments.of(interaction).listing(interaction)

    async def show(interaction: discord.Interaction, number: int) -> None:
        await Tournaments.of(interaction).show(interaction, number)

    async def invite(interaction: discord.Interaction, number: int, user: discord.User) -> None:
        await Tournaments.of(interaction).invite(interaction, number, user)

    async def cancel(interaction: discord.Interaction, number: int) -> None:
        await Tournaments.of(interaction).cancel(interaction, number)

    numbered = param(N_("number"), app_commands.Range[int, 1, 100_000], REQUIRED)

    group = app_commands.Group(
        name=locale_str(N_("tournament")),
        description=locale_str(N_("This server's tournaments, in every game")),
        guild_only=True,
    )
    group.add_command(
        command(
            N_("create"),
            N_("Announce a tournament in this channel (Manage Events)"),
            create,
            [
                param(N_("game"), str, REQUIRED),
                param(N_("name"), app_commands.Range[str, 1, NAME_LENGTH[1]], REQUIRED),
                param(N_("format"), str, REQUIRED),
                param(N_("starts"), app_commands.Range[str, 1, 40], REQUIRED),
                param(N_("table_size"), app_commands.Range[int, 2, 5], REQUIRED),
                param(N_("rounds"), app_commands.Range[int, 1, MOST_ROUNDS] | None, None),
                param(N_("signup_until"), app_commands.Range[str, 1, 40] | None, None),
                param(
                    N_("turn_timeout"), app_commands.Range[int, TURN_LOW, TURN_HIGH] | None, None
                ),
                param(N_("rated"), bool | None, None),
                param(N_("cap"), app_commands.Range[int, 2, MOST_PLAYERS] | None, None),
                param(N_("final"), bool | None, None),
                param(N_("private"), bool | None, None),
                param(
                    N_("round_hours"), app_commands.Range[int, HOURS_LOW, HOURS_HIGH] | None, None
                ),
            ],
            {
                "game": locale_str(N_("Which game")),
                "name": locale_str(N_("The tournament's name")),
                "format": locale_str(N_("Swiss (by standing) or round robin (everyone meets)")),
                "starts": locale_str(
                    N_("When it starts: 2026-12-05 18:00 (your time zone) or +3d")
                ),
                "table_size": locale_str(N_("Players at each table")),
                "rounds": locale_str(N_("Swiss: how many rounds")),
                "signup_until": locale_str(N_("When sign-up closes (the start if unset)")),
                "turn_timeout": locale_str(
                    N_("Minutes each turn may take (the server's if unset)")
                ),
                "rated": locale_str(N_("Whether its games count on the ladder (yes if unset)")),
                "cap": locale_str(
                    N_("At most this many players (16 for Swiss, 12 for a round robin if unset)")
                ),
                "final": locale_str(N_("A last round of the leaders at one table")),
                "private": locale_str(N_("Only invited players may sign up")),
                "round_hours": locale_str(N_("Rounds start at least this many hours apart")),
            },
            {
                "game": [Choice(name=face.title, value=face.kind) for face in faces()],
                "format": list(FORMATS),
            },
        )
    )
    group.add_command(
        command(N_("list"), N_("This server's tournaments (only you see it)"), listing)
    )
    group.add_command(
        command(
            N_("show"),
            N_("A tournament's standings and tables (only you see it)"),
            show,
            [numbered],
            {"number": locale_str(N_("The tournament's number, as /tournament list shows"))},
        )
    )
    group.add_command(
        command(
            N_("invite"),
            N_("Let a player sign up to a private tournament (its organiser)"),
            invite,
            [numbered, param(N_("user"), discord.User, REQUIRED)],
            {
                "number": locale_str(N_("The tournament's number")),
                "user": locale_str(N_("Who may sign up")),
            },
        )
    )
    group.add_command(
        command(
            N_("cancel"),
            N_("Cancel a tournament (its organiser, or Manage Events)"),
            cancel,
            [numbered],
            {"number": locale_str(N_("The tournament's number"))},
        )
    )
    return [group]
