"""Private tables: a lobby only the host's invitees may join. The host invites people
when opening it (``create_lobby``) or from the lobby, or opens it to all; each invitee
accepts (seated as a join would seat them, with every check a join has) or declines.
Each step is one transaction on the game's row, so that two accepts for the last seat,
in any process, seat one. The invitations' messages are the Discord layer's: an
invitation of an open lobby without a message is owed, and posted once
(``bot.discord_ui.owed_messages``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from bot.features.invitations import queries as invitation_queries
from bot.features.invitations.errors import (
    AlreadyAccepted,
    AlreadyDeclined,
    AlreadyInvited,
    AlreadySeated,
    CannotInviteBot,
    CannotInviteSelf,
    InvitationOver,
    NotInvited,
    NotOnServer,
    NotPrivate,
    PrivateTable,
    TooManyInvitations,
)
from bot.features.invitations.queries import Answer, Invitation
from bot.features.invitations.settings import INVITATIONS, InviteBy
from bot.games.registry import rules_for
from bot.service.errors import AlreadyJoined, LobbyFull, NotThisGame
from bot.service.feature_service import FeatureService
from bot.service.game_checks import require_host, require_lobby
from bot.service.game_hooks import Shortfall
from bot.service.game_loading import Actor, load_for, load_game
from bot.service.game_parts import Player, human_seat
from bot.service.game_writes import Written, save_game
from bot.storage import game_queries, player_queries
from bot.storage.connection import Connection
from bot.storage.records import Game, GameStatus
from bot.storage.shards import EVERY, Shards

MOST_INVITATIONS = 10
"""Invitations one table may send. Every invitation pings or writes to someone, so a
host must not be able to ping a crowd; the largest table seats five, and ten leaves
room for as many declines as seats."""


class Invitee(NamedTuple):
    """Someone the host picked, as Discord showed them."""

    user_id: int
    name: str
    is_bot: bool
    member: bool
    """A member of the game's server."""


@dataclass(frozen=True)
class Guestlist:
    """What a host asks of their new lobby: only their guests may join (``private``, or
    anyone ``invited``), and these ``invited`` are asked."""

    private: bool = False
    invited: Sequence[Invitee] = ()


@dataclass(frozen=True)
class Guests:
    """Who may join a game: whether it is private, and its invitations."""

    private: bool
    invitations: tuple[Invitation, ...]


async def add_invitations(
    connection: Connection, game: Game, host: int, invitees: Sequence[Invitee], now: float
) -> None:
    """Invites ``invitees`` to ``game``, all or, refused in plain words, none."""
    had = await invitation_queries.invitations(connection, game.id)
    invited = {invitation.user_id for invitation in had}
    if len(had) + len({i.user_id for i in invitees}) > MOST_INVITATIONS:
        raise TooManyInvitations(MOST_INVITATIONS)
    for invitee in invitees:
        if invitee.user_id == host:
            raise CannotInviteSelf()
        if invitee.is_bot:
            raise CannotInviteBot(invitee.name)
        if not invitee.member:
            raise NotOnServer(invitee.name)
        if game.seat_of(invitee.user_id) is not None:
            raise AlreadySeated(invitee.name)
        if invitee.user_id in invited:
            raise AlreadyInvited(invitee.name)
        invited.add(invitee.user_id)
        chose = await player_queries.player_settings(connection, invitee.user_id)
        by_dm = INVITATIONS.of(chose) is InviteBy.DM
        await invitation_queries.invite(
            connection, game.id, invitee.user_id, invitee.name, host, now, by_dm
        )


async def require_invited(connection: Connection, game: Game, user_id: int) -> None:
    """Refuses a join of a private table by anyone its host did not invite."""
    if user_id == game.host_id or not await invitation_queries.is_private(connection, game.id):
        return
    if await invitation_queries.invitation(connection, game.id, user_id) is None:
        raise PrivateTable()


