"""Tournaments: ``/tournament create`` posts the announcement where it is asked, which
members sign up to with its button until the start; the clock (``RoundKeeper``) then
runs it round by round, each match a game in a thread of its own, and the announcement
shows the standings as games end, until the winner is announced."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Line, edited, sent
from bot.discord_ui.context import Context
from bot.discord_ui.game_events import GameEnded
from bot.discord_ui.game_messages import DMS_CLOSED
from bot.discord_ui.interaction_answers import announce, reveal, tell, update_clicked
from bot.discord_ui.interactions import player_of, reader
from bot.discord_ui.lean_requests import Posted, edit_message
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.owed_messages import Owed, direct_words
from bot.discord_ui.part import LookingPart
from bot.discord_ui.permissions import missing_threads
from bot.features.tournaments.checks import MOST_ROUND_ROBIN, NewTournament
from bot.features.tournaments.discord.board_card import board_card, entry_line, standings_view
from bot.features.tournaments.discord.controls import EntryAction, EntryButton
from bot.features.tournaments.discord.keeper import RoundKeeper
from bot.features.tournaments.discord.round_card import end_card, round_card
from bot.features.tournaments.discord.start_times import read_time
from bot.features.tournaments.match_queries import Match
from bot.features.tournaments.queries import EndReason, Format, Tournament, TournamentState
from bot.features.tournaments.service import TournamentService
from bot.features.tournaments.tournament_board import TournamentBoard
from bot.games.drawing import STANDINGS
from bot.games.escaping import escaped
from bot.games.faces import face_for
from bot.games.painters import PAINTERS
from bot.service.errors import Refusal
from bot.storage.records import Notify
from i18n import Language, Message, language

log = logging.getLogger(__name__)

PINGED = (Notify.CHANNEL, Notify.BOTH, Notify.SUMMARY)
"""Who a round's message pings: everyone whose turn reaches them in the channel (a
daily summary's reader too: a round's start is no turn to sum up)."""
MESSAGED = (Notify.DM, Notify.BOTH)
"""Who is told of a round's start by direct message."""
DEFAULT_CAP = 16
"""A Swiss tournament's cap unless its organiser gives one: four to eight matches a round."""


class NotHere(Refusal):
    """A tournament asked for outside a server's text channel."""

    words = Message(
        "Tournaments are held in a server's text channel (not an announcement "
        "channel): each table plays in a thread of it."
    )


def default_cap(format: Format) -> int:
    """A tournament's cap when its organiser gives none: as many as its format takes."""
    return MOST_ROUND_ROBIN if format is Format.ROUND_ROBIN else DEFAULT_CAP


def can_organise(interaction: discord.Interaction) -> bool:
    """Whether the member may make and cancel tournaments: Manage Events (the server
    decides who holds it), or Manage Server."""
    granted = interaction.permissions
    return granted.manage_events or granted.manage_guild


