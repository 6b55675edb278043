"""What the bot does for each command, button and deadline: ask the service, then show
the result.

Within a turn the game message is edited in place (through the interaction
response, or directly when a computer player moves or a deadline passes); when a
turn ends its buttons are removed and a new message pings the next player.
Everything addressed to one person is ephemeral.

Every change is shown while its game is held (``GameLocks``), and the version it
showed is recorded afterwards. A change that was committed but could not be
shown goes to the reconciler, which shows the game's current state later; so
nobody is told "nothing changed" after a commit.
"""

from __future__ import annotations

import functools
import inspect
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, TypeVar

import discord

from bot.background.computer_players import ComputerPlayers
from bot.background.game_locks import Deferral, GameLocks
from bot.background.reconciler import MessageReconciler
from bot.background.stopping import HasWorkInFlight, WorkInFlight
from bot.clock import Clock
from bot.discord_ui import presenter, text
from bot.discord_ui.buttons import LobbyAction, lobby_view, selected
from bot.discord_ui.messages import lobby_embed
from bot.discord_ui.permissions import missing_permissions_message, missing_thread_permissions
from bot.discord_ui.places import GamePlaces, nonce
from bot.discord_ui.presenter import Drawn
from bot.discord_ui.surfaces import (
    InteractionSurface,
    Surface,
    acknowledge,
    announce,
    answer_within,
    in_time,
    reveal,
    tell,
    update_clicked,
    update_private,
)
from bot.games.faces import face_for
from bot.games.registry import rules_for
from bot.games.rules import Options
from bot.service import (
    Actor,
    GameService,
    GuildSettingsService,
    Outcome,
    Player,
    ServiceError,
    Where,
)
from bot.service.errors import BoardMovedOn, GameBroken, NoGameHere, NotOnTheMenu, WhichGame
from bot.service.shard_leases import ShardLeases
from bot.storage import CommitUnknown, Game, GameStatus, GuildSettings, Seat
from bot.storage.shards import Shards
from i18n import Language, Message, language

log = logging.getLogger(__name__)

SOMETHING_WENT_WRONG = Message(
    "Something went wrong on my side, so nothing changed. Please try again."
)
UNCONFIRMED = Message(
    "The database stopped answering just as I saved that, so I can't tell yet whether it "
    "counted. If it did, you'll see it as soon as the database is back."
)
NOT_SHOWN = Message(
    "That counted, but I couldn't update the game message just now. "
    "It will catch up by itself in a moment."
)
CANNOT_POST = Message(
    "That counted, but I couldn't post the next game message here: I'm missing a permission "
    "in this channel (Send Messages, Embed Links or Attach Files). Once it's back, the game "
    "carries on by itself."
)
MOVED_ON_PRIVATELY = Message(
    "The game has moved on since that was shown, so nothing changed. Here it is as it stands."
)
AS_IT_STANDS = Message("Here is the game as it stands.")
UNKNOWN_CHANNEL = 10003

Recorded = dict[str, int | None]
"""Where a change's messages went (``lobby_message_id``, ``turn_message_id``), to record."""
Changed = TypeVar("Changed", Game, Outcome)