class InvitationService(FeatureService):
    """A private table's invitations: made, accepted, declined; the table opened to all."""

    async def guests(self, game_id: int) -> Guests:
        """Whether the game is private, and whom it invited."""

        async def reading(connection: Connection) -> Guests:
            private = await invitation_queries.is_private(connection, game_id)
            invitations = await invitation_queries.invitations(connection, game_id)
            return Guests(private, tuple(invitations))

        return await self._db.read(reading)

    async def invite(self, game_id: int, actor: Actor, invitees: Sequence[Invitee]) -> Game:
        """The host invites ``invitees`` to their lobby (private, or opened to all since);
        the lobby shows it."""
        now = self._clock()

        async def inviting(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            require_lobby(game, None)
            require_host(game, actor)
            assert actor.user_id is not None
            await add_invitations(connection, game, actor.user_id, invitees, now)
            await save_game(connection, note, game, now, host_id=game.host_id)
            return await load_game(connection, game_id)

        return await self._change(inviting)

    async def open_to_all(self, game_id: int, actor: Actor) -> Game:
        """The host lets anyone join their lobby (the invitations stand)."""
        now = self._clock()

        async def opening(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            require_lobby(game, None)
            require_host(game, actor)
            if not await invitation_queries.open_to_all(connection, game.id):
                raise NotPrivate()
            await save_game(connection, note, game, now, host_id=game.host_id)
            return await load_game(connection, game_id)

        return await self._change(opening)

    async def accept_invitation(self, game_id: int, kind: str, player: Player) -> Game:
        """``player`` takes up their invitation: seated as a join would seat them."""
        now = self._clock()

        async def accepting(connection: Connection, note: Written) -> Game:
            game, invitation = await self._invited(connection, game_id, kind, player.user_id)
            if game.seat_of(player.user_id) is not None:
                if invitation.answer is Answer.ACCEPTED:
                    raise AlreadyAccepted(declining=False)
                raise AlreadyJoined()
            most = rules_for(game.kind).max_players
            if len(game.seats) >= most:
                raise LobbyFull(most)
            # As a join would be asked (a minimum of reliability), by every feature.
            open_to_all = await self.core.hooks.open_to_all(connection, game)
            await self.core.hooks.seat_wanted(connection, game, player.user_id, open_to_all)
            await invitation_queries.answer(
                connection, game.id, player.user_id, Answer.ACCEPTED, now
            )
            await save_game(connection, note, game, now, host_id=game.host_id)
            seats = [*game.seats, human_seat(player)]
            await game_queries.replace_seats(connection, game.id, seats, now)
            return await load_game(connection, game_id)

        return await self._change(accepting)

    async def decline_invitation(self, game_id: int, kind: str, user_id: int) -> Game:
        """The invitee says no; the lobby shows it."""
        now = self._clock()

        async def declining(connection: Connection, note: Written) -> Game:
            game, invitation = await self._invited(connection, game_id, kind, user_id)
            if game.seat_of(user_id) is not None:
                raise AlreadyAccepted(declining=True)
            if invitation.answer is Answer.DECLINED:
                raise AlreadyDeclined()
            await invitation_queries.answer(connection, game.id, user_id, Answer.DECLINED, now)
            await save_game(connection, note, game, now, host_id=game.host_id)
            return await load_game(connection, game_id)

        return await self._change(declining)

    async def shortfalls(self, game: Game, users: Sequence[int]) -> Mapping[int, Shortfall]:
        """Of ``users``, those who could not accept for falling short of what the lobby
        asks of whoever takes a seat (a minimum reliability), as every feature tells."""

        async def reading(connection: Connection) -> Mapping[int, Shortfall]:
            open_to_all = await self.core.hooks.open_to_all(connection, game)
            return await self.core.hooks.shortfalls(connection, game, users, open_to_all)

        return await self._db.read(reading)

    async def invitation(self, game_id: int, user_id: int) -> Invitation | None:
        """``user_id``'s invitation to the game, if they have one."""
        return await self._db.read(
            lambda connection: invitation_queries.invitation(connection, game_id, user_id)
        )

    async def unsent_invitations(self, game_id: int) -> list[Invitation]:
        """The game's invitations owed their invitees: not sent yet, of a lobby open and
        shown (an invitation links to it)."""

        async def reading(connection: Connection) -> list[Invitation]:
            game = await game_queries.load_game(connection, game_id)
            if game is None or game.status is not GameStatus.LOBBY:
                return []
            if game.lobby_message_id is None:
                return []
            found = await invitation_queries.invitations(connection, game_id)
            return [i for i in found if not i.sent and not i.ended]

        return await self._db.read(reading)

    async def invitation_by_ping(self, invitation: Invitation) -> None:
        """The invitation goes by a ping where the table is: its invitee's direct
        messages refused it."""
        await self._db.write(
            lambda connection: invitation_queries.by_ping(
                connection, invitation.game_id, invitation.user_id
            )
        )

    async def invitation_sent(
        self, invitation: Invitation, channel_id: int, message_id: int, by_dm: bool
    ) -> None:
        """The invitation is out, in ``message_id`` (``by_dm``: in a direct message)."""
        await self._db.write(
            lambda connection: invitation_queries.set_sent(
                connection,
                invitation.game_id,
                invitation.user_id,
                channel_id,
                message_id,
                by_dm,
            )
        )

    async def invitation_ended(self, invitation: Invitation) -> None:
        """The invitation's message says its lobby is over."""
        await self._db.write(
            lambda connection: invitation_queries.set_ended(
                connection, invitation.game_id, invitation.user_id
            )
        )

    async def games_with_live_invitations(self, shards: Shards = EVERY) -> list[int]:
        """The games of ``shards`` whose invitations' messages may not yet say their
        lobby is over."""
        return await self._db.read(
            lambda connection: invitation_queries.games_with_live_invitations(connection, shards)
        )

    async def has_live_invitations(self, game_id: int) -> bool:
        """Whether an invitation's message may not yet say the game's lobby is over, sent
        by whichever process."""
        return await self._db.read(
            lambda connection: invitation_queries.has_live_invitations(connection, game_id)
        )

    async def _invited(
        self, connection: Connection, game_id: int, kind: str, user_id: int
    ) -> tuple[Game, Invitation]:
        """The game and ``user_id``'s invitation to it, refused unless its lobby is open.
        An invitation is answered from anywhere it was sent (a direct message too): the
        invitation itself is what lets its invitee act on the game."""
        invitation = await invitation_queries.invitation(connection, game_id, user_id)
        if invitation is None:
            raise NotInvited()
        game = await load_game(connection, game_id)
        if game.kind != kind:
            raise NotThisGame()
        require_open_lobby(game)
        return game, invitation


def require_open_lobby(game: Game) -> None:
    """Refuses an answer once the lobby started or closed."""
    if game.status is not GameStatus.LOBBY:
        raise InvitationOver(started=game.started_at is not None)
