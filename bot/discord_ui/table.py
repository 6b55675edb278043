"""The live table every feature of the Discord layer changes a game through: it asks
the service for the change, then shows it, and brings a game's messages up to date
when they fell behind.

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

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, TypeVar

import discord

from bot.background.computer_players import ComputerPlayers
from bot.background.game_locks import GameLocks
from bot.background.reconciler import MessageReconciler
from bot.background.stopping import WorkInFlight
from bot.clock import Clock
from bot.discord_ui import presenter, text
from bot.discord_ui.cards import layout, sent, stripped
from bot.discord_ui.interactions import deferral, reader
from bot.discord_ui.lobby.message import lobby_card
from bot.discord_ui.permissions import missing_permissions_message
from bot.discord_ui.places import GamePlaces, nonce
from bot.discord_ui.surfaces import Surface, in_time, tell
from bot.games.faces import face_for
from bot.service import GameService, GuildSettingsService, Outcome
from bot.service.errors import GameBroken, NoGameHere, WhichGame
from bot.service.shard_leases import ShardLeases
from bot.storage import CommitUnknown, Game, GameStatus, GuildSettings
from bot.storage.shards import Shards
from i18n import Language, Message, language

log = logging.getLogger(__name__)

NOT_SHOWN = Message(
    "That counted, but I couldn't update the game message just now. "
    "It will catch up by itself in a moment."
)
CANNOT_POST = Message(
    "That counted, but I couldn't post the next game message here: I'm missing a permission "
    "in this channel (Send Messages, Embed Links or Attach Files). Once it's back, the game "
    "carries on by itself."
)
AS_IT_STANDS = Message("Here is the game as it stands.")
UNKNOWN_CHANNEL = 10003

Recorded = dict[str, int | None]
"""Where a change's messages went (``lobby_message_id``, ``turn_message_id``), to record."""
Changed = TypeVar("Changed", Game, Outcome)


