"""A local stand-in for Discord's REST API and gateway, for the real discord.py client.

It serves on loopback, keeps every message, lets a test act as any member (chat, run a
slash command, click a button, open the app's Activity), and enforces what Discord
enforces but discord.py does not: every request as Discord's own description of its
API says (``request_schemas``), the 3-second first response, the 15-minute interaction
token, message limits (``limits``), attachment size, ephemeral visibility and the bot's
channel permissions; and it rate-limits requests as Discord does (``rate_limits``). A
test can make routes fail (``DiscordEmulator.fail``), and have every answer held to the
description (``check_answers``).

``DiscordEmulator`` puts together parts with one job each: what Discord holds
(``world``), its HTTP routes (``rest``), its sharded gateway (``gateway``), a test
acting as members (``members``), the message events the gateway sends
(``message_events``), the world kept in a folder (``persistence``), and Discord's part
for the app's Activity: users' OAuth2 authorizations of the app (``oauth2``) and the
Activity's instances (``activities``).
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, Self, TypeVar, cast, overload

from emulator import cdn
from emulator.activities import Activities, ActivityLaunch
from emulator.changes import Changes
from emulator.clock import EmulatorClock
from emulator.gateway import Gateway
from emulator.members import Members
from emulator.message_events import MessageEvents
from emulator.model import Channel, Guild, Interaction, Message, User
from emulator.oauth2 import Authorizations
from emulator.persistence import Persistence
from emulator.rate_limit_figures import DISCORD_RATE_LIMITS, RateLimits
from emulator.rate_limits import LoggedRequest
from emulator.rest import RestApi
from emulator.settings import API, GATEWAY
from emulator.world import DEFAULT_BOT_PERMISSIONS, World

__all__ = ["DEFAULT_BOT_PERMISSIONS", "DiscordEmulator"]

T = TypeVar("T")


class _Kept(Generic[T]):
    """An attribute of the emulator that one of its parts keeps (``part`` names the
    emulator's attribute holding it), read and set there: what the part changes (the
    world ``keep_state`` takes up, a command sync) shows here, and what a test changes
    reaches the part."""

    def __init__(self, part: str) -> None:
        self._part = part
        self._name = ""

    def __set_name__(self, owner: type[object], name: str) -> None:
        self._name = name

    @overload
    def __get__(self, emulator: None, owner: type[object]) -> Self: ...

    @overload
    def __get__(self, emulator: object, owner: type[object]) -> T: ...

    def __get__(self, emulator: object | None, owner: type[object]) -> Self | T:
        if emulator is None:
            return self
        return cast(T, getattr(getattr(emulator, self._part), self._name))

    def __set__(self, emulator: object, value: T) -> None:
        setattr(getattr(emulator, self._part), self._name, value)


class DiscordEmulator:
    check_answers_by_default = False
    """Whether a new emulator holds its answers to Discord's description
    (``check_answers``): the tests set it for every emulator they make."""
    bot = _Kept[User]("_world")
    application_id = _Kept[int]("_world")
    users = _Kept[dict[int, User]]("_world")
    guilds = _Kept[dict[int, Guild]]("_world")
    foreign_guilds = _Kept[dict[int, Guild]]("_world")
    group_dms = _Kept[dict[int, Channel]]("_world")
    user_installs = _Kept[set[int]]("_world")
    channels = _Kept[dict[int, Channel]]("_world")
    messages = _Kept[dict[int, Message]]("_world")
    interactions = _Kept[dict[str, Interaction]]("_world")
    commands = _Kept[dict[int | None, list[dict[str, Any]]]]("_world")
    command_syncs = _Kept[int]("_world")
    on_change = _Kept[list[Callable[[], None]]]("_changes")
    activity_launches = _Kept[list[ActivityLaunch]]("_activities")
    requests = _Kept[deque[LoggedRequest]]("_limiter")
    rate_limited = _Kept[int]("_limiter")
    invalid_requests = _Kept[int]("_limiter")
    resume_window = _Kept[float]("_gateway")
    resume_backlog = _Kept[int | None]("_gateway")

    def __init__(
        self,
        *,
        token: str | None = None,
        client_secret: str | None = None,
        response_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        nonce_window: float = 5 * 60.0,
        max_attachment_bytes: int = 10 * 1024 * 1024,
        heartbeat_interval: float = 41.25,
        heartbeat_round_trip: float = 0.05,
        max_guilds_per_shard: int = 2500,
        max_concurrency: int = 1,
        rate_limits: RateLimits | None = DISCORD_RATE_LIMITS,
    ) -> None:
        self.token = secrets.token_urlsafe(32) if token is None else token
        """The bot's token, new with each emulator unless given: a fixed one would let
        anyone who knows it log in as the bot. It is never saved with the world."""
        self.client_secret = secrets.token_urlsafe(32) if client_secret is None else client_secret
        """The app's OAuth2 client secret, with which an Activity's server exchanges a
        user's code for their token (its client id is ``application_id``); new with each
        emulator unless given, as ``token`` is, and never saved either."""
        self.response_deadline = response_deadline
        self.token_lifetime = token_lifetime
        """Seconds an interaction's token works for webhook routes, on ``created_at``'s clock."""
        self.nonce_window = nonce_window
        """Seconds a message's nonce keeps an ``enforce_nonce`` send from repeating it."""
        self.max_attachment_bytes = max_attachment_bytes
        self.heartbeat_interval = heartbeat_interval
        """Seconds between the client's heartbeats, as the gateway's hello asks (Discord's
        41250 ms by default)."""
        self.heartbeat_round_trip = heartbeat_round_trip
        """Seconds before a heartbeat is acknowledged: the network's round trip to Discord.
        discord.py's keep-alive thread notes when it sent a heartbeat only once the send
        has returned and the thread has the GIL back; an ACK from this process on loopback
        could be handled before that, so discord.py measured it from the heartbeat before
        (a whole interval) and logged "Can't keep up … 41.3s behind". From Discord, the
        ACK always comes a round trip later."""
        self.max_guilds_per_shard = max_guilds_per_shard
        """The most guilds one session may hold (Discord's 2,500): an IDENTIFY whose shard
        would hold more is closed with 4011 "Sharding required"."""
        self.max_concurrency = max_concurrency
        """``session_start_limit.max_concurrency`` in ``GET /gateway/bot``: how many shards
        may identify at once (1 for all but large bots). Only reported: the emulator lets
        any number identify together, so that tests need not pace their shards."""
        self.rate_limits = rate_limits
        """The figures the REST API is rate-limited by (Discord's unless given; None: no
        limits). A test may put others in at any time; see ``rate_limits``."""
        self.check_answers = self.check_answers_by_default
        """Whether each answer is held to what Discord's description of the API says that
        route answers (``answer_schemas``): a mismatch is logged as it happens and raised
        by ``close`` (an ``AnswerMismatch`` listing them all), which fails a test."""
        self.message_content = False
        """Whether the app has the privileged Message Content intent switched on in the
        Developer Portal: without it, REST gives the bot others' messages without their
        content (``message_events``), as Discord does. A gateway session gets content
        only if it also asked for MESSAGE_CONTENT."""
        self.base_url = ""
        self.clock = EmulatorClock()
        """Discord's time, which a test moves on (``clock.advance``) to age messages,
        threads, rate limits and interaction tokens without waiting."""
        # The parts read the settings above from the emulator itself (``Settings``) as
        # they work: a test may change one after the start.
        self._world = World()
        self._changes = Changes()
        self._gateway = Gateway(self, self._world)
        self._authorizations = Authorizations(self, self._world)
        self._activities = Activities(self, self._world, self._changes)
        events = MessageEvents(self, self._world, self._gateway)
        self._members = Members(
            self, self._world, self._changes, self._gateway, events, self._activities
        )
        self._rest = RestApi(
            self,
            self._world,
            self._changes,
            self._gateway,
            events,
            self._authorizations,
            self._activities,
        )
        self._limiter = self._rest.limiter
        self._persistence = Persistence(self._world, self._changes)
        # Bound methods rather than wrappers: each keeps its own signature and docstring.
        self.add_user = self._world.add_user
        self.add_guild = self._world.add_guild
        self.add_member = self._world.add_member
        self.add_channel = self._world.add_channel
        self.add_voice_channel = self._world.add_voice_channel
        self.add_group_dm = self._world.add_group_dm
        self.install_to_user = self._world.install_to_user
        self.threads_of = self._world.threads_of
        self.fail = self._rest.fail
        self.routes = self._rest.routes
        self.send_event = self._gateway.send_event
        self.wait_for_bot = self._gateway.wait_for_bot
        self.wait_for_shards = self._gateway.wait_for_shards
        self.wait_for_resume = self._gateway.wait_for_resume
        self.drop_connections = self._gateway.drop_connections
        self.send_reconnect = self._gateway.send_reconnect
        self.invalidate_sessions = self._gateway.invalidate_sessions
        self.say = self._members.say
        self.slash = self._members.slash
        self.autocomplete = self._members.autocomplete
        self.click = self._members.click
        self.select = self._members.select
        self.select_users = self._members.select_users
        self.forge = self._members.forge
        self.use_entry_point = self._members.use_entry_point
        self.answer = self._members.answer
        self.wait_for_message = self._members.wait_for_message
        self.remove_member = self._members.remove_member
        self.join_voice = self._members.voice.join_voice
        self.leave_voice = self._members.voice.leave_voice
        self.in_voice = self._members.voice.in_voice
        self.delete_message = self._members.delete_message
        places = self._members.places
        self.pass_time = places.pass_time
        self.archive_thread = places.archive_thread
        self.unarchive_thread = places.unarchive_thread
        self.lock_thread = places.lock_thread
        self.unlock_thread = places.unlock_thread
        self.start_private_thread = places.start_private_thread
        self.leave_thread = places.leave_thread
        self.delete_channel = places.delete_channel
        self.add_bot = places.add_bot
        self.remove_bot = places.remove_bot
        self.set_system_channel = places.set_system_channel
        self.set_bot_permissions = places.set_bot_permissions
        self.set_bot_role_permissions = places.set_bot_role_permissions
        self.set_member_permissions = places.set_member_permissions
        self.dm_with = places.dm_with
        self.close_dms = places.close_dms
        self.open_dms = places.open_dms
        self.permissions_in = self._world.permissions
        self.wait_until = self._changes.wait_until
        self.authorize = self._authorizations.authorize
        self.consented = self._authorizations.consented
        self.revoke_token = self._authorizations.revoke
        self.expire_token = self._authorizations.expire
        self.launch_activity = self._activities.launch
        self.leave_activity = self._activities.leave
        self.activity_instance = self._activities.instance
        self.channel_activity = self._activities.in_channel

    @property
    def api_url(self) -> str:
        return self.base_url + API

    @property
    def gateway_url(self) -> str:
        return self.base_url.replace("http://", "ws://") + GATEWAY

    @property
    def connected(self) -> bool:
        """Whether a bot has a live session on the gateway (as any shard)."""
        return self._gateway.connected

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.base_url = await self._rest.serve(host, port)

    async def close(self) -> None:
        """Stops serving; raises ``AnswerMismatch`` if ``check_answers`` found any."""
        await self._gateway.close()
        await self._rest.close()
        await self._persistence.close()
        self._rest.answers.raise_any()

    @property
    def answer_mismatches(self) -> list[str]:
        """What ``check_answers`` found the emulator's answers to lack, so far."""
        return self._rest.answers.mismatches

    async def keep_state(self, folder: Path) -> bool:
        """Takes up the world an emulator saved in ``folder`` (the bot's user, users,
        servers, channels, threads and messages; see ``state``), and from now on saves it
        there a moment after each change, and at ``close``. Returns whether there was one.
        It comes first, before anything is added or a bot connects. A state that can't be
        read back is set aside, renamed, and the world starts empty."""
        begun = bool(self.users or self.guilds) or self.connected
        return await self._persistence.keep(folder, begun=begun)

    def cdn_url(self, discord_cdn_url: str) -> str:
        """Where the emulator serves what Discord serves at ``discord_cdn_url`` on its CDN
        (https://cdn.discordapp.com/…, such as the avatar in ``/claimit stats``): the same
        path and query on ``base_url``. Any other address comes back unchanged."""
        return cdn.emulated_url(discord_cdn_url, self.base_url)
