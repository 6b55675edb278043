"""The ``claimit`` command: the bot with a token, the sandbox without one, or a copy of
its database (``bot.__main__`` runs it)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Coroutine
from typing import Any

import discord

from bot.activity.page_build import PageMissing
from bot.activity.serving import board_served
from bot.declared_slots import CantStart
from bot.discord_ui.client import GameBot, use_discord_at
from bot.discord_ui.part_registry import discovered as parts_discovered
from bot.log_setup import configure_logging
from bot.service.feature_registry import discovered
from bot.settings import Settings, SettingsError
from bot.stop_signals import run_until_stopped
from bot.storage import DatabaseTooNew, DatabaseUnavailable
from bot.storage.database import shown


def main(argv: list[str] | None = None) -> int:
    """``claimit``: the bot with a token, else the sandbox; the exit status of the run."""
    parser = argparse.ArgumentParser(
        prog="claimit",
        usage="%(prog)s [-h] [--sandbox]\n       %(prog)s copy-database SOURCE TARGET",
        description="Run the game bot (Claim It!, Gold Nuggets) on Discord, "
        "or try it in a local sandbox; or copy its database into a new one.",
    )
    parser.add_argument(
        "--sandbox",
        action="store_true",
        help="play in a local page that looks like Discord, without a token "
        "(also what happens when DISCORD_TOKEN is not set)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    copying = commands.add_parser(
        "copy-database",
        help="copy every game, setting and ladder into a new, empty database",
        description="Copy a whole database (every game, the servers' settings, the ladders "
        "and their history) into a new, empty one, in one transaction: typically the bot's "
        "SQLite file into PostgreSQL. Stop the bot first.",
    )
    copying.add_argument(
        "source",
        metavar="SOURCE",
        help="the database to copy: a SQLite file or a postgresql:// URL",
    )
    copying.add_argument(
        "target",
        metavar="TARGET",
        help="the new, empty database: a postgresql:// URL (or a SQLite file)",
    )
    arguments = parser.parse_args(argv)
    try:
        # The features' declarations say what each needs of the others and what each
        # adds: a missing one, or a slot named and not made, is one line now, not a
        # failure at the first hint or drill, or a slot never called.
        discovered()
        parts_discovered()
    except CantStart as e:
        return _fail(str(e), 1)
    if arguments.command == "copy-database":
        return _copy_database(arguments.source, arguments.target)
    try:
        settings = Settings.load()
    except SettingsError as e:
        return _fail(str(e), 2)
    configure_logging(settings.log_level)
    if arguments.sandbox or not settings.discord_token:
        if not arguments.sandbox:
            print(
                "claimit: DISCORD_TOKEN is not set, so this is the local sandbox. "
                "To run the bot on Discord, put its token in the environment or in a .env "
                "file here (see .env.example).",
                file=sys.stderr,
            )
        return _sandbox(settings)
    if settings.discord_url:
        use_discord_at(settings.discord_url)
    try:
        return _until_stopped(
            _run(GameBot(settings, long_lived=True), settings.discord_token), settings
        )
    except discord.LoginFailure:
        return _fail(
            "Discord rejected DISCORD_TOKEN. Copy the token again from the developer portal.", 1
        )


def _sandbox(settings: Settings) -> int:
    # The sandbox (the local Discord and its page) is a tool beside the bot: a bot with
    # a token never loads it.
    from sandbox.run import run_sandbox

    try:
        return _until_stopped(
            run_sandbox(settings, announce=lambda line: print(line, flush=True), long_lived=True),
            settings,
        )
    except OSError as e:
        return _fail(
            f"the sandbox page can't use port {settings.sandbox_port} ({e.strerror}); "
            "set CLAIMIT_SANDBOX_PORT to another port, or 0 for any free one.",
            1,
        )


def _until_stopped(work: Coroutine[Any, Any, None], settings: Settings) -> int:
    """Runs the bot (or the sandbox) until SIGTERM or SIGINT (Ctrl-C) has stopped it
    gracefully; a database it can't use (from a newer bot, read-only, on a full disk), a
    setting it finds it can't use once it starts (a metrics port taken), or an install
    without the board's page, is one line."""
    try:
        run_until_stopped(work, settings.stop_seconds)
    except (DatabaseTooNew, DatabaseUnavailable, SettingsError, PageMissing) as e:
        return _fail(str(e), 1)
    return 0


def _copy_database(source: str, target: str) -> int:
    """Copies with a line per table as it goes; the last line only once it is committed."""
    # Imported here: the copy brings asyncpg (3 MiB) into a process, which a bot running
    # on SQLite never needs.
    from bot.storage.copy import CopyError, copied_tables, copy_database

    def copied(table: str, rows: int) -> None:
        print(f"{table}: {rows} {'row' if rows == 1 else 'rows'}", flush=True)

    try:
        counts = asyncio.run(copy_database(source, target, progress=copied))
    except (CopyError, DatabaseTooNew, DatabaseUnavailable) as e:
        return _fail(str(e), 1)
    rows, tables = sum(counts.values()), len(copied_tables())
    print(f"Copied {rows} rows in {tables} tables from {shown(source)} to {shown(target)}.")
    return 0


async def _run(bot: GameBot, token: str) -> None:
    async with bot:
        await bot.login(token)
        async with board_served(bot):
            await bot.connect()


def _fail(message: str, status: int) -> int:
    print(f"claimit: {message}", file=sys.stderr)
    return status