class GameTable:
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

    async def change(
        self,
        game_id: int,
        change: Callable[[], Awaitable[Changed]],
        show: Callable[[Changed], Awaitable[Recorded]],
        interaction: discord.Interaction | None = None,
    ) -> Changed:
        """Makes a change and shows it while holding the game. A refusal (``ServiceError``)
        changed nothing and propagates; a change that could not be shown is left to the
        reconciler, and the person who asked is told it counted."""
        async with self.work.admitted(), self.locks.hold(game_id, deferral(interaction)):
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
        return self.language_of(await self.settings.get(guild_id), guild_id)

    def language_of(self, settings: GuildSettings, guild_id: int) -> Language:
        chosen = settings.language
        if chosen is None:
            guild = self.client.get_guild(guild_id)
            chosen = None if guild is None else str(guild.preferred_locale)
        return language(chosen)

    async def outcome_language(self, outcome: Outcome) -> Language:
        return await self.public_language(outcome.game.guild_id)

    async def catch_up(self, game_id: int) -> None:
        """Shows a game's current state wherever its messages are behind it."""
        async with self.work.admitted(), self.locks.hold(game_id):
            game = await self.service.game(game_id)
            if game.shown or not self.leases.holds(game.guild_id):
                return  # up to date, or the process standing in for its shard shows it
            try:
                recorded = await self.show_current(game)
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
                elif computer_to_move(game):
                    self.computer.play(game)
            except Exception:
                log.exception("could not resume game %s", game_id)

    async def lobby_message(self, game: Game) -> tuple[dict[str, Any], Language]:
        """The lobby message as the game stands, and the server's language it is in: its
        seats and buttons while open (the bot menu only where the server allows computer
        players), a note once the game started or closed. One read of the server's
        settings serves both."""
        settings = await self.settings.get(game.guild_id)
        lang = self.language_of(settings, game.guild_id)
        if game.status is GameStatus.LOBBY:
            card = lobby_card(game, lang, bots_allowed=settings.bots_allowed)
        else:
            card = lobby_card(game, lang, text.lobby_note(game, lang))
        return {"view": layout(card)}, lang

    async def show_lobby(self, game: Game) -> Recorded:
        """Brings the lobby message up to the game. One whose id was never recorded (it
        went out just before a failure or a stop) is found in the channel, so that no
        second lobby is posted beside it; a lost open lobby is posted afresh."""
        content, _ = await self.lobby_message(game)
        if await self.places.edit_lobby(game, **content):
            return {}
        unrecorded = await self.places.unrecorded_lobbies(game)
        if unrecorded:
            newest, *older = unrecorded
            for message in older:
                await message.edit(**stripped(message))
            await newest.edit(**content)
            return {"lobby_message_id": newest.id}
        if game.status is not GameStatus.LOBBY:
            return {}
        message = await self.places.post_lobby(game, **content)
        return {"lobby_message_id": message.id}

    async def strip_turn(self, game: Game) -> Recorded:
        await self.places.strip_turn(game)
        return {}

    async def current(self, interaction: discord.Interaction, kind: str) -> Game:
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

    async def cannot_post(self, interaction: discord.Interaction) -> bool:
        refusal = missing_permissions_message(interaction.app_permissions, reader(interaction))
        if refusal:
            await tell(interaction, refusal)
        return refusal is not None

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
        await self.change(game_id, step, self.show)

    async def show(self, outcome: Outcome) -> Recorded:
        """Shows a change nobody clicked for, on the game's own message."""
        surface = self.places.surface(outcome.game)
        return await self.present(surface, outcome, await self.outcome_language(outcome))

    async def show_current(self, game: Game) -> Recorded:
        """Shows the game as it stands, on its own messages: for a change whose message
        never went out, or one made without a move (a takeover)."""
        if game.broken is not None:
            if game.status.is_open and game.deadline is not None:
                await self.game_broken(game.id)
            await self.places.strip_buttons(game)
            return {}
        if game.status is GameStatus.LOBBY:
            return await self.show_lobby(game)
        if game.status is GameStatus.CANCELLED:
            return await self.show_lobby(game) | await self.strip_turn(game)
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
            return await self.post_turn(
                self.places.surface(game), game, lang.say(AS_IT_STANDS), lang
            )
        if last is not None and not game.move_shown:
            return await self.present(self.places.surface(game), replace(last, game=game), lang)
        # The last move is on show (or there is none yet): the turn's message gets the
        # game as it is now.
        recorded = {} if last is not None else await self.show_lobby(game)
        if game.status is not GameStatus.ACTIVE:
            return recorded
        headline = text.first_turn(game, lang) if last is None else face.happened(last, lang)
        surface = self.places.surface(game)
        if game.turn_message_id is None:
            return recorded | await self.post_turn(surface, game, headline, lang, last)
        await surface.edit(presenter.turn(game, headline, last, lang))
        if computer_to_move(game):
            self.computer.play(game)
        return recorded

    async def present(self, surface: Surface, outcome: Outcome, lang: Language) -> Recorded:
        game = outcome.game
        face = face_for(game.kind)
        headline = face.happened(outcome, lang)
        if outcome.took_over is not None:
            note = text.takeover_note(game, outcome.took_over, text.Departure.AWAY, lang)
            headline += "\n\n" + note
        if not outcome.turn_over:
            await surface.edit(presenter.turn(game, headline, outcome, lang))
            if computer_to_move(game):
                self.computer.play(game)
            return {}
        # The turn's last picture stays in the channel without buttons (a bust shows
        # what it lost).
        await surface.edit(presenter.turn_end(outcome, headline, lang))
        if game.status is GameStatus.FINISHED:
            board_result = presenter.drawn(await face.result(outcome, headline, lang))
            posted = await surface.send(**sent(board_result), nonce=nonce("r", game))
            # The server's history links to this message.
            return {"turn_message_id": posted.id}
        if game.status is GameStatus.ACTIVE:
            return await self.post_turn(surface, game, headline, lang, outcome)
        return {}

    async def post_turn(
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
        board = await presenter.turn(game, headline, last, lang)
        # Posting the same turn again (a catch-up after a stop) returns this message.
        message = await surface.send(**sent(board), nonce=nonce("t", game))
        if computer_to_move(game):
            self.computer.play(game)
        return {"turn_message_id": message.id}


def _nowhere(error: BaseException) -> bool:
    """The game's channel is gone, so there is nowhere to show it."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


def _forbidden(error: BaseException) -> bool:
    return isinstance(error, discord.Forbidden)


def computer_to_move(game: Game) -> bool:
    return game.status is GameStatus.ACTIVE and any(s.is_bot for s in presenter.acting(game))
