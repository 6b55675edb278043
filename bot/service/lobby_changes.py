"""A game's changes before its first move, and leaving it: a lobby opened under its server's
settings, joined, left (a running game's seat going to a computer player), computer
players seated and freed, the game started, cancelled, or closed at its deadline unstarted."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.registry import rules_for
from bot.service.errors import (
    AlreadyJoined,
    BotsNotAllowed,
    ChannelNotAllowed,
    LobbyFull,
    NoSuchBot,
    NotEnoughPlayers,
    NotInGame,
)
from bot.service.game_changes import GameChanges
from bot.service.game_checks import (
    busy,
    check_version,
    require_due,
    require_host,
    require_lobby,
    require_open,
)
from bot.service.game_loading import Actor, Where, game_rules, load_for, load_game
from bot.service.game_parts import (
    Player,
    bot_for,
    bot_seat,
    closed,
    human_seat,
    level_named,
    options_for,
    take_over,
)
from bot.service.game_starts import deal_and_start
from bot.service.game_writes import Written, save_game
from bot.service.guild_settings import check_turn_timeout
from bot.storage import game_queries, message_queries, settings_queries
from bot.storage.connection import Connection
from bot.storage.game_queries import NewGame
from bot.storage.game_values import Level, Options
from bot.storage.records import EndReason, Game, GameStatus, Seat


class LobbyChanges(GameChanges):
    """A lobby's changes, from its opening to the game's start or its closing, and a seat
    left."""

    async def create_lobby(
        self,
        *,
        kind: str,
        guild_id: int,
        channel_id: int,
        host: Player,
        options: Options | None = None,
        turn_timeout: int | None = None,
        bots: int = 0,
        bot_level: str = Level.NORMAL,
        language: str | None = None,
        asked: Sequence[object] = (),
        reached_in: int | None = None,
    ) -> Game:
        """A lobby of the game ``kind`` under the server's settings (an option left out,
        or ``None``, takes the server's default), with ``bots`` computer players seated
        at once; the game speaks ``language`` (a code) to the end. ``asked``: what the
        host asks of the features, each its own kind of request (a minimum of
        reliability, a private table's guests: ``GameHooks.lobby_opened``). In a
        conversation (a place the bot is no member of), ``guild_id`` is its scope
        (``GameService.conversations``) and ``reached_in`` where it really is: 0 for a
        DM or group DM, else the server's id (``Game.reached_in``)."""
        rules = rules_for(kind)
        if turn_timeout is not None:
            check_turn_timeout(turn_timeout)
        level = level_named(bot_level)
        if not 0 <= bots < rules.max_players:
            raise LobbyFull(rules.max_players)
        now = self._clock()

        async def opening(connection: Connection) -> Game:
            # Two lobbies asked for at once in one channel: the second sees the first.
            await connection.lock("channel", channel_id)
            settings = await settings_queries.guild_settings(connection, guild_id)
            if not settings.allows(channel_id):
                raise ChannelNotAllowed(settings.channels)
            if bots and not settings.bots_allowed:
                raise BotsNotAllowed()
            taken = await message_queries.game_played_in(connection, channel_id)
            if taken is not None:
                raise busy(await load_game(connection, taken), channel_id, settings.threads)
            new = NewGame(
                kind=kind,
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host.user_id,
                options=options_for(rules, settings.options_for(kind), options or {}),
                turn_timeout=settings.turn_timeout if turn_timeout is None else turn_timeout,
                language=language,
                reached_in=reached_in,
            )
            game_id = await game_queries.insert_game(
                connection, new, now + settings.lobby_timeout, now
            )
            seats = [human_seat(host), *(bot_seat(n, level) for n in range(1, bots + 1))]
            await game_queries.replace_seats(connection, game_id, seats, now)
            game = await load_game(connection, game_id)
            await self.hooks.lobby_opened(connection, game, asked, now)
            await game_queries.announce_changed(connection, game.id, game.version)
            return game

        game = await self._db.write(opening)
        self.deadline_moved_earlier.set()
        self.told(game.id)
        return game

    async def join(
        self, game_id: int, player: Player, version: int | None, where: Where | None = None
    ) -> Game:
        """Seats ``player`` in the lobby, refused when full, started, joined already, or
        when their reliability is below what the lobby or its server asks."""

        async def joining(connection: Connection, note: Written) -> Game:
            game = await load_game(connection, game_id, where)
            require_lobby(game, version)
            if game.seat_of(player.user_id) is not None:
                raise AlreadyJoined()
            open_to_all = await self.hooks.open_to_all(connection, game)
            await self.hooks.seat_wanted(connection, game, player.user_id, open_to_all)
            most = rules_for(game.kind).max_players
            if len(game.seats) >= most:
                raise LobbyFull(most)
            return await self._reseat(connection, note, game, [*game.seats, human_seat(player)])

        return await self.change(joining)

    async def leave(self, game_id: int, actor: Actor, version: int | None) -> Game:
        """Leaves a lobby (a leaving host hands over to the next person; an empty lobby
        closes), or a running game: a computer player takes the seat over."""
        user_id = actor.user_id

        async def leaving(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            seat = None if user_id is None else game.seat_of(user_id)
            if seat is None:
                raise NotInGame()
            require_open(game)
            now = self._clock()
            if game.status is GameStatus.ACTIVE:
                check_version(game, version)
                changes = take_over(game, seat, now)
                acting = game.state is not None and seat.seat in game_rules(game).to_act(game.state)
                if "status" not in changes and acting:
                    # The computer player gets a whole turn, not what was left of it.
                    changes.update(deadline=now + game.turn_timeout, paused_left=None)
                await save_game(connection, note, game, now, **changes)
                await game_queries.update_seat(connection, game.id, bot_for(seat))
                assert user_id is not None
                await self.hooks.seat_left(connection, game, user_id, now)
                return await load_game(connection, game_id)
            require_lobby(game, version)
            seats = [s for s in game.seats if s.user_id != user_id]
            humans = [s for s in seats if s.user_id is not None]
            if not humans:
                await save_game(connection, note, game, now, **closed(EndReason.LOBBY_EMPTY, now))
                return await load_game(connection, game_id)
            host_id = game.host_id if user_id != game.host_id else humans[0].user_id
            return await self._reseat(connection, note, game, seats, host_id=host_id)

        return await self.change(leaving)

    async def add_bot(
        self, game_id: int, actor: Actor, version: int | None, level: str = Level.NORMAL
    ) -> Game:
        """The host seats a computer player at ``level``, where the server allows them."""
        chosen = level_named(level)

        async def adding(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            require_lobby(game, version)
            require_host(game, actor)
            if not (await settings_queries.guild_settings(connection, game.guild_id)).bots_allowed:
                raise BotsNotAllowed()
            most = rules_for(game.kind).max_players
            if len(game.seats) >= most:
                raise LobbyFull(most)
            bot = bot_seat(1 + sum(s.is_bot for s in game.seats), chosen)
            return await self._reseat(connection, note, game, [*game.seats, bot])

        return await self.change(adding)

    async def remove_bot(self, game_id: int, actor: Actor, version: int | None, seat: int) -> Game:
        """The host frees a computer player's seat."""

        async def removing(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            require_lobby(game, version)
            require_host(game, actor)
            if not 0 <= seat < len(game.seats) or not game.seats[seat].is_bot:
                raise NoSuchBot(seat)
            return await self._reseat(
                connection, note, game, [s for s in game.seats if s.seat != seat]
            )

        return await self.change(removing)

    async def start(self, game_id: int, actor: Actor, version: int | None) -> Game:
        """Starts the game with a first player drawn at random."""

        async def starting(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            require_lobby(game, version)
            require_host(game, actor)
            rules = game_rules(game)
            players = len(game.seats)
            if not rules.min_players <= players <= rules.max_players:
                raise NotEnoughPlayers(rules.min_players, rules.max_players)
            first = self.dice.randrange(players)
            return await deal_and_start(
                connection, note, game, first, self.dice, self._clock(), self.hooks
            )

        game = await self.change(starting)
        self.deadline_moved_earlier.set()
        return game

    async def cancel(self, game_id: int, actor: Actor, version: int | None = None) -> Game:
        """Ends an open game unrated; the host or a moderator may, even when its data is
        broken. A host without the right to moderate who ends their running game abandons
        it (a moderator's cancel, or a damaged game's, counts against nobody)."""

        async def cancelling(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            require_open(game)
            await self.hooks.cancelling(connection, game, actor)
            if not actor.can_moderate:
                require_host(game, actor)
            check_version(game, version)
            now = self._clock()
            await save_game(connection, note, game, now, **closed(EndReason.CANCELLED, now))
            await self.hooks.cancelled(connection, game, actor, now)
            return await load_game(connection, game_id)

        return await self.change(cancelling)

    async def expire_lobby(self, game_id: int, version: int) -> Game:
        """Closes a lobby nobody started before its deadline."""

        async def expiring(connection: Connection, note: Written) -> Game:
            game = await load_game(connection, game_id)
            require_lobby(game, version)
            now = self._clock()
            require_due(game, now)
            await save_game(connection, note, game, now, **closed(EndReason.LOBBY_EXPIRED, now))
            return await load_game(connection, game_id)

        return await self.change(expiring)

    async def _reseat(
        self,
        connection: Connection,
        note: Written,
        game: Game,
        seats: list[Seat],
        host_id: int | None = None,
    ) -> Game:
        """The lobby with ``seats`` in place of its own (and ``host_id`` its host, if given),
        one version on."""
        now = self._clock()
        await save_game(
            connection, note, game, now, host_id=game.host_id if host_id is None else host_id
        )
        await game_queries.replace_seats(connection, game.id, seats, now)
        return await load_game(connection, game.id)
