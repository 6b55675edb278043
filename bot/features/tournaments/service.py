"""A server's tournaments: made by an organiser, signed up to until they start, then
played round by round by themselves, each round's matches opening as ordinary games.

Every change is one transaction holding the tournament. A round is claimed whole (its
matches and byes, from the standings at that moment) in one transaction, and each match's
game is made in one more, after its thread exists: the keys make each once, however
many processes look and whenever one is killed. Standings are read from the games
(``tournament_rounds``), never kept beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from bot.features.tournaments import match_queries, queries
from bot.features.tournaments.checks import (
    BARRED_DAYS,
    NewTournament,
    check_new,
    fewest_to_start,
)
from bot.features.tournaments.errors import (
    AlreadyInvitedToTournament,
    AlreadySignedUp,
    Barred,
    CannotOrganise,
    NotInvited,
    NoTournament,
    NotPrivateTournament,
    NotSignedUp,
    SignupClosed,
    TournamentEnded,
    TournamentFull,
    TournamentOver,
)
from bot.features.tournaments.queries import (
    EndReason,
    Format,
    Tournament,
    TournamentState,
)
from bot.features.tournaments.rounds import board, next_plan
from bot.features.tournaments.tournament_board import Advanced, TournamentBoard, due
from bot.games.registry import rules_for
from bot.league import round_robin
from bot.service.errors import ChannelNotAllowed
from bot.service.feature_service import FeatureService
from bot.service.game_loading import load_game
from bot.service.game_parts import Player, options_for
from bot.service.game_starts import start_at_once
from bot.service.game_writes import Written
from bot.storage import rating_queries, settings_queries
from bot.storage.connection import Connection
from bot.storage.game_queries import NewGame
from bot.storage.ratings import NEW_PLAYER
from bot.storage.records import Game, GuildSettings, Seat

DAY = 86_400.0


def opened(new: NewTournament, created_by: int, settings: GuildSettings, now: float) -> Tournament:
    """The tournament ``new`` asks for, open for sign-up, with the server's ``settings``
    for the options and turn time it leaves to them (its id and number are the
    database's to give)."""
    return Tournament(
        id=0,
        guild_id=new.guild_id,
        number=0,
        kind=new.kind,
        name=new.name.strip(),
        format=new.format,
        rounds=new.rounds or 1,
        match_size=new.match_size,
        final=new.final,
        options=options_for(rules_for(new.kind), settings.options_for(new.kind), new.options),
        turn_timeout=settings.turn_timeout if new.turn_timeout is None else new.turn_timeout,
        starts_at=new.starts_at,
        signup_until=new.signup_until,
        round_hours=new.round_hours,
        rated=new.rated,
        cap=new.cap,
        private=new.private,
        created_by=created_by,
        created_at=now,
        channel_id=new.channel_id,
        message_id=None,
        language=new.language,
        state=TournamentState.SIGNUP,
        round=0,
        ended_at=None,
        end_reason=None,
        end_told_at=None,
    )


class TournamentService(FeatureService):
    """A server's tournaments, from their making to their end."""

    async def create_tournament(
        self, new: NewTournament, organiser: Player, can_organise: bool
    ) -> TournamentBoard:
        """A new tournament open for sign-up; refused without the right (Manage Events)
        or with an option that can't be."""
        if not can_organise:
            raise CannotOrganise()
        now = self._clock()
        check_new(new, now)

        async def creating(connection: Connection) -> TournamentBoard:
            settings = await settings_queries.guild_settings(connection, new.guild_id)
            if not settings.allows(new.channel_id):
                raise ChannelNotAllowed(settings.channels)
            await connection.lock("tournament number", new.guild_id)
            made = opened(new, organiser.user_id, settings, now)
            tournament_id = await queries.insert_tournament(connection, made)
            return await self._tournament_board(connection, tournament_id)

        created = await self._db.write(creating)
        self.core.deadline_moved_earlier.set()
        return created

    async def tournament_board(self, tournament_id: int) -> TournamentBoard:
        """The tournament as it now stands."""
        return await self._db.read(
            lambda connection: self._tournament_board(connection, tournament_id)
        )

    async def numbered_board(self, guild_id: int, number: int) -> TournamentBoard:
        """The server's tournament of that number as it stands; refused if there is none."""

        async def reading(connection: Connection) -> TournamentBoard:
            found = await queries.numbered(connection, guild_id, number)
            if found is None:
                raise NoTournament(number)
            return await self._tournament_board(connection, found.id)

        return await self._db.read(reading)

    async def server_tournaments(self, guild_id: int, limit: int = 10) -> list[Tournament]:
        """The server's tournaments still to be played, then the latest ones."""
        return await self._db.read(
            lambda connection: queries.of_server(connection, guild_id, limit)
        )

    async def live_tournaments(self) -> list[Tournament]:
        """Every tournament being signed up to or played."""
        return await self._db.read(queries.live)

    async def ended_untold(self) -> list[int]:
        """Tournaments whose end is not announced yet."""
        return await self._db.read(queries.ended_untold)

    async def tournament_of_game(self, game_id: int) -> int | None:
        """The tournament the game is played for, if any."""
        found = await self._db.read(lambda connection: match_queries.of_game(connection, game_id))
        return None if found is None else found[0]

    async def played_for(self, game_ids: Sequence[int]) -> dict[int, tuple[str, int]]:
        """The tournament (its name) and round each of these games was played for."""
        return await self._db.read(
            lambda connection: match_queries.played_for(connection, game_ids)
        )

    async def tournament_shown(self, tournament_id: int, message_id: int) -> None:
        """The tournament's announcement is ``message_id``."""
        await self._db.write(
            lambda connection: queries.set_message(connection, tournament_id, message_id)
        )

    async def sign_up(self, tournament_id: int, player: Player) -> TournamentBoard:
        """Signs the player up, while sign-up is open and there is room (a private
        tournament: when invited)."""
        now = self._clock()

        async def signing(connection: Connection) -> TournamentBoard:
            tournament = await self._open_for_signup(connection, tournament_id, now)
            invited = await queries.invitees(connection, tournament_id)
            if tournament.private and player.user_id not in (*invited, tournament.created_by):
                raise NotInvited()
            entries = await queries.entries(connection, tournament_id)
            if any(entry.user_id == player.user_id for entry in entries):
                raise AlreadySignedUp()
            if len(entries) >= tournament.cap:
                raise TournamentFull(tournament.cap)
            since = now - BARRED_DAYS * DAY
            if await queries.dropped_since(connection, tournament.guild_id, player.user_id, since):
                raise Barred(BARRED_DAYS)
            await queries.add_entry(
                connection, tournament_id, player.user_id, player.display_name, now
            )
            return await self._tournament_board(connection, tournament_id)

        return await self._db.write(signing)

    async def withdraw(self, tournament_id: int, user_id: int) -> TournamentBoard:
        """Takes the player off the tournament, before it starts."""
        now = self._clock()

        async def withdrawing(connection: Connection) -> TournamentBoard:
            await self._open_for_signup(connection, tournament_id, now, leaving=True)
            if not await queries.remove_entry(connection, tournament_id, user_id):
                raise NotSignedUp()
            return await self._tournament_board(connection, tournament_id)

        return await self._db.write(withdrawing)

    async def invite_to_tournament(
        self, tournament_id: int, user_id: int, can_organise: bool, invited: Sequence[int]
    ) -> TournamentBoard:
        """Its organiser (or a member who may organise) invites players to a private
        tournament; anyone may be invited while sign-up is open."""
        now = self._clock()

        async def inviting(connection: Connection) -> TournamentBoard:
            tournament = await self._open_for_signup(connection, tournament_id, now)
            if user_id != tournament.created_by and not can_organise:
                raise CannotOrganise()
            if not tournament.private:
                raise NotPrivateTournament()
            for user in invited:
                if not await queries.invite(connection, tournament_id, user, now):
                    raise AlreadyInvitedToTournament()
            return await self._tournament_board(connection, tournament_id)

        return await self._db.write(inviting)

    async def cancel_tournament(
        self, tournament_id: int, user_id: int, can_organise: bool
    ) -> TournamentBoard:
        """Its organiser (or a member who may organise) cancels it; its games being
        played go on as ordinary games."""
        now = self._clock()

        async def cancelling(connection: Connection) -> TournamentBoard:
            tournament = await self._locked_tournament(connection, tournament_id)
            if user_id != tournament.created_by and not can_organise:
                raise CannotOrganise()
            if tournament.state is TournamentState.CANCELLED:
                raise TournamentEnded(tournament.end_reason)
            if tournament.state not in (TournamentState.SIGNUP, TournamentState.RUNNING):
                raise TournamentOver()
            return await self._ended(
                connection, tournament_id, TournamentState.CANCELLED, EndReason.CANCELLED, now
            )

        return await self._db.write(cancelling)

    async def end_tournament(self, tournament_id: int, reason: EndReason) -> TournamentBoard:
        """Ends a tournament that can't go on (``reason``), whatever stage it is at; its
        games being played go on as ordinary games. One that ended already stays as it
        ended."""
        now = self._clock()

        async def ending(connection: Connection) -> TournamentBoard:
            tournament = await self._locked_tournament(connection, tournament_id)
            if tournament.state in (TournamentState.SIGNUP, TournamentState.RUNNING):
                return await self._ended(
                    connection, tournament_id, TournamentState.CANCELLED, reason, now
                )
            return await self._tournament_board(connection, tournament_id)

        return await self._db.write(ending)

    async def advance_tournament(self, tournament_id: int) -> Advanced:
        """Moves the tournament on, if it is due: its start (or its end, with too few
        signed up), its next round once the last is over (and its set time came), or its
        end after the last. Nothing when it isn't due."""
        now = self._clock()

        async def advancing(connection: Connection) -> Advanced:
            tournament = await self._locked_tournament(connection, tournament_id)
            if tournament.state is TournamentState.SIGNUP:
                if now < tournament.starts_at:
                    return Advanced(await self._tournament_board(connection, tournament_id))
                return await self._start_tournament(connection, tournament, now)
            if tournament.state is not TournamentState.RUNNING:
                return Advanced(await self._tournament_board(connection, tournament_id))
            matches = await match_queries.matches(connection, tournament_id)
            started = await queries.round_claimed_at(connection, tournament_id, tournament.round)
            if not due(tournament, matches, now, started):
                return Advanced(await self._tournament_board(connection, tournament_id))
            return await self._next_round(connection, tournament, now)

        return await self._db.write(advancing)

    async def open_match(
        self, tournament_id: int, round_: int, match_no: int, thread_id: int
    ) -> Game | None:
        """The match's game, started in ``thread_id`` with its players in seat order, the
        first player drawn; ``None`` if another look made it already (that thread is
        then not needed)."""
        now = self._clock()

        async def opening(connection: Connection, note: Written) -> Game | None:
            tournament = await self._locked_tournament(connection, tournament_id)
            if tournament.state is not TournamentState.RUNNING or round_ != tournament.round:
                return None  # cancelled, or moved on, meanwhile
            match = next(
                (
                    found
                    for found in await match_queries.matches(connection, tournament_id)
                    if found.round == round_ and found.match_no == match_no
                ),
                None,
            )
            if match is None or match.game_id is not None:
                return None
            names = {
                entry.user_id: entry.name
                for entry in await queries.entries(connection, tournament_id)
            }
            seats = [Seat(0, user, None, names.get(user, str(user)), 0) for user in match.players]
            made = await start_at_once(
                connection,
                note,
                NewGame(
                    kind=tournament.kind,
                    guild_id=tournament.guild_id,
                    channel_id=tournament.channel_id,
                    thread_id=thread_id,
                    host_id=tournament.created_by,
                    options=tournament.options,
                    turn_timeout=tournament.turn_timeout,
                    language=tournament.language,
                ),
                seats,
                self.core.dice.randrange(len(seats)),
                self.core.dice,
                now,
                self.core.hooks,
            )
            game_id = made.id
            if not tournament.rated:
                await rating_queries.mark_unrated(connection, game_id)
            await match_queries.set_match_game(connection, tournament_id, round_, match_no, game_id)
            return await load_game(connection, game_id)

        made = await self._change(opening)
        if made is not None:
            self.core.deadline_moved_earlier.set()
        return made

    async def record_round_told(self, tournament_id: int, round_: int) -> bool:
        """The round's message to its players is posted (or has nowhere to go)."""
        now = self._clock()
        return await self._db.write(
            lambda connection: queries.record_round_told(connection, tournament_id, round_, now)
        )

    async def untold_rounds(self, tournament_id: int) -> list[int]:
        """The tournament's rounds whose message to their players is not out."""
        return await self._db.read(
            lambda connection: queries.untold_rounds(connection, tournament_id)
        )

    async def record_end_told(self, tournament_id: int) -> bool:
        """The tournament's end is announced (or has nothing, or nowhere, to be)."""
        now = self._clock()
        return await self._db.write(
            lambda connection: queries.record_end_told(connection, tournament_id, now)
        )

    async def tournaments_entered(
        self, user_id: int, guild_id: int | None
    ) -> list[TournamentBoard]:
        """The tournaments to come or being played that the player signed up to, in a
        server (``None``: everywhere)."""

        async def reading(connection: Connection) -> list[TournamentBoard]:
            return [
                await self._tournament_board(connection, found.id)
                for found in await queries.entered(connection, user_id, guild_id)
            ]

        return await self._db.read(reading)

    async def tournaments_played(
        self, guild_id: int, kind: str, user_id: int
    ) -> list[TournamentBoard]:
        """The server's finished tournaments of the game the player played in."""

        async def reading(connection: Connection) -> list[TournamentBoard]:
            return [
                await self._tournament_board(connection, found.id)
                for found in await queries.played_by(connection, guild_id, kind, user_id)
            ]

        return await self._db.read(reading)

    async def _start_tournament(
        self, connection: Connection, tournament: Tournament, now: float
    ) -> Advanced:
        """Sign-up is over: the players are seeded by rating (then by sign-up) and the
        first round is claimed, or the tournament ends with too few."""
        entries = await queries.entries(connection, tournament.id)
        if len(entries) < fewest_to_start(tournament.match_size):
            ended = await self._ended(
                connection, tournament.id, TournamentState.CANCELLED, EndReason.TOO_FEW, now
            )
            return Advanced(ended, ended=True)
        ratings = await rating_queries.ratings_of(
            connection, tournament.guild_id, tournament.kind, [e.user_id for e in entries]
        )
        order = sorted(
            range(len(entries)),
            key=lambda i: (
                -ratings.get(entries[i].user_id, (NEW_PLAYER, 0))[0].conservative,
                i,
            ),
        )
        seeded = [entries[i].user_id for i in order]
        await queries.set_seeds(connection, tournament.id, seeded)
        fewest = rules_for(tournament.kind).min_players
        if tournament.format is Format.ROUND_ROBIN:
            rounds = len(round_robin(seeded, tournament.match_size, fewest))
        else:
            rounds = min(tournament.rounds, len(entries) - 1)
        await queries.set_rounds(connection, tournament.id, rounds)
        await queries.set_state(connection, tournament.id, TournamentState.RUNNING, now=now)
        started = await self._locked_tournament(connection, tournament.id)
        return await self._claim_round(connection, started, 1, now)

    async def _next_round(
        self, connection: Connection, tournament: Tournament, now: float
    ) -> Advanced:
        """The round after the last one over: the players who left a game are dropped,
        and the next round is claimed, or the tournament ends."""
        following = tournament.round + 1
        for user, _ in await match_queries.left_players(connection, tournament.id):
            await queries.drop(connection, tournament.id, user, following, now)
        entries = await queries.entries(connection, tournament.id)
        active = [e for e in entries if e.dropped_round is None]
        fewest = rules_for(tournament.kind).min_players
        if following > tournament.all_rounds or len(active) < fewest:
            ended = await self._ended(
                connection, tournament.id, TournamentState.FINISHED, EndReason.PLAYED, now
            )
            return Advanced(ended, ended=True)
        return await self._claim_round(connection, tournament, following, now)

    async def _ended(
        self,
        connection: Connection,
        tournament_id: int,
        state: TournamentState,
        reason: EndReason,
        now: float,
    ) -> TournamentBoard:
        """Ends the tournament (``state``: finished, or cancelled) for ``reason``: its board
        as it ended."""
        await queries.set_state(connection, tournament_id, state, now=now, reason=reason)
        return await self._tournament_board(connection, tournament_id)

    async def _claim_round(
        self, connection: Connection, tournament: Tournament, round_: int, now: float
    ) -> Advanced:
        entries = await queries.entries(connection, tournament.id)
        byes = await match_queries.byes(connection, tournament.id)
        matches = await match_queries.matches(connection, tournament.id)
        plan = next_plan(tournament, entries, byes, matches, round_)
        final = tournament.final and round_ == tournament.rounds + 1
        await queries.claim_round(
            connection, tournament.id, round_, final, plan.matches, plan.bye, now
        )
        return Advanced(await self._tournament_board(connection, tournament.id), claimed=round_)

    async def _locked_tournament(self, connection: Connection, tournament_id: int) -> Tournament:
        tournament = await queries.locked_tournament(connection, tournament_id)
        if tournament is None:
            raise NoTournament(tournament_id)
        return tournament

    async def _open_for_signup(
        self, connection: Connection, tournament_id: int, now: float, *, leaving: bool = False
    ) -> Tournament:
        """The tournament while sign-up is open, refused otherwise."""
        tournament = await self._locked_tournament(connection, tournament_id)
        if tournament.state in (TournamentState.FINISHED, TournamentState.CANCELLED):
            raise TournamentOver()
        if tournament.state is TournamentState.RUNNING:
            raise SignupClosed(started=True)
        if now >= tournament.signup_until and not leaving:
            raise SignupClosed(started=False)
        return tournament

    async def _tournament_board(
        self, connection: Connection, tournament_id: int
    ) -> TournamentBoard:
        tournament = await queries.tournament(connection, tournament_id)
        if tournament is None:
            raise NoTournament(tournament_id)
        entries = await queries.entries(connection, tournament_id)
        byes = {
            user: tuple(rounds)
            for user, rounds in (await match_queries.byes(connection, tournament_id)).items()
        }
        matches = await match_queries.matches(connection, tournament_id)
        rows = board(tournament, entries, byes, matches) if tournament.round else ()
        return TournamentBoard(
            tournament=tournament,
            entries=tuple(entries),
            invitees=tuple(await queries.invitees(connection, tournament_id)),
            matches=tuple(matches),
            byes=MappingProxyType(byes),
            rows=rows,
            round_started_at=await queries.round_claimed_at(
                connection, tournament_id, tournament.round
            ),
        )
