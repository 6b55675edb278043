"""A server's position of the day, chosen and drawn (``python -m bench.daily_position``):
for each game, a server whose member played ``--games`` games as an easy computer player
would (so, drills) on a SQLite file; then ``--days`` days, each at the server's hour:
the time to choose and decide the day (``DailyPositions.look``: the server's drills
read, one chosen, the day written once) and the time to draw its post (the day's
position and game read, the post's card made and its pictures drawn as the message
sent holds them), as the bot does before it posts.

    .venv/bin/python -m bench.daily_position [--games 6] [--days 30] [--only claim]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bench.figures import spread
from bot.discord_ui.card_layout import sent
from bot.features.drills.daily import DailyPositions, moment, today
from bot.features.drills.daily_words import anonymous
from bot.features.drills.discord.daily_cards import post_card
from bot.features.drills.service import DrillService
from bot.games.registry import GAMES
from bot.service import Actor, GameService, GuildSettingsService, Player
from bot.service.feature_registry import discovered
from bot.storage.game_values import Level
from bot.storage.opening import open_database
from i18n import english
from tests.bot.fixtures import decided_to_the_end
from tests.clock import ManualClock
from tests.new_sqlite import new_sqlite

GUILD = 10
PERSON = Player(101, "Person")
HOUR = 18


async def played(service: GameService, kind: str, number: int) -> None:
    """Game ``number`` of ``kind``: the person against an easy computer player, both as
    an easy player decides, to its end; its drills made."""
    game = await service.create_lobby(
        kind=kind, guild_id=GUILD, channel_id=1, host=PERSON, bots=1, bot_level=Level.EASY
    )
    game = await service.start(game.id, Actor(PERSON.user_id), game.version)
    await decided_to_the_end(service, game, random.Random(number))
    await service.part(DrillService).due(PERSON.user_id)


async def bench(kind: str, games: int, days: int) -> tuple[list[float], list[float], int]:
    """The seconds each day took to be chosen and decided, and to be drawn; and how many
    drills the server had."""
    discovered()
    clock = ManualClock()
    with tempfile.TemporaryDirectory() as folder:
        database = await open_database(await new_sqlite(Path(folder) / "daily.sqlite3"))
        try:
            service = GameService(database, dice=random.Random(kind), clock=clock.now)
            for number in range(games):
                await played(service, kind, number)
            drills = await database.read(
                lambda c: c.ints("SELECT COUNT(*) FROM drills WHERE guild_id = ?", (GUILD,))
            )
            settings = GuildSettingsService(database)
            await settings.change(GUILD, declared={"daily_channel": 77, "daily_hour": HOUR})
            daily = DailyPositions(database, clock.now)
            chose: list[float] = []
            drew: list[float] = []
            lang = english()
            for _ in range(days):
                now = clock.now()
                at = moment(today(now), HOUR)
                clock.advance((at if at > now else at + 86400) - now)
                started = time.perf_counter()
                looked = await daily.look(
                    lambda guild: True, lambda guild, channel: True, settings.get
                )
                chose.append(time.perf_counter() - started)
                (day,) = looked.owed
                started = time.perf_counter()
                found = await daily.position(day)
                assert found is not None
                game = await service.game(found.drill.game_id)
                card = await post_card(found, anonymous(game, set(), lang), None, lang, named=False)
                sent(card)
                drew.append(time.perf_counter() - started)
                await daily.settled(day, 1)
            return chose, drew, drills[0]
        finally:
            await database.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--only", choices=GAMES)
    options = parser.parse_args()
    for kind in [options.only] if options.only else GAMES:
        chose, drew, drills = asyncio.run(bench(kind, options.games, options.days))
        print(f"{kind}: {drills} drills in the server, {options.days} days")
        print(f"  chosen and decided: {spread(chose)}")
        print(f"  drawn (the post's card and picture): {spread(drew)}")


if __name__ == "__main__":
    main()
