"""The live table every feature of the Discord layer changes a game through: it asks
the service for the change, then shows it, and brings a game's messages up to date
when they fell behind.

A game is one message in its channel (or its thread): the lobby becomes the table when
the game starts and the result when it ends, edited in place as the game goes; once
the channel has moved on past it, the next change posts it anew at the bottom and
deletes the old one. Whoever is to act is told by a ping of its own
(``bot.discord_ui.pings``), and each player's private hand follows the game
(``bot.discord_ui.live_hands``). Everything addressed to one person is ephemeral.

A change is committed and its clicker answered while its game is held
(``GameLocks``): a click on the table is answered with the table itself, through the
interaction, which Discord doesn't count against the channel's limits. The rest (the
table edited or posted anew, pings, hands) follows out of the hold
(``TableFollower``), one show of a game at a time (``displays``), as the game stands
then: moves made meanwhile are skipped rather than queued, so play goes at the
players' pace, not the channel's. The version shown is recorded afterwards. A change
that was committed but could not be shown goes to the reconciler, which shows the
game's current state later; so nobody is told "nothing changed" after a commit.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import TypeVar

import discord

from bot.background.computer_players import ComputerPlayers
from bot.background.game_locks import GameLocks
from bot.background.reconciler import MessageReconciler
from bot.background.stopping import Stopping, WorkInFlight
from bot.background.table_follower import TableFollower
from bot.clock import Clock
from bot.discord_ui import away_words, presenter, text
from bot.discord_ui.cards import Card, edited, sent
from bot.discord_ui.game_log import GameLogs
from bot.discord_ui.interactions import deferral
from bot.discord_ui.limits import OLD_MESSAGE_EDITS
from bot.discord_ui.live_hands import LiveHands
from bot.discord_ui.lobby_messages import LobbyMessages
from bot.discord_ui.nonces import nonce
from bot.discord_ui.permission_notices import PermissionNotices
from bot.discord_ui.pings import TurnPings
from bot.discord_ui.places import (
    ARCHIVED_THREAD,
    LOCKED_THREAD,
    NOTHING_NEWER,
    Answered,
    FollowUpsBehind,
    GamePlaces,
    Recorded,
    placed,
)
from bot.discord_ui.public_languages import PublicLanguages
from bot.discord_ui.show_failures import expected, forbidden, nowhere, refusal
from bot.discord_ui.surfaces import acknowledge, in_time, tell, unanswerable, update_clicked
from bot.discord_ui.table_cards import TableCards, headline_of
from bot.games import shared_words
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.service import GameService, GuildSettingsService
from bot.service.errors import AsItIs, GameBroken
from bot.service.shard_leases import ShardLeases
from bot.service.time_away import stands_in
from bot.storage import CommitUnknown, Game, GameStatus, Seat
from bot.storage.shards import Shards
from i18n import Language, Message

log = logging.getLogger(__name__)

AS_IT_STANDS = Message("Here is the game as it stands.")
NOT_EDITABLE = (OLD_MESSAGE_EDITS, ARCHIVED_THREAD, LOCKED_THREAD)
"""Refusals of a table's edit that a table posted anew gets past: a post unarchives an
archived thread, and one that is locked sends the game to its channel."""
EDITED_FOR = 55 * 60.0
"""Seconds a table is edited in place before it is posted anew: short of the hour after
which Discord allows its edits only now and then (30046, at a rate it doesn't publish)."""

EDIT_REFUSED_FOR = 15.0
"""Seconds a table's edits may keep failing (a 5xx, any refusal other than the ones
above) before the table is posted anew instead: the reconciler's first few tries, at 1,
2, 4 and 8 s, are given to the edit; then a post, another route, gets the game past it."""


Changed = TypeVar("Changed", Game, Outcome)


class GameTable:
    """The one live table every feature changes a game through: the change is made and answered
    while the game is held, then shown, edited in place or moved to the bottom, with its ping
    and hands following."""

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
        """Held while a game is changed and its clicker answered."""
        self.displays = GameLocks()
        """Held while a game's messages are shown: one show of a game at a time."""
        self._on_table: dict[int, tuple[int, int]] = {}
        """Per game, the table message and the version it shows, when a click's answer
        showed it: the follower doesn't edit it again."""
        self.places = GamePlaces(client, service)
        self.languages = PublicLanguages(settings, client)
        self.lobbies = LobbyMessages(settings, self.languages, self.places)
        self.notices = PermissionNotices(client, self.languages.of_game)
        self.logs = GameLogs(service)
        self.cards = TableCards(self.logs, clock)
        self.clock = clock
        self.hands = LiveHands(client, service, clock, work, expected)
        self.pings = TurnPings(
            service, settings, self.places, clock, self._remind, self.hands.hand_card
        )
        self.reconciler = MessageReconciler(self.catch_up, clock, expected)
        self.follower = TableFollower(self._follow, self._not_followed, expected)
        self._asked: dict[int, discord.Interaction] = {}
        self.nowhere: Callable[[int], None] = lambda game_id: None
        """Told of a game whose show met 10003 (its channel gone unbeknown to the bot):
        set by the feature that ends such games (``places_gone``)."""
        self._edits_refused: dict[int, float] = {}
        """Per game, since when its table's edits have failed (``EDIT_REFUSED_FOR``)."""
        """Per game, the newest click answered without the table, whose presser is told if
        the table then can't follow."""
        self.computer = ComputerPlayers(
            service, self._computer_step, bot_pause, leases.holds, self.follower.settled, clock
        )

    async def change(
        self,
        game_id: int,
        change: Callable[[], Awaitable[Changed]],
        show: Callable[[Changed], Awaitable[Recorded]],
        interaction: discord.Interaction | None = None,
    ) -> Changed:
        """Makes a change and shows it whole while holding the game (a lobby's, someone
        leaving: rare, and shown at once where they happen). A refusal (``ServiceError``)
        changed nothing and propagates; a change that could not be shown is left to the
        reconciler, and the person who asked is told it counted."""
        return await self._change(game_id, change, show, interaction, whole=True)

    async def move(
        self,
        game_id: int,
        change: Callable[[], Awaitable[Outcome]],
        answer: Callable[[Outcome], Awaitable[Answered]],
        interaction: discord.Interaction | None = None,
    ) -> Outcome:
        """Makes a move and answers whoever made it while holding the game; the rest of
        the server is shown it once the game is let go (``TableFollower``), so that the
        next move need not wait for the channel's limits. Refusals as ``change``."""
        return await self._change(game_id, change, answer, interaction, whole=False)

    async def _change(
        self,
        game_id: int,
        change: Callable[[], Awaitable[Changed]],
        show: Callable[[Changed], Awaitable[Recorded | Answered]],
        interaction: discord.Interaction | None,
        *,
        whole: bool,
    ) -> Changed:
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
                async with contextlib.AsyncExitStack() as showing:
                    if whole:
                        await showing.enter_async_context(self.displays.hold(game.id))
                    shown = await show(changed)
                if isinstance(shown, Answered):
                    if shown.recorded:
                        await self.service.messages.mark_shown(
                            game.id, NOTHING_NEWER, shown.recorded
                        )
                    # Wanted while the game is held, so that whoever waits for the game
                    # to settle finds its show wanted once they hold it; the hands at
                    # once, not behind a table show waiting on the channel.
                    self.follower.want(game.id)
                    if isinstance(changed, Outcome):
                        self.hands.want(game, changed)
                else:
                    await self.service.messages.mark_shown(game.id, game.version, shown)
                    self.notices.shown(game.id)
                    self.reconciler.shown(game.id)
            except FollowUpsBehind as behind:
                # The table shows the change; its ping or hands are behind. The reconciler
                # brings them up, and nobody is told the change wasn't shown.
                log.info(
                    "game %s's ping fell behind: %s",
                    game.id,
                    behind.cause,
                    exc_info=not expected(behind),
                )
                self.reconciler.retry(game.id)
                try:
                    await self.service.messages.mark_shown(game.id, NOTHING_NEWER, behind.recorded)
                except Exception:
                    log.warning("could not record game %s's table", game.id, exc_info=True)
            except Exception as error:
                await self._not_shown(game, error, interaction, whole=whole)
        return changed

    async def _not_shown(
        self,
        game: Game,
        error: Exception,
        interaction: discord.Interaction | None,
        *,
        whole: bool,
    ) -> None:
        # Discord takes no answer to a click that reached the bot too late: that is one
        # line (``unanswerable``), and nobody can be told anything through it.
        too_late = interaction is not None and unanswerable(interaction, error)
        if not too_late:
            log.warning(
                "game %s changed but its message did not go out: %s",
                game.id,
                error,
                exc_info=not expected(error),
            )
        if forbidden(error):
            await self.notices.cannot_show(game)
        if whole:
            # The reconciler takes it from here (and gives up on a channel that is gone).
            self.reconciler.retry(game.id)
        else:
            # A move's answer failed (an old table's edit refused, say): the follower
            # shows it at once its own way (posting the table anew), and hands it to the
            # reconciler if that fails too.
            self.follower.want(game.id)
        if interaction is not None and not too_late:
            try:
                await tell(interaction, refusal(error, interaction))
            except Exception:
                # Discord (or the bot, stopping) failed this too; the reconciler goes on.
                log.info("could not tell %s either", interaction.user.id)

    async def _follow(self, game_id: int) -> None:
        # A click answered before this show reads the game is shown by it; one answered
        # meanwhile waits for the next.
        asked = self._asked.get(game_id)
        # The rest of a change already admitted: a stop that began meanwhile waits for it.
        async with self.work.answering():
            await self._catch_up(game_id, late=False)
        if asked is not None and self._asked.get(game_id) is asked:
            del self._asked[game_id]

    async def _not_followed(self, game_id: int, error: Exception) -> None:
        """The follower could not show a move: the reconciler tries again, and whoever made
        it without seeing the table take it is told that it counted."""
        self.reconciler.retry(game_id)
        interaction = self._asked.pop(game_id, None)
        if interaction is None or isinstance(error, FollowUpsBehind):
            return  # the table shows it; only its ping or hands are behind
        try:
            await tell(interaction, refusal(error, interaction))
        except Exception:
            log.info("could not tell %s that their move counted", interaction.user.id)

    async def catch_up(self, game_id: int) -> None:
        """Shows a game's current state wherever its messages are behind it: a change that
        was not shown when it was made (a failure, a stop), so a turn message posted now
        starts its player's time now. It waits for a change being made to the game: a
        lobby just opened, whose answer is on its way, would otherwise be posted twice."""
        async with self.work.admitted(), self.locks.hold(game_id):
            await self._catch_up(game_id, late=True)

    async def _catch_up(self, game_id: int, *, late: bool) -> None:
        async with self.displays.hold(game_id):
            game = await self.service.game(game_id)
            if game.shown:
                # Shown meanwhile (by a change made here, say): what a failure before may
                # have left unrecorded is looked for all the same.
                await self._tidy(game, tables=False)
                return
            if not self.leases.holds(game.guild_id):
                # Its shard's process shows it (a move made here from a direct message,
                # which comes on the first shard whatever the game's): it hears so now.
                await self.leases.unshown()
                return
            try:
                try:
                    recorded = await self.show_current(game)
                except FollowUpsBehind as behind:
                    # Where the table now is, kept; its ping or hands are tried again.
                    await self.service.messages.mark_shown(game.id, NOTHING_NEWER, behind.recorded)
                    raise
                # A lobby has no table that could have gone out unrecorded; and a show
                # that follows a move finds one only where the game had lost its table
                # (a thread archived), or a post of it may have been made unrecorded (its
                # answer lost, the bot stopped): reading the channel at every move would
                # cost a request each.
                lost = game.turn_message_id is None and "turn_message_id" in recorded
                await self._tidy(placed(game, recorded), tables=late or lost)
            except discord.NotFound as error:
                if not nowhere(error):
                    raise
                recorded = {}
                self.nowhere(game.id)
            except discord.Forbidden:
                await self.notices.cannot_show(game)
                raise
            # A new turn message means its player is only now asked to move.
            posted = late and game.status is GameStatus.ACTIVE and "turn_message_id" in recorded
            await self.service.messages.mark_shown(
                game.id, game.version, recorded, turn_posted_late=posted
            )
        self.notices.shown(game.id)
        self.reconciler.shown(game.id)

    async def _tidy(self, game: Game, *, tables: bool) -> None:
        """Once the game is shown, deletes what Discord made of it that was never recorded:
        its stray tables (looked for when ``tables``), and where a post of it may have
        been made unrecorded (the reconciler is ``unsure``), its tables, pings and turn
        notices."""
        unsure = self.reconciler.unsure(game.id)
        if game.state is not None and (tables or unsure):
            for stray in await self.places.stray_tables(game):
                await self.places.delete(game, stray.id)
        if game.state is not None and unsure:
            await self.pings.tidy(game)
        if unsure:
            self.reconciler.looked_for(game.id)

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
        self.pings.notices.unknown()
        self.service.messages.hands_unknown()
        self.reconciler.add(await self.service.messages.games_not_shown(shards), unsure=True)
        await self.resume(shards)
        self.service.deadline_moved_earlier.set()

    async def show_unshown(self) -> None:
        """Another process changed a game it could not show: this process's shards' games
        that are behind it are caught up now."""
        self.reconciler.add(await self.service.messages.games_not_shown(self.leases.shards))

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
                else:
                    await self._resume_pings(game.id)
                    if computer_to_move(game, self.clock.now()):
                        self.computer.play(game)
            except Exception as error:
                if expected(error):
                    log.warning("could not resume game %s: %s", game_id, error)
                else:
                    log.exception("could not resume game %s", game_id)

    async def _resume_pings(self, game_id: int) -> None:
        """Whoever is to act and was not pinged yet is pinged (or their ping held back) as
        if their turn began now: a held ping does not outlive a stop."""
        async with self.displays.hold(game_id):
            game = await self.service.game(game_id)
            if game.shown and game.status is GameStatus.ACTIVE:
                await self.pings.update(game, (), await self.languages.of_game(game))

    async def settle_away(self, game_id: int, user_id: int | None = None) -> None:
        """Brings the game in line with its players' time away (``user_id``'s, or every
        one's that has ended), as ``GameService.settle_away``, and shows it: the table
        says who is away until when and what the game does meanwhile, or who is back."""

        before: list[tuple[Seat, ...]] = []

        async def settling() -> Game:
            settled = await self.service.settle_away(game_id, user_id)
            if settled is None:
                raise AsItIs()
            game, seats = settled
            before.append(seats)
            return game

        async def show(game: Game) -> Recorded:
            headline = away_words.changed(game, before[0], await self.languages.of_game(game))
            return await self.show_current(game, headline)

        with contextlib.suppress(AsItIs):
            await self.change(game_id, settling, show)

    async def game_broken(self, game_id: int) -> None:
        """A game whose saved data is damaged can't go on: its clock stops (so its
        deadline stops firing), and its players are told."""
        game = await self.service.game(game_id)
        if not await self.service.stop_clock(game_id):
            return  # stopped and told already
        log.error("game %s is damaged (%s); its clock is stopped", game.id, game.broken)
        lang = await self.languages.of_server(game.guild_id)
        broken = GameBroken(face_for(game.kind).command)
        try:
            await self.places.post(game, content=f"⚠️ {lang.say(broken.words)}")
        except discord.HTTPException:
            log.info("could not tell game %s's players that it is damaged", game.id)

    async def _computer_step(self, game_id: int, step: Callable[[], Awaitable[Outcome]]) -> None:
        await self.move(game_id, step, self.show)

    async def show(self, outcome: Outcome) -> Answered:
        """A change nobody clicked for (a computer player's move, a time-out) is shown by
        the follower, on the game's table."""
        return Answered()

    async def answer(
        self, outcome: Outcome, lang: Language, interaction: discord.Interaction
    ) -> Answered:
        """A click's answer: when it was pressed on the game's table, that table as the
        move left it, edited through the click; otherwise the click is acknowledged. The
        table elsewhere, pings and hands follow."""
        game = outcome.game
        pressed = interaction.message
        on_table = pressed is not None and pressed.id == game.turn_message_id
        if on_table and pressed is not None and not await self._moved_on(game, pressed.id):
            card = await in_time(
                interaction, self.cards.card(game, headline_of(outcome, lang), outcome, lang)
            )
            await update_clicked(interaction, **edited(card))
            self._on_table[game.id] = (pressed.id, game.version)
        else:
            await acknowledge(interaction)
            self.answered_elsewhere(game.id, interaction)
        return Answered()

    def answered_in_hand(self, game: Game, seat: int, interaction: discord.Interaction) -> Answered:
        """A move made from a seat's hand, which its answer showed: the follower leaves
        that hand be at this version (what the move showed that seat alone stays)."""
        self.hands.answered(game, seat)
        return self.answered_elsewhere(game.id, interaction)

    def answered_elsewhere(self, game_id: int, interaction: discord.Interaction) -> Answered:
        """A move's presser was answered away from the table (their hand, a bare
        acknowledgement): if the table then can't follow, they are told the move counted."""
        self._asked[game_id] = interaction
        return Answered()

    async def show_current(self, game: Game, headline: str | None = None) -> Recorded:
        """Shows the game as it stands, on its own messages: for a change whose message
        never went out, or one made without a move (a takeover, someone leaving: what
        happened is ``headline``)."""
        if game.broken is not None:
            if game.status.is_open and game.deadline is not None:
                await self.game_broken(game.id)
            await self.places.strip_buttons(game)
            return {}
        if game.status is GameStatus.LOBBY:
            return await self.lobbies.show(game)
        adopted: Recorded = {}
        if game.turn_message_id is None and game.thread_id is None and game.lobby_message_id:
            # The start made the lobby the table, but a stop came before that was recorded.
            adopted = {"turn_message_id": game.lobby_message_id}
            game = placed(game, adopted)
        return adopted | await self._show_current(game, headline)

    async def _show_current(self, game: Game, headline: str | None) -> Recorded:
        lang = await self.languages.of_game(game)
        if game.status is GameStatus.CANCELLED:
            return await self.lobbies.show(game) | await self.close(game, headline, lang)
        assert game.state is not None
        try:
            last = await self.service.history.last_outcome(game.id, game)
        except Exception:
            log.warning("game %s's last move can't be replayed", game.id, exc_info=True)
            last = None
            headline = headline or lang.say(AS_IT_STANDS)
        if last is not None and not game.move_shown and headline is None:
            return await self.present(replace(last, game=game), lang)
        if headline is None:
            face = face_for(game.kind)
            headline = (
                shared_words.first_turn(game, lang) if last is None else face.happened(last, lang)
            )
        # Before the first move the lobby may not show the start yet.
        recorded = await self.lobbies.show(game) if last is None else await self._stub_over(game)
        game = placed(game, recorded)
        self.hands.want(game, last)
        recorded |= await self.show_table(game, self.cards.card(game, headline, last, lang))
        await self._after(placed(game, recorded), lang, before=game.pinged, recorded=recorded)
        return recorded

    async def present(self, outcome: Outcome, lang: Language) -> Recorded:
        """Shows a move on the game's table (unless a click's answer showed it there
        already), then pings whoever is newly to act and brings the live hands up to
        date."""
        game = outcome.game
        self.hands.want(game, outcome)
        if self._on_table.get(game.id) == (game.turn_message_id, game.version):
            recorded: Recorded = {}
        else:
            card = self.cards.card(game, headline_of(outcome, lang), outcome, lang)
            recorded = await self.show_table(game, card)
        recorded |= await self._stub_over(placed(game, recorded))
        rules = rules_for(game.kind)
        before = [game.seats[n].user_id for n in rules.to_act(outcome.before)]
        actor = game.seats[outcome.seat].user_id
        await self._after(
            placed(game, recorded),
            lang,
            before=[user for user in before if user is not None],
            actor=actor,
            recorded=recorded,
        )
        return recorded

    async def _stub_over(self, game: Game) -> Recorded:
        """A game played in its own thread has ended: the lobby it was started from, in
        the channel, says so rather than that the game is on."""
        if game.status is GameStatus.FINISHED and game.thread_id is not None:
            return await self.lobbies.show(game)
        return {}

    async def start(self, game: Game, interaction: discord.Interaction) -> Recorded:
        """The game has just started from its lobby (``interaction``, its Start): the
        lobby message becomes the table, or, where the game has a thread, says so while
        the table opens in the thread."""
        lang = await self.languages.of_game(game)
        card = self.cards.card(game, shared_words.first_turn(game, lang), None, lang)
        if game.thread_id is None and interaction.message is not None:
            await update_clicked(interaction, **edited(await in_time(interaction, card)))
            recorded: Recorded = {"turn_message_id": interaction.message.id}
        else:
            content, _ = await self.lobbies.message(game)
            await update_clicked(interaction, **content)
            recorded = await self.show_table(game, card)
        self.hands.want(game, None)
        await self._after(placed(game, recorded), lang, recorded=recorded)
        return recorded

    async def close(self, game: Game, headline: str | None, lang: Language) -> Recorded:
        """A game closed before its end: its table (when it had one apart from its lobby)
        shows it as it stood, saying why, without choices; its ping and hands go."""
        self.hands.want(game, None)
        if game.state is not None and game.turn_message_id is not None:
            words = headline or text.lobby_note(game, lang)
            await self.show_table(game, presenter.closed(game, words, lang))
        await self._after(game, lang)
        return {}

    async def show_table(self, game: Game, rendering: Awaitable[Card]) -> Recorded:
        """Puts the table up to date: edited in place, or, once the channel has moved on
        past it (and the server wants it), posted anew at the bottom and the old one
        deleted."""
        card = await rendering
        old = game.turn_message_id
        if old is not None and self._editable(game.id, old) and not await self._moved_on(game, old):
            try:
                channel = self.client.get_partial_messageable(game.place_id)
                await channel.get_partial_message(old).edit(**edited(card))
                self._on_table[game.id] = (old, game.version)
                self._edits_refused.pop(game.id, None)
                return {}
            except discord.NotFound:
                log.info("game %s's table is gone; posting it afresh", game.id)
            except discord.HTTPException as error:
                if error.code not in NOT_EDITABLE:
                    self._edits_refused.setdefault(game.id, self.clock.now())
                    raise
                log.info("game %s's table can't be edited (%s); posted anew", game.id, error.code)
        message = await self.places.post_table(game, **sent(card), nonce=nonce("t", game))
        self._on_table[game.id] = (message.id, game.version)
        self._edits_refused.pop(game.id, None)
        if old is not None:
            await self.places.delete(game, old)
        recorded: Recorded = {"turn_message_id": message.id}
        if message.channel.id != game.place_id:
            # Its thread was deleted or locked: the game plays in its channel now, where
            # its lobby no longer sends anyone to the thread.
            recorded["thread_id"] = None
            recorded |= await self.lobbies.show(placed(game, recorded))
        return recorded

    def _editable(self, game_id: int, table: int) -> bool:
        """Whether the table is edited in place rather than posted anew: not when it is
        nearly an hour old (Discord limits edits of older messages tightly, 30046), nor
        when its edits have failed for ``EDIT_REFUSED_FOR``."""
        now = self.clock.now()
        refused_since = self._edits_refused.get(game_id)
        if refused_since is not None and now - refused_since >= EDIT_REFUSED_FOR:
            log.info("game %s's table has been refused edits for a while; posted anew", game_id)
            return False
        return now - discord.utils.snowflake_time(table).timestamp() <= EDITED_FOR

    async def _moved_on(self, game: Game, table: int) -> bool:
        settings = await self.settings.get(game.guild_id)
        if not settings.move_table:
            return False
        ignoring = () if game.ping_message_id is None else (game.ping_message_id,)
        return await self.places.tails.moved_on(game.place_id, table, ignoring)

    async def _after(
        self,
        game: Game,
        lang: Language,
        before: Sequence[int] = (),
        actor: int | None = None,
        recorded: Recorded | None = None,
    ) -> None:
        """What follows a change shown on the table (where ``recorded`` says it now is):
        pings, computer players."""
        try:
            if recorded and "turn_message_id" in recorded:
                game = await self.pings.relink(game, lang)
            game = await self.pings.update(game, before, lang, actor)
        except discord.HTTPException as error:
            raise FollowUpsBehind(recorded or {}, error) from error
        if not game.status.is_open:
            self.let_go(game.id)
        elif computer_to_move(game, self.clock.now()):
            self.computer.play(game)

    def let_go(self, game_id: int) -> None:
        """The game is over and shown: nothing of it is kept in memory any more (its
        pings, log lines, hands, last move and position are read again if ever asked
        for)."""
        self.pings.forget(game_id)
        self.logs.forget(game_id)
        self._on_table.pop(game_id, None)
        self._edits_refused.pop(game_id, None)
        self.hands.forget(game_id)
        self.service.history.forget(game_id)

    async def _remind(self, game_id: int, version: int) -> None:
        """Someone playing along has not moved within the server's ping delay."""
        try:
            # Held for its show too: a ping it posts is not taken for a stray meanwhile.
            async with (
                self.work.admitted(),
                self.locks.hold(game_id),
                self.displays.hold(game_id),
            ):
                game = await self.service.game(game_id)
                if self.leases.holds(game.guild_id):
                    await self.pings.remind_now(game, version, await self.languages.of_game(game))
        except Stopping:
            log.info("a held ping of game %s waits for the restart", game_id)
        except Exception as error:
            if not expected(error):
                raise
            # Whoever is to act has the table in front of them; they are not pinged later.
            log.warning("a held ping of game %s did not go out: %s", game_id, error)


def computer_to_move(game: Game, now: float) -> bool:
    """Whether a computer player is to act in the game now (for a seat of its own, or
    standing in for someone away)."""
    return game.status is GameStatus.ACTIVE and any(
        s.is_bot or stands_in(s, now) for s in presenter.acting(game)
    )
