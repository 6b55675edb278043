"""The sandbox page: a Discord-like channel in the browser, served on loopback.

The page asks ``/api/channel`` for what the chosen member sees (ephemeral
messages only to them) and acts through the emulator exactly as a Discord
client would: slash commands, button clicks and menu picks become
interactions for the bot, an option that asks the bot for choices asks it as
it is typed (``/api/autocomplete``), and anything else typed is the member's
chat message. Members join and leave the server's voice channel with a click
(``/api/voice/join``, ``/api/voice/leave``), and its chat works as a text
channel's; the group DM is its members' alone, where the app's commands come
only as installed to their accounts. A websocket tells the page when anything
changed. The app's Activity opens beside the channel as Discord opens it: served
under ``/activity/`` as Discord's proxy serves it (``activity_proxy``), the page
playing Discord's client around it (``static/activity.js``, ``activity_host``).
Only the page itself may use any of it (``only_this_page``): it is on loopback,
but other sites can make the browser send requests there.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import struct
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, hdrs, web
from aiohttp.typedefs import Handler, Middleware
from babel import Locale

from bot.games.faces import faces
from emulator import Channel, CommandUnavailable, DiscordEmulator, Message, User
from emulator.cdn import DISCORD_CDN
from emulator.command_limits import localized
from emulator.components import FILE, attached_name
from emulator.installs import BOT_DM, PRIVATE_CHANNEL, USER_INSTALL, context_of
from emulator.limits import CONTENT_LENGTH
from emulator.model import Attachment
from emulator.payloads import attachment_url
from sandbox.activity_host import ActivityHost, participant
from sandbox.activity_proxy import ActivityProxy
from sandbox.clock import SandboxClock
from sandbox.server_world import SandboxServer
from sandbox.slash_text import (
    CommandSpec,
    SlashTextError,
    Suggested,
    command_specs,
    focused_input,
    named,
    parse,
)

log = logging.getLogger(__name__)

SELECT = 3
"""A string select menu's component type."""
USER_SELECT = 5
"""A user select menu's component type."""
EPHEMERAL = 1 << 6
LOADING = 1 << 7
MEDIA_KEYS = ("media", "file")
"""Where a component holds a picture or file (an unfurled media item): ``media`` in
thumbnails and gallery items, ``file`` in file components."""
CHANGE_DELAY = 0.03
"""Seconds to gather changes into one notice: a click edits and posts in quick bursts."""
STATIC = resources.files("sandbox") / "static"
STATIC_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
}
MOST_AHEAD = 30 * 24 * 3600
"""The furthest the page moves the clock on at once (seconds): a month."""
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
GIF_SIGNATURES = (b"GIF87a", b"GIF89a")
AVATAR_SIZE = 128
"""The avatars' size as the page asks for them: shown at 40 px, sharp on a 3× screen."""
EMBED_PICTURES = (
    ("thumbnail", "url"),
    ("image", "url"),
    ("author", "icon_url"),
    ("footer", "icon_url"),
)


WhoActs = Callable[[int], Awaitable[list[int]]]
"""The members who may act now in a channel's game, by the channel's id (none without a
game, or while computer players move)."""


async def nobody(channel_id: int) -> list[int]:
    """Who acts where the page has no bot to ask (its own tests)."""
    return []


HoldsGame = Callable[[int], Awaitable[bool]]
"""Whether a thread, by its id, is a game's own (its lobby's or its table's), where the bot
starts no other."""


async def no_game(thread_id: int) -> bool:
    """Whether a thread is a game's, where the page has no bot to ask (its own tests)."""
    return False


