"""A finished game played again: the first of its players to ask offers a rematch, each
other person says yes or no, and when all have said yes (or the host starts with those
who did, as long as they are enough), exactly one new game starts in the same place,
with the same seats in the same order and the same computer players, the first player
passed on to the next seat, under the same options and turn time. The offer lapses
after the server's lobby time.

Each step is one transaction holding the offer, so that however many press at once, in
any process, one new game starts: the offer turns ``started`` in the transaction that
makes the game.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.features.rematch.errors import (
    AlreadyAnswered,
    NoRematch,
    NotInRematch,
    RematchOver,
    RematchPlaceTaken,
    RematchStarted,
    TooFewForRematch,
)
from bot.features.rematch.queries import (
    RematchOffer,
    answer,
    end_offer,
    lapsed_offers,
    next_lapse,
    offers_behind,
    open_offer,
    rematch_offer,
    set_offer_message,
)
from bot.features.rematch.states import RematchState
from bot.games.registry import rules_for
from bot.games.shared_words import game_name
from bot.service.board_actions import Asked, Offered
from bot.service.feature_service import FeatureService
from bot.service.game_checks import require_host
from bot.service.game_loading import Actor, load_for, load_game
from bot.service.game_starts import start_at_once
from bot.service.game_writes import Written
from bot.storage import message_queries, settings_queries
from bot.storage.connection import Connection
from bot.storage.game_queries import NewGame
from bot.storage.records import Game, GameStatus, Seat
from bot.storage.shards import Shards


@dataclass(frozen=True)
class Rematch:
    """A finished game's rematch as it now stands: the game, its offer, and the game
    the offer started (``None`` until it does)."""

    game: Game
    offer: RematchOffer
    started: Game | None = None

    @property
    def players(self) -> tuple[int, ...]:
        """The people who would play again: the game's human seats at its end."""
        return players_of(self.game)


def players_of(game: Game) -> tuple[int, ...]:
    """The people of a finished game who may play it again: each seat a person held to
    the end (one who left has a computer player in their seat, and is not asked)."""
    return tuple(seat.user_id for seat in game.seats if seat.user_id is not None)


def plays_again(seat: Seat, people: tuple[int, ...]) -> bool:
    """Whether the seat is in the rematch: one of ``people``, or a computer player the
    game was set up with (not one standing in for someone who left)."""
    return seat.user_id in people or (seat.is_bot and seat.left_user_id is None)


def seats_again(game: Game, people: tuple[int, ...]) -> list[Seat]:
    """The seats of the rematch, in the game's order (``plays_again``)."""
    return [
        Seat(0, seat.user_id, seat.bot_level, seat.display_name, 0)
        for seat in game.seats
        if plays_again(seat, people)
    ]


def first_again(game: Game, people: tuple[int, ...]) -> int:
    """The rematch's first player: the seat after the game's first, among those seated
    again (as numbered in the rematch)."""
    kept = [seat.seat for seat in game.seats if plays_again(seat, people)]
    first = game.first_seat if game.first_seat is not None else 0
    following = [seat for seat in kept if seat > first] or kept
    return kept.index(following[0])


_Step = Callable[[Connection, Written, Game, int, float], Awaitable[Rematch]]


