"""The direct messages a follower gets: the game's end (its result as the channel shows
it, with a link to it and the command that replays it) and, for those who chose it, each
round's end (the table as the channel shows it). Only what the channel shows is ever
sent: the public table and result, never a hand or the deck.

Each notice is claimed in the database before it goes out, so a follower gets it once
whichever process, or however many restarts, hear that the game moved on. Someone who
left the server, or is no longer in the private thread the game is played in, is no
longer told: their follow ends there. Direct messages that refuse the bot cost one log
line, and the follow stays.
"""

from __future__ import annotations

import logging
from dataclasses import replace

import discord

from bot.discord_ui.card_layout import Card, sent
from bot.discord_ui.context import Context
from bot.discord_ui.face_drawing import drawn
from bot.discord_ui.features.following.cards import (
    closed_headline,
    end_note,
    round_headline,
    round_note,
)
from bot.discord_ui.table_cards import headline_of
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.service.following import FollowService
from bot.storage import Following, Game, GameStatus
from i18n import Language, language

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
"""Discord's refusal of a direct message the user does not take from the bot."""


class FollowNotices:
    """Tells followers of games that moved on, each notice once."""

    def __init__(self, context: Context, follows: FollowService) -> None:
        self.context = context
        self.client = context.client
        self.service = context.service
        self.follows = follows

    async def ended(self, game: Game, last: Outcome | None) -> None:
        """The game is over: each follower who can still see it gets its end, once."""
        for follower in await self.follows.followers(game.id):
            user = follower.user_id
            if not await self._still_sees(game, user):
                continue
            if not await self.follows.claim_end(game.id, user):
                continue
            lang = await self._language_of(user)
            await self._send(game, user, await self.end_card(game, last, lang))

    async def shown(self, game: Game) -> None:
        """The game's messages show it: those who hear of each round's end are told of
        the rounds that ended since they were last told."""
        if game.status is not GameStatus.ACTIVE:
            return
        face = face_for(game.kind)
        if face.rounds_over(()) is None:
            return
        wanting = [
            follower
            for follower in await self.follows.followers(game.id)
            if follower.following is Following.ROUNDS
        ]
        if not wanting:
            return
        outcomes = await self.service.history.outcomes(game.id)
        over = face.rounds_over([o for o in outcomes if o.game.version <= game.version]) or 0
        for follower in wanting:
            user = follower.user_id
            if follower.rounds_told >= over or not await self._still_sees(game, user):
                continue
            if not await self.follows.claim_round(game.id, user, over):
                continue
            lang = await self._language_of(user)
            await self._send(game, user, await self.round_card(game, over, lang))

    async def rounds_over(self, game_id: int, kind: str) -> int:
        """How many of the game's rounds are over now (0 in a game without rounds): what
        a new follower is not told of."""
        face = face_for(kind)
        if face.rounds_over(()) is None:
            return 0
        return face.rounds_over(await self.service.history.outcomes(game_id)) or 0

    async def end_card(self, game: Game, last: Outcome | None, lang: Language) -> Card:
        """The game's end as its channel shows it (without its buttons, which are the
        channel's), with where to find it and how to watch it again."""
        if game.status is GameStatus.FINISHED and last is not None:
            headline = headline_of(last, lang)
        else:
            headline = closed_headline(game, lang)
        card = await self.context.games.card(game, headline, last, lang)
        return replace(card, rows=(), note=end_note(game, self._server_name(game), lang))

    async def round_card(self, game: Game, rounds: int, lang: Language) -> Card:
        """The table as its channel shows it once ``rounds`` rounds are over (no buttons:
        the turn is its players')."""
        face = face_for(game.kind)
        picture = await face.turn(game, round_headline(rounds, lang), None, lang)
        return replace(drawn(picture), note=round_note(game, self._server_name(game), lang))

    async def _still_sees(self, game: Game, user: int) -> bool:
        """Whether ``user`` can still see the game: a member of its server, and of its
        thread where that is private. One who can't no longer follows it."""
        if await self.context.departures.gone(game.guild_id, user) or not await in_thread(
            self.client, game, user
        ):
            log.info("%s can no longer see game %s: no longer following it", user, game.id)
            await self.follows.drop(game.id, user)
            return False
        return True

    async def _send(self, game: Game, user: int, card: Card) -> None:
        try:
            channel = await self.client.create_dm(discord.Object(user))
            await channel.send(**sent(card))
        except discord.HTTPException as error:
            if error.code == DMS_CLOSED:
                log.info(
                    "%s takes no direct messages from the bot: game %s not told", user, game.id
                )
            else:
                log.warning("could not tell %s of game %s: %s", user, game.id, error)

    async def _language_of(self, user: int) -> Language:
        return language((await self.service.players.get(user)).locale)

    def _server_name(self, game: Game) -> str:
        guild = self.client.get_guild(game.guild_id)
        return guild.name if guild is not None else str(game.guild_id)


async def in_thread(client: discord.Client, game: Game, user: int) -> bool:
    """Whether ``user`` may see the thread the game is played in, if it is played in one
    (its own, or one it was started in): any thread but a private one, and a private one
    only as its member (as Discord says; a place it can't tell of counts as seen, to be
    looked at again at the next notice)."""
    try:
        place = client.get_channel(game.place_id) or await client.fetch_channel(game.place_id)
    except discord.HTTPException as error:
        log.info("could not find where game %s is played: %s", game.id, error)
        return True
    return not isinstance(place, discord.Thread) or await member_of(place, user)


async def member_of(thread: discord.Thread, user: int | None) -> bool:
    """Whether ``user`` may see ``thread``: any thread but a private one, and a private
    one only as its member, as Discord says (when it can't say, as seen)."""
    if not thread.is_private():
        return True
    if user is None:
        return False
    try:
        await thread.fetch_member(user)
    except discord.NotFound:
        return False
    except discord.HTTPException as error:
        log.info("could not ask whether %s is in thread %s: %s", user, thread.id, error)
    return True