class SandboxPage:
    def __init__(
        self,
        emulator: DiscordEmulator,
        server: SandboxServer,
        who_acts: WhoActs = nobody,
        clock: SandboxClock | None = None,
        *,
        holds_game: HoldsGame = no_game,
    ) -> None:
        self.emulator = emulator
        self.server = server
        self._who_acts = who_acts
        self._holds_game = holds_game
        self.clock = SandboxClock(emulator.clock) if clock is None else clock
        """The time the page moves on: the bot's too, when the sandbox runs one."""
        self._sockets: set[web.WebSocketResponse] = set()
        self._notice: asyncio.TimerHandle | None = None
        self._sending: set[asyncio.Task[None]] = set()
        self._runner: web.AppRunner | None = None
        self.url = ""
        self.board_port: int | None = None
        """Where the bot serves its Activity (the board), which the page shows beside the
        channel, once the sandbox knows."""
        self._proxy = ActivityProxy(lambda: self.board_port)
        self._host = ActivityHost(emulator)
        emulator.on_change.append(self._changed)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        sock = socket.create_server((host, port))
        bound_host, bound_port = sock.getsockname()[:2]
        app = web.Application(middlewares=[only_this_page(bound_port)])
        app.router.add_get("/", self._index)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/api/server", self._server_info)
        app.router.add_get("/api/channel", self._channel_view)
        app.router.add_post("/api/command", self._command)
        app.router.add_post("/api/autocomplete", self._autocomplete)
        app.router.add_post("/api/message", self._message_post)
        app.router.add_post("/api/click", self._click)
        app.router.add_post("/api/select", self._select)
        app.router.add_post("/api/select_users", self._select_users)
        app.router.add_post("/api/clock", self._move_clock)
        app.router.add_post("/api/voice/join", self._join_voice)
        app.router.add_post("/api/voice/leave", self._leave_voice)
        app.router.add_get("/api/live", self._live)
        app.router.add_post("/api/activity/launch", self._launch)
        app.router.add_post("/api/activity/leave", self._leave)
        app.router.add_post("/api/activity/authorize", self._authorize)
        app.router.add_post("/api/activity/authenticate", self._authenticate)
        self._proxy.add_routes(app.router)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()
        self.url = f"http://{bound_host}:{bound_port}"
        return self.url

    async def close(self) -> None:
        for ws in list(self._sockets):
            await ws.close()
        await self._proxy.close()
        if self._runner is not None:
            await self._runner.cleanup()
        await self._host.close()

    # Pages ------------------------------------------------------------------------

    async def _index(self, request: web.Request) -> web.Response:
        return _static_file("index.html")

    async def _static(self, request: web.Request) -> web.Response:
        return _static_file(request.match_info["name"])

    async def _server_info(self, request: web.Request) -> web.Response:
        return web.json_response(
            {
                "server": self.server.guild.name,
                "channel": str(self.server.channel.id),
                "members": [
                    {
                        "id": str(m.user.id),
                        "name": m.user.name,
                        "avatar_url": self._avatar_url(m.user),
                        "manages_server": m.manages_server,
                        "locale": m.user.locale,
                        "language": _language_name(m.user.locale),
                        "time_zone": m.time_zone,
                        # As Discord's client tells the Activity of them.
                        "user": participant(m.user),
                    }
                    for m in self.server.members
                ],
                "app": self._host.app(),
                "commands": {
                    locale: [
                        {
                            "name": s.name,
                            "description": s.description,
                            "options": list(s.options),
                            # Where it is offered, by the view's ``offered``.
                            "command": s.command,
                        }
                        for s in command_specs(self._registered(), locale)
                    ]
                    for locale in {m.user.locale for m in self.server.members}
                },
                "games": self.games(),
            }
        )

    def games(self) -> list[dict[str, Any]]:
        """The games one can start here, each by its command group (``/nuggets``) and name,
        as the bot registered them."""
        groups = {c["name"]: c for c in self._registered()}
        locales = {m.user.locale for m in self.server.members}
        games = []
        for face in faces():
            group = groups.get(face.command)
            if group is None:
                continue
            new = next((o for o in group.get("options", []) if o["name"] == "new"), None)
            night = next((o for o in (new or {}).get("options", []) if o["name"] == "voice"), None)
            games.append(
                {
                    "command": face.command,
                    "title": face.title,
                    # How each member types its "new", in their Discord's language.
                    "new": {locale: localized(new, locale) if new else "new" for locale in locales},
                    # And its option for a game night in voice, where it has one.
                    "voice": None
                    if night is None
                    else {locale: localized(night, locale) for locale in locales},
                }
            )
        return games

    async def _channel_view(self, request: web.Request) -> web.Response:
        viewer = self._user(request.query.get("user", ""))
        channel = self._channel(request.query.get("channel", ""), viewer)
        channels = [self.server.channel, *self.emulator.threads_of(self.server.channel)]
        dm = self._dm_of(viewer)
        specs = command_specs(self._registered(channel), viewer.locale)
        offered = self._offered(viewer, channel, specs)
        return web.json_response(
            {
                "channel": {
                    **self._channel_json(channel, viewer),
                    # A game's thread, empty until its table comes, offers no new game.
                    "holds_game": channel.is_thread and await self._holds_game(channel.id),
                    # Whether the member's client offers the app's launcher here.
                    "launcher": self._launches_here(viewer, channel),
                },
                # The registered commands the member's client offers here (by their own
                # names: a subcommand goes with its command).
                "offered": sorted({s.command for s in offered}),
                "channels": [self._channel_json(c, viewer) for c in channels],
                # The server's voice channels, each with who is in it (in the order they
                # came), as Discord's channel list shows them, and its status.
                "voice_channels": [
                    {
                        **self._channel_json(v, viewer),
                        "status": v.voice_status,
                        "in_voice": [self._person(u) for u in self.emulator.in_voice(v)],
                    }
                    for v in self.server.guild.channels.values()
                    if v.is_voice
                ],
                # The member's direct messages with the bot (its turn notices), once the
                # bot has written there: only theirs.
                "dm": None if dm is None else self._channel_json(dm, viewer),
                # The group DMs the member is in: only theirs.
                "group_dms": [
                    self._channel_json(g, viewer)
                    for g in self.emulator.group_dms.values()
                    if viewer.id in g.recipients
                ],
                "messages": [self._message_json(m) for m in channel.visible(viewer.id)],
                "names": {
                    **{str(u.id): u.name for u in self.emulator.users.values()},
                    str(self.emulator.bot.id): self.emulator.bot.name,
                },
                "channel_names": {str(c.id): c.name for c in self.emulator.channels.values()},
                # For "Follow turns": the page acts as one of them as soon as a turn passes.
                "to_act": [str(user) for user in await self._who_acts(channel.id)],
                # The sandbox's time, which relative timestamps count from.
                "now": self.clock.now(),
                "ahead": self.clock.ahead,
                # Who opened the Activity where, and who is in it: each member's own frame.
                "activity": self._host.view(),
            }
        )

    # Acting as a member ------------------------------------------------------------

    async def _command(self, request: web.Request) -> web.Response:
        """The typed command, read against every command the member's client knows, and
        sent as Discord's client sends it; one it does not offer here (its contexts or
        installs leave the place out, which the emulator answers with
        ``CommandUnavailable``) is refused in plain words."""
        body = await _body(request)
        user = self._user(body.get("user"))
        channel = self._channel(body.get("channel"), user)
        text = str(body.get("text", ""))
        specs = command_specs(self._registered(channel), user.locale)
        try:
            name, options = parse(text, specs, *self._nameable(channel), _suggested(body))
        except SlashTextError as e:
            return _refusal(400, self._not_offered(text, user, channel, specs) or str(e))
        try:
            await self.emulator.slash(user, channel, name, **options)
        except CommandUnavailable:
            spec = next(s for s in specs if s.name == name)
            return _refusal(400, self._unavailable(spec, user, channel))
        return web.json_response({"ok": True})

    async def _autocomplete(self, request: web.Request) -> web.Response:
        """The choices the bot offers for the option being typed (``option``, by the name
        the member reads) in the command typed so far (``text``), asked as the member in
        the channel or DM shown. The page asks no more often than Discord's client does."""
        body = await _body(request)
        user = self._user(body.get("user"))
        channel = self._channel(body.get("channel"), user)
        focused = str(body.get("option", ""))
        try:
            name, typed, options = focused_input(
                str(body.get("text", "")),
                focused,
                self._specs(user, channel),
                *self._nameable(channel),
                _suggested(body),
            )
        except SlashTextError as e:
            return _refusal(400, str(e))
        choices = await self.emulator.autocomplete(user, channel, name, focused, typed, **options)
        return web.json_response({"choices": choices})

    def _specs(self, user: User, channel: Channel) -> list[CommandSpec]:
        """The commands the member's client offers where they type."""
        specs = command_specs(self._registered(channel), user.locale)
        return self._offered(user, channel, specs)

    def _offered(self, user: User, channel: Channel, specs: list[CommandSpec]) -> list[CommandSpec]:
        """Those of ``specs`` the member's client offers in the channel: as their contexts
        allow the place, and as the app is installed there (to the server, which reaches
        its channels and the bot's DM, or to the member's account)."""
        server_install = channel.is_dm or (
            not channel.is_private and channel.guild_id in self.emulator.guilds
        )
        user_install = user.id in self.emulator.user_installs
        context = context_of(channel)
        return [s for s in specs if s.offered(context, server_install, user_install)]

    def _nameable(self, channel: Channel) -> tuple[list[User], list[Channel]]:
        """The members and channels an option may name: none in a DM or group DM, where no
        server's are."""
        if channel.is_private:
            return [], []
        return [m.user for m in self.server.members], [
            c for c in self.server.guild.channels.values() if not c.is_thread
        ]

    def _not_offered(
        self, text: str, user: User, channel: Channel, specs: list[CommandSpec]
    ) -> str | None:
        """Why a command that can't be read can't be typed here, if that is why: the one
        typed isn't offered here, or none is."""
        offered = self._offered(user, channel, specs)
        spec = named(text, specs)
        if spec is not None and spec not in offered:
            return self._unavailable(spec, user, channel)
        if spec is None and not offered:
            return f"The app offers no commands {self._where(channel)}."
        return None

    def _unavailable(self, spec: CommandSpec, user: User, channel: Channel) -> str:
        """Why the member's client doesn't offer the command here, in plain words."""
        command, where = spec.name.split()[0], self._where(channel)
        context = context_of(channel)
        if (
            context in spec.contexts
            and USER_INSTALL in spec.integration_types
            and user.id not in self.emulator.user_installs
        ):
            return (
                f"/{command} isn't offered to {user.name} {where}: it comes with the app "
                "installed to one's account."
            )
        return f"/{command} isn't offered {where}: the app offers it {spec.places()}."

    def _where(self, channel: Channel) -> str:
        """The place, as the member says where they type."""
        context = context_of(channel)
        if context == BOT_DM:
            return f"in your DM with {self.emulator.bot.name}"
        return "in this group DM" if context == PRIVATE_CHANNEL else f"in #{channel.name}"

    async def _message_post(self, request: web.Request) -> web.Response:
        """The member's chat message in the channel or thread, as Discord's message box
        sends it: not empty, at most 2,000 characters."""
        body = await _body(request)
        user = self._user(body.get("user"))
        channel = self._channel(body.get("channel"), user)
        text = body.get("text")
        if not isinstance(text, str) or not text.strip():
            return _refusal(400, "Type a message to send.")
        if len(text) > CONTENT_LENGTH:
            return _refusal(
                400,
                f"A message can be at most {CONTENT_LENGTH:,} characters long; "
                f"this one has {len(text):,}.",
            )
        await self.emulator.say(user, channel, text)
        return web.json_response({"ok": True})

    async def _click(self, request: web.Request) -> web.Response:
        body, user, message = await self._on_message(request)
        await self.emulator.click(user, message, str(body.get("custom_id", "")))
        return web.json_response({"ok": True})

    async def _select(self, request: web.Request) -> web.Response:
        body, user, message = await self._on_message(request)
        menu = _menu(message, SELECT, body.get("custom_id"))
        value = str(body.get("value"))
        if value not in [o.get("value") for o in menu.get("options", [])]:
            return _refusal(400, "That choice isn't in the menu any more.")
        await self.emulator.select(user, message, None, value, custom_id=menu["custom_id"])
        return web.json_response({"ok": True})

    async def _select_users(self, request: web.Request) -> web.Response:
        """Picks members in a user select menu, as Discord's client offers the server's."""
        body, user, message = await self._on_message(request)
        menu = _menu(message, USER_SELECT, body.get("custom_id"))
        raw = body.get("users")
        picked = [self._user(each) for each in raw] if isinstance(raw, list) else []
        most = menu.get("max_values", 1)
        if not 1 <= len(picked) <= most:
            return _refusal(400, f"Pick from 1 to {most} members.")
        await self.emulator.select_users(user, message, None, picked, custom_id=menu["custom_id"])
        return web.json_response({"ok": True})

    async def _move_clock(self, request: web.Request) -> web.Response:
        """Moves the sandbox's time (Discord's and the bot's) on by ``seconds``: what the
        bot would do by then (a deadline, a reminder, a daily summary) it does now."""
        seconds = (await _body(request)).get("seconds")
        if (
            not isinstance(seconds, int | float)
            or isinstance(seconds, bool)
            or not 0 < seconds <= MOST_AHEAD
        ):
            return _refusal(400, f"The clock moves on by up to {MOST_AHEAD:,} seconds at once.")
        self.clock.advance(seconds)
        self._changed()
        return web.json_response({"now": self.clock.now(), "ahead": self.clock.ahead})

    # The Activity, as Discord's client runs it for a member -------------------------

    async def _launch(self, request: web.Request) -> web.Response:
        """The member opens the Activity in the channel, thread, voice channel or group DM
        from the app launcher: the app's default Entry Point command, which Discord
        handles itself (DISCORD_LAUNCH_ACTIVITY), launching it or joining the instance
        living there."""
        body = await _body(request)
        user = self._user(body.get("user"))
        channel = self._channel(body.get("channel"), user)
        if not self._launches_here(user, channel):
            return _refusal(
                400,
                "Activities open in the server's channels here, and in a group DM for "
                "members who installed the app to their account.",
            )
        try:
            instance = await self.emulator.launch_activity(channel.id, user.id)
        except ValueError as refused:
            return _refusal(400, str(refused))
        return web.json_response({"instance_id": instance.id})

    async def _leave(self, request: web.Request) -> web.Response:
        """The member closed the Activity: they leave its instance."""
        body = await _body(request)
        user = self._user(body.get("user"))
        await self.emulator.leave_activity(str(body.get("instance", "")), user.id)
        return web.json_response({"ok": True})

    async def _authorize(self, request: web.Request) -> web.Response:
        """The member's Activity's AUTHORIZE, as Discord's client handles it."""
        body = await _body(request)
        user = self._user(body.get("user"))
        scopes = body.get("scopes")
        answer = self._host.authorize(
            user,
            str(body.get("client_id", "")),
            [str(s) for s in scopes] if isinstance(scopes, list) else [],
            body.get("prompt"),
            body.get("granted") is True,
        )
        return web.json_response(answer)

    async def _authenticate(self, request: web.Request) -> web.Response:
        """The member's Activity's AUTHENTICATE, as Discord's client handles it."""
        body = await _body(request)
        user = self._user(body.get("user"))
        answer = await self._host.authenticate(user, str(body.get("access_token", "")))
        return web.json_response(answer)

    # Voice, as Discord's client joins and leaves it ---------------------------------

    async def _join_voice(self, request: web.Request) -> web.Response:
        """The member joins the voice channel (moving from another they are in), as a click
        on it in Discord's channel list does; everyone's page shows them under it."""
        body = await _body(request)
        user = self._user(body.get("user"))
        channel = self._channel(body.get("channel"), user)
        if not channel.is_voice:
            return _refusal(400, "Only a voice channel can be joined: pick one with 🔊.")
        try:
            await self.emulator.join_voice(user, channel)
        except ValueError as refused:
            return _refusal(400, str(refused))
        return web.json_response({"ok": True})

    async def _leave_voice(self, request: web.Request) -> web.Response:
        """The member leaves voice in the server, as Discord's Disconnect does."""
        user = self._user((await _body(request)).get("user"))
        guild = self.server.guild
        if user.id not in guild.voice_states:
            return _refusal(400, f"{user.name} isn't in a voice channel.")
        await self.emulator.leave_voice(user, guild)
        return web.json_response({"ok": True})

    # Live updates -------------------------------------------------------------------

    async def _live(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=20)
        await ws.prepare(request)
        self._sockets.add(ws)
        try:
            async for message in ws:
                if message.type is WSMsgType.ERROR:
                    break
        finally:
            self._sockets.discard(ws)
        return ws

    def _changed(self) -> None:
        if self._notice is None:
            loop = asyncio.get_running_loop()
            self._notice = loop.call_later(CHANGE_DELAY, self._tell_pages)

    def _tell_pages(self) -> None:
        self._notice = None
        for ws in list(self._sockets):
            # Kept until done: the loop holds tasks only weakly.
            task = asyncio.create_task(_send(ws, {"type": "changed"}))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)

    # Lookups ------------------------------------------------------------------------

    def _registered(self, place: Channel | None = None) -> list[dict[str, Any]]:
        """The bot's commands: the server's own and the global ones; in a DM or group DM
        (``place``), the global ones alone, as Discord's client knows a server's commands
        only in that server."""
        private = place is not None and place.is_private
        servers = [] if private else self.emulator.commands.get(self.server.guild.id, [])
        return [*servers, *self.emulator.commands.get(None, [])]

    def _user(self, raw: object) -> User:
        member = self.server.member(int(str(raw))) if str(raw).isdigit() else None
        if member is None:
            raise web.HTTPBadRequest(text="Pick one of the sandbox's members.")
        return member.user

    def _channel(self, raw: object, viewer: User) -> Channel:
        """A channel, voice channel or thread of the server, or the viewer's own direct
        messages or group DM."""
        channel = self._place(int(str(raw))) if str(raw).isdigit() else None
        if channel is None or not self._sees(viewer, channel):
            raise web.HTTPNotFound(text="That channel or thread is gone.")
        return channel

    def _place(self, channel_id: int) -> Channel | None:
        return self.emulator.channels.get(channel_id) or self.emulator.group_dms.get(channel_id)

    def _sees(self, viewer: User, channel: Channel) -> bool:
        """Whether the place is the viewer's to see: the server's, their own DM with the
        bot, or a group DM they are in."""
        if channel.is_dm:
            return channel.recipient_id == viewer.id
        if channel.is_group_dm:
            return viewer.id in channel.recipients
        return channel.guild_id == self.server.guild.id

    def _launches_here(self, viewer: User, channel: Channel) -> bool:
        """Whether the member's client offers the app's launcher in the place: in the
        server's channels, and in a group DM to a member who installed the app (Discord
        opens Activities in DMs only for apps users installed); not in the DM with the
        bot."""
        if channel.is_group_dm:
            return viewer.id in self.emulator.user_installs
        return not channel.is_dm

    def _dm_of(self, viewer: User) -> Channel | None:
        return next(
            (c for c in self.emulator.channels.values() if c.is_dm and c.recipient_id == viewer.id),
            None,
        )

    async def _on_message(self, request: web.Request) -> tuple[dict[str, Any], User, Message]:
        """The request's body, the member acting and the message they act on."""
        body = await _body(request)
        user = self._user(body.get("user"))
        return body, user, self._message(body.get("message"), user)

    def _message(self, raw: object, viewer: User) -> Message:
        """A message the viewer sees: in a place of theirs (never another's DM or a group
        DM they are not in), and public or their own."""
        message = self.emulator.messages.get(int(str(raw))) if str(raw).isdigit() else None
        place = None if message is None else self._place(message.channel_id)
        if (
            message is None
            or message.deleted
            or message.visible_to not in (None, viewer.id)
            or place is None
            or not self._sees(viewer, place)
        ):
            raise web.HTTPNotFound(text="That message is gone.")
        return message

    def _channel_json(self, channel: Channel, viewer: User) -> dict[str, Any]:
        return {
            "id": str(channel.id),
            "name": self._name(channel, viewer),
            "thread": channel.is_thread,
            "dm": channel.is_dm,
            "group_dm": channel.is_group_dm,
            "voice": channel.is_voice,
        }

    def _name(self, channel: Channel, viewer: User) -> str:
        """The place's name as the viewer reads it: a DM is the bot's; a group DM without a
        name of its own is its other members', as Discord names it."""
        if channel.is_dm:
            return self.emulator.bot.name
        if channel.is_group_dm and not channel.name:
            users = self.emulator.users
            return ", ".join(users[u].name for u in channel.recipients if u != viewer.id)
        return channel.name

    def _person(self, user: User) -> dict[str, Any]:
        return {"id": str(user.id), "name": user.name, "avatar_url": self._avatar_url(user)}

    def _message_json(self, m: Message) -> dict[str, Any]:
        files = {a.filename: self._file(m, a) for a in m.attachments}
        embedded = set()
        embeds = []
        for embed in m.embeds:
            image = (embed.get("image") or {}).get("url")
            if image and image.startswith("attachment://"):
                embedded.add(image.removeprefix("attachment://"))
                embed = {**embed, "image": files.get(image.removeprefix("attachment://"))}
            embeds.append(self._pictures_here(embed))
        thread = self.emulator.channels.get(m.id)
        return {
            "id": str(m.id),
            "author": {
                "id": str(m.author.id),
                "name": m.author.name,
                "bot": m.author.bot,
                "avatar_url": self._avatar_url(m.author),
            },
            "content": m.content,
            "embeds": embeds,
            # Discord shows a V2 message's files only where its components name them.
            "attachments": []
            if m.components_v2
            else [
                {"filename": name, **image} for name, image in files.items() if name not in embedded
            ],
            "components": self._media_here(m, m.components),
            "components_v2": m.components_v2,
            "ephemeral": bool(m.flags & EPHEMERAL) or m.visible_to is not None,
            "loading": bool(m.flags & LOADING),
            # Discord marks a message sent with @silent (in quiet hours, a turn's notice).
            "silent": m.silent,
            "edited": m.edited_at is not None,
            "created_at": m.created_at,
            "thread": None
            if thread is None or not thread.is_thread
            else {"id": str(thread.id), "name": thread.name},
        }

    def _file(self, m: Message, a: Attachment) -> dict[str, Any]:
        return _image(attachment_url(a, self.emulator.base_url, m.channel_id), a.data)

    def _media_here(self, m: Message, node: Any) -> Any:
        """The components with each picture or file where the browser finds it: an
        ``attachment://`` name as the emulator's address with the picture's size (a name
        the message has no file for, as no address), a picture on Discord's CDN as the
        emulator's copy. A file component gets its file's name and size, which Discord
        fills in; a picture without a description, the alt text uploaded with its file."""
        if isinstance(node, list):
            return [self._media_here(m, n) for n in node]
        if not isinstance(node, dict):
            return node
        here = {key: self._media_here(m, value) for key, value in node.items()}
        for key in MEDIA_KEYS:
            media = node.get(key)
            if not isinstance(media, dict) or not isinstance(media.get("url"), str):
                continue
            name = attached_name(media["url"])
            found = None if name is None else m.attached(name)
            if name is None:
                here[key] = {**media, "url": self.emulator.cdn_url(media["url"])}
            elif found is None:
                here[key] = {**media, "url": None}
            else:
                here[key] = {**media, **self._file(m, found)}
                if node.get("type") == FILE:
                    here["name"], here["size"] = found.filename, len(found.data)
                elif node.get("description") is None and found.description is not None:
                    here["description"] = found.description
        return here

    def _pictures_here(self, embed: dict[str, Any]) -> dict[str, Any]:
        """The embed with its pictures on Discord's CDN (the avatar in a game's ``stats``)
        taken from the emulator, which the browser can reach."""
        embed = dict(embed)
        for part, key in EMBED_PICTURES:
            holder = embed.get(part)
            if isinstance(holder, dict) and isinstance(holder.get(key), str):
                embed[part] = {**holder, key: self.emulator.cdn_url(holder[key])}
        return embed

    def _avatar_url(self, user: User) -> str:
        """The avatar a game's ``stats`` shows for this user (discord.py's address for it),
        from the emulator."""
        discord_url = f"{DISCORD_CDN}/avatars/{user.id}/{user.avatar}.png?size={AVATAR_SIZE}"
        return self.emulator.cdn_url(discord_url)


