"""Telling people it is their turn without flooding the channel: a short message of its
own pings whoever is to act, names the game and links to its table (with what the
features add under it, such as **My hand** in a game with secrets), and is deleted as
soon as they act or the turn passes, so that no stale "it's your turn" stays behind.

A server chooses when (``PingMode``): always; when away (the default), where someone
playing along (they moved in this game within the last minute) is pinged only if they
have not moved a ping delay after their turn began; or never. Computer players are
never pinged, nor is someone away (their game waits, or a computer player stands in for
them), nor someone whose turn goes on (Claim It!'s rolls). A player in their quiet hours
is named without being notified.

A conversation's game (a DM or group DM, or a server the bot is not in) has no channel
the bot may post in or read: nobody is pinged there, and whoever wants to be told of
their turns is told by direct message (``TurnNotices``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.clock import Clock
from bot.discord_ui.card_layout import Card, Rows, edited, sent
from bot.discord_ui.face_drawing import acting, to_ping
from bot.discord_ui.game_links import game_link
from bot.discord_ui.game_messages import GameMessages
from bot.discord_ui.lean_requests import edit_message
from bot.discord_ui.limits import OLD_MESSAGE_EDITS
from bot.discord_ui.message_hooks import MessageHooks
from bot.discord_ui.nonces import nonce
from bot.discord_ui.turn_notices import TurnNotices
from bot.games.faces import face_for
from bot.games.shared_words import deadline, game_name
from bot.service import GameService, GuildSettingsService
from bot.storage import Game, GameStatus, PingMode
from i18n import Language

log = logging.getLogger(__name__)

PLAYING_ALONG = 60.0
"""Seconds since a player's last move in a game within which they count as playing along."""
MARKS = 1 << 30
"""A ping's container has the id ``MARKS`` plus its game's id (modulo ``MARKS``), far above
the ids Discord numbers a message's components with (from 1): a ping Discord made that was
never recorded is found by it in its channel's history, which keeps no nonces."""

Remind = Callable[[int, int], Awaitable[None]]
"""Looks again at a game (its id, and the version a ping was held back at)."""


