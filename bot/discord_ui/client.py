"""The Discord client: opens the database, builds the live table and every feature
(``bot.discord_ui.part_registry``), hands each press, command and event to the
feature that declared it, and syncs every game's command group."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import socket
import time
from collections.abc import Sequence
from typing import Any

import discord
import yarl

from bot.background.lease_keeper import LeaseKeeper
from bot.background.pace_keeper import PaceKeeper
from bot.background.stopping import WorkInFlight
from bot.clock import Clock, SystemClock
from bot.discord_ui.command_translator import CommandTranslator
from bot.discord_ui.command_tree import GameCommandTree
from bot.discord_ui.commands import all_commands
from bot.discord_ui.components import Pressable, shown_controls
from bot.discord_ui.context import Context
from bot.discord_ui.departures import Departures
from bot.discord_ui.discord_refusals import expected
from bot.discord_ui.game_events import GameEvents
from bot.discord_ui.global_pace import GlobalPace, wrapper
from bot.discord_ui.interactions import guarded
from bot.discord_ui.live_table import LiveTable
from bot.discord_ui.message_hooks import MessageHooks
from bot.discord_ui.owed_messages import OwedPosts
from bot.discord_ui.part import Parts, drawing
from bot.discord_ui.part_registry import discovered
from bot.discord_ui.replay_steps import ReplaySteps
from bot.discord_ui.watched import count_games, shards_health
from bot.discord_ui.wrapped_requests import wrap_requests
from bot.games.painters import PAINTERS, Figures
from bot.long_lived import keep_for_good
from bot.metrics.endpoint import Health, MetricsEndpoint
from bot.metrics.figures import Metrics, counting
from bot.metrics.requests import RequestCounts
from bot.service import GameService, GuildSettingsService, ServiceError, feature_registry
from bot.service.pace_grants import PaceGrants
from bot.service.shard_leases import ShardLeases, process_name
from bot.settings import Settings, SettingsError
from bot.storage import Database
from bot.storage.database import shown
from bot.storage.opening import open_database
from bot.storage.shards import Shards
from i18n import Message

log = logging.getLogger("claimit")

IDENTIFY_INTERVAL = 5.0
"""Seconds between two identifies of one bucket (Discord's rule)."""

UNKNOWN_BUTTON = Message("That button isn't one of mine (or it is damaged), so nothing happened.")
MISMATCHED = Message("That press doesn't match the button or menu it names, so nothing happened.")


def use_discord_at(base_url: str) -> None:
    """Points discord.py at a Discord-compatible server (the local emulator) instead of Discord."""
    discord.http.Route.BASE = base_url.rstrip("/") + "/api/v10"
    gateway = yarl.URL(base_url.rstrip("/")).with_path("/gateway")
    scheme = "wss" if gateway.scheme == "https" else "ws"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway.with_scheme(scheme)


class GameBot(discord.AutoShardedClient):
    """The bot in one process: every shard of it (by default), or the shards the settings
    give it, while other processes sharing its PostgreSQL database run the others."""

    service: GameService
    table: LiveTable
    events: GameEvents
    parts: Parts
    leases: ShardLeases
    lease_keeper: LeaseKeeper
    pace_grants: PaceGrants
    pace_keeper: PaceKeeper
    owed: OwedPosts

    def __init__(
        self,
        settings: Settings,
        *,
        dice: random.Random | None = None,
        clock: Clock | None = None,
        guild_ready_timeout: float = 2.0,
        long_lived: bool = False,
    ) -> None:
        """``long_lived``: the process's own bot, which keeps what it prepared for as long
        as the process runs (``bot.long_lived``); a test's bot leaves its process be."""
        self._long_lived = long_lived
        # The bot never joins voice, so discord.py's warnings about voice
        # libraries would only be noise in every start-up.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        self.metrics = None if settings.metrics_port is None else Metrics()
        """What an operator can watch, when the settings serve it."""
        self.pace = GlobalPace(metrics=self.metrics)
        """This process's requests kept within its share of Discord's global limit."""
        super().__init__(
            # Members is a privileged intent: only asked for when the operator enabled
            # it in the developer portal, so that departures are handled at once.
            # Guild messages (not their content, a privileged intent) tell a game's
            # table that its channel has moved on past it. Voice states (not privileged)
            # say who is in a voice channel, whom a game night there invites: discord.py
            # keeps them, and the members in voice, in its cache.
            intents=discord.Intents(
                guilds=True,
                guild_messages=True,
                voice_states=True,
                members=settings.member_events,
            ),
            # The bot needs no member list (a departure event, or a fetch at a deadline,
            # is enough): asking Discord for every server's members would only slow
            # every start, and on_ready waits for it.
            chunk_guilds_at_startup=False,
            # Nothing reads discord.py's cache of recent messages (the features listen
            # to the raw events), which costs a search of up to a thousand messages at
            # every deletion.
            max_messages=None,
            allowed_mentions=discord.AllowedMentions.none(),
            guild_ready_timeout=guild_ready_timeout,
            shard_count=settings.shard_count,
            # None (every shard) is discord.py's own default, which its hint leaves out.
            shard_ids=None if settings.shards is None else sorted(settings.shards),  # type: ignore[arg-type]
        )
        counts = None if self.metrics is None else RequestCounts(self.metrics)
        wrap_requests(self, wrapper(self.pace, counts))
        self.settings = settings
        self._dice = dice
        self._clock = clock or SystemClock()
        self._database: Database | None = None
        self._resuming: asyncio.Task[Any] | None = None
        self._identified_at: dict[int, float] = {}
        self._max_concurrency = 1
        self.work = WorkInFlight()
        """Clicks, commands and background changes under way, which a stop waits for."""
        self._stopping: asyncio.Task[None] | None = None
        self._painting = False
        self.endpoint: MetricsEndpoint | None = None
        self.tree = GameCommandTree(self, board=settings.activity_port is not None)
        self._declared = discovered()
        for group in all_commands(self._declared):
            self.tree.add_command(group)

    async def setup_hook(self) -> None:
        # Whatever this bot starts from here on counts into its own figures.
        counting(self.metrics)
        await self._serve_metrics()
        # First: its processes take a moment to start, and the shard leases taken below
        # must be renewed before they run out.
        await PAINTERS.start(self.settings.render_processes)
        self._painting = True
        # The features' tables join the schema as they are found, before it is made.
        feature_registry.discovered()
        self._database = await open_database(self.settings.database)
        if self.settings.shards is not None and not self._database.shared:
            raise SettingsError(
                "CLAIMIT_SHARDS runs some of the bot's shards in this process and the others "
                "in other processes, which must share a PostgreSQL database: set the "
                "database to a postgresql:// URL"
            )
        # Before the next request: alone, the process holds the whole budget at once.
        holder = process_name()
        self.pace_grants = PaceGrants(self._database, self.pace, holder=holder)
        await self.pace_grants.start()
        self.pace_keeper = PaceKeeper(self.pace_grants)
        self.pace_keeper.start()
        count, own = await self._shards()
        self.leases = ShardLeases(
            self._database,
            count=count,
            own=own,
            lease=self.settings.takeover_seconds,
            holder=holder,
        )
        # Before any interaction can arrive: this process's own shards, and whatever their
        # games' messages are behind (left by a stop) is caught up once connected.
        await self.leases.start()
        self.service = GameService(self._database, dice=self._dice, clock=self._clock.now)
        settings = GuildSettingsService(self._database)
        hooks = MessageHooks(drawing(self._declared))
        self.events = GameEvents(expected)
        self.table = LiveTable(
            self.service,
            settings,
            self,
            self.settings.bot_pause,
            self._clock,
            self.leases,
            self.work,
            hooks,
            self.events,
        )
        self.owed = OwedPosts(self, self.service.owed, lambda: self.leases.holder, self._clock)
        self.lease_keeper = LeaseKeeper(self.leases, _TakingOver(self))
        self._behind = await self.service.messages.games_not_shown(self.leases.shards)
        table = self.table
        context = Context(
            service=self.service,
            games=table,
            places=table.places,
            lobbies=table.lobbies,
            languages=table.languages,
            hands=table.hands,
            departures=Departures(self.service, table, self, self._clock),
            settings=settings,
            client=self,
            clock=self._clock,
            database=self._database,
            leases=self.leases,
            work=self.work,
            watched=table,
            hooks=hooks,
            owed=self.owed,
            replays=ReplaySteps(self.service),
            conversations=table.conversations,
            board=self.settings.activity_port is not None,
        )
        self.parts = Parts(self._declared, context, hooks, self.events)
        await self.parts.prepare()
        await self.tree.set_translator(CommandTranslator())
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        if self._long_lived:
            keep_for_good()

    async def _serve_metrics(self) -> None:
        """The metrics endpoint, when a port is set: ``/healthz`` says 503 until ready."""
        if self.metrics is None:
            return
        self.endpoint = MetricsEndpoint(self.metrics, self._health, self._count_games)
        host, port = self.settings.metrics_host, self.settings.metrics_port
        assert port is not None
        try:
            await self.endpoint.start(host, port)
        except socket.gaierror as error:
            raise SettingsError(
                f"CLAIMIT_METRICS_HOST {host} is no address this machine can listen on "
                f"({error.strerror}); set one of its addresses, such as 127.0.0.1, or 0.0.0.0"
            ) from error
        except OSError as error:
            why = os.strerror(error.errno) if error.errno else str(error)
            raise SettingsError(
                f"CLAIMIT_METRICS_PORT {port} can't be listened on at {host} ({why}); "
                "set another port, or 0 for any free one"
            ) from error

    def _health(self) -> Health:
        own = self.leases.own if hasattr(self, "leases") else frozenset[int]()
        # A stopping bot takes no new work, though it stays connected while it drains.
        serving = self.is_ready() and self._stopping is None
        return shards_health(serving, own, self.shards)

    async def _count_games(self) -> None:
        if self.metrics is not None and self._database is not None and hasattr(self, "leases"):
            await count_games(self._database, self.leases.shards, self.metrics)

    async def _shards(self) -> tuple[int, frozenset[int]]:
        """The bot's shard count and this process's shards; asks Discord for the count it
        recommends (and how many shards may identify at once) when none is set."""
        count, _, limits = await self.http.get_bot_gateway()
        self._max_concurrency = max(1, int(limits.get("max_concurrency", 1)))
        if self.settings.shard_count is not None:
            count = self.settings.shard_count
        self.shard_count = count
        own = frozenset(range(count)) if self.settings.shards is None else self.settings.shards
        return count, own

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Discord lets ``max_concurrency`` shards identify every 5 seconds, one from each
        bucket (the shard id modulo it): a shard waits only for its own bucket."""
        loop = asyncio.get_running_loop()
        bucket = (shard_id or 0) % self._max_concurrency
        last = self._identified_at.get(bucket)
        if last is not None:
            await asyncio.sleep(max(0.0, last + IDENTIFY_INTERVAL - loop.time()))
        self._identified_at[bucket] = loop.time()

    async def on_ready(self) -> None:
        """Connected: the features' background work starts, then the table catches up the games
        of this process's shards, then the features do their part of the start."""
        # discord.py runs this after it has said it is ready: a stop may have begun since.
        if self.work.stopping:
            return
        assert self.user is not None
        log.info(
            "claimit ready as %s (%s) in %d servers (shards %s of %d), database %s",
            self.user.name,
            self.user.id,
            len(self.guilds),
            ", ".join(map(str, sorted(self.leases.own))),
            self.leases.count,
            shown(self.settings.database),
        )
        # Each game on its own: one that can't go on holds up no other.
        self.owed.start()
        self.parts.start()
        self.table.reconciler.start(self._behind)
        self.lease_keeper.start()
        # A stop right after the start must not close the database under this.
        self._resuming = asyncio.current_task()
        try:
            await self.table.resumption.resume(self.leases.shards)
            await self.owed.taken_over(self.leases.shards)
            await self.parts.resumed(self.leases.shards)
        finally:
            self._resuming = None

    async def on_message(self, message: discord.Message) -> None:
        """Keeps each channel's newest message, to tell when the channel moves on past a game's
        table."""
        if hasattr(self, "table"):
            self.table.places.tails.seen(message.channel.id, message.id)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """A deleted message is no longer its channel's newest (the features that care hear of it
        too)."""
        if hasattr(self, "table"):
            self.table.places.tails.gone(payload.channel_id, payload.message_id)

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Hands each of Discord's events to the features that listen to it too (their
        ``on_<event>`` methods), each in its own task, as discord.py runs its own."""
        if event_name == "interaction" and self.metrics is not None:
            interaction = args[0]
            self.metrics.answers.arrived(interaction.id, interaction.token, interaction.type.name)
        super().dispatch(event_name, *args, **kwargs)
        if hasattr(self, "parts"):
            for listener in self.parts.listeners(event_name):
                self._schedule_event(listener, f"on_{event_name}", *args, **kwargs)

    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        """A channel's overwrites may have given back a permission the bot was missing."""
        self._permissions_may_be_back()

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        """A role's permissions may have given back one the bot was missing."""
        self._permissions_may_be_back()

    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        """The bot's own roles may have given back a permission it was missing."""
        if self.user is not None and after.id == self.user.id:
            self._permissions_may_be_back()  # the bot's own roles changed

    def _permissions_may_be_back(self) -> None:
        """A channel's overwrites or a role changed: a permission the bot was missing may
        be back, so the games whose messages fell behind are tried now, not at their
        backoff (which grows to minutes)."""
        if hasattr(self, "table"):
            self.table.reconciler.retry_all_now()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every press: read back from its custom_id alone and handed to the feature that
        takes it (discord.py's own dispatch of a ``DynamicItem`` would first rebuild a view
        of the whole pressed message, at every press). One that is none of the bot's, or
        sent as the wrong kind of control, is refused; one the pressed message doesn't
        show (a stale client's, or a hand-made id) goes to its feature marked so."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        pressed = _parse_component(custom_id, self.parts.components)
        shown = shown_controls(interaction.message)
        if pressed is None:
            await guarded(interaction, _refused(UNKNOWN_BUTTON))
            return
        if (data.get("component_type"), custom_id) not in shown:
            if custom_id in {shown_id for _, shown_id in shown}:
                # A button's custom_id sent as a menu's pick, or the other way round: no
                # client of Discord's sends that.
                await guarded(interaction, _refused(MISMATCHED))
                return
            pressed.shown = False
        await guarded(interaction, self.parts.press(interaction, pressed))

    async def close(self) -> None:
        """Stops gracefully: new clicks and commands are answered that the bot is
        restarting, the work under way finishes (for at most ``CLAIMIT_STOP_SECONDS``),
        background work stops, the shard leases go at once (another process takes the
        games' background work over now rather than at the lease's end), then the
        gateway and the database close."""
        if self._stopping is None:
            # At once, not in the task: nothing (a late on_ready) may start meanwhile.
            running = self.work.running
            self.work.stop()
            self._stopping = asyncio.create_task(self._stop(running))
        await self._stopping

    async def _stop(self, running: int) -> None:
        started = time.monotonic()
        try:
            cut_off, released = await self._stop_work(started)
        finally:
            # Whatever failed or was cancelled above, the picture processes stop with the
            # bot: left running, they would outlive it and the event loop they answer on.
            try:
                pictures = await self._stop_painting()
            finally:
                # Stopped already unless what came before it failed.
                if self.endpoint is not None:
                    await self.endpoint.stop()
        if not hasattr(self, "table"):
            return  # it never started: the reason it could not is the one line to read
        log.info(
            "claimit stopped in %.2f s (%d %s running, %s cut off%s); %d pictures made "
            "(%d of them made before), %.0f%% of their bands taken as drawn before",
            time.monotonic() - started,
            running,
            "action was" if running == 1 else "actions were",
            cut_off or "none",
            released,
            pictures.pictures,
            pictures.again,
            100 * pictures.cached_share,
        )

    async def _stop_work(self, started: float) -> tuple[int, str]:
        """Everything but the pictures, in order: the clicks cut off and what became of
        the shard leases."""
        if self._resuming is not None and self._resuming is not asyncio.current_task():
            self._resuming.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._resuming
        cut_off = await self.work.finished(self.settings.stop_seconds)
        if hasattr(self, "table"):
            await self.lease_keeper.stop()
            await self.parts.stop()
            await self.service.stop_features()
            await self.owed.stop()
            await self.events.stop()
            await self.table.follower.stop()
            await self.table.hands.follower.stop()
            await self.table.reconciler.stop()
            await self.table.computer.stop()
            await self.table.pings.stop()
        released = ""
        if hasattr(self, "leases"):
            held = sorted(self.leases.shards.ids)
            try:
                await self.leases.release()
            except Exception as error:
                released = f"; the shard leases could not be released ({error})"
            else:
                released = f"; shards {', '.join(map(str, held))} released" if held else ""
        for shard in self.shards.values():
            await shard.disconnect()
        # Clicks that came in until the gateway closed are told the bot is restarting.
        left = max(0.0, self.settings.stop_seconds - (time.monotonic() - started))
        cut_off += await self.work.finished(left)
        await super().close()
        released += await self._release_pace()
        # Before the database: a scrape counts the games in it.
        if self.endpoint is not None:
            await self.endpoint.stop()
        if self._database is not None:
            await self._database.close()
            self._database = None
        return cut_off, released

    async def _release_pace(self) -> str:
        """This process's share of Discord's global limit handed to the others, once it
        makes no more requests (its HTTP session closed); what went wrong, if anything."""
        if not hasattr(self, "pace_keeper"):
            return ""
        await self.pace_keeper.stop()
        try:
            await self.pace_grants.release()
        except Exception as error:
            return f"; its share of Discord's global limit could not be handed on ({error!r})"
        return ""

    async def _stop_painting(self) -> Figures:
        """The picture processes stopped (the last bot of this process to stop ends
        them), and the pictures they made."""
        if not self._painting:
            return Figures()
        self._painting = False
        try:
            return await PAINTERS.figures()
        finally:
            await PAINTERS.stop()


def _parse_component(
    custom_id: str, components: Sequence[type[Pressable[Any]]]
) -> Pressable[Any] | None:
    """The component a custom_id names, or ``None`` if it is not one of ours."""
    for cls in components:
        match = cls.pattern.fullmatch(custom_id)
        if match:
            return cls.parse(match)
    return None


async def _refused(words: Message) -> None:
    """A press the bot takes nothing from: refused, as ``guarded`` refuses."""
    raise ServiceError(words)


class _TakingOver:
    """What hears of the shards this bot gains and of the database back: the table shows
    their games, and what their features owe goes out here from now on."""

    def __init__(self, bot: GameBot) -> None:
        self._bot = bot

    def database_back(self) -> None:
        self._bot.table.database_back()

    async def take_over(self, shards: Shards) -> None:
        await self._bot.table.resumption.take_over(shards)
        await self._bot.owed.taken_over(shards)
        await self._bot.parts.resumed(shards)

    async def show_unshown(self) -> None:
        await self._bot.table.resumption.show_unshown()
