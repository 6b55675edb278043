"""Where each game's messages are and what they show: its lobby, table, ping, live hands
and thread, recorded for the Discord layer (which alone knows what they look like)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from bot.service.game_checks import busy, require_open
from bot.service.game_loading import load_game
from bot.storage import deadline_queries, hand_queries, message_queries
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.records import Game, Hand
from bot.storage.shards import EVERY, Shards

STORE_TOKEN_EVERY = 5 * 60.0
"""Seconds between the stored renewals of a live hand's token (a token edits for 15
minutes)."""


class MessageRecords:
    """Where each game's messages are (its lobby, table, ping, hands and thread) and which
    version they show."""

    def __init__(
        self,
        database: Database,
        clock: Callable[[], float],
        deadline_moved_earlier: asyncio.Event,
    ) -> None:
        self._db = database
        self._clock = clock
        self.deadline_moved_earlier = deadline_moved_earlier
        """The deadline watch's call to look again (a game shown after its deadline)."""
        self._hands: dict[int, dict[int, tuple[Hand, float]]] = {}
        """Per game and seat, its live hand and when the token stored for it was issued."""

    async def mark_shown(
        self,
        game_id: int,
        version: int,
        message_ids: Mapping[str, int | None] = MappingProxyType({}),
        *,
        turn_posted_late: bool = False,
    ) -> None:
        """The game's messages now show ``version`` (and are where ``message_ids`` say:
        ``lobby_message_id``, ``turn_message_id``). A turn whose message went out only
        now (``turn_posted_late``) gets its whole time from now."""
        now = self._clock()
        clock_from = now if turn_posted_late else None
        deadline = await self._db.statement(
            lambda connection: message_queries.mark_shown(
                connection, game_id, version, dict(message_ids), clock_from
            )
        )
        # The time after the write, not before it: the deadline may pass while it waits
        # for the database, after the deadline watch last looked.
        if deadline is not None and deadline <= self._clock():
            # Its deadline passed while its message was on the way, and the deadline
            # watch leaves a game alone until its players were shown its turn.
            self.deadline_moved_earlier.set()

    async def games_not_shown(self, shards: Shards = EVERY) -> list[int]:
        """Games whose last change never reached their messages (the bot stopped, or
        Discord failed, between the two)."""
        return await self._db.read(
            lambda connection: message_queries.games_not_shown(connection, shards)
        )

    async def set_ping(self, game_id: int, message_id: int | None, users: Iterable[int]) -> None:
        """The message pinging ``users`` to act (``None``: none any more)."""
        await self._db.statement(
            lambda connection: message_queries.set_ping(connection, game_id, message_id, users)
        )

    async def mark_reminded(self, game_id: int, deadline: float) -> bool:
        """The turn ending at ``deadline`` has had its reminder; ``False`` if the game's
        turn has moved on meanwhile."""
        return await self._db.statement(
            lambda connection: deadline_queries.mark_reminded(connection, game_id, deadline)
        )

    async def hands(self, game_id: int) -> list[Hand]:
        """The game's private messages that follow it, by seat. Only the process of a
        game's shard opens and follows its hands, so they are read once and kept here
        (until the game ends, or this process takes a shard over: ``hands_unknown``)."""
        kept = self._hands.get(game_id)
        if kept is None:
            read = await self._db.read(lambda connection: hand_queries.hands(connection, game_id))
            kept = self._hands.setdefault(game_id, {h.seat: (h, h.opened_at) for h in read})
        return [hand for _, (hand, _) in sorted(kept.items())]

    async def keep_hand(self, hand: Hand) -> Hand | None:
        """``hand`` now follows its seat's game; the one it replaces, if another message."""
        kept = self._hands.get(hand.game_id, {}).get(hand.seat)
        if kept is not None and kept[0].message_id == hand.message_id:
            # A press on the live hand (every move from it) renews its token. Stored now
            # and then, not at every press: a restart loses no more than an older token,
            # still good for a while, then My hand opens another.
            stored_at = kept[1]
            if hand.opened_at - stored_at < STORE_TOKEN_EVERY:
                self._hands[hand.game_id][hand.seat] = (hand, stored_at)
                return None
        if await self._db.statement(lambda connection: hand_queries.renew_hand(connection, hand)):
            old = None
        else:
            old = await self._db.write(lambda connection: hand_queries.keep_hand(connection, hand))
        if hand.game_id in self._hands:
            self._hands[hand.game_id][hand.seat] = (hand, hand.opened_at)
        return old

    async def drop_hand(self, hand: Hand) -> None:
        """``hand`` no longer follows the game (unless a newer one replaced it)."""
        await self._db.statement(
            lambda connection: hand_queries.drop_hand(
                connection, hand.game_id, hand.seat, hand.message_id
            )
        )
        kept = self._hands.get(hand.game_id, {})
        if hand.seat in kept and kept[hand.seat][0].message_id == hand.message_id:
            del kept[hand.seat]

    def forget_hands(self, game_id: int) -> None:
        """The game is over: its hands are read again should anyone ask."""
        self._hands.pop(game_id, None)

    def hands_unknown(self) -> None:
        """This process took a shard over: the hands another process kept are read."""
        self._hands.clear()

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """The game's own thread; ``None`` when it plays in its channel (again)."""
        await self._db.statement(
            lambda connection: message_queries.set_message(
                connection, game_id, "thread_id", thread_id
            )
        )

    # Places gone ---------------------------------------------------------------

    async def games_showing(self, place_id: int, message_id: int) -> list[int]:
        """The open games whose lobby, table or ping in this channel or thread is
        ``message_id``."""
        return await self._db.read(
            lambda connection: message_queries.games_showing(connection, place_id, message_id)
        )

    async def forget_message(
        self, game_id: int, message_id: int, *, show_afresh: bool
    ) -> Game | None:
        """``message_id``, the game's lobby, table or ping, can't be edited any more (it was
        deleted, or its thread archived): recorded as none, so that the game's next show
        posts it anew. ``show_afresh``: the game counts as not shown until it is, when the
        message was what shows it (its table, or its lobby while it has none): nothing is
        left to edit nor to wait for. The game as it now stands; ``None`` if the message
        is no longer one of an open game's."""

        async def forgetting(connection: Connection) -> Game | None:
            game = await load_game(connection, game_id)
            gone = [
                column
                for column in ("lobby_message_id", "turn_message_id", "ping_message_id")
                if getattr(game, column) == message_id
            ]
            if not game.status.is_open or not gone:
                return None
            for column in gone:
                if column == "ping_message_id":
                    await message_queries.set_ping(connection, game_id, None, ())
                else:
                    await message_queries.set_message(connection, game_id, column, None)
            showing = game.turn_message_id or game.lobby_message_id
            if show_afresh and showing == message_id:
                await message_queries.mark_unshown(connection, game_id)
            return await load_game(connection, game_id)

        return await self._db.write(forgetting)

    async def leave_thread(self, game_id: int) -> Game:
        """The game's thread is gone, or locked to the bot: it plays in its channel from now
        on, its table and ping there forgotten and the game counting as not shown (nothing
        shows it where it now is). Refused (``ChannelBusy``) when that channel has an
        open game of its own (a channel plays one game)."""

        async def leaving(connection: Connection) -> Game:
            game = await load_game(connection, game_id)
            require_open(game)
            await connection.lock("channel", game.channel_id)
            taken = await message_queries.game_played_in(connection, game.channel_id)
            if taken is not None:
                raise busy(await load_game(connection, taken), game.channel_id, threads=True)
            for column in ("thread_id", "turn_message_id"):
                await message_queries.set_message(connection, game_id, column, None)
            await message_queries.set_ping(connection, game_id, None, ())
            await message_queries.mark_unshown(connection, game_id)
            return await load_game(connection, game_id)

        return await self._db.write(leaving)
