"""The direct messages a follower gets: the game's end (its result as the channel shows
it, with a link to it and the command that replays it) and, for those who chose it, each
round's end (the table as the channel shows it), each replacing the one before, so that
a follower's direct messages hold one notice per game. Only what the channel shows is
ever sent: the public table and result, never a hand or the deck.

Each notice is owed until it is recorded sent, and posted through ``OwedPosts``: once,
whichever process, or however many restarts, hear that the game moved on; a stop between
its post and its record posts it again under the same nonce (the message Discord made).
Before each, the follower must still see the game as a follow needs (``sees``): a member
of its server who may view its channel, and of its thread where that is private. One who
can't no longer follows it. Direct messages that refuse the bot cost one log line: the
end's notice is given up, a round's is skipped.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, sent
from bot.discord_ui.context import Context
from bot.discord_ui.face_drawing import drawn
from bot.discord_ui.game_messages import DMS_CLOSED
from bot.discord_ui.lean_requests import Posted
from bot.discord_ui.owed_messages import Owed
from bot.discord_ui.table_cards import headline_of
from bot.features.following.discord.cards import (
    closed_headline,
    end_note,
    round_headline,
    round_note,
)
from bot.features.following.queries import Notice
from bot.features.following.service import FollowService
from bot.features.following.settings import Following
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.service.game_loading import game_rules, initial_state, move_outcome
from bot.storage import Game, GameStatus, Move
from bot.storage.shards import Shards
from i18n import Language, language

log = logging.getLogger(__name__)

KEPT_COUNTS = 10_000
"""Games whose count of rounds over is kept in memory, the least recently shown dropped
first (a game's is dropped at its end)."""


@dataclass(frozen=True)
class Counted:
    """How many of a game's rounds are over, as of one of its moves: what the next
    count goes on from, looking at the moves made since alone."""

    seq: int
    """The last move counted (its place in the move log)."""
    moves: int
    """How many moves were counted (those that stand, up to ``seq``)."""
    over: int
    first: Outcome
    """The game's first move: whose turn a round begins with."""
    state: Any
    """The position after the last move counted."""


NOTHING_COUNTED = -1
"""The ``seq`` before any move's."""


def server_name(client: discord.Client, game: Game) -> str:
    """The name of the game's server, as the bot sees it (its number, if it can't)."""
    guild = client.get_guild(game.guild_id)
    return guild.name if guild is not None else str(game.guild_id)


def counted_on(game: Game, counted: Counted | None, moves: Sequence[Move]) -> Counted:
    """The count of the game's rounds over (a game with rounds) after ``moves``, the
    moves made since ``counted`` (all of them, without it): each new move played from
    the position counted last, and the face's rule applied to them from the game's first
    move (its rule counts move by move). Replays a game only as far as it is new: run off
    the event loop."""
    face = face_for(game.kind)
    rules = game_rules(game)
    state = counted.state if counted is not None else initial_state(game, rules)
    new = []
    for move in moves:
        outcome = move_outcome(game, rules, state, move)
        new.append(outcome)
        state = outcome.game.state
    if counted is None:
        first = new[0]
        over = face.rounds_over(new) or 0
        before = 0
    else:
        first = counted.first
        over = counted.over
        over += (face.rounds_over([first, *new]) or 0) - (face.rounds_over([first]) or 0)
        before = counted.moves
    return Counted(moves[-1].seq, before + len(moves), over, first, state)


class FollowNotices:
    """Tells followers of games that moved on, each notice once."""

    def __init__(self, context: Context, follows: FollowService) -> None:
        self.context = context
        self.client = context.client
        self.service = context.service
        self.follows = follows
        self._counts: OrderedDict[int, Counted] = OrderedDict()
        """Per game being played, how many of its rounds are over as of a move."""

    async def ended(self, game: Game, last: Outcome | None) -> None:
        """The game is over: each follower who can still see it gets its end, once."""
        self._counts.pop(game.id, None)
        for follower in await self.follows.followers(game.id):
            await self.context.owed.post(self._end_notice(game, last, follower.user_id))

    async def shown(self, game: Game) -> None:
        """The game's messages show it: those who hear of each round's end are told of
        the rounds that ended since they were last told."""
        if game.status is not GameStatus.ACTIVE:
            self._counts.pop(game.id, None)
            return
        if face_for(game.kind).rounds_over(()) is None:
            return
        wanting = [
            follower
            for follower in await self.follows.followers(game.id)
            if follower.following is Following.ROUNDS
        ]
        if not wanting:
            return
        over = await self._count(game.id, game)
        if over is None:
            return
        for follower in wanting:
            if follower.rounds_told < over:
                await self.context.owed.post(self._round_notice(game, over, follower.user_id))

    async def resumed(self, shards: Shards) -> None:
        """What a stop left owed in ``shards``' games: the end of each game over to those
        who still follow it, and the rounds over to those who follow round by round."""
        for game_id, user in await self.follows.ended_follows(shards):
            game = await self.service.game(game_id)
            last = None
            if game.status is GameStatus.FINISHED:
                last = await self.service.history.last_outcome(game_id, game)
            await self.context.owed.post(self._end_notice(game, last, user))
        for game_id in await self.follows.games_followed_by_rounds(shards):
            await self.shown(await self.service.game(game_id))

    async def rounds_over(self, game_id: int, kind: str) -> int:
        """How many of the game's rounds are over now (0 in a game without rounds): what
        a new follower is not told of."""
        if face_for(kind).rounds_over(()) is None:
            return 0
        return await self._count(game_id) or 0

    def _end_notice(self, game: Game, last: Outcome | None, user: int) -> Owed:
        """The game's end, owed to ``user`` while they follow it."""

        async def compose() -> dict[str, Any] | None:
            if not await self.follows.follows(game.id, user) or not await self._still_sees(
                game, user
            ):
                return None
            return sent(await self.end_card(game, last, await self._language_of(user)))

        async def recorded(message: Posted, made_before: bool) -> None:
            await self._delete(await self.follows.end_told(game.id, user))

        async def refused(error: discord.HTTPException) -> None:
            self._log_refused(game, user, error)
            await self.follows.end_told(game.id, user)

        return Owed(
            f"follow-end:{game.id}:{user}",
            game.guild_id,
            lambda: self._direct(user),
            compose,
            recorded,
            refused,
        )

    def _round_notice(self, game: Game, rounds: int, user: int) -> Owed:
        """That ``rounds`` of the game's rounds are over, owed to ``user`` while they
        follow it round by round and were told of fewer."""

        async def compose() -> dict[str, Any] | None:
            followers = await self.follows.followers(game.id)
            told = next((f.rounds_told for f in followers if f.user_id == user), rounds)
            if told >= rounds or not await self._still_sees(game, user):
                return None
            return sent(await self.round_card(game, rounds, await self._language_of(user)))

        async def recorded(message: Posted, made_before: bool) -> None:
            notice = Notice(message.channel_id, message.id)
            kept, before = await self.follows.round_told(game.id, user, rounds, notice)
            # One told of more rounds meanwhile makes this one stale at once.
            await self._delete(before if kept else notice)

        async def refused(error: discord.HTTPException) -> None:
            self._log_refused(game, user, error)
            await self.follows.round_told(game.id, user, rounds, None)

        return Owed(
            f"follow-round:{game.id}:{user}:{rounds}",
            game.guild_id,
            lambda: self._direct(user),
            compose,
            recorded,
            refused,
        )

    async def _count(self, game_id: int, shown: Game | None = None) -> int | None:
        """How many of the game's rounds are over (a game with rounds), as of ``shown``
        (the game as its messages show it), or now: ``None`` when the game stored has
        moves ``shown`` does not show (its later showing tells of them). Only the moves
        made since the count kept for it are played, off the event loop; a take-back of
        any counted counts again from the start."""
        counted = self._counts.get(game_id)
        read = await self.follows.moves_after(
            game_id, counted.seq if counted is not None else NOTHING_COUNTED
        )
        if counted is not None and read.before != counted.moves:
            counted = None
            read = await self.follows.moves_after(game_id, NOTHING_COUNTED)
        game = read.game
        if shown is not None and game.moved_version != shown.moved_version:
            return None
        if game.broken is not None or game.first_seat is None:
            return 0
        if read.moves:
            counted = await asyncio.to_thread(counted_on, game, counted, read.moves)
        if counted is None:
            return 0
        self._counts[game_id] = counted
        self._counts.move_to_end(game_id)
        while len(self._counts) > KEPT_COUNTS:
            self._counts.popitem(last=False)
        return counted.over

    async def end_card(self, game: Game, last: Outcome | None, lang: Language) -> Card:
        """The game's end as its channel shows it (without its buttons, which are the
        channel's), with where to find it and how to watch it again."""
        if game.status is GameStatus.FINISHED and last is not None:
            headline = headline_of(last, lang)
        else:
            headline = closed_headline(game, lang)
        card = await self.context.games.card(game, headline, last, lang)
        return replace(card, rows=(), note=end_note(game, server_name(self.client, game), lang))

    async def round_card(self, game: Game, rounds: int, lang: Language) -> Card:
        """The table as its channel shows it once ``rounds`` rounds are over (no buttons:
        the turn is its players')."""
        face = face_for(game.kind)
        picture = await face.turn(game, round_headline(rounds, lang), None, lang)
        return replace(drawn(picture), note=round_note(game, server_name(self.client, game), lang))

    async def _still_sees(self, game: Game, user: int) -> bool:
        """Whether ``user`` can still see the game as a follow needs (``sees``). One who
        can't no longer follows it."""
        if await sees(self.client, game, user):
            return True
        log.info("%s can no longer see game %s: no longer following it", user, game.id)
        await self.follows.drop(game.id, user)
        return False

    async def _direct(self, user: int) -> int:
        return (await self.client.create_dm(discord.Object(user))).id

    async def _delete(self, notice: Notice | None) -> None:
        """A notice a newer one replaced; one gone already stays gone."""
        if notice is None:
            return
        channel = self.client.get_partial_messageable(notice.channel_id)
        try:
            await channel.get_partial_message(notice.message_id).delete()
        except discord.HTTPException as error:
            log.info("a follower's notice %s could not be deleted: %s", notice.message_id, error)

    def _log_refused(self, game: Game, user: int, error: discord.HTTPException) -> None:
        if error.code == DMS_CLOSED:
            log.info("%s takes no direct messages from the bot: game %s not told", user, game.id)

    async def _language_of(self, user: int) -> Language:
        return language((await self.service.players.get(user)).locale)


async def sees(client: discord.Client, game: Game, user: int, asked_in: int | None = None) -> bool:
    """Whether ``user`` may see where the game is played, as Discord says: a member of its
    server, allowed to view its channel (asked in that very place, ``asked_in``, they see
    it), and in a private thread only as its member. A place or member Discord can't say
    anything of now counts as seen, to be asked again at the next notice."""
    guild = client.get_guild(game.guild_id)
    if guild is None:
        return True
    try:
        member = await guild.fetch_member(user)
    except discord.NotFound:
        return False
    except discord.HTTPException as error:
        log.info("could not ask whether %s is in server %s: %s", user, game.guild_id, error)
        return True
    try:
        place = client.get_channel(game.place_id) or await client.fetch_channel(game.place_id)
    except discord.HTTPException as error:
        log.info("could not find where game %s is played: %s", game.id, error)
        return True
    if not isinstance(place, discord.abc.GuildChannel | discord.Thread):
        return True
    if asked_in != place.id and not place.permissions_for(member).view_channel:
        return False
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
