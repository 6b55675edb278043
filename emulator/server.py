"""A local stand-in for Discord's REST API and gateway, for the real discord.py client.

It serves on loopback, keeps every message, lets a test act as any member
(run a slash command, click a button), and enforces what Discord enforces but
discord.py does not: the 3-second first response, the 15-minute interaction token,
message limits (``limits``), attachment size, ephemeral visibility and the bot's
channel permissions. A test can make routes fail (``DiscordEmulator.fail``).

Its gateway is sharded as Discord's is: a session that identifies as shard
``[shard_id, num_shards]`` gets only the events of the guilds ``shard_of`` puts on its
shard, and events outside any guild (DMs) go to shard 0 alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import discord
from aiohttp import web
from aiohttp.typedefs import Middleware

from emulator import cdn, payloads, state
from emulator.command_limits import LOCALES, check_commands, localized
from emulator.faults import Fault
from emulator.limits import Form, check_form, empty_message, errors_object, is_empty
from emulator.loopback import loopback_only
from emulator.model import (
    EPHEMERAL,
    LOADING,
    PUBLIC_THREAD,
    Attachment,
    Channel,
    Guild,
    Interaction,
    Message,
    User,
    last_snowflake,
    new_token,
    shard_of,
    snowflake,
    snowflakes_after,
)
from emulator.responses import DiscordError, json_response

API = "/api/v10"
DEFAULT_BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)
_MENTION = re.compile(r"<@!?(\d+)>")
GUILD_MEMBERS_INTENT = 1 << 1
SAVE_DELAY = 0.25
"""Seconds from a change to saving the world (with ``keep_state``)."""
GUILDS_PER_RECOMMENDED_SHARD = 1000
"""How many guilds Discord's ``GET /gateway/bot`` plans for each shard it recommends."""
log = logging.getLogger(__name__)


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
T = TypeVar("T")


@web.middleware
async def _discord_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        return await handler(request)
    except DiscordError as e:
        return json_response(e.body(), e.status)