@dataclass(eq=False)
class TurnPings:
    """The short message telling whoever is to act that it is their turn, sent when the server
    wants it and deleted once they act."""

    service: GameService
    settings: GuildSettingsService
    places: GameMessages
    clock: Clock
    remind: Remind
    notices: TurnNotices
    """Those who chose direct messages are told there instead (or as well)."""
    hooks: MessageHooks
    _held: dict[int, asyncio.Task[None]] = field(default_factory=dict, init=False)
    """Per game, the wait before pinging someone playing along."""

    async def update(
        self, game: Game, before: Collection[int], lang: Language, actor: int | None = None
    ) -> Game:
        """After a change is shown: the ping goes once anyone it names acted (``actor``)
        or is no longer to act, and whoever is newly to act (not among ``before``) is
        pinged as the server wants. Returns the game as it now stands for its ping."""
        now_acting = set(to_ping(game)) if game.status is GameStatus.ACTIVE else set()
        pinged = set(game.pinged)
        if game.ping_message_id is not None and (actor in pinged or not pinged <= now_acting):
            game = await self.delete(game)
            pinged = set()
        await self.notices.clear(game, keep=now_acting - {actor}, actor=actor)
        fresh = set(self._present(game)) - pinged - set(before)
        if not fresh:
            return game
        settings = await self.settings.get(game.guild_id)
        if settings.ping_mode is PingMode.NEVER:
            return game
        if settings.ping_mode is PingMode.AWAY:
            along = await self._playing_along(game, fresh)
            if along:
                self._hold(game, settings.ping_delay)
            fresh -= along
        if fresh:
            game = await self._post(game, sorted(pinged | fresh), lang)
        return game

    async def remind_now(self, game: Game, version: int, lang: Language) -> Game:
        """The wait for someone playing along is over: whoever is still to act at the same
        point of the game (nobody moved since) and not pinged yet is pinged now."""
        if game.version != version or game.status is not GameStatus.ACTIVE:
            return game
        waiting = [user for user in self._present(game) if user not in game.pinged]
        if not waiting:
            return game
        return await self._post(game, sorted({*game.pinged, *waiting}), lang)

    async def remind_before_end(self, game: Game, lang: Language) -> Game:
        """A long turn ends soon: whoever is to act is pinged afresh (the old ping goes),
        told when it ends; in a server that pings at every turn or when away (one that
        never pings, doesn't). Whoever chose direct messages gets a fresh one instead,
        whatever the server's pings."""
        users = self._present(game)
        if not users or game.deadline is None:
            return game
        reach = await self.notices.split(users, reminder=True, conversation=game.interaction_only)
        in_channel = reach.channel
        in_channel += await self.notices.send(game, reach.direct, game.deadline, reach.quiet)
        if not in_channel:
            return game
        if (await self.settings.get(game.guild_id)).ping_mode is PingMode.NEVER:
            return game
        if game.ping_message_id is not None:
            game = await self.delete(game)
        users = sorted(set(in_channel))
        rows = await self.hooks.ping_rows(game, lang)
        card = ping_card(game, users, lang, rows, ends=game.deadline, quiet=reach.quiet)
        message = await self.places.post(game, **_marked(sent(card), game), nonce=nonce("r", game))
        await self.service.messages.set_ping(game.id, message.id, users)
        return _with_ping(game, message.id, tuple(users))

    async def relink(self, game: Game, lang: Language) -> Game:
        """The table moved: the ping (if any) links to where it now is. An edit notifies
        nobody again."""
        if game.ping_message_id is None:
            return game
        card = ping_card(game, list(game.pinged), lang, await self.hooks.ping_rows(game, lang))
        try:
            await edit_message(
                self.places.client,
                game.place_id,
                game.ping_message_id,
                **_marked(edited(card), game),
            )
        except discord.NotFound:
            log.info("game %s's ping was gone already", game.id)
            await self.service.messages.set_ping(game.id, None, ())
            return _with_ping(game, None, ())
        except discord.HTTPException as error:
            if error.code != OLD_MESSAGE_EDITS:
                raise
            # Over an hour old, it can hardly be edited: it goes, and whoever is to act
            # is pinged afresh under the table.
            log.info("game %s's ping can't be edited any more (30046); pinged anew", game.id)
            return await self.delete(game)
        return game

    async def delete(self, game: Game) -> Game:
        """Deletes the game's ping (one already gone is fine)."""
        if game.ping_message_id is None:
            return game
        await self.places.delete(game, game.ping_message_id)
        await self.service.messages.set_ping(game.id, None, ())
        return _with_ping(game, None, ())

    async def tidy(self, game: Game) -> None:
        """Deletes the game's pings and turn notices that Discord made but the bot never
        recorded (the answer to their post was lost, or the bot stopped before recording
        it), once the game is shown: what is current of them was recorded by that show
        (posted again under its nonce, a message is answered with the one Discord made), so
        the rest is stale, or a copy."""
        if game.interaction_only:
            await self.notices.tidy(game, self.places.recent_posts)
            return
        recorded = (await self.service.game(game.id)).ping_message_id
        mark = _mark(game)
        for stray in await self.places.recent_posts(game.place_id, lambda m: _marks(m, mark)):
            if stray.id != recorded:
                log.info("game %s's ping %s was never recorded; deleted", game.id, stray.id)
                await self.places.delete(game, stray.id)
        await self.notices.tidy(game, self.places.recent_posts)

    def forget(self, game_id: int) -> None:
        """The game is over: nothing more of it is held or pinged."""
        self.notices.forget(game_id)
        self._let_go(game_id)

    def _let_go(self, game_id: int) -> None:
        held = self._held.pop(game_id, None)
        if held is not None:
            held.cancel()

    async def stop(self) -> None:
        """On shutdown; a restart looks at every game's pings again."""
        for task in self._held.values():
            task.cancel()
        await asyncio.gather(*self._held.values(), return_exceptions=True)
        self._held.clear()

    def _present(self, game: Game) -> list[int]:
        """The people to act now who are not away (someone away is told of nothing)."""
        if game.status is not GameStatus.ACTIVE:
            return []
        now = self.clock.now()
        return [s.user_id for s in acting(game) if s.user_id is not None and not s.away_at(now)]

    async def _playing_along(self, game: Game, users: set[int]) -> set[int]:
        moved = await self.service.history.last_moved(game)
        now = self.clock.now()
        along = set()
        for seat in acting(game):
            if seat.user_id not in users or seat.timeouts:
                continue  # a turn that ran out means they are away
            last = moved.get(seat.seat)
            if last is not None and now - last <= PLAYING_ALONG:
                along.add(seat.user_id)
        return along

    def _hold(self, game: Game, delay: float) -> None:
        self._let_go(game.id)

        async def wait() -> None:
            await self.clock.sleep_until(self.clock.now() + delay, asyncio.Event())
            await self.remind(game.id, game.version)

        task = asyncio.create_task(wait())
        self._held[game.id] = task
        task.add_done_callback(lambda done: self._done(game.id, done))

    def _done(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self._held.get(game_id) is task:
            del self._held[game_id]
        if not task.cancelled() and task.exception() is not None:
            log.warning("a held ping of game %s failed", game_id, exc_info=task.exception())

    async def _post(self, game: Game, users: list[int], lang: Language) -> Game:
        """Pings ``users`` in the channel, or tells them by direct message, as each chose
        (whoever was told by direct message this turn already is not told again)."""
        reach = await self.notices.split(users, conversation=game.interaction_only)
        in_channel = reach.channel
        told = {notice.user_id for notice in await self.notices.kept(game.id)}
        untold = [u for u in reach.direct if u not in told]
        in_channel += await self.notices.send(game, untold, quiet=reach.quiet)
        if sorted(in_channel) == sorted(game.pinged) and game.ping_message_id is not None:
            return game
        if game.ping_message_id is not None:
            game = await self.delete(game)
        if not in_channel:
            return game
        users = sorted(set(in_channel))
        rows = await self.hooks.ping_rows(game, lang)
        card = ping_card(game, users, lang, rows, quiet=reach.quiet)
        message = await self.places.post(game, **_marked(sent(card), game), nonce=nonce("p", game))
        await self.service.messages.set_ping(game.id, message.id, users)
        return _with_ping(game, message.id, tuple(users))


def ping_card(
    game: Game,
    users: list[int],
    lang: Language,
    rows: Rows = (),
    ends: float | None = None,
    quiet: Collection[int] = (),
) -> Card:
    """The ping: who, which game, a link to its table, and the ``rows`` the features add
    (**My hand** where there is one); as a reminder, when the turn ``ends``. Those
    ``quiet`` are named, not notified."""
    players = " ".join(f"<@{user}>" for user in users)
    name = game_name(face_for(game.kind).title, game)
    if game.turn_message_id is not None:
        name = f"[{name}]({game_link(game, game.turn_message_id)})"
    if ends is None:
        words = lang._("{players}, it's your turn in {game}.", players=players, game=name)
    else:
        words = lang._(
            "⏰ {players}, your turn in {game} ends {when}.",
            players=players,
            game=name,
            when=deadline(ends),
        )
    pinged = tuple(user for user in users if user not in quiet)
    return Card(title=None, text=words, rows=rows, pings=pinged)


def _marked(arguments: dict[str, Any], game: Game) -> dict[str, Any]:
    """A ping's message arguments (``sent``, ``edited``) with its container marked as the
    game's ping (``MARKS``)."""
    arguments["view"].mark(_mark(game))
    return arguments


def _mark(game: Game) -> int:
    return MARKS + game.id % MARKS


def _marks(message: discord.Message, mark: int) -> bool:
    return any(
        isinstance(c, discord.components.Container) and c.id == mark for c in message.components
    )


def _with_ping(game: Game, message_id: int | None, users: tuple[int, ...]) -> Game:
    return replace(game, ping_message_id=message_id, pinged=users)
