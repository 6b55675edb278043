"""The real bot in a process of its own, for tests that kill or stop it:

    python -m tests.e2e.bot_process

Settings come from the environment exactly as ``claimit`` reads them, and it stops as
``claimit`` does (SIGTERM or SIGINT). The one difference: discord.py waits only 50 ms
after connecting for the servers' data (the emulator sends it at once), instead of
Discord's 2 s, so a restart is quick.
"""

from __future__ import annotations

from bot.activity.serving import board_served
from bot.discord_ui.client import GameBot, use_discord_at
from bot.log_setup import configure_logging
from bot.settings import Settings
from bot.stop_signals import run_until_stopped


async def run(settings: Settings) -> None:
    assert settings.discord_url is not None and settings.discord_token is not None
    use_discord_at(settings.discord_url)
    async with GameBot(settings, guild_ready_timeout=0.05, long_lived=True) as bot:
        await bot.login(settings.discord_token)
        async with board_served(bot):
            await bot.connect()


if __name__ == "__main__":
    settings = Settings.load()
    configure_logging(settings.log_level)
    run_until_stopped(run(settings), settings.stop_seconds)