class Tournaments(LookingPart, Adds):
    """A server's tournaments, from their announcement to their winner (its looks open
    each round when it is due)."""

    looks: RoundKeeper

    controls = (EntryButton,)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.tournaments = context.service.part(TournamentService)
        self.leases = context.leases
        self.looks = RoundKeeper(self)

    async def game_ended(self, ended: GameEnded) -> None:
        """A tournament's game ended: its round may be over."""
        if await self.tournaments.tournament_of_game(ended.game.id) is not None:
            self.looks.moved.set()

    async def stats_lines(
        self, guild_id: int, kind: str, user_id: int, lang: Language
    ) -> Sequence[Line]:
        """Tournaments played and won, on a player's stats card."""
        boards = await self.tournaments.tournaments_played(guild_id, kind, user_id)
        if not boards:
            return ()
        won = sum(
            1 for board in boards if any(r.user == user_id and r.rank == 1 for r in board.rows)
        )
        return (
            Line(
                lang._("Tournaments"),
                lang._(
                    "{played} played, {won} won (latest: {name})",
                    played=len(boards),
                    won=won,
                    name=escaped(boards[0].tournament.name),
                ),
                inline=True,
            ),
        )

    async def my_games_lines(
        self, user: int, guild_id: int | None, lang: Language
    ) -> Sequence[Line]:
        """The tournaments a player signed up to, on ``/my games``: when each starts, or
        their match this round."""
        boards = await self.tournaments.tournaments_entered(user, guild_id)
        if not boards:
            return ()
        return (Line(lang._("Tournaments"), "\n".join(entry_line(b, user, lang) for b in boards)),)

    async def history_notes(self, game_ids: Sequence[int], lang: Language) -> Mapping[int, str]:
        """A tournament's game on a server's history names its tournament and round."""
        return {
            game_id: lang._("🏆 {name}, round {round}", name=escaped(name), round=round_)
            for game_id, (name, round_) in (await self.tournaments.played_for(game_ids)).items()
        }

    async def create(
        self,
        interaction: discord.Interaction,
        *,
        kind: str,
        name: str,
        format: Format,
        starts: str,
        match_size: int,
        rounds: int | None,
        signup_until: str | None,
        turn_timeout: int | None,
        rated: bool,
        cap: int | None,
        final: bool,
        private: bool,
        round_hours: int | None,
    ) -> None:
        """``/tournament create``: the announcement, posted here once every option holds."""
        channel = interaction.channel
        if (
            interaction.guild_id is None
            or not isinstance(channel, discord.TextChannel)
            or channel.is_news()
        ):
            raise NotHere()
        asker = reader(interaction)
        missing = missing_threads(interaction.app_permissions, asker)
        if missing:
            await tell(
                interaction,
                asker.ngettext(
                    "Each table of a tournament plays in a thread of its channel, and I'm "
                    "missing the {permissions} permission here.",
                    "Each table of a tournament plays in a thread of its channel, and I'm "
                    "missing the {permissions} permissions here.",
                    len(missing),
                    permissions=asker.list(missing),
                ),
            )
            return
        now = self.clock.now()
        zone = (await self.service.players.get(interaction.user.id)).time_zone
        lang = reader(interaction)
        starts_at = read_time(starts, now, zone, lang)
        until = starts_at if signup_until is None else read_time(signup_until, now, zone, lang)
        speaks = await self.languages.of_server(interaction.guild_id)
        new = NewTournament(
            guild_id=interaction.guild_id,
            channel_id=channel.id,
            kind=kind,
            name=name,
            format=format,
            rounds=rounds,
            match_size=match_size,
            turn_timeout=turn_timeout,
            starts_at=starts_at,
            signup_until=until,
            rated=rated,
            cap=default_cap(format) if cap is None else cap,
            final=final,
            private=private,
            round_hours=round_hours,
            options={},
            language=speaks.code,
        )
        board = await self.tournaments.create_tournament(
            new, player_of(interaction), can_organise(interaction)
        )
        try:
            message = await announce(interaction, **sent(await self.card(board)))
        except BaseException:
            # Nobody could sign up to a tournament nobody sees.
            await self.tournaments.end_tournament(board.tournament.id, EndReason.NOT_SHOWN)
            raise
        await self.tournaments.tournament_shown(board.tournament.id, message.id)
        self.looks.moved.set()

    async def show(self, interaction: discord.Interaction, number: int) -> None:
        """``/tournament show``: the tournament as its announcement shows it, privately."""
        assert interaction.guild_id is not None
        board = await self.tournaments.numbered_board(interaction.guild_id, number)
        await reveal(interaction, self.card(board, reader(interaction)))

    async def listing(self, interaction: discord.Interaction) -> None:
        """``/tournament list``: the server's tournaments, those to come first."""
        assert interaction.guild_id is not None
        lang = reader(interaction)
        found = await self.tournaments.server_tournaments(interaction.guild_id)
        if not found:
            await tell(interaction, lang._("This server has held no tournament yet."))
            return
        lines = []
        for tournament in found:
            state = {
                TournamentState.SIGNUP: lang._(
                    "sign-up closes {when}", when=f"<t:{int(tournament.signup_until)}:R>"
                ),
                TournamentState.RUNNING: lang._(
                    "round {n} of {all}", n=tournament.round, all=tournament.all_rounds
                ),
                TournamentState.FINISHED: lang._("over"),
                TournamentState.CANCELLED: lang._("cancelled"),
            }[tournament.state]
            lines.append(
                f"**#{tournament.number}** {escaped(tournament.name)} · "
                f"{face_for(tournament.kind).title} · {state}"
            )
        await tell(interaction, "\n".join(lines))

    async def cancel(self, interaction: discord.Interaction, number: int) -> None:
        """``/tournament cancel``: its organiser (or a member who may organise) ends it."""
        assert interaction.guild_id is not None
        board = await self.tournaments.numbered_board(interaction.guild_id, number)
        board = await self.tournaments.cancel_tournament(
            board.tournament.id, interaction.user.id, can_organise(interaction)
        )
        await tell(
            interaction,
            reader(interaction)._("{name} is cancelled.", name=escaped(board.tournament.name)),
        )
        await self.refresh(board)
        self.looks.moved.set()

    async def invite(
        self, interaction: discord.Interaction, number: int, user: discord.User | discord.Member
    ) -> None:
        """``/tournament invite``: a player may sign up to a private tournament; they are
        told here, by a ping."""
        assert interaction.guild_id is not None
        lang = reader(interaction)
        if user.bot:
            await tell(
                interaction, lang._("{player} is a bot and can't play.", player=user.display_name)
            )
            return
        board = await self.tournaments.numbered_board(interaction.guild_id, number)
        board = await self.tournaments.invite_to_tournament(
            board.tournament.id, interaction.user.id, can_organise(interaction), [user.id]
        )
        await self.refresh(board)
        speaks = await self._language(board)
        card = Card(
            title=None,
            text=speaks._(
                "<@{user}>, you're invited to {name}: press Sign up on its announcement.",
                user=user.id,
                name=escaped(board.tournament.name),
            ),
            pings=(user.id,),
        )
        await announce(interaction, **sent(card))

    async def entry(self, interaction: discord.Interaction, button: EntryButton) -> None:
        """**Sign up** or **Leave** on the announcement: the announcement shows it, and
        the presser is told."""
        lang = reader(interaction)
        if button.entry is EntryAction.JOIN:
            board = await self.tournaments.sign_up(button.tournament, player_of(interaction))
            words = lang._(
                "You're signed up for {name}. It starts {when}; your table will be a thread "
                "of this channel.",
                name=escaped(board.tournament.name),
                when=f"<t:{int(board.tournament.starts_at)}:R>",
            )
        else:
            board = await self.tournaments.withdraw(button.tournament, interaction.user.id)
            words = lang._("You left {name}.", name=escaped(board.tournament.name))
        card = await self.card(board)
        pressed = interaction.message
        if button.shown and pressed is not None and pressed.id == board.tournament.message_id:
            await update_clicked(interaction, **edited(card))
            self.looks.shown.pop(board.tournament.id, None)
        else:
            await tell(interaction, words)
            await self.refresh(board)
            return
        await tell(interaction, words)

    async def tend(self, tournament_id: int) -> float | None:
        """Moves the tournament on as far as it is due, here: its start or next round,
        the new round's matches opened and its players told, its announcement brought up
        to date. Returns when it next needs the clock's look."""
        board = await self.tournaments.tournament_board(tournament_id)
        if board.due(self.clock.now()):
            board = (await self.tournaments.advance_tournament(tournament_id)).board
        if board.tournament.state is TournamentState.RUNNING and await self._open_matches(board):
            board = await self.tournaments.tournament_board(tournament_id)
        if board.tournament.state is TournamentState.RUNNING:
            for round_ in await self.tournaments.untold_rounds(tournament_id):
                if any(t.game_id is None for t in board.of_round(round_)):
                    continue
                await self._tell_round(board, round_)
        await self.refresh(board)
        return board.next_look

    async def give_up(self, tournament_id: int) -> None:
        """Ends a tournament whose matches could not be opened, try after try: its
        announcement says so (its end is told as any end)."""
        board = await self.tournaments.end_tournament(tournament_id, EndReason.NO_MATCHES)
        log.warning("tournament %s ended: its tables could not be opened", tournament_id)
        await self.refresh(board)

    async def tell_end(self, tournament_id: int) -> None:
        """The tournament's end, announced once: its announcement shows the final
        standings, and a message under it names the winner."""
        board = await self.tournaments.tournament_board(tournament_id)
        if not self.leases.holds(board.tournament.guild_id):
            return
        await self.refresh(board)
        if board.tournament.state is not TournamentState.FINISHED:
            await self.tournaments.record_end_told(tournament_id)
            return

        async def compose() -> dict[str, Any] | None:
            return sent(end_card(board, await self._language(board)))

        async def recorded(message: Posted, made_before: bool) -> None:
            await self.tournaments.record_end_told(tournament_id)

        async def refused(error: discord.HTTPException) -> None:
            await self.tournaments.record_end_told(tournament_id)

        await self.context.owed.post(
            Owed(
                f"tournament-end:{tournament_id}",
                board.tournament.guild_id,
                _channel(board),
                compose,
                recorded,
                refused,
            )
        )

    async def refresh(self, board: TournamentBoard) -> None:
        """The announcement, brought up to the tournament unless it shows it already."""
        tournament = board.tournament
        shows = _shows(board)
        if tournament.message_id is None or self.looks.shown.get(tournament.id) == shows:
            return
        card = await self.card(board)
        try:
            await edit_message(
                self.client, tournament.channel_id, tournament.message_id, **edited(card)
            )
        except discord.HTTPException as error:
            log.info("tournament %s's announcement could not be shown: %s", tournament.id, error)
            return
        self.looks.shown[tournament.id] = shows

    async def card(self, board: TournamentBoard, lang: Language | None = None) -> Card:
        """The announcement in ``lang`` (the tournament's own language unless given), its
        standings drawn once play began."""
        speaks = lang or await self._language(board)
        picture = None
        if board.rows:
            picture = await PAINTERS.paint(
                board.tournament.id,
                STANDINGS,
                standings_view(board, speaks),
                ("tournament", board.tournament.id),
                board.tournament.state is not TournamentState.FINISHED,
            )
        return board_card(board, speaks, picture)

    async def _language(self, board: TournamentBoard) -> Language:
        if board.tournament.language is not None:
            return language(board.tournament.language)
        return await self.languages.of_server(board.tournament.guild_id)

    async def _open_matches(self, board: TournamentBoard) -> bool:
        """Each match of the current round still without a game gets its thread, then its
        game (a thread another look beat to it is deleted again); ``True`` if any opened."""
        tournament = board.tournament
        waiting = [t for t in board.of_round(tournament.round) if t.game_id is None]
        if not waiting:
            return False
        channel = self.client.get_channel(tournament.channel_id) or await self.client.fetch_channel(
            tournament.channel_id
        )
        if not isinstance(channel, discord.TextChannel):
            raise TypeError(f"tournament {tournament.id}'s channel is no text channel")
        lang = await self._language(board)
        opened = False
        for match in waiting:
            thread = await channel.create_thread(
                name=_thread_name(board, match, lang),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
            async with self.games.opening():
                opened = await self._open_match(tournament, match, thread) or opened
        return opened

    async def _open_match(
        self, tournament: Tournament, match: Match, thread: discord.Thread
    ) -> bool:
        """The match's game in ``thread``, shown; ``False`` if another look made it."""
        game = await self.tournaments.open_match(
            tournament.id, match.round, match.match_no, thread.id
        )
        if game is None:
            try:
                await thread.delete()
            except discord.HTTPException as error:
                # Without Manage Threads it stays, empty: the match plays in the other.
                log.info("tournament %s's spare thread stays: %s", tournament.id, error)
            return False
        try:
            async with self.games.held(game.id, admitted=True):
                await self.games.show_afresh(game)
        except Exception:
            # The game is made: its table catches up its messages on its own.
            log.warning("tournament game %s could not be shown yet", game.id, exc_info=True)
        return True

    async def _tell_round(self, board: TournamentBoard, round_: int) -> None:
        """The round's start told once to each player who likes a direct message, then
        once in the tournament's channel, pinging whoever likes a ping (or could not be
        written to); the round is recorded told with the channel's message."""
        players = [user for match in board.of_round(round_) for user in match.players]
        bye = board.bye_in(round_)
        if bye is not None:
            players.append(bye)
        pinged: set[int] = set()
        tournament = board.tournament
        for user in players:
            settings = await self.service.players.get(user)
            if settings.notify in PINGED or (settings.notify in MESSAGED and settings.dms_closed):
                pinged.add(user)
            if settings.notify in MESSAGED and not settings.dms_closed:
                await self.context.owed.post(
                    _round_message(
                        self.client, board, round_, user, language(settings.locale), pinged
                    )
                )

        async def compose() -> dict[str, Any] | None:
            lang = await self._language(board)
            return sent(round_card(board, round_, frozenset(pinged), lang))

        async def recorded(message: Posted, made_before: bool) -> None:
            await self.tournaments.record_round_told(tournament.id, round_)

        async def refused(error: discord.HTTPException) -> None:
            await self.tournaments.record_round_told(tournament.id, round_)

        await self.context.owed.post(
            Owed(
                f"tournament-round:{tournament.id}:{round_}",
                tournament.guild_id,
                _channel(board),
                compose,
                recorded,
                refused,
            )
        )


def _thread_name(board: TournamentBoard, match: Match, lang: Language) -> str:
    return lang._(
        "{name} · round {round} · table {table}",
        name=board.tournament.name,
        round=match.round,
        table=match.match_no,
    )


def _shows(board: TournamentBoard) -> Hashable:
    """What the announcement shows of the tournament, to tell when it changed."""
    tournament = board.tournament
    return (
        tournament.state,
        tournament.round,
        tournament.rounds,
        tuple(entry.user_id for entry in board.entries),
        tuple(entry.dropped_round for entry in board.entries),
        board.invitees,
        tuple((match.game_id, match.status) for match in board.matches),
    )


def _round_message(
    client: discord.Client,
    board: TournamentBoard,
    round_: int,
    user: int,
    lang: Language,
    pinged: set[int],
) -> Owed:
    """The round's start in ``user``'s direct messages; pinged in the channel instead
    when their direct messages refuse the bot."""
    match = next((t for t in board.of_round(round_) if user in t.players), None)
    where = lang._("You have a bye: it scores a win.") if match is None else f"<#{match.thread_id}>"
    words = lang._(
        "🏆 Round {round} of {name} has begun: {where}",
        round=round_,
        name=escaped(board.tournament.name),
        where=where,
    )

    async def refused(error: discord.HTTPException) -> None:
        if error.code == DMS_CLOSED:
            pinged.add(user)

    key = f"tournament-dm:{board.tournament.id}:{round_}:{user}"
    guild = board.tournament.guild_id
    return direct_words(client, key, guild, user, words, refused)


def _channel(board: TournamentBoard) -> Callable[[], Awaitable[int]]:
    """Where the tournament's messages go: its channel."""

    async def place() -> int:
        return board.tournament.channel_id

    return place
