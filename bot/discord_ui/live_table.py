"""The live table every feature of the Discord layer changes a game through
(``bot.discord_ui.context.Games``): a feature asks for a change (the service's operation
with its arguments) saying how it is to show (``table_asks``); the table runs it, shows it
(``TableUpdates``) and returns, and brings a game's messages up to date when they fell
behind.

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
shown whole (a lobby's, someone leaving) is made once the show under way is done. A
change committed but not shown goes to the reconciler, which shows the game's current
state later; so nobody is told "nothing changed" after a commit.
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TypeVar

import discord

from bot.background.computer_players import ComputerPlayers
from bot.background.game_locks import GameLocks, Openings
from bot.background.reconciler import MessageReconciler
from bot.background.stopping import Stopping, WorkInFlight
from bot.background.table_follower import TableFollower
from bot.clock import Clock
from bot.discord_ui import away_words
from bot.discord_ui.card_layout import Card
from bot.discord_ui.conversations import Conversations, place_of
from bot.discord_ui.discord_refusals import expected, forbidden, nowhere, refusal
from bot.discord_ui.game_events import GameEvents
from bot.discord_ui.game_log import GameLogs
from bot.discord_ui.game_messages import (
    NOTHING_NEWER,
    Answered,
    FollowUpsBehind,
    GameMessages,
    Recorded,
    placed,
)
from bot.discord_ui.interaction_answers import in_time, tell, unanswerable
from bot.discord_ui.interactions import deferral
from bot.discord_ui.live_hands import LiveHands
from bot.discord_ui.lobby_messages import LobbyMessages
from bot.discord_ui.message_hooks import MessageHooks
from bot.discord_ui.permission_notices import PermissionNotices
from bot.discord_ui.pings import TurnPings
from bot.discord_ui.public_languages import PublicLanguages
from bot.discord_ui.table_asks import On, Shows
from bot.discord_ui.table_cards import TableCards
from bot.discord_ui.table_memory import TableMemory
from bot.discord_ui.table_resumption import TableResumption
from bot.discord_ui.table_updates import TableUpdates
from bot.discord_ui.turn_notices import TurnNotices
from bot.games.outcome import Outcome
from bot.service import GameService, GuildSettingsService
from bot.service.errors import AsItIs
from bot.service.shard_leases import ShardLeases
from bot.storage import CommitUnknown, Game, GameStatus, Seat
from i18n import Language

log = logging.getLogger(__name__)

Changed = TypeVar("Changed", Game, Outcome)


class LiveTable:
    """The one live table every feature changes a game through (``Games``): the change is
    made and answered while the game is held, then shown, edited in place or moved to the
    bottom, with its ping and hands following."""

    def __init__(
        self,
        service: GameService,
        settings: GuildSettingsService,
        client: discord.Client,
        bot_pause: float,
        clock: Clock,
        leases: ShardLeases,
        work: WorkInFlight,
        hooks: MessageHooks,
        events: GameEvents,
    ) -> None:
        self.service = service
        self.settings = settings
        self.client = client
        self.leases = leases
        """Whose each game's background work is: this process does only its shards'."""
        self.work = work
        """Background changes are admitted here (interactions are, by ``guarded``)."""
        self.state = TableMemory(clock)
        self.locks = GameLocks(self.state.unheld)
        """Held while a game is changed and its clicker answered."""
        self.openings = Openings()
        """Held while a game is made and shown by its maker; catch-ups wait for them."""
        # A move kept for its show is stale once anything else changed the game here.
        service.watchers.append(self.state.changed)
        self.displays = GameLocks(self.state.let_go)
        """Held while a game's messages are shown: one show of a game at a time."""
        self.events = events
        self.conversations = Conversations(client, service.conversations, clock)
        self.places = GameMessages(client, service)
        self.languages = PublicLanguages(settings, client)
        self.lobbies = LobbyMessages(
            settings, self.languages, self.places, hooks, self.conversations
        )
        self.notices = PermissionNotices(client, self.languages.of_game)
        self.logs = GameLogs(service)
        self.cards = TableCards(self.logs, clock, hooks)
        self.clock = clock
        self.hands = LiveHands(client, service, clock, work, expected, hooks.drawing)
        notices = TurnNotices(
            service.players, client, clock, self.hands.hand_card, hooks, service.conversations
        )
        self.pings = TurnPings(service, settings, self.places, clock, self._remind, notices, hooks)
        self.reconciler = MessageReconciler(self.catch_up, clock, expected)
        self.follower = TableFollower(self._follow, self._not_followed, expected)
        self.computer = ComputerPlayers(
            service, self._computer_step, bot_pause, leases.holds, self.follower.settled, clock
        )
        self.updates = TableUpdates(
            service,
            settings,
            client,
            clock,
            self.places,
            self.languages,
            self.lobbies,
            self.logs,
            self.cards,
            self.hands,
            self.pings,
            self.computer,
            self.state,
            events,
            self.conversations,
        )
        """How each change is shown."""
        self.resumption = TableResumption(self.updates, leases, self.reconciler, self.displays)
        """Its games brought up to date where this process takes them on."""

    async def change(
        self,
        game_id: int,
        made: Callable[[], Awaitable[Game]],
        shows: Shows,
        interaction: discord.Interaction | None = None,
    ) -> Game:
        """Makes a change (``made``: the service's operation with its arguments) and shows
        it whole, as ``shows`` says, while holding the game (a lobby's, someone leaving:
        rare, and shown at once where they happen). A refusal (``ServiceError``) changed
        nothing and propagates; a change that could not be shown is left to the
        reconciler, and the person who asked is told it counted."""
        async with self.changed(game_id, made, shows, interaction) as game:
            return game

    async def move(
        self,
        game_id: int,
        made: Callable[[], Awaitable[Outcome]],
        on: On,
        interaction: discord.Interaction | None = None,
    ) -> Outcome:
        """Makes a move and answers whoever made it (``on`` where they pressed) while
        holding the game; the rest of the server is shown it once the game is let go
        (``TableFollower``), so that the next move need not wait for the channel's limits.
        Refusals as ``change``."""
        if on is On.HAND and interaction is not None and not place_of(interaction).direct:
            made = functools.partial(self._from_live_hand, game_id, interaction, made)
        answer = functools.partial(self.updates.answer_move, on=on, interaction=interaction)
        moving: contextlib.AbstractAsyncContextManager[Outcome]
        moving = self._changing(game_id, made, answer, interaction, whole=False)
        async with moving as outcome:
            return outcome

    def changed(
        self,
        game_id: int,
        made: Callable[[], Awaitable[Game]],
        shows: Shows,
        interaction: discord.Interaction | None = None,
    ) -> contextlib.AbstractAsyncContextManager[Game]:
        """As ``change``, the game still held within, for an answer of the asker's own
        drawn from the change (an invitation's): part of the change's show, which the
        table follows and whose failure the asker is told of as a show's."""
        show = functools.partial(self.updates.show_change, shows=shows, interaction=interaction)
        return self._changing(game_id, made, show, interaction, whole=True)

    async def announce(self, game: Game, interaction: discord.Interaction) -> None:
        """A lobby just made (while ``opening``), as its command's answer, shown whole while
        holding it as a change is."""
        show = functools.partial(self.updates.announce, interaction=interaction)
        made = functools.partial(_as_made, game)
        async with self._changing(game.id, made, show, interaction, whole=True):
            pass

    async def _from_live_hand(
        self,
        game_id: int,
        interaction: discord.Interaction,
        made: Callable[[], Awaitable[Outcome]],
    ) -> Outcome:
        """A move pressed in a hand a newer one replaced is refused (``HandReplaced``)."""
        await self.hands.require_live(game_id, interaction)
        return await made()

    @contextlib.asynccontextmanager
    async def _changing(
        self,
        game_id: int,
        change: Callable[[], Awaitable[Changed]],
        show: Callable[[Changed], Awaitable[Recorded | Answered]],
        interaction: discord.Interaction | None,
        *,
        whole: bool,
    ) -> AsyncIterator[Changed]:
        """The change made and shown while holding the game, then handed to the caller, once
        whether or not its show failed: what the caller does with it is part of the show
        (an answer of its own), the game still held, and its failure is the show's."""
        yielded, waiting = False, deferral(interaction)
        async with contextlib.AsyncExitStack() as holding:
            await holding.enter_async_context(self.work.admitted())
            await holding.enter_async_context(self.locks.hold(game_id, waiting))
            if whole:
                # A show under way may yet record where its messages went (a ping): read
                # before that, they would be posted again and the first left behind.
                await holding.enter_async_context(self.displays.hold(game_id, waiting))
            else:
                self.state.moving(game_id)
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
                shown = await show(changed)
                yielded = True
                yield changed
                if isinstance(shown, Answered):
                    if shown.recorded:
                        await self.service.messages.mark_shown(
                            game.id, NOTHING_NEWER, shown.recorded
                        )
                    # Wanted while the game is held, so that whoever waits for the game
                    # to settle finds its show wanted once they hold it; the hands at
                    # once, not behind a table show waiting on the channel.
                    self.state.moved(placed(game, shown.recorded))
                    self.follower.want(game.id)
                    if isinstance(changed, Outcome):
                        self.hands.want(game, changed)
                else:
                    await self.service.messages.mark_shown(game.id, game.version, shown)
                    self._shown(placed(game, shown))
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
            if not yielded:
                yield changed

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
        if forbidden(error) and not game.interaction_only:
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
        asked = self.state.asker(game_id)
        # The rest of a change already admitted: a stop that began meanwhile waits for it.
        async with self.work.answering():
            await self._catch_up(game_id, late=False)
        if asked is not None:
            self.state.told(game_id, asked)

    async def _not_followed(self, game_id: int, error: Exception) -> None:
        """The follower could not show a move: the reconciler tries again, and whoever made
        it without seeing the table take it is told that it counted."""
        self.reconciler.retry(game_id)
        interaction = self.state.take_asker(game_id)
        if interaction is None or isinstance(error, FollowUpsBehind):
            return  # the table shows it; only its ping or hands are behind
        try:
            await tell(interaction, refusal(error, interaction))
        except Exception:
            log.info("could not tell %s that their move counted", interaction.user.id)

    async def catch_up(self, game_id: int) -> None:
        """Shows a game's current state wherever its messages are behind it: a change that
        was not shown when it was made (a failure, a stop), so a turn message posted now
        starts its player's time now. It waits for a change being made to the game, and
        for the games being made here: a lobby just opened, whose answer is on its way,
        would otherwise be posted twice."""
        async with self.work.admitted():
            await self.openings.settled()
            async with self.locks.hold(game_id):
                await self._catch_up(game_id, late=True)

    def opening(self) -> contextlib.AbstractAsyncContextManager[None]:
        """Held by whoever makes a game and shows it, from before it is saved until it is
        shown: the catch-ups that begin meanwhile wait for it (``Openings``)."""
        return self.openings.opening()

    async def _catch_up(self, game_id: int, *, late: bool) -> None:
        async with self.displays.hold(game_id):
            # The follower's show of a move made here (``TableMemory.committed``) has it.
            kept = None if late else self.state.committed(game_id)
            game = kept or await self.service.game(game_id)
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
                    recorded = await self.updates.show_current(game)
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
                recorded = None
                self.events.place_unknown(game.id)
            except discord.Forbidden:
                if not game.interaction_only:
                    await self.notices.cannot_show(game)
                raise
            # A new turn message means its player is only now asked to move.
            posted = (
                late
                and game.status is GameStatus.ACTIVE
                and recorded is not None
                and "turn_message_id" in recorded
            )
            await self.service.messages.mark_shown(
                game.id, game.version, recorded or {}, turn_posted_late=posted
            )
        if recorded is None:
            self.notices.shown(game.id)
            self.reconciler.shown(game.id)
        else:
            self._shown(placed(game, recorded))

    def _shown(self, game: Game) -> None:
        """The game's messages show it as it stands, and that is recorded: whatever waited
        for it to be shown is let go, and the features following games hear of it."""
        self.notices.shown(game.id)
        self.reconciler.shown(game.id)
        self.events.shown(game)

    async def _tidy(self, game: Game, *, tables: bool) -> None:
        """Once the game is shown, deletes what Discord made of it that was never recorded:
        its stray tables (looked for when ``tables``), and where a post of it may have
        been made unrecorded (the reconciler is ``unsure``), its tables, pings and turn
        notices."""
        unsure = self.reconciler.unsure(game.id)
        # The bot reads no conversation: its one message there is all it made of it.
        if game.state is not None and (tables or unsure) and not game.interaction_only:
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
            return await self.updates.show_current(game, headline)

        with contextlib.suppress(AsItIs):
            async with self._changing(game_id, settling, show, None, whole=True):
                pass

    async def _computer_step(self, game_id: int, step: Callable[[], Awaitable[Outcome]]) -> None:
        await self.move(game_id, step, On.TABLE)

    @contextlib.asynccontextmanager
    async def held(
        self,
        game_id: int,
        interaction: discord.Interaction | None = None,
        *,
        admitted: bool = False,
    ) -> AsyncIterator[None]:
        """Holds the game and its show: nothing changes or shows it meanwhile. A press
        waiting for it is acknowledged if the wait is long (``interaction``); background
        work is ``admitted`` as such, so that a stop waits for it."""
        async with contextlib.AsyncExitStack() as holding:
            if admitted:
                await holding.enter_async_context(self.work.admitted())
            await holding.enter_async_context(self.locks.hold(game_id, deferral(interaction)))
            # A show under way (its picture drawn) is waited for too, within the same time.
            await holding.enter_async_context(self.displays.hold(game_id, deferral(interaction)))
            yield

    async def show_afresh(
        self, game: Game, headline: str | None = None, recorded: Recorded | None = None
    ) -> None:
        """Shows the game as it stands where its messages now are (``recorded``: moved
        there already), while it is held, and records it shown."""
        recorded = (recorded or {}) | await self.updates.show_current(game, headline)
        await self.service.messages.mark_shown(game.id, game.version, recorded)
        self._shown(placed(game, recorded))

    def end(self, game: Game, last: Outcome | None = None) -> None:
        """The game is over and shown (``TableUpdates.end``)."""
        self.updates.end(game, last)

    async def game_broken(self, game_id: int) -> None:
        """A game whose saved data is damaged stops (``TableUpdates.game_broken``)."""
        await self.updates.game_broken(game_id)

    def showing(self, game_id: int) -> bool:
        """Whether a change of the game is being made or shown here now (``ShowsGames``)."""
        return self.locks.busy(game_id) or self.follower.busy(game_id)

    def later(self, game_id: int) -> None:
        """The game's messages are behind it: the reconciler shows it later, ever later."""
        self.reconciler.retry(game_id)

    async def card(self, game: Game, headline: str, last: Outcome | None, lang: Language) -> Card:
        """The game's table (or result) as a card under ``headline``."""
        return await self.cards.card(game, headline, last, lang)

    async def log_lines(self, game: Game, lang: Language) -> list[str]:
        """Everything that happened in the game, a line each."""
        return await self.logs.lines(game, lang)

    async def relink_ping(self, game: Game, lang: Language) -> Game:
        """The table moved: the ping (if any) links to where it now is."""
        return await self.pings.relink(game, lang)

    async def remind_before_end(self, game: Game, lang: Language) -> Game:
        """A long turn ends soon: whoever must act is pinged afresh."""
        return await self.pings.remind_before_end(game, lang)

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


async def _as_made(game: Game) -> Game:
    """A game made before it was held (a new lobby), as the change its show follows."""
    return game