class GameFlow:
    def __init__(
        self,
        service: GameService,
        settings: GuildSettingsService,
        client: discord.Client,
        bot_pause: float,
        clock: Clock,
        leases: ShardLeases,
        work: WorkInFlight,
    ) -> None:
        self.service = service
        self.settings = settings
        self.client = client
        self.leases = leases
        """Whose each game's background work is: this process does only its shards'."""
        self.work = work
        """Background changes are admitted here (interactions are, by ``guarded``)."""
        self.locks = GameLocks()
        self.places = GamePlaces(client, service)
        self.computer = ComputerPlayers(service, self._computer_step, bot_pause, leases.holds)
        self.reconciler = MessageReconciler(self.catch_up, clock)

    async def _change(
        self,
        game_id: int,
        change: Callable[[], Awaitable[Changed]],
        show: Callable[[Changed], Awaitable[Recorded]],
        interaction: discord.Interaction | None = None,
    ) -> Changed:
        """Makes a change and shows it while holding the game. A refusal (``ServiceError``)
        changed nothing and propagates; a change that could not be shown is left to the
        reconciler, and the person who asked is told it counted."""
        async with self.work.admitted(), self.locks.hold(game_id, _deferral(interaction)):
            try:
                if interaction is None:
                    changed = await change()
                else:
                    # A database that is slow to answer (or coming back) must not cost
                    # the person the answer.
                    changed = await in_time(interaction, change())
            except CommitUnknown:
                # Whatever it did is shown once the database can say.
                self.reconciler.retry(game_id)
                raise
            game = changed if isinstance(changed, Game) else changed.game
            try:
                recorded = await show(changed)
                await self.service.mark_shown(game.id, game.version, recorded)
            except Exception as error:
                await self._not_shown(game, error, interaction)
            else:
                self.reconciler.shown(game.id)
        return changed

    async def _not_shown(
        self, game: Game, error: Exception, interaction: discord.Interaction | None
    ) -> None:
        # The reconciler takes it from here (and gives up on a channel that is gone).
        log.warning("game %s changed but its message did not go out", game.id, exc_info=error)
        self.reconciler.retry(game.id)
        if interaction is not None:
            try:
                refusal = CANNOT_POST if _forbidden(error) else NOT_SHOWN
                await tell(interaction, reader(interaction).say(refusal))
            except Exception:
                # Discord (or the bot, stopping) failed this too; the reconciler goes on.
                log.info("could not tell %s either", interaction.user.id)

    async def public_language(self, guild_id: int) -> Language:
        """The language of what a server's channels see: the one its admins chose, else
        the server's own Discord language."""
        return self._language_of(await self.settings.get(guild_id), guild_id)

    def _language_of(self, settings: GuildSettings, guild_id: int) -> Language:
        chosen = settings.language
        if chosen is None:
            guild = self.client.get_guild(guild_id)
            chosen = None if guild is None else str(guild.preferred_locale)
        return language(chosen)

    async def catch_up(self, game_id: int) -> None:
        """Shows a game's current state wherever its messages are behind it."""
        async with self.work.admitted(), self.locks.hold(game_id):
            game = await self.service.game(game_id)
            if game.shown or not self.leases.holds(game.guild_id):
                return  # up to date, or the process standing in for its shard shows it
            try:
                recorded = await self._show_current(game)
            except discord.NotFound as error:
                if not _nowhere(error):
                    raise
                recorded = {}
            # A new turn message means its player is only now asked to move.
            posted = game.status is GameStatus.ACTIVE and "turn_message_id" in recorded
            await self.service.mark_shown(game.id, game.version, recorded, turn_posted_late=posted)

    def database_back(self) -> None:
        """The database answers again after failing: the games whose messages fell behind
        meanwhile are caught up now rather than at their backoff, and passed deadlines
        are looked at."""
        self.reconciler.retry_all_now()
        self.service.deadline_moved_earlier.set()

    async def take_over(self, shards: Shards) -> None:
        """This process has just taken on these shards' background work (at its start, or
        standing in for a process that stopped): their games' messages are brought up to
        date, their computer players move on and their deadlines are looked at."""
        self.reconciler.add(await self.service.games_not_shown(shards))
        await self.resume(shards)
        self.service.deadline_moved_earlier.set()

    async def resume(self, shards: Shards) -> None:
        """Computer players of these shards' games move on, and games whose data is
        damaged are reported, each game on its own so that one bad row stops nothing
        else."""
        for game_id in await self.service.active_game_ids(shards):
            try:
                game = await self.service.game(game_id)
                if game.broken is not None:
                    log.error("game %s is damaged: %s", game.id, game.broken)
                    if game.deadline is not None:
                        await self.game_broken(game.id)
                elif _computer_to_move(game):
                    self.computer.play(game)
            except Exception:
                log.exception("could not resume game %s", game_id)

    # Commands --------------------------------------------------------------------

    async def new_game(
        self,
        interaction: discord.Interaction,
        *,
        kind: str,
        options: Options,
        bots: int,
        bot_level: str,
        turn_timeout: int | None,
    ) -> None:
        if await self._cannot_post(interaction):
            return
        assert interaction.guild_id is not None and interaction.channel_id is not None
        game = await self.service.create_lobby(
            kind=kind,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host=_player(interaction),
            options=options,
            turn_timeout=turn_timeout,
            bots=bots,
            bot_level=bot_level,
        )

        async def created() -> Game:
            return game

        async def show(game: Game) -> Recorded:
            content, _ = await self._lobby(game)
            lobby = await announce(interaction, **content)
            return {"lobby_message_id": lobby.id}

        await self._change(game.id, created, show, interaction)
        try:
            settings = await self.settings.get(game.guild_id)
            if settings.threads:
                lang = self._language_of(settings, game.guild_id)
                await self._open_thread(interaction, await self.service.game(game.id), lang)
        except Exception:
            # The lobby is out: a missing thread must not be reported as nothing done.
            log.warning("could not give game %s its thread", game.id, exc_info=True)

    async def _open_thread(
        self, interaction: discord.Interaction, game: Game, lang: Language
    ) -> None:
        """Gives the game its own thread off the lobby message, or says why it plays here
        (to the host, in their language; the thread is named in the server's)."""
        host = reader(interaction)
        if not isinstance(interaction.channel, discord.TextChannel):
            await tell(interaction, host._("Games started inside a thread play right there."))
            return
        missing = missing_thread_permissions(interaction.app_permissions, host)
        if missing is not None:
            await tell(interaction, missing)
            return
        if game.lobby_message_id is None:
            return
        lobby = interaction.channel.get_partial_message(game.lobby_message_id)
        try:
            thread = await lobby.create_thread(
                name=lang._("{title} · game {game}", title=face_for(game.kind).title, game=game.id),
                auto_archive_duration=1440,
            )
        except discord.HTTPException:
            log.warning("could not start a thread for game %s", game.id, exc_info=True)
            await tell(
                interaction,
                host._("I couldn't start a thread for this game, so it runs here in the channel."),
            )
            return
        async with self.locks.hold(game.id):
            await self.service.set_thread(game.id, thread.id)
            # As the lobby is now (someone may have joined meanwhile), naming its thread.
            await self._show_lobby(await self.service.game(game.id))

    async def show_board(self, interaction: discord.Interaction, kind: str) -> None:
        """Posts the game again at the bottom of the channel or thread where it was asked
        for; the old message loses its buttons."""
        found = await self._current(interaction, kind)
        if await self._cannot_post(interaction):
            return
        async with self.locks.hold(found.id, _deferral(interaction)):
            game = await self.service.game(found.id)
            face = face_for(kind)
            if not game.status.is_open:
                raise NoGameHere(face.title, face.command)
            if game.status is GameStatus.LOBBY:
                content, _ = await self._lobby(game)
                message = await announce(interaction, **content)
                recorded: Recorded = {"lobby_message_id": message.id}
            else:
                lang = await self.public_language(game.guild_id)
                if game.state is None:
                    log.warning("game %s has no position: %s", game.id, game.broken)
                    raise GameBroken(face.command)
                board = await presenter.turn(game, lang.say(AS_IT_STANDS), None, lang)
                content = {"embed": board.embed, "file": board.file(), "view": board.view}
                if interaction.channel_id == game.place_id:
                    message = await announce(interaction, **content)
                else:
                    # Asked in the channel of a game played in its thread: it goes there.
                    message = await self.places.post(game, **content)
                    await tell(
                        interaction,
                        reader(interaction)._(
                            "The game is played in {place}: there it is.",
                            place=f"<#{game.place_id}>",
                        ),
                    )
                recorded = {"turn_message_id": message.id}
            try:
                await self.service.mark_shown(game.id, game.version, recorded)
            except Exception:
                # The board is out; its id is recorded again by the next click on it.
                log.warning("could not record game %s's new message", game.id, exc_info=True)
            # Only now, so that the game always has a message with live buttons.
            try:
                await self.places.strip_buttons(game)
            except discord.HTTPException:
                log.info("could not take the buttons off game %s's old message", game.id)

    async def cancel(self, interaction: discord.Interaction, kind: str) -> None:
        found = await self._current(interaction, kind)
        who = text.escaped(interaction.user.display_name)

        async def show(game: Game) -> Recorded:
            lang = await self.public_language(game.guild_id)
            await announce(interaction, content=text.cancelled(game, who, lang))
            return await self._show_lobby(game) | await self._strip_turn(game)

        await self._change(
            found.id,
            lambda: self.service.cancel(found.id, _actor(interaction, kind)),
            show,
            interaction,
        )

    async def leave(self, interaction: discord.Interaction, kind: str) -> None:
        found = await self._current(interaction, kind)

        async def show(game: Game) -> Recorded:
            if found.status is GameStatus.LOBBY:
                closed = game.status is GameStatus.CANCELLED
                mine = reader(interaction)
                await tell(
                    interaction,
                    mine._("You left the lobby. It was empty, so it closed.")
                    if closed
                    else mine._("You left the lobby."),
                )
                return await self._show_lobby(game)
            seat = game.seat_left_by(interaction.user.id)
            lang = await self.public_language(game.guild_id)
            note = text.takeover_note(game, seat, text.Departure.LEFT_GAME, lang)
            await announce(interaction, content=note)
            return await self._show_current(game)

        await self._change(
            found.id,
            lambda: self.service.leave(found.id, _actor(interaction, kind), None),
            show,
            interaction,
        )

    async def member_left(self, guild_id: int, user_id: int) -> None:
        """Someone left the server (or their account is gone): their seats are freed."""
        for game_id in await self.service.games_of_member(guild_id, user_id):
            try:
                await self._drop_member(game_id, user_id)
            except ServiceError:
                continue

    async def _drop_member(self, game_id: int, user_id: int) -> None:
        before = await self.service.game(game_id)

        async def show(game: Game) -> Recorded:
            if before.status is not GameStatus.LOBBY:
                lang = await self.public_language(game.guild_id)
                seat = game.seat_left_by(user_id)
                note = text.takeover_note(game, seat, text.Departure.LEFT_SERVER, lang)
                await self.places.surface(game).send(content=note)
            return await self._show_current(game)

        await self._change(game_id, lambda: self.service.leave(game_id, Actor(user_id), None), show)

    async def _lobby(self, game: Game) -> tuple[dict[str, Any], Language]:
        """The lobby message as the game stands, and the server's language it is in: its
        seats and buttons while open (the bot menu only where the server allows computer
        players), a note once the game started or closed. One read of the server's
        settings serves both."""
        settings = await self.settings.get(game.guild_id)
        lang = self._language_of(settings, game.guild_id)
        if game.status is GameStatus.LOBBY:
            view = lobby_view(game, lang, bots_allowed=settings.bots_allowed)
            return {"embed": lobby_embed(game, lang), "view": view}, lang
        note = text.lobby_note(game, lang)
        return {"embed": lobby_embed(game, lang, note), "view": None}, lang

    async def _show_lobby(self, game: Game) -> Recorded:
        """Brings the lobby message up to the game. One whose id was never recorded (it
        went out just before a failure or a stop) is found in the channel, so that no
        second lobby is posted beside it; a lost open lobby is posted afresh."""
        content, _ = await self._lobby(game)
        if await self.places.edit_lobby(game, **content):
            return {}
        unrecorded = await self.places.unrecorded_lobbies(game)
        if unrecorded:
            newest, *older = unrecorded
            for message in older:
                await message.edit(view=None)
            await newest.edit(**content)
            return {"lobby_message_id": newest.id}
        if game.status is not GameStatus.LOBBY:
            return {}
        message = await self.places.post_lobby(game, **content)
        return {"lobby_message_id": message.id}

    async def _strip_turn(self, game: Game) -> Recorded:
        await self.places.strip_turn(game)
        return {}

    async def _current(self, interaction: discord.Interaction, kind: str) -> Game:
        """The game of ``kind`` a command typed here means: the one played in this channel
        or thread, or else the one started from this channel into its own thread."""
        assert interaction.channel_id is not None
        games = await self.service.games_here(interaction.channel_id, kind)
        here = [g for g in games if interaction.channel_id in (g.place_id, g.thread_id)]
        if len(here) == 1:
            return here[0]
        if len(games) == 1:
            return games[0]
        if not games:
            face = face_for(kind)
            raise NoGameHere(face.title, face.command)
        raise WhichGame([g.place_id for g in games])

    async def _cannot_post(self, interaction: discord.Interaction) -> bool:
        refusal = missing_permissions_message(interaction.app_permissions, reader(interaction))
        if refusal:
            await tell(interaction, refusal)
        return refusal is not None

    # Buttons ---------------------------------------------------------------------

    async def lobby_button(
        self,
        interaction: discord.Interaction,
        kind: str,
        game_id: int,
        version: int,
        action: LobbyAction,
    ) -> None:
        await guarded(interaction, self._lobby_button(interaction, kind, game_id, version, action))

    async def _lobby_button(
        self,
        interaction: discord.Interaction,
        kind: str,
        game_id: int,
        version: int,
        action: LobbyAction,
    ) -> None:
        actor = _actor(interaction, kind)

        # Joining and leaving mean the same whatever the lobby showed; starting
        # and cancelling act on exactly the seats that were shown.
        async def change() -> Game:
            if action is LobbyAction.ADD_BOT:
                return await self.service.add_bot(game_id, actor, None, selected(interaction))
            if action is LobbyAction.REMOVE_BOT:
                seat = _menu_number(selected(interaction))
                return await self.service.remove_bot(game_id, actor, None, seat)
            if action is LobbyAction.JOIN:
                return await self.service.join(game_id, _player(interaction), None, actor.where)
            if action is LobbyAction.LEAVE:
                return await self.service.leave(game_id, actor, None)
            if action is LobbyAction.START:
                return await self.service.start(game_id, actor, version)
            return await self.service.cancel(game_id, actor, version)

        async def show(game: Game) -> Recorded:
            content, lang = await self._lobby(game)
            await update_clicked(interaction, **content)
            if game.status is not GameStatus.ACTIVE:
                return {}
            surface = InteractionSurface(interaction, self.places.poster(game))
            return await self._post_turn(surface, game, text.first_turn(game, lang), lang)

        await self._change(game_id, change, show, interaction)

    async def turn_button(
        self, interaction: discord.Interaction, kind: str, game_id: int, version: int, intent: str
    ) -> None:
        await guarded(interaction, self._turn_button(interaction, kind, game_id, version, intent))

    async def _turn_button(
        self, interaction: discord.Interaction, kind: str, game_id: int, version: int, intent: str
    ) -> None:
        actor = _actor(interaction, kind)

        async def change() -> Outcome:
            return await self.service.act(game_id, actor, version, intent)

        async def show(outcome: Outcome) -> Recorded:
            surface = InteractionSurface(interaction, self.places.poster(outcome.game))
            recorded = await self._present(surface, outcome, await self._lang(outcome))
            # The clicked message is the game's, even one whose id was never recorded.
            clicked: Recorded = (
                {} if interaction.message is None else {"turn_message_id": interaction.message.id}
            )
            return clicked | recorded

        await self._change(game_id, change, show, interaction)

    # Private messages ----------------------------------------------------------------

    async def open_private(self, interaction: discord.Interaction, kind: str, game_id: int) -> None:
        await guarded(interaction, self._open_private(interaction, kind, game_id))

    async def _open_private(
        self, interaction: discord.Interaction, kind: str, game_id: int
    ) -> None:
        game, seat = await self.service.seat_for(game_id, _actor(interaction, kind))
        await reveal(interaction, self._private(game, seat.seat, reader(interaction)))

    async def private_button(
        self, interaction: discord.Interaction, kind: str, game_id: int, key: int, intent: str
    ) -> None:
        await guarded(interaction, self._private_button(interaction, kind, game_id, key, intent))

    async def _private_button(
        self, interaction: discord.Interaction, kind: str, game_id: int, key: int, intent: str
    ) -> None:
        actor = _actor(interaction, kind)

        async def change() -> Outcome:
            return await self.service.act(game_id, actor, None, intent, key=key)

        async def show(outcome: Outcome) -> Recorded:
            # The presser's own message first: it is the answer Discord waits for.
            mine = reader(interaction)
            await update_private(
                interaction, self._private(outcome.game, outcome.seat, mine, outcome)
            )
            surface = self.places.surface(outcome.game)
            return await self._present(surface, outcome, await self._lang(outcome))

        try:
            await self._change(game_id, change, show, interaction)
        except BoardMovedOn:
            # What the message offered is gone; what there is to decide now is shown instead.
            game, seat = await self.service.seat_for(game_id, actor)
            mine = reader(interaction)
            await update_private(
                interaction, self._private(game, seat.seat, mine), mine.say(MOVED_ON_PRIVATELY)
            )

    async def _lang(self, outcome: Outcome) -> Language:
        return await self.public_language(outcome.game.guild_id)

    async def _private(
        self, game: Game, seat: int, lang: Language, last: Outcome | None = None
    ) -> Drawn:
        """A seat's private message as the game stands, with what the last move showed it
        (``last``, or else the move log's)."""
        if last is None:
            try:
                last = await self.service.last_outcome(game.id)
            except Exception:
                log.warning("game %s's last move can't be replayed", game.id, exc_info=True)
        shown = await face_for(game.kind).private(game, seat, last, lang)
        if shown is None:
            raise NothingHidden()
        return presenter.private(game, shown)

    # Deadlines and computer players ------------------------------------------------

    async def deadline_passed(self, game_id: int, version: int) -> None:
        """A lobby nobody started closes; a quiet turn ends by itself. A player who is no
        longer in the server is not waited for: their seat goes to a computer player."""
        game = await self.service.game(game_id)
        if game.status is GameStatus.LOBBY:
            await self._change(
                game_id, lambda: self.service.expire_lobby(game_id, version), self._show_lobby
            )
            return
        if game.state is not None:
            for seat in _acting(game):
                if seat.user_id is not None and await self._gone(game.guild_id, seat.user_id):
                    await self.member_left(game.guild_id, seat.user_id)
                    return
        await self._change(game_id, lambda: self.service.time_out(game_id, version), self._show)

    async def game_broken(self, game_id: int) -> None:
        """A game whose saved data is damaged can't go on: its clock stops (so its
        deadline stops firing), and its players are told."""
        game = await self.service.game(game_id)
        if not await self.service.stop_clock(game_id):
            return  # stopped and told already
        log.error("game %s is damaged (%s); its clock is stopped", game.id, game.broken)
        lang = await self.public_language(game.guild_id)
        broken = GameBroken(face_for(game.kind).command)
        try:
            await self.places.surface(game).send(content=f"⚠️ {lang.say(broken.words)}")
        except discord.HTTPException:
            log.info("could not tell game %s's players that it is damaged", game.id)

    async def _computer_step(self, game_id: int, step: Callable[[], Awaitable[Outcome]]) -> None:
        await self._change(game_id, step, self._show)

    async def _show(self, outcome: Outcome) -> Recorded:
        """Shows a change nobody clicked for, on the game's own message."""
        surface = self.places.surface(outcome.game)
        return await self._present(surface, outcome, await self._lang(outcome))

    async def _gone(self, guild_id: int, user_id: int) -> bool:
        guild = self.client.get_guild(guild_id)
        if guild is None:
            return False
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return True
        except discord.HTTPException:
            log.info("could not check whether %s is still in server %s", user_id, guild_id)
        return False

    # Showing what happened -------------------------------------------------------------

    async def _show_current(self, game: Game) -> Recorded:
        """Shows the game as it stands, on its own messages: for a change whose message
        never went out, or one made without a move (a takeover)."""
        if game.broken is not None:
            if game.status.is_open and game.deadline is not None:
                await self.game_broken(game.id)
            await self.places.strip_buttons(game)
            return {}
        if game.status is GameStatus.LOBBY:
            return await self._show_lobby(game)
        if game.status is GameStatus.CANCELLED:
            return await self._show_lobby(game) | await self._strip_turn(game)
        assert game.state is not None
        face = face_for(game.kind)
        lang = await self.public_language(game.guild_id)
        try:
            last = await self.service.last_outcome(game.id)
        except Exception:
            log.warning("game %s's last move can't be replayed", game.id, exc_info=True)
            # What its message showed is unknown: a fresh message shows what is.
            await self.places.strip_buttons(game)
            if game.status is not GameStatus.ACTIVE:
                return {}
            return await self._post_turn(
                self.places.surface(game), game, lang.say(AS_IT_STANDS), lang
            )
        if last is not None and not game.move_shown:
            return await self._present(self.places.surface(game), replace(last, game=game), lang)
        # The last move is on show (or there is none yet): the turn's message gets the
        # game as it is now.
        recorded = {} if last is not None else await self._show_lobby(game)
        if game.status is not GameStatus.ACTIVE:
            return recorded
        headline = text.first_turn(game, lang) if last is None else face.happened(last, lang)
        surface = self.places.surface(game)
        if game.turn_message_id is None:
            return recorded | await self._post_turn(surface, game, headline, lang, last)
        await surface.edit(presenter.turn(game, headline, last, lang))
        if _computer_to_move(game):
            self.computer.play(game)
        return recorded

    async def _present(self, surface: Surface, outcome: Outcome, lang: Language) -> Recorded:
        game = outcome.game
        face = face_for(game.kind)
        headline = face.happened(outcome, lang)
        if outcome.took_over is not None:
            note = text.takeover_note(game, outcome.took_over, text.Departure.AWAY, lang)
            headline += "\n\n" + note
        if not outcome.turn_over:
            await surface.edit(presenter.turn(game, headline, outcome, lang))
            if _computer_to_move(game):
                self.computer.play(game)
            return {}
        # The turn's last picture stays in the channel without buttons (a bust shows
        # what it lost).
        await surface.edit(presenter.turn_end(outcome, headline, lang))
        if game.status is GameStatus.FINISHED:
            board_result = presenter.drawn(await face.result(outcome, headline, lang))
            posted = await surface.send(
                embed=board_result.embed, file=board_result.file(), nonce=nonce("r", game)
            )
            # The server's history links to this message.
            return {"turn_message_id": posted.id}
        if game.status is GameStatus.ACTIVE:
            return await self._post_turn(surface, game, headline, lang, outcome)
        return {}

    async def _post_turn(
        self,
        surface: Surface,
        game: Game,
        headline: str,
        lang: Language,
        last: Outcome | None = None,
    ) -> Recorded:
        """A new message for the player(s) to act, pinging only them. ``last`` is the move
        that ended the turn before, for the picture (a bonus turn shows what earned it)."""
        assert game.state is not None
        people = [s.user_id for s in _acting(game) if s.user_id is not None]
        board = await presenter.turn(game, headline, last, lang)
        ping = " ".join(f"<@{user}>" for user in people)
        message = await surface.send(
            content=lang._("{players}, it's your turn.", players=ping) if people else None,
            embed=board.embed,
            file=board.file(),
            view=board.view,
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(user) for user in people] if people else False
            ),
            # Posting the same turn again (a catch-up after a stop) returns this message.
            nonce=nonce("t", game),
        )
        if _computer_to_move(game):
            self.computer.play(game)
        return {"turn_message_id": message.id}


