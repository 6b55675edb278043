"""The welcome a server gets when it adds the bot: one message, in the server's language,
in its system channel (where Discord announces who joins), else in the first of its
text channels the bot may post in, by their order in the server's list.

It says what the bot is and how each game starts, and under each game what the features
add under its rules (🎓 **Learn to play**, whose presses are the lessons'), named by the
game so that the buttons of three games tell themselves apart. A join is welcomed once:
a restart is no join (discord.py tells a server the bot was in as available again, not
joined), and a second delivery of the same join finds it recorded. The welcome is a
message owed (``OwedPosts``), recorded with its channel before it is posted: a kill
before it is recorded posted leaves it owed, and the next start (or the process taking
the server's shard over) posts it under the same nonce, once."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Line, Rows, sent
from bot.discord_ui.context import Context
from bot.discord_ui.lean_requests import Posted
from bot.discord_ui.owed_messages import Owed
from bot.discord_ui.part import Part, features_parts
from bot.features.welcome.queries import Join
from bot.features.welcome.service import WelcomeService
from bot.games.faces import faces
from bot.service.errors import slash
from bot.storage.shards import Shards
from i18n import Language

log = logging.getLogger(__name__)


class Welcome(Part):
    """Welcomes each server that adds the bot."""

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.welcomes = context.service.part(WelcomeService)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """The bot was added to ``guild``: its welcome, once per join."""
        work = self.context.work
        if work.stopping:
            return
        async with work.admitted():
            me = guild.me
            joined = me.joined_at if me is not None else None
            joined_at = joined.timestamp() if joined is not None else self.clock.now()
            channel = postable(guild)
            join = await self.welcomes.joined(
                guild.id, joined_at, None if channel is None else channel.id
            )
            if join is None:
                return
            if join.channel_id is None:
                log.info("no channel of server %s lets the bot post its welcome", guild.id)
                return
            await self.context.owed.post(self._owed(join))

    async def resumed(self, shards: Shards) -> None:
        """The welcomes a stop left unposted in ``shards``' servers go out."""
        for join in await self.welcomes.owed(shards):
            await self.context.owed.post(self._owed(join))

    def _owed(self, join: Join) -> Owed:
        """The join's welcome, owed in the channel picked at the join."""
        channel_id = join.channel_id
        assert channel_id is not None, "a welcome is owed only where the bot may post"

        async def place() -> int:
            return channel_id

        async def compose() -> dict[str, Any] | None:
            return sent(welcome_card(await self.languages.of_server(join.guild_id)))

        async def recorded(message: Posted, made_before: bool) -> None:
            await self.welcomes.settled(join)

        async def refused(error: discord.HTTPException) -> None:
            # The channel gone, or the bot shut out of it since the join: the welcome is
            # not posted elsewhere.
            await self.welcomes.settled(join)

        return Owed(join.key, join.guild_id, place, compose, recorded, refused)


def postable(guild: discord.Guild) -> discord.TextChannel | None:
    """The server's system channel if the bot may post there, else the first of its text
    channels it may post in, by position; ``None`` where it may post in none."""
    me = guild.me
    system = guild.system_channel
    candidates = ([] if system is None else [system]) + guild.text_channels
    for channel in candidates:
        allowed = channel.permissions_for(me)
        if allowed.view_channel and allowed.send_messages:
            return channel
    return None


def welcome_card(lang: Language) -> Card:
    """What the bot is, a line per game on how to start it and read its rules, and under
    them each game's own buttons."""
    lines = tuple(
        Line(
            face.title,
            lang._(
                "Start a game with `{new}`, read its rules with `{rules}`.",
                new=lang.say(slash(face.command, "new")),
                rules=lang.say(slash(face.command, "rules")),
            ),
        )
        for face in faces()
    )
    rows: Rows = tuple(row for face in faces() for row in game_rows(face.kind, face.title, lang))
    return Card(
        title=lang._("Thanks for adding me!"),
        text=lang._(
            "I host board games, played right here in your channels, with each other or "
            "against computer players. Anyone can start one: the others join with a "
            "button. New to a game? Press its 🎓 button below to learn it by playing, in "
            "a short lesson only you see."
        ),
        lines=lines,
        rows=rows,
    )


def game_rows(kind: str, title: str, lang: Language) -> Rows:
    """What the features add under the game's rules, on one row, each button named by
    the game."""
    items = [
        item for part in features_parts() for row in part.rules_rows(kind, lang) for item in row
    ]
    for item in items:
        named(item, title)
    return (tuple(items),) if items else ()


def named(item: discord.ui.Item[Any], title: str) -> None:
    """A button's label, led by the game's title (``Claim It! · Learn to play``)."""
    button = item.item if isinstance(item, discord.ui.DynamicItem) else item
    if isinstance(button, discord.ui.Button):
        button.label = f"{title} · {button.label}" if button.label else title
