"""Entry point of the ``claimit`` console script and ``python -m bot``."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

from bot.discord_ui.client import ClaimItBot, use_discord_at
from bot.settings import Settings, SettingsError
from bot.storage import DatabaseTooNew


def main() -> int:
    try:
        settings = Settings.load()
    except SettingsError as e:
        return _fail(str(e), 2)
    if not settings.discord_token:
        return _fail(
            "DISCORD_TOKEN is not set. Put the bot's token in the environment or in a .env "
            "file here (see .env.example).",
            2,
        )
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if settings.log_level != "DEBUG":
        # discord.py's own INFO lines (logging in, gateway sessions) are for debugging.
        logging.getLogger("discord").setLevel(logging.WARNING)
    if settings.discord_url:
        use_discord_at(settings.discord_url)
    try:
        asyncio.run(_run(ClaimItBot(settings), settings.discord_token))
    except discord.LoginFailure:
        return _fail(
            "Discord rejected DISCORD_TOKEN. Copy the token again from the developer portal.", 1
        )
    except DatabaseTooNew as e:
        return _fail(str(e), 1)
    except KeyboardInterrupt:
        pass
    return 0


async def _run(bot: ClaimItBot, token: str) -> None:
    async with bot:
        await bot.start(token)


def _fail(message: str, status: int) -> int:
    print(f"claimit: {message}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