def _image(url: str, data: bytes) -> dict[str, Any]:
    """The image's address with its size, so that the page keeps its place before it loads
    (as Discord's attachment objects let clients do)."""
    size = picture_size(data)
    return {"url": url} if size is None else {"url": url, "width": size[0], "height": size[1]}


def picture_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's header, whose first chunk is always IHDR, or a GIF's
    (a replay), whose logical screen follows its signature."""
    if len(data) >= 24 and data.startswith(PNG_SIGNATURE) and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    if len(data) >= 10 and data[:6] in GIF_SIGNATURES:
        width, height = struct.unpack("<HH", data[6:10])
        return width, height
    return None


def only_this_page(port: int) -> Middleware:
    """Refuses what did not come from the page itself: any site the person visits can make
    their browser send requests here. So: no Host but loopback at this port (a DNS name
    rebound to 127.0.0.1 would otherwise pass for the page), no Origin but the page's, and
    changes only as JSON (plain text and forms cross sites without a CORS preflight; JSON
    needs one, which this server never grants)."""
    hosts = frozenset(f"{name}:{port}" for name in LOOPBACK_NAMES)
    origins = frozenset(f"http://{host}" for host in hosts)

    @web.middleware
    async def check(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.headers.get(hdrs.HOST, "").lower() not in hosts:
            return _refusal(421, f"This page answers only at http://127.0.0.1:{port}.")
        origin = request.headers.get(hdrs.ORIGIN)
        if origin is not None and origin.lower() not in origins:
            return _refusal(403, "Only the sandbox's own page may use it.")
        if request.method not in SAFE_METHODS and request.content_type != "application/json":
            return _refusal(415, "Send JSON, as the sandbox's page does.")
        return await handler(request)

    return check


def _language_name(locale: str) -> str:
    """A Discord locale as its speakers name it: ``Deutsch``, ``English (United States)``."""
    return Locale.parse(locale, sep="-").get_display_name() or locale


def _menu(message: Message, kind: int, custom_id: object) -> dict[str, Any]:
    """The message's select menu of this ``kind`` with this custom_id, refused once it is
    no longer there."""
    for menu in message.buttons():
        if menu.get("type") == kind and menu.get("custom_id") == custom_id:
            return menu
    gone = {"error": "That menu isn't on the message any more."}
    raise web.HTTPBadRequest(text=json.dumps(gone), content_type="application/json")


def _refusal(status: int, text: str) -> web.Response:
    return web.json_response({"error": text}, status=status)


def _static_file(name: str) -> web.Response:
    suffix = name[name.rfind(".") :] if "." in name else ""
    resource = STATIC / name
    if suffix not in STATIC_TYPES or "/" in name or not resource.is_file():
        raise web.HTTPNotFound()
    return web.Response(
        body=resource.read_bytes(),
        content_type=STATIC_TYPES[suffix],
        charset="utf-8",
        headers={"Cache-Control": "no-store"},
    )


def _suggested(body: dict[str, Any]) -> Suggested:
    """The choices the page showed for each option that asks the bot, as it sends them
    back with the command: each a name and a value."""
    raw = body.get("suggested")
    if not isinstance(raw, dict):
        return {}
    return {
        str(option): [c for c in choices if isinstance(c, dict) and isinstance(c.get("name"), str)]
        for option, choices in raw.items()
        if isinstance(choices, list)
    }


async def _body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except json.JSONDecodeError:
        raise web.HTTPBadRequest(text="Expected a JSON body.") from None
    if not isinstance(body, dict):
        raise web.HTTPBadRequest(text="Expected a JSON object.")
    return body


async def _send(ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
    try:
        await ws.send_json(data)
    except ConnectionError:
        log.debug("a sandbox page went away")