class RematchService(FeatureService):
    """Rematches of finished games."""

    async def rematch(self, game_id: int) -> Rematch | None:
        """The game's rematch as it stands, if one was offered."""

        async def reading(connection: Connection) -> Rematch | None:
            offer = await rematch_offer(connection, game_id)
            if offer is None:
                return None
            return await self._as_it_stands(connection, offer)

        return await self._db.read(reading)

    async def offer_rematch(self, game_id: int, actor: Actor, channel_id: int) -> Rematch:
        """``actor`` asks to play the game again: a new offer (shown in ``channel_id``),
        or their yes to the one that stands."""

        async def offering(
            connection: Connection, note: Written, game: Game, user: int, now: float
        ) -> Rematch:
            offer = await rematch_offer(connection, game_id)
            if offer is not None and offer.state is RematchState.STARTED:
                raise await self._started(connection, offer)
            if offer is None or not offer.open_at(now):
                settings = await settings_queries.guild_settings(connection, game.guild_id)
                offer = RematchOffer(
                    game_id=game.id,
                    channel_id=channel_id,
                    message_id=None,
                    offered_by=user,
                    offered_at=now,
                    expires_at=now + settings.lobby_timeout,
                    state=RematchState.OPEN,
                    new_game_id=None,
                )
                await open_offer(connection, offer)
            return await self._answered(connection, note, game, offer, user, True, now)

        return await self._by_player(game_id, actor, offering)

    async def rematch_offered(self, game: Game, user_id: int) -> Offered:
        """The board offers **Rematch** under a finished game's result to its players."""
        if game.status is GameStatus.FINISHED and user_id in players_of(game):
            return Offered.ENABLED
        return Offered.NOT

    async def rematch_asked(self, asked: Asked) -> Rematch:
        """**Rematch** on the board: as its press in the channel (``offer_rematch``)."""
        return await self.offer_rematch(asked.game_id, asked.actor, asked.channel_id)

    async def answer_rematch(self, game_id: int, actor: Actor, accepted: bool) -> Rematch:
        """``actor``'s yes or no to the game's open offer; the rematch starts once
        everyone said yes, and ends when those left can't make a game."""

        async def answering(
            connection: Connection, note: Written, game: Game, user: int, now: float
        ) -> Rematch:
            offer = await self._open_offer(connection, game_id, now)
            return await self._answered(connection, note, game, offer, user, accepted, now)

        return await self._by_player(game_id, actor, answering)

    async def start_rematch(self, game_id: int, actor: Actor) -> Rematch:
        """The host starts the rematch with those who said yes (the host among them)."""

        async def starting(
            connection: Connection, note: Written, game: Game, host: int, now: float
        ) -> Rematch:
            require_host(game, actor)
            offer = await self._open_offer(connection, game_id, now)
            people = offer.accepted
            if host not in people:
                await answer(connection, game.id, host, True, now)
                people = (*people, host)
            started = await self._start(connection, note, game, people, now)
            return Rematch(game, await self._offer(connection, game_id), started)

        return await self._by_player(game_id, actor, starting)

    async def lapse_rematches(self) -> list[Rematch]:
        """Ends the offers whose time ran out, each once, whichever process looks."""
        now = self._clock()

        async def lapsing(connection: Connection) -> list[Rematch]:
            lapsed = []
            for game_id in await lapsed_offers(connection, now):
                if await end_offer(connection, game_id, RematchState.LAPSED):
                    lapsed.append(
                        await self._as_it_stands(connection, await self._offer(connection, game_id))
                    )
            return lapsed

        return await self._db.write(lapsing)

    async def next_rematch_lapse(self) -> float | None:
        """When the next open offer lapses, if one is open."""
        return await self._db.read(next_lapse)

    async def rematch_shown(self, game_id: int, message_id: int, version: int) -> None:
        """The game's offer is shown in ``message_id``, as it stood at ``version``."""
        await self._db.write(
            lambda connection: set_offer_message(connection, game_id, message_id, version)
        )

    async def offers_behind(self, shards: Shards) -> list[int]:
        """The games of ``shards`` whose offer's message is not posted yet, or shows less
        than it became (a stop cut its post or its edit short)."""
        return await self._db.read(lambda connection: offers_behind(connection, shards))

    async def _by_player(self, game_id: int, actor: Actor, step: _Step) -> Rematch:
        """``step`` of the game's rematch, by ``actor`` as one of its players (refused
        otherwise), in one transaction holding the offer: given the game, the player and
        the time."""
        now = self._clock()
        assert actor.user_id is not None
        user = actor.user_id

        async def stepping(connection: Connection, note: Written) -> Rematch:
            await connection.lock("rematch", game_id)
            game = await self._rematched(connection, game_id, actor)
            return await step(connection, note, game, user, now)

        rematch = await self._change(stepping)
        if rematch.started is not None:
            self.core.deadline_moved_earlier.set()
        return rematch

    async def _rematched(self, connection: Connection, game_id: int, actor: Actor) -> Game:
        """The finished game ``actor`` may play again, refused otherwise."""
        game = await load_for(connection, game_id, actor)
        if game.status is not GameStatus.FINISHED:
            raise NoRematch()
        if actor.user_id not in players_of(game):
            raise NotInRematch()
        return game

    async def _offer(self, connection: Connection, game_id: int) -> RematchOffer:
        offer = await rematch_offer(connection, game_id)
        assert offer is not None, "an offer is read once made"
        return offer

    async def _open_offer(self, connection: Connection, game_id: int, now: float) -> RematchOffer:
        """The game's offer, refused unless it stands."""
        offer = await rematch_offer(connection, game_id)
        if offer is None:
            raise RematchOver(lapsed=True)
        if offer.state is RematchState.STARTED:
            raise await self._started(connection, offer)
        if not offer.open_at(now):
            raise RematchOver(lapsed=offer.state is not RematchState.DECLINED)
        return offer

    async def _started(self, connection: Connection, offer: RematchOffer) -> RematchStarted:
        assert offer.new_game_id is not None
        started = await load_game(connection, offer.new_game_id)
        return RematchStarted(game_name(rules_for(started.kind).name, started))

    async def _answered(
        self,
        connection: Connection,
        note: Written,
        game: Game,
        offer: RematchOffer,
        user: int,
        accepted: bool,
        now: float,
    ) -> Rematch:
        """The offer after ``user``'s answer (refused if they answered already): started
        once everyone said yes, ended once those who didn't say no (and the computer
        players) are too few for a game."""
        if user in offer.answers:
            raise AlreadyAnswered(offer.answers[user])
        await answer(connection, game.id, user, accepted, now)
        offer = await self._offer(connection, game.id)
        people = players_of(game)
        if set(offer.accepted) == set(people):
            started = await self._start(connection, note, game, offer.accepted, now)
            return Rematch(game, await self._offer(connection, game.id), started)
        still = tuple(user for user in people if user not in offer.declined)
        if len(seats_again(game, still)) < rules_for(game.kind).min_players:
            await end_offer(connection, game.id, RematchState.DECLINED)
            offer = await self._offer(connection, game.id)
        return Rematch(game, offer)

    async def _start(
        self,
        connection: Connection,
        note: Written,
        game: Game,
        people: tuple[int, ...],
        now: float,
    ) -> Game:
        """The new game, started at once with ``people`` and the computer players."""
        rules = rules_for(game.kind)
        seats = seats_again(game, people)
        if len(seats) < rules.min_players:
            stood_in = any(seat.is_bot and seat.left_user_id is not None for seat in game.seats)
            raise TooFewForRematch(rules.min_players, stood_in=stood_in)
        place = game.thread_id if game.thread_id is not None else game.channel_id
        taken = await message_queries.game_played_in(connection, place)
        if taken is not None:
            other = await load_game(connection, taken)
            raise RematchPlaceTaken(game_name(rules.name, other))
        started = await start_at_once(
            connection,
            note,
            NewGame(
                kind=game.kind,
                guild_id=game.guild_id,
                channel_id=game.channel_id,
                thread_id=game.thread_id,
                host_id=game.host_id,
                options=game.options,
                turn_timeout=game.turn_timeout,
                language=game.language,
            ),
            seats,
            first_again(game, people),
            self.core.dice,
            now,
            self.core.hooks,
        )
        if not await end_offer(connection, game.id, RematchState.STARTED, started.id):
            raise RematchOver(lapsed=True)
        return started

    async def _as_it_stands(self, connection: Connection, offer: RematchOffer) -> Rematch:
        game = await load_game(connection, offer.game_id)
        started = None
        if offer.new_game_id is not None:
            started = await load_game(connection, offer.new_game_id)
        return Rematch(game, offer, started)