class DiscordEmulator:
    def __init__(
        self,
        *,
        token: str | None = None,
        response_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        nonce_window: float = 5 * 60.0,
        max_attachment_bytes: int = 10 * 1024 * 1024,
        heartbeat_interval: float = 41.25,
        heartbeat_round_trip: float = 0.05,
        max_guilds_per_shard: int = 2500,
        max_concurrency: int = 1,
    ) -> None:
        self.token = secrets.token_urlsafe(32) if token is None else token
        """The bot's token, new with each emulator unless given: a fixed one would let
        anyone who knows it log in as the bot. It is never saved with the world."""
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
        self.bot = User(snowflake(), "Claim It!", bot=True)
        self.application_id = self.bot.id
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[str, Interaction] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.command_syncs = 0
        self._sessions: list[_Session] = []
        self._sessions_changed = asyncio.Condition()
        self._message_posted = asyncio.Condition()
        self.on_change: list[Callable[[], None]] = []
        """Called after anything a member could see changed (the sandbox's live page)."""
        self._faults: list[Fault] = []
        # Built here rather than in start() so that fail() can check its route at once.
        self._app = web.Application(
            middlewares=[loopback_only(), self._fault_injector(), _discord_errors],
            client_max_size=64 * 1024 * 1024,
        )
        self._routes(self._app)
        self._runner: web.AppRunner | None = None
        self.base_url = ""
        self._unsaved = asyncio.Event()
        """Set by every change since the world was last saved."""
        self._state_folder: Path | None = None
        self._saver: asyncio.Task[None] | None = None
        self._writing: asyncio.Future[None] | None = None

    # Setup ---------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._runner = web.AppRunner(self._app, access_log=None)
        await self._runner.setup()
        sock = socket.create_server((host, port))
        await web.SockSite(self._runner, sock).start()
        bound_host, bound_port = sock.getsockname()[:2]
        self.base_url = f"http://{bound_host}:{bound_port}"

    async def close(self) -> None:
        for session in list(self._sessions):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._saver is not None and self._state_folder is not None:
            self._saver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._saver
            await self._written(self._state_folder)
            if self._unsaved.is_set():
                await self._save(self._state_folder)

    # Keeping the world -------------------------------------------------------------

    async def keep_state(self, folder: Path) -> bool:
        """Takes up the world an emulator saved in ``folder`` (the bot's user, users,
        servers, channels, threads and messages; see ``state``), and from now on saves it
        there a moment after each change, and at ``close``. Returns whether there was one.
        It comes first, before anything is added or a bot connects. A state that can't be
        read back is set aside, renamed, and the world starts empty."""
        if self._saver is not None or self.users or self.guilds or self._sessions:
            raise RuntimeError("keep_state comes first, and once")
        try:
            world = await asyncio.to_thread(state.read, folder)
        except state.StateError as e:
            aside = folder.with_name(f"{folder.name}.unreadable-{time.time_ns()}")
            folder.rename(aside)
            log.warning("%s; it is kept as %s, and this Discord starts empty", e, aside)
            world = None
        if world is not None:
            self.bot, self.application_id = world.bot, world.bot.id
            self.users, self.guilds = dict(world.users), dict(world.guilds)
            self.channels = {c.id: c for g in self.guilds.values() for c in g.channels.values()}
            self.messages = {m.id: m for c in self.channels.values() for m in c.messages}
            snowflakes_after(world.last_snowflake)
        self._state_folder = folder
        self._saver = asyncio.create_task(self._keep_saving(folder))
        return world is not None

    async def _keep_saving(self, folder: Path) -> None:
        while True:
            await self._unsaved.wait()
            # A click edits and posts in a quick burst: one save after all of it.
            await asyncio.sleep(SAVE_DELAY)
            try:
                await self._save(folder)
            except Exception:
                # Saving goes on with the next change rather than stopping for good.
                log.exception("the emulated Discord could not be saved in %s", folder)

    async def _save(self, folder: Path) -> None:
        self._unsaved.clear()
        snapshot = state.capture(state.World(self.bot, self.users, self.guilds, last_snowflake()))
        self._writing = asyncio.ensure_future(asyncio.to_thread(state.write, folder, snapshot))
        await self._written(folder)

    async def _written(self, folder: Path) -> None:
        """Until the write under way is done: its thread can't be stopped, and a second
        write beside it would share its temporary files."""
        if self._writing is None:
            return
        try:
            await asyncio.shield(self._writing)
        except OSError as e:
            log.warning("the emulated Discord could not be saved in %s: %s", folder, e)

    @property
    def api_url(self) -> str:
        return self.base_url + API

    @property
    def gateway_url(self) -> str:
        return self.base_url.replace("http://", "ws://") + "/gateway"

    def cdn_url(self, discord_cdn_url: str) -> str:
        """Where the emulator serves what Discord serves at ``discord_cdn_url`` on its CDN
        (https://cdn.discordapp.com/…, such as the avatar in ``/claimit stats``): the same
        path and query on ``base_url``. Any other address comes back unchanged."""
        return cdn.emulated_url(discord_cdn_url, self.base_url)

    # add_* with the id of something already here (as a state taken up by keep_state
    # has it) give that one, set as asked and with its messages: a fixed server can be
    # laid out the same way at every start.

    def add_user(self, name: str, id: int | None = None, *, locale: str | None = None) -> User:
        """A user; ``locale`` is their Discord client's language (``de``), en-US unless
        set."""
        if id == self.bot.id:
            raise ValueError(f"{id} is the bot's own user")
        user = self.users.get(id) if id is not None else None
        if user is None:
            user = User(id or snowflake(), name)
            self.users[user.id] = user
        user.name = name
        if locale is not None:
            user.locale = _known_locale(locale)
        return user

    def add_guild(
        self, name: str, owner: User, id: int | None = None, *, locale: str | None = None
    ) -> Guild:
        """A server; ``locale`` is its preferred locale, en-US unless set."""
        guild = self.guilds.get(id) if id is not None else None
        if guild is None:
            guild = Guild(id or snowflake(), name, owner.id)
            self.guilds[guild.id] = guild
        guild.name, guild.owner_id = name, owner.id
        if locale is not None:
            guild.preferred_locale = _known_locale(locale)
        guild.member_permissions[owner.id] = discord.Permissions.all()
        return guild

    def add_member(
        self, guild: Guild, user: User, permissions: discord.Permissions | None = None
    ) -> None:
        guild.member_permissions[user.id] = permissions or discord.Permissions(
            view_channel=True, send_messages=True, use_application_commands=True
        )

    def add_channel(
        self,
        guild: Guild,
        name: str,
        bot_permissions: discord.Permissions = DEFAULT_BOT_PERMISSIONS,
        id: int | None = None,
    ) -> Channel:
        channel = self.channels.get(id) if id is not None else None
        if channel is None:
            channel = Channel(id or snowflake(), guild.id, name, bot_permissions)
            guild.channels[channel.id] = channel
            self.channels[channel.id] = channel
        elif channel.guild_id != guild.id or channel.is_thread:
            raise ValueError(f"{id} is a thread or another server's channel")
        channel.name, channel.bot_permissions = name, bot_permissions
        return channel

    async def remove_member(self, guild: Guild, user: User) -> None:
        """The member leaves the server; a bot with the members intent hears of it."""
        del guild.member_permissions[user.id]
        self._unsaved.set()
        payload = {"guild_id": str(guild.id), "user": payloads.user(user)}
        await self._dispatch_if_connected(
            "GUILD_MEMBER_REMOVE", payload, guild.id, intent=GUILD_MEMBERS_INTENT
        )

    async def delete_message(self, message: Message) -> None:
        """Someone (a moderator) deletes a message."""
        message.deleted = True
        guild_id = self.channels[message.channel_id].guild_id
        await self._dispatch_if_connected(
            "MESSAGE_DELETE",
            {
                "id": str(message.id),
                "channel_id": str(message.channel_id),
                "guild_id": str(guild_id),
            },
            guild_id,
        )
        await self._changed()

    async def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes a channel or thread, with its messages."""
        guild = self.guilds[channel.guild_id]
        del guild.channels[channel.id]
        del self.channels[channel.id]
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        await self._dispatch_if_connected(event, payloads.channel(channel), guild.id)
        await self._changed()

    def threads_of(self, channel: Channel) -> list[Channel]:
        guild = self.guilds[channel.guild_id]
        return [c for c in guild.channels.values() if c.parent_id == channel.id]

    async def send_event(self, event: str, data: dict[str, Any]) -> None:
        """Sends a gateway event the emulator has no model of (a DM, say) where Discord
        would: to the sessions of the shard of ``data``'s ``guild_id``, or of shard 0
        without one. Like a member's command, it fails when no such session is connected."""
        guild_id = data.get("guild_id")
        await self._dispatch(event, data, None if guild_id is None else int(guild_id))

    async def wait_for_bot(self, timeout: float = 10) -> None:
        """Until a bot has identified on the gateway (as any shard)."""
        await self._wait_for_sessions(lambda: bool(self._sessions), timeout)

    async def wait_for_shards(
        self, num_shards: int, shard_ids: Iterable[int] | None = None, *, timeout: float = 10
    ) -> None:
        """Until a session has identified as each of ``shard_ids`` (every shard, without)
        of ``num_shards``: for a bot that runs its shards in several processes."""
        wanted = set(range(num_shards) if shard_ids is None else shard_ids)
        if num_shards < 1 or not wanted <= set(range(num_shards)):
            raise ValueError(f"shards {sorted(wanted)} are not all among {num_shards} shards")

        def identified() -> bool:
            return wanted <= {s.shard_id for s in self._sessions if s.shard_count == num_shards}

        await self._wait_for_sessions(identified, timeout)

    async def _wait_for_sessions(self, condition: Callable[[], bool], timeout: float) -> None:
        async with self._sessions_changed:
            await asyncio.wait_for(self._sessions_changed.wait_for(condition), timeout)

    @property
    def connected(self) -> bool:
        """Whether a bot has a session on the gateway (as any shard)."""
        return bool(self._sessions)

    # Faults ----------------------------------------------------------------------

    def fail(
        self,
        route: str,
        status: int,
        *,
        times: int = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
        when: Callable[[web.Request], bool] | None = None,
    ) -> Fault:
        """The next ``times`` requests on ``route`` (those ``when`` accepts) are answered
        with ``status`` and change nothing. ``route`` is "METHOD /template" as registered
        without /api/v10, e.g. "POST /channels/{channel}/messages"; a 429 asks the client
        to retry after ``retry_after`` seconds, like Discord's rate limits."""
        if route not in self.routes():
            raise ValueError(f"no route {route!r}; the emulator has {sorted(self.routes())}")
        if status < 400 or times < 1:
            raise ValueError("a fault answers an error status (400 or more) at least once")
        fault = Fault(route, status, times, retry_after, is_global, when)
        self._faults.append(fault)
        return fault

    def routes(self) -> set[str]:
        """Every route, as ``fail`` names them."""
        return {name for r in self._app.router.routes() if (name := _route_name(r))}

    def _fault_injector(self) -> Middleware:
        @web.middleware
        async def inject(request: web.Request, handler: Handler) -> web.StreamResponse:
            route = _route_name(request.match_info.route)
            fault = next((f for f in self._faults if f.applies_to(route, request)), None)
            return await handler(request) if fault is None else fault.answer()

        return inject

    # Acting as a member ----------------------------------------------------------

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        /,
        **options: Any,
    ) -> Interaction:
        """Runs ``/claimit new``-style commands: ``command`` is "group sub" or a name, and
        the options' names, as the member's Discord shows them (``/claimit neu`` to a
        member whose client is in German); the bot receives the commands' own names, as
        from Discord."""
        name, _, sub = command.partition(" ")
        guild = self.guilds[channel.guild_id]
        locale = user.locale
        registered = next(
            (
                c
                for c in [*self.commands.get(guild.id, []), *self.commands.get(None, [])]
                if localized(c, locale) == name
            ),
            None,
        )
        if registered is None:
            raise KeyError(f"/{name} is not registered with the emulated Discord")
        data: dict[str, Any] = {"id": registered["id"], "name": registered["name"], "type": 1}
        if registered.get("guild_id"):
            data["guild_id"] = registered["guild_id"]
        schema = registered.get("options", [])
        if sub:
            sub_schema = next(o for o in schema if localized(o, locale) == sub)
            data["options"] = [
                {
                    "name": sub_schema["name"],
                    "type": 1,
                    "options": _options(sub_schema.get("options", []), options, locale),
                }
            ]
        else:
            data["options"] = _options(schema, options, locale)
        # Discord sends the objects that options name (channels, users) alongside them.
        resolved: dict[str, Any] = {}
        channels = [v for v in options.values() if isinstance(v, Channel)]
        if channels:
            resolved["channels"] = {
                str(c.id): {**payloads.channel(c), "permissions": "0"} for c in channels
            }
        users = [v for v in options.values() if isinstance(v, User)]
        if users:
            resolved["users"] = {str(u.id): payloads.user(u) for u in users}
            now = time.time()
            resolved["members"] = {
                str(u.id): {k: v for k, v in payloads.member(u, guild, now).items() if k != "user"}
                for u in users
                if u.id in guild.member_permissions
            }
        if resolved:
            data["resolved"] = resolved
        return await self._interact(2, user, channel, data, None)

    async def click(self, user: User, message: Message, button: str) -> Interaction:
        """Clicks the button with this label (or, if none has it, this custom_id)."""
        labels = {b.get("label"): b for b in message.buttons()}
        custom_id = labels[button]["custom_id"] if button in labels else button
        channel = self.channels[message.channel_id]
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(3, user, channel, data, message)

    async def select(
        self,
        user: User,
        message: Message,
        placeholder: str | None,
        value: str,
        *,
        custom_id: str | None = None,
    ) -> Interaction:
        """Picks ``value`` in the select menu with this placeholder, or with this custom_id
        (a menu may have no placeholder, or share one with another)."""
        menu = next(
            (
                c
                for c in message.buttons()
                if c.get("type") == 3
                and (
                    c.get("custom_id") == custom_id
                    if custom_id is not None
                    else c.get("placeholder") == placeholder
                )
            ),
            None,
        )
        which = custom_id if custom_id is not None else placeholder
        if menu is None:
            raise KeyError(f"no menu {which!r} on message {message.id}")
        if value not in [o["value"] for o in menu.get("options", [])]:
            raise KeyError(f"{value!r} is not an option of {which!r}")
        channel = self.channels[message.channel_id]
        data = {"custom_id": menu["custom_id"], "component_type": 3, "values": [value]}
        return await self._interact(3, user, channel, data, message)

    async def forge(self, user: User, message: Message, data: dict[str, Any]) -> Interaction:
        """A component interaction with exactly this ``data`` on ``message``, as a hand-made
        client could send (Discord itself only delivers what a message offers)."""
        return await self._interact(3, user, self.channels[message.channel_id], data, message)

    async def _interact(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None,
    ) -> Interaction:
        interaction = Interaction(
            snowflake(), new_token(), kind, user, channel, data, message, user.locale
        )
        self.interactions[interaction.token] = interaction
        guild = self.guilds[channel.guild_id]
        await self._dispatch(
            "INTERACTION_CREATE",
            payloads.interaction(interaction, self.application_id, guild, self.bot, self.base_url),
            guild.id,
        )
        return interaction

    async def answer(self, interaction: Interaction, timeout: float | None = None) -> Interaction:
        """Waits for the bot's first response to an interaction."""
        await asyncio.wait_for(interaction.answered.wait(), timeout)
        return interaction

    async def wait_for_message(
        self, channel: Channel, check: Callable[[Message], bool], timeout: float | None = None
    ) -> Message:
        """The first message in the channel (posted or edited) that passes ``check``."""

        def found() -> Message | None:
            return next((m for m in reversed(channel.messages) if not m.deleted and check(m)), None)

        # The message as found under the lock: looking again afterwards could miss it.
        message = await self.wait_until(found, timeout)
        assert message is not None
        return message

    async def wait_until(self, condition: Callable[[], T], timeout: float | None = None) -> T:
        """Until ``condition`` (looked at after every change anyone could see) is true;
        returns what it returned."""
        async with self._message_posted:
            return await asyncio.wait_for(self._message_posted.wait_for(condition), timeout)

    async def _changed(self) -> None:
        self._unsaved.set()
        async with self._message_posted:
            self._message_posted.notify_all()
        for listener in self.on_change:
            listener()

    # REST ----------------------------------------------------------------------

    def _routes(self, app: web.Application) -> None:
        r = app.router
        r.add_get("/gateway", self._gateway)
        r.add_get("/attachments/{channel}/{attachment}/{filename}", self._attachment)
        r.add_get("/avatars/{user}/{file}", self._avatar)
        r.add_get("/embed/avatars/{file}", self._default_avatar)
        r.add_get(f"{API}/users/@me", self._bot_only(self._me))
        r.add_get(f"{API}/oauth2/applications/@me", self._bot_only(self._application))
        r.add_get(f"{API}/gateway/bot", self._bot_only(self._bot_gateway_info))
        r.add_get(f"{API}/gateway", self._gateway_info)
        for path in ("/applications/{app}/commands", "/applications/{app}/guilds/{guild}/commands"):
            r.add_put(f"{API}{path}", self._bot_only(self._sync_commands))
            r.add_get(f"{API}{path}", self._bot_only(self._get_commands))
        r.add_post(f"{API}/interactions/{{id}}/{{token}}/callback", self._callback)
        r.add_get(
            f"{API}/webhooks/{{app}}/{{token}}/messages/{{message}}", self._get_webhook_message
        )
        r.add_patch(
            f"{API}/webhooks/{{app}}/{{token}}/messages/{{message}}", self._edit_webhook_message
        )
        r.add_delete(
            f"{API}/webhooks/{{app}}/{{token}}/messages/{{message}}", self._delete_webhook_message
        )
        r.add_post(f"{API}/webhooks/{{app}}/{{token}}", self._followup)
        r.add_get(f"{API}/channels/{{channel}}", self._bot_only(self._get_channel))
        r.add_post(
            f"{API}/channels/{{channel}}/messages/{{message}}/threads",
            self._bot_only(self._start_thread),
        )
        r.add_get(f"{API}/guilds/{{guild}}/members/{{user}}", self._bot_only(self._get_member))
        r.add_post(f"{API}/channels/{{channel}}/messages", self._bot_only(self._create_message))
        r.add_get(f"{API}/channels/{{channel}}/messages", self._bot_only(self._channel_history))
        r.add_get(
            f"{API}/channels/{{channel}}/messages/{{message}}", self._bot_only(self._get_message)
        )
        r.add_patch(
            f"{API}/channels/{{channel}}/messages/{{message}}", self._bot_only(self._edit_message)
        )
        r.add_delete(
            f"{API}/channels/{{channel}}/messages/{{message}}", self._bot_only(self._delete_message)
        )

    def _bot_only(self, handler: Handler) -> Handler:
        async def checked(request: web.Request) -> web.StreamResponse:
            if request.headers.get("Authorization") != f"Bot {self.token}":
                raise DiscordError(401, 0, "401: Unauthorized")
            return await handler(request)

        return checked

    async def _me(self, request: web.Request) -> web.Response:
        return json_response(payloads.user(self.bot))

    async def _application(self, request: web.Request) -> web.Response:
        owner = next(iter(self.users.values()), self.bot)
        return json_response(
            {
                "id": str(self.application_id),
                "name": self.bot.name,
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": payloads.user(owner),
                "flags": 0,
                "team": None,
            }
        )

    async def _gateway_info(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _bot_gateway_info(self, request: web.Request) -> web.Response:
        guilds = len(self.guilds)
        # Never a count that IDENTIFY would refuse, should a test set the limit lower than
        # Discord's planned load per shard.
        shards = max(
            1,
            math.ceil(guilds / GUILDS_PER_RECOMMENDED_SHARD),
            math.ceil(guilds / self.max_guilds_per_shard),
        )
        return json_response(
            {
                "url": self.gateway_url,
                "shards": shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": self.max_concurrency,
                },
            }
        )

    async def _sync_commands(self, request: web.Request) -> web.Response:
        guild_id = int(request.match_info["guild"]) if "guild" in request.match_info else None
        body = await request.json()
        check_commands(body)
        synced = []
        for command in body:
            synced.append(
                {
                    **command,
                    "id": str(snowflake()),
                    "application_id": str(self.application_id),
                    "version": str(snowflake()),
                    "type": command.get("type", 1),
                    **({"guild_id": str(guild_id)} if guild_id else {}),
                }
            )
        self.commands[guild_id] = synced
        self.command_syncs += 1
        return json_response(synced)

    async def _get_commands(self, request: web.Request) -> web.Response:
        guild_id = int(request.match_info["guild"]) if "guild" in request.match_info else None
        return json_response(self.commands.get(guild_id, []))

    async def _attachment(self, request: web.Request) -> web.Response:
        channel = self._channel(request.match_info["channel"])
        wanted = int(request.match_info["attachment"])
        for message in channel.messages:
            for a in message.attachments:
                if a.id == wanted:
                    return web.Response(
                        body=a.data, content_type=a.content_type or "application/octet-stream"
                    )
        raise DiscordError(404, 0, "404: Not Found")

    async def _avatar(self, request: web.Request) -> web.Response:
        raw = request.match_info["user"]
        users = {self.bot.id: self.bot, **self.users}
        user = _found(users, raw)
        avatar, _, extension = request.match_info["file"].rpartition(".")
        if user is None or avatar != user.avatar:
            raise DiscordError(404, 0, "404: Not Found")
        # Upper-cased after it is taken: "ß".upper() is two letters.
        initial = user.name[:1].upper()[:1] or None
        colour = user.id % len(cdn.AVATAR_COLOURS)
        return await self._image(request, initial, colour, extension, cdn.FORMATS)

    async def _default_avatar(self, request: web.Request) -> web.Response:
        index, _, extension = request.match_info["file"].rpartition(".")
        number = _number(index)
        if number is None or number >= cdn.DEFAULT_AVATARS:
            raise DiscordError(404, 0, "404: Not Found")
        png = {"png": cdn.FORMATS["png"]}
        return await self._image(request, None, number, extension, png)

    async def _image(
        self,
        request: web.Request,
        initial: str | None,
        colour: int,
        extension: str,
        formats: dict[str, cdn.Format],
    ) -> web.Response:
        if extension not in formats:
            raise DiscordError(415, 0, "415: Unsupported Media Type")
        size = _number(request.query.get("size", str(cdn.DEFAULT_SIZE)))
        if size is None or size not in cdn.SIZES:
            raise DiscordError(400, 0, "400: Bad Request")
        # A large one takes a while to draw; the gateway must not wait for it.
        body = await asyncio.to_thread(cdn.avatar, initial, colour, size, extension)
        return web.Response(body=body, content_type=formats[extension].content_type)

    # Interaction responses ------------------------------------------------------

    def _interaction(self, token: str) -> Interaction:
        interaction = self.interactions.get(token)
        if interaction is None:
            raise DiscordError(404, 10062, "Unknown interaction")
        return interaction

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request.match_info["token"])
        if str(interaction.id) != request.match_info["id"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        if interaction.response_type is not None:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if time.monotonic() - interaction.created_at > self.response_deadline:
            interaction.errors.append("first response after the 3-second deadline")
            raise DiscordError(404, 10062, "Unknown interaction")
        body, files = await self._read_body(request)
        kind = body.get("type")
        data = body.get("data") or {}
        if kind in (4, 5):
            flags = data.get("flags") or 0
            message = self._new_message(
                interaction.channel,
                {"flags": flags} if kind == 5 else data,
                files,
                visible_to=interaction.user.id if flags & EPHEMERAL else None,
                loading=kind == 5,
            )
            message.interaction_id = interaction.id
            interaction.response_message = message
        elif kind in (6, 7):
            if interaction.message is None:
                raise DiscordError(400, 40004, "This interaction has no message to update")
            if interaction.message.deleted:
                raise DiscordError(404, 10008, "Unknown Message")
            if kind == 7:
                self._update_message(interaction.message, data, files)
            interaction.response_message = interaction.message
        else:
            raise DiscordError(400, 50035, f"Invalid interaction response type {kind!r}")
        interaction.response_type = kind
        interaction.responded_at = time.monotonic()
        interaction.answered.set()
        await self._changed()
        message = interaction.response_message
        return json_response(
            {
                "interaction": {
                    "id": str(interaction.id),
                    "type": interaction.type,
                    "response_message_id": str(message.id),
                    "response_message_loading": kind == 5,
                    "response_message_ephemeral": message.ephemeral,
                },
                "resource": {"type": kind, "message": self._message_payload(message)},
            }
        )

    def _webhook_interaction(self, request: web.Request) -> Interaction:
        """The interaction whose token the webhook route uses, while the token lasts."""
        interaction = self._interaction(request.match_info["token"])
        if time.monotonic() - interaction.created_at > self.token_lifetime:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return interaction

    def _webhook_message(self, request: web.Request) -> Message:
        interaction = self._webhook_interaction(request)
        wanted = request.match_info["message"]
        if wanted == "@original":
            message = interaction.response_message
        else:
            message = _found(self.messages, wanted)
            if message is not None and message.interaction_id != interaction.id:
                message = None
        if message is None or message.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        return json_response(self._message_payload(self._webhook_message(request)))

    async def _edit_webhook_message(self, request: web.Request) -> web.Response:
        message = self._webhook_message(request)
        body, files = await self._read_body(request)
        self._update_message(message, body, files)
        await self._changed()
        return json_response(self._message_payload(message))

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        message = self._webhook_message(request)
        message.deleted = True
        await self._changed()
        return web.Response(status=204)

    async def _followup(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if interaction.response_type is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        body, files = await self._read_body(request)
        thinking = interaction.response_message
        if thinking is not None and thinking.loading and not thinking.deleted:
            # Discord makes the first follow-up the deferred answer itself, ephemeral or
            # not as the defer chose.
            self._update_message(thinking, body, files)
            message = thinking
        else:
            flags = body.get("flags") or 0
            message = self._new_message(
                interaction.channel,
                body,
                files,
                visible_to=interaction.user.id if flags & EPHEMERAL else None,
            )
            message.interaction_id = interaction.id
        await self._changed()
        return json_response(self._message_payload(message))

    # Channels and messages ------------------------------------------------------

    def _channel(self, raw: str) -> Channel:
        channel = _found(self.channels, raw)
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    async def _get_channel(self, request: web.Request) -> web.Response:
        return json_response(payloads.channel(self._channel(request.match_info["channel"])))

    async def _start_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request.match_info["channel"])
        message = self._channel_message(request)
        self._require(parent, "create_public_threads")
        if parent.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if any(c.id == message.id for c in self.threads_of(parent)):
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        body, _ = await self._read_body(request)
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise DiscordError(400, 50035, "Invalid Form Body: a thread name is 1-100 characters")
        # Discord gives a thread started from a message that message's id.
        thread = Channel(
            message.id,
            parent.guild_id,
            name,
            parent.bot_permissions,
            type=PUBLIC_THREAD,
            parent_id=parent.id,
            owner_id=self.bot.id,
        )
        self.guilds[parent.guild_id].channels[thread.id] = thread
        self.channels[thread.id] = thread
        # The bot's own request: it succeeds even while the guild's shard is away (in
        # another process, or reconnecting), as on Discord.
        await self._dispatch_if_connected(
            "THREAD_CREATE", {**payloads.channel(thread), "newly_created": True}, parent.guild_id
        )
        await self._changed()
        return json_response(payloads.channel(thread), 201)

    async def _get_member(self, request: web.Request) -> web.Response:
        guild = self.guilds.get(int(request.match_info["guild"]))
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        user = self.users.get(int(request.match_info["user"]))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        if user.id not in guild.member_permissions:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response(payloads.member(user, guild, time.time()))

    def _require(self, channel: Channel, *needed: str) -> None:
        missing = [p for p in ("view_channel", *needed) if not getattr(channel.bot_permissions, p)]
        if missing:
            raise DiscordError(403, 50013, "Missing Permissions")

    async def _channel_history(self, request: web.Request) -> web.Response:
        """Get Channel Messages: the ``limit`` messages (50 without one) before, after or
        around a message, or the newest, always newest first; what any member sees of the
        channel (neither ephemeral nor deleted), none without Read Message History."""
        channel = self._channel(request.match_info["channel"])
        if not channel.bot_permissions.view_channel:
            raise DiscordError(403, 50001, "Missing Access")
        limit, where, at = _history_query(request.query)
        if not channel.bot_permissions.read_message_history:
            return json_response([])
        shown = sorted(channel.visible(None), key=lambda m: m.id)
        older = [m for m in shown if m.id < at]
        newer = [m for m in shown if m.id > at]
        if where == "before":
            chosen = older[-limit:]
        elif where == "after":
            chosen = newer[:limit]
        else:
            # Discord's "around" gives half the limit on either side, and the message.
            half = limit // 2
            chosen = [*older[len(older) - half :], *[m for m in shown if m.id == at], *newer[:half]]
        return json_response([self._message_payload(m) for m in reversed(chosen)])

    async def _create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request.match_info["channel"])
        body, files = await self._read_body(request)
        send = "send_messages_in_threads" if channel.is_thread else "send_messages"
        self._require(channel, send, *(["attach_files"] if files else []))
        # Discord reads the whole form before it looks the nonce up.
        check_form(body)
        earlier = self._sent_with_nonce(channel, body)
        if earlier is not None:
            return json_response(self._message_payload(earlier))
        message = self._new_message(channel, body, files)
        await self._changed()
        return json_response(self._message_payload(message))

    def _sent_with_nonce(self, channel: Channel, body: dict[str, Any]) -> Message | None:
        """With ``enforce_nonce``, the bot's recent message in the channel with this nonce,
        which Discord answers with instead of posting the message again."""
        nonce = body.get("nonce")
        if not body.get("enforce_nonce") or nonce is None:
            return None
        since = time.time() - self.nonce_window
        return next(
            (
                m
                for m in channel.messages
                if m.nonce is not None
                and str(m.nonce) == str(nonce)
                and m.author.id == self.bot.id
                and m.created_at >= since
                and not m.deleted
            ),
            None,
        )

    def _channel_message(self, request: web.Request) -> Message:
        channel = self._channel(request.match_info["channel"])
        message = self.messages.get(int(request.match_info["message"]))
        if (
            message is None
            or message.channel_id != channel.id
            or message.deleted
            or message.ephemeral
        ):
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def _get_message(self, request: web.Request) -> web.Response:
        return json_response(self._message_payload(self._channel_message(request)))

    async def _edit_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        if message.author.id != self.bot.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        body, files = await self._read_body(request)
        if files:
            self._require(self.channels[message.channel_id], "attach_files")
        self._update_message(message, body, files, loading=message.loading)
        await self._changed()
        return json_response(self._message_payload(message))

    async def _delete_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        message.deleted = True
        await self._changed()
        return web.Response(status=204)

    async def _read_body(
        self, request: web.Request
    ) -> tuple[dict[str, Any], dict[int, Attachment]]:
        """The JSON payload and the uploaded files (``files[n]``), JSON or multipart alike."""
        if not request.content_type.startswith("multipart/"):
            body = await request.json() if request.can_read_body else {}
            return (body if isinstance(body, dict) else {}), {}
        body = {}
        files: dict[int, Attachment] = {}
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            assert isinstance(part, aiohttp.BodyPartReader)
            if part.name == "payload_json":
                body = json.loads(await part.text())
            elif part.name and (match := re.fullmatch(r"files\[(\d+)\]", part.name)):
                data = bytes(await part.read())
                if len(data) > self.max_attachment_bytes:
                    raise DiscordError(413, 40005, "Request entity too large")
                files[int(match.group(1))] = Attachment(
                    snowflake(), part.filename or "file", data, part.headers.get("Content-Type")
                )
        return body, files

    def _new_message(
        self,
        channel: Channel,
        body: dict[str, Any],
        files: dict[int, Attachment],
        visible_to: int | None = None,
        loading: bool = False,
    ) -> Message:
        message = Message(
            snowflake(),
            channel.id,
            self.bot,
            flags=EPHEMERAL if visible_to is not None else 0,
            visible_to=visible_to,
            nonce=body.get("nonce"),
            sticker_ids=[str(s) for s in body.get("sticker_ids") or []],
            poll=body.get("poll"),
        )
        self._update_message(message, body, files, new=True, loading=loading)
        channel.messages.append(message)
        self.messages[message.id] = message
        return message

    def _update_message(
        self,
        message: Message,
        body: dict[str, Any],
        files: dict[int, Attachment],
        *,
        new: bool = False,
        loading: bool = False,
    ) -> None:
        """Writes ``body`` into the message, or refuses it and changes nothing. ``loading``:
        whether the message is (still) a deferred "thinking" answer afterwards."""
        check_form(body)
        content = (body.get("content") or "") if "content" in body or new else message.content
        embeds = list(body.get("embeds") or []) if "embeds" in body or new else message.embeds
        components = message.components
        if "components" in body or new:
            components = list(body.get("components") or [])
        attachments = message.attachments
        if "attachments" in body or files:
            kept = {a.id: a for a in message.attachments}
            attachments = []
            for entry in body.get("attachments") or [{"id": i} for i in files]:
                index = int(entry["id"])
                if index in files:
                    attachments.append(files[index])
                elif index in kept:
                    attachments.append(kept[index])
        if not loading and is_empty(
            content, embeds, attachments, components, message.sticker_ids, message.poll
        ):
            raise empty_message()
        if "content" in body or new:
            message.content = content
            message.mentions = _mentions(content, body.get("allowed_mentions"))
        message.embeds, message.components, message.attachments = embeds, components, attachments
        # Whether a message is ephemeral or loading is not the sender's to edit.
        flags = message.flags & ~LOADING
        if "flags" in body:
            flags = (body["flags"] or 0) & ~(EPHEMERAL | LOADING) | (message.flags & EPHEMERAL)
        message.flags = flags | LOADING if loading else flags
        if not new:
            message.edited_at = time.time()

    def _message_payload(self, message: Message) -> dict[str, Any]:
        return payloads.message(message, self.channels[message.channel_id].guild_id, self.base_url)

    # Gateway ---------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        session = _Session(ws)
        interval_ms = round(self.heartbeat_interval * 1000)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": interval_ms}})
        try:
            async for frame in ws:
                if frame.type is not web.WSMsgType.TEXT:
                    continue
                event = json.loads(frame.data)
                op = event.get("op")
                if op == 1:
                    session.acknowledge_heartbeat(self.heartbeat_round_trip)
                elif op == 2:
                    if not await self._identify(session, event["d"]):
                        break
                elif op == 6:
                    await ws.send_json({"op": 9, "d": False})
        finally:
            session.close()
            if session in self._sessions:
                self._sessions.remove(session)
        return ws

    async def _identify(self, session: _Session, identify: dict[str, Any]) -> bool:
        """READY and the shard's guilds, or the socket closed as Discord closes it;
        whether the session is on."""
        if identify.get("token") not in (self.token, f"Bot {self.token}"):
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return False
        if session in self._sessions:
            await session.ws.close(code=4005, message=b"Already authenticated.")
            return False
        asked = identify.get("shard")
        shard = (0, 1) if asked is None else _shard(asked)
        if shard is None:
            await session.ws.close(code=4010, message=b"Invalid shard")
            return False
        session.shard_id, session.shard_count = shard
        guilds = [g for g in self.guilds.values() if session.receives(g.id)]
        if len(guilds) > self.max_guilds_per_shard:
            await session.ws.close(code=4011, message=b"Sharding required")
            return False
        session.intents = int(identify.get("intents") or 0)
        ready: dict[str, Any] = {
            "v": 10,
            "user": payloads.user(self.bot),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": new_token(),
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        # Discord names the shard in READY only to a session that identified with one.
        if asked is not None:
            ready["shard"] = list(shard)
        await session.send("READY", ready)
        now = time.time()
        for guild in guilds:
            members = [self.users[u] for u in guild.member_permissions if u in self.users]
            await session.send("GUILD_CREATE", payloads.guild(guild, self.bot, members, now))
        self._sessions.append(session)
        async with self._sessions_changed:
            self._sessions_changed.notify_all()
        return True

    def _receivers(self, guild_id: int | None, intent: int = 0) -> list[_Session]:
        return [s for s in self._sessions if s.receives(guild_id) and s.intents & intent == intent]

    async def _dispatch_if_connected(
        self, event: str, data: dict[str, Any], guild_id: int | None, *, intent: int = 0
    ) -> None:
        """The event to the sessions of ``guild_id``'s shard (shard 0 for ``None``) that
        asked for ``intent``, if any is connected."""
        for session in self._receivers(guild_id, intent):
            await session.send(event, data)

    async def _dispatch(self, event: str, data: dict[str, Any], guild_id: int | None) -> None:
        """The event to the sessions of ``guild_id``'s shard (shard 0 for ``None``); a
        RuntimeError if none is connected, so that a test acting as a member learns that
        no bot heard it."""
        receivers = self._receivers(guild_id)
        if not receivers:
            where = "shard 0" if guild_id is None else f"the shard of guild {guild_id}"
            raise RuntimeError(f"no bot is connected to the emulated gateway as {where}")
        for session in receivers:
            await session.send(event, data)


class _Session:
    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.sequence = 0
        self.intents = 0
        self.shard_id = 0
        self.shard_count = 1
        self._acks: set[asyncio.Task[None]] = set()

    def acknowledge_heartbeat(self, after: float) -> None:
        """Sends the ACK ``after`` seconds from now, while the gateway reads on."""
        task = asyncio.create_task(self._ack(after))
        self._acks.add(task)
        task.add_done_callback(self._acks.discard)

    async def _ack(self, after: float) -> None:
        await asyncio.sleep(after)
        # A client that went away meanwhile has nothing left to acknowledge.
        with contextlib.suppress(ConnectionResetError):
            await self.ws.send_json({"op": 11})

    def receives(self, guild_id: int | None) -> bool:
        """Whether Discord sends this session the guild's events; ``None`` for events
        outside any guild, which only shard 0 gets."""
        return (0 if guild_id is None else shard_of(guild_id, self.shard_count)) == self.shard_id

    def close(self) -> None:
        for task in self._acks:
            task.cancel()

    async def send(self, event: str, data: dict[str, Any]) -> None:
        self.sequence += 1
        await self.ws.send_json({"op": 0, "t": event, "s": self.sequence, "d": data})


def _number(raw: str) -> int | None:
    """A decimal number in a path or query; None for anything else (``str.isdigit``
    alone lets "²" through, which ``int`` refuses)."""
    return int(raw) if raw.isascii() and raw.isdigit() else None


def _history_query(query: Mapping[str, str]) -> tuple[int, str, int]:
    """Get Channel Messages' ``limit``, and which of before, after or around it asks for
    with that message's id; the newest messages are those before any id to come. Raises
    Discord's 50035 for a limit out of 1-100, an id that is no number, or two of them."""
    form = Form()
    raw_limit = query.get("limit")
    limit = 50 if raw_limit is None else _number(raw_limit)
    if limit is None:
        form.refuse(("limit",), "NUMBER_TYPE_COERCE", f"Value {raw_limit!r} is not int.")
    else:
        form.number(("limit",), limit, 1, 100)
    given = [w for w in ("before", "after", "around") if w in query]
    for where in given:
        if _number(query[where]) is None:
            form.refuse((where,), "NUMBER_TYPE_COERCE", f"Value {query[where]!r} is not snowflake.")
    if len(given) > 1:
        for where in given:
            form.refuse((where,), "BASE_TYPE_BAD_VALUE", "Only one of before, after or around.")
    if form.problems or limit is None:
        raise DiscordError(400, 50035, "Invalid Form Body", errors_object(form.problems))
    if not given:
        return limit, "before", 1 << 64
    return limit, given[0], int(query[given[0]])


def _shard(asked: object) -> tuple[int, int] | None:
    """IDENTIFY's ``[shard_id, num_shards]``, if it is a shard of a count."""
    # type() rather than isinstance(): JSON's true is no shard number.
    if not (isinstance(asked, list) and len(asked) == 2 and all(type(n) is int for n in asked)):
        return None
    shard_id, num_shards = asked
    return (shard_id, num_shards) if 0 <= shard_id < num_shards else None


def _found(things: Mapping[int, T], raw: str) -> T | None:
    """What ``things`` holds under the id written in a path, if that is an id at all."""
    number = _number(raw)
    return None if number is None else things.get(number)


def _options(
    schema: list[dict[str, Any]], given: dict[str, Any], locale: str
) -> list[dict[str, Any]]:
    """The options as sent to the bot, under their own names; ``given`` names them as a
    member with ``locale`` reads them."""
    named = {localized(o, locale): o for o in schema}
    unknown = set(given) - set(named)
    if unknown:
        raise KeyError(f"unknown options {sorted(unknown)}; the command takes {sorted(named)}")
    return [
        {
            "name": named[name]["name"],
            "type": named[name]["type"],
            "value": str(value.id) if isinstance(value, Channel | User) else value,
        }
        for name, value in given.items()
    ]


def _known_locale(locale: str) -> str:
    if locale not in LOCALES:
        raise ValueError(f"{locale!r} is not one of Discord's locales")
    return locale


def _mentions(content: str, allowed: dict[str, Any] | None) -> list[int]:
    mentioned = [int(m) for m in _MENTION.findall(content)]
    if allowed is None:
        return mentioned
    if "users" in (allowed.get("parse") or []):
        return mentioned
    permitted = {int(u) for u in allowed.get("users") or []}
    return [u for u in mentioned if u in permitted]


def _route_name(route: web.AbstractRoute) -> str | None:
    """A route as ``fail`` names it; None for the router's own answers (404, 405)."""
    if route.resource is None:
        return None
    return f"{route.method} {route.resource.canonical.removeprefix(API)}"