class NothingHidden(ServiceError):
    """A private message asked of a game that has none (only a hand-made button can)."""

    def __init__(self) -> None:
        super().__init__(
            Message("Nothing is hidden in this game: everything is on the game message.")
        )


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Turns refusals into ephemeral answers, and anything unexpected into an apology.
    Work that committed a change handles its own failures (``GameFlow._change``), so
    whatever reaches here changed nothing, but for a commit whose outcome the database
    can't tell yet, which is said so. While the bot stops, new work is refused
    (``Stopping``), and work under way runs to its end before the bot closes."""
    answer_within(interaction)  # the time to answer by counts from here
    client = interaction.client
    in_flight = client.work if isinstance(client, HasWorkInFlight) else WorkInFlight()
    try:
        try:
            async with in_flight.admitted():
                await work
        finally:
            if inspect.iscoroutine(work):
                work.close()  # refused before it began: it never runs
    except ServiceError as refusal:
        async with in_flight.answering():
            await tell(interaction, reader(interaction).say(refusal.words))
    except CommitUnknown:
        log.warning("interaction %s: its change may or may not be saved", interaction.id)
        async with in_flight.answering():
            await tell(interaction, reader(interaction).say(UNCONFIRMED))
    except Exception:
        log.exception("handling interaction %s failed", interaction.id)
        async with in_flight.answering():
            await tell(interaction, reader(interaction).say(SOMETHING_WENT_WRONG))


def reader(interaction: discord.Interaction) -> Language:
    """The language of what one person alone sees: their own Discord language."""
    return language(str(interaction.locale))


def _deferral(interaction: discord.Interaction | None) -> Deferral | None:
    """How waiting for a game acknowledges the interaction in time, if there is one."""
    if interaction is None:
        return None
    return Deferral(answer_within(interaction), functools.partial(acknowledge, interaction))


def _nowhere(error: BaseException) -> bool:
    """The game's channel is gone, so there is nowhere to show it."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


def _forbidden(error: BaseException) -> bool:
    return isinstance(error, discord.Forbidden)


def _acting(game: Game) -> list[Seat]:
    """The seats that may act now."""
    if game.state is None:
        return []
    return [game.seats[n] for n in rules_for(game.kind).to_act(game.state)]


def _computer_to_move(game: Game) -> bool:
    return game.status is GameStatus.ACTIVE and any(s.is_bot for s in _acting(game))


def _player(interaction: discord.Interaction) -> Player:
    return Player(interaction.user.id, interaction.user.display_name)


def _actor(interaction: discord.Interaction, kind: str) -> Actor:
    """Who acts, where, on a game of ``kind`` (what the command or the button's
    custom_id names)."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    return Actor(
        interaction.user.id,
        can_moderate=interaction.permissions.manage_messages,
        where=Where(interaction.guild_id, interaction.channel_id, kind),
    )


def _menu_number(value: str) -> int:
    """A menu option's number (a seat); anything else was never one of its options."""
    if not re.fullmatch(r"-?[0-9]{1,3}", value):
        raise NotOnTheMenu()
    return int(value)
