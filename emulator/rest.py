"""The emulator's HTTP server: every REST route (under ``/api/v10``) and the CDN's, the
gateway's WebSocket, the bot's token required where Discord requires it (or a user's
access token with the scope a route takes, where it takes one), Discord's
rate limits (``rate_limits``), each request held to Discord's description of its route
(``request_schemas``), Discord's error answers, the faults a test asks for
(``faults``), and the answers held to the description where asked
(``answer_schemas``)."""

from __future__ import annotations

import socket
from collections.abc import Callable

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from emulator.activities import Activities
from emulator.answer_schemas import AnswerChecks
from emulator.bot_messages import BotMessages
from emulator.changes import Changes
from emulator.faults import Fault
from emulator.gateway import Gateway
from emulator.loopback import loopback_only
from emulator.message_events import MessageEvents
from emulator.oauth2 import Authorizations
from emulator.rate_limits import RateLimiter
from emulator.request_schemas import RequestChecks
from emulator.responses import DiscordError, json_response
from emulator.rest_activities import ActivityRoutes
from emulator.rest_application import ApplicationRoutes
from emulator.rest_cdn import CdnRoutes
from emulator.rest_channels import ChannelRoutes
from emulator.rest_interactions import InteractionRoutes
from emulator.rest_oauth2 import BEARER, FORM_PATHS, REVOKE_PATH, TOKEN_PATH, OAuth2Routes
from emulator.rest_voice import VoiceRoutes
from emulator.settings import API, GATEWAY, Settings
from emulator.world import World


@web.middleware
async def _discord_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        return await handler(request)
    except DiscordError as e:
        return json_response(e.body(), e.status)


class RestApi:
    def __init__(
        self,
        settings: Settings,
        world: World,
        changes: Changes,
        gateway: Gateway,
        events: MessageEvents,
        authorizations: Authorizations,
        activities: Activities,
    ) -> None:
        self._settings = settings
        self._authorizations = authorizations
        self._faults: list[Fault] = []
        self._bot_routes: set[str] = set()
        self._user_routes: dict[str, str] = {}
        """The routes that take a user's access token besides the bot's token, with the
        scope it needs."""
        self.limiter = RateLimiter(settings, world)
        requests = RequestChecks(settings)
        self.answers = AnswerChecks(settings, requests.operation)
        # Built at once rather than when serving, so that fail() can check its route.
        # The limiter sees a fault's answer as Discord's own: it counts an injected 401,
        # 403 or 429 among the invalid requests. The answers are checked as the handlers
        # and Discord's errors give them, a test's faults aside.
        self._app = web.Application(
            middlewares=[
                loopback_only(FORM_PATHS),
                self._rate_limiter(),
                self._fault_injector(),
                self.answers.middleware(),
                _discord_errors,
                self._authorized(),
                requests.middleware(),
            ],
            client_max_size=64 * 1024 * 1024,
        )
        bot_messages = BotMessages(settings, world, changes, events)
        self._routes(
            gateway,
            ApplicationRoutes(settings, world),
            CdnRoutes(world),
            InteractionRoutes(settings, world, changes, bot_messages, activities),
            ChannelRoutes(settings, world, changes, gateway, bot_messages),
            VoiceRoutes(world, changes, gateway, bot_messages.places),
        )
        self._activity_routes(
            OAuth2Routes(settings, world, authorizations), ActivityRoutes(world, activities)
        )
        self._runner: web.AppRunner | None = None

    def _routes(
        self,
        gateway: Gateway,
        application: ApplicationRoutes,
        cdn: CdnRoutes,
        interactions: InteractionRoutes,
        channels: ChannelRoutes,
        voice: VoiceRoutes,
    ) -> None:
        r = self._app.router

        bot_only = self._bot_only
        r.add_get(GATEWAY, gateway.connect)
        r.add_get("/attachments/{channel}/{attachment}/{filename}", cdn.attachment)
        r.add_get("/avatars/{user}/{file}", cdn.avatar)
        r.add_get("/embed/avatars/{file}", cdn.default_avatar)
        self._user_too(bot_only(r.add_get(f"{API}/users/@me", application.me)), "identify")
        bot_only(r.add_post(f"{API}/users/@me/channels", channels.create_dm))
        bot_only(r.add_get(f"{API}/oauth2/applications/@me", application.application))
        bot_only(r.add_get(f"{API}/gateway/bot", application.bot_gateway))
        r.add_get(f"{API}/gateway", application.gateway)
        for path in ("/applications/{app}/commands", "/applications/{app}/guilds/{guild}/commands"):
            bot_only(r.add_put(f"{API}{path}", application.sync_commands))
            bot_only(r.add_get(f"{API}{path}", application.get_commands))
        r.add_post(f"{API}/interactions/{{id}}/{{token}}/callback", interactions.callback)
        webhook_message = f"{API}/webhooks/{{app}}/{{token}}/messages/{{message}}"
        r.add_get(webhook_message, interactions.get_message)
        r.add_patch(webhook_message, interactions.edit_message)
        r.add_delete(webhook_message, interactions.delete_message)
        r.add_post(f"{API}/webhooks/{{app}}/{{token}}", interactions.followup)
        bot_only(r.add_get(f"{API}/channels/{{channel}}", channels.get_channel))
        bot_only(r.add_put(f"{API}/channels/{{channel}}/voice-status", voice.set_status))
        bot_only(r.add_delete(f"{API}/channels/{{channel}}", channels.delete_channel))
        bot_only(
            r.add_post(
                f"{API}/channels/{{channel}}/messages/{{message}}/threads", channels.start_thread
            )
        )
        bot_only(r.add_post(f"{API}/channels/{{channel}}/threads", channels.start_thread_alone))
        bot_only(r.add_get(f"{API}/guilds/{{guild}}/members/{{user}}", channels.get_member))
        bot_only(
            r.add_get(
                f"{API}/channels/{{channel}}/thread-members/{{user}}", channels.get_thread_member
            )
        )
        bot_only(r.add_post(f"{API}/channels/{{channel}}/messages", channels.create_message))
        bot_only(r.add_get(f"{API}/channels/{{channel}}/messages", channels.history))
        channel_message = f"{API}/channels/{{channel}}/messages/{{message}}"
        bot_only(r.add_get(channel_message, channels.get_message))
        bot_only(r.add_patch(channel_message, channels.edit_message))
        bot_only(r.add_delete(channel_message, channels.delete_message))

    def _activity_routes(self, oauth2: OAuth2Routes, activities: ActivityRoutes) -> None:
        """What an Activity's server asks Discord: a user's token for the code their
        client got, and whether an instance is live."""
        r = self._app.router
        r.add_post(f"{API}{TOKEN_PATH}", oauth2.token)
        r.add_post(f"{API}{REVOKE_PATH}", oauth2.revoke)
        self._bot_only(
            r.add_get(
                f"{API}/applications/{{app}}/activity-instances/{{instance}}", activities.instance
            )
        )

    def _bot_only(self, route: web.AbstractRoute) -> web.AbstractRoute:
        """Marks a route as taking the bot's token (a GET's HEAD too)."""
        name = _route_name(route)
        assert name is not None
        self._bot_routes |= {name, name.replace("GET ", "HEAD ", 1)}
        return route

    def _user_too(self, route: web.AbstractRoute, scope: str) -> None:
        """Marks a route of the bot's as taking a user's access token too, with ``scope``
        (as the description's security says: BotToken, or OAuth2 with that scope)."""
        name = _route_name(route)
        assert name is not None
        for method in ("GET ", "HEAD "):
            self._user_routes[name.replace("GET ", method, 1)] = scope

    def _authorized(self) -> Middleware:
        """Discord's 401 on a route that takes the bot's token, without it, or a user's
        access token that works and has the route's scope. Discord's docs don't say what
        a token without the scope gets: the emulator answers it as one that doesn't work."""

        @web.middleware
        async def checked(request: web.Request, handler: Handler) -> web.StreamResponse:
            route = _route_name(request.match_info.route)
            if route not in self._bot_routes:
                return await handler(request)
            authorization = request.headers.get("Authorization", "")
            if authorization == f"Bot {self._settings.token}":
                return await handler(request)
            scope = self._user_routes.get(route)
            token = None
            if scope is not None and authorization.startswith("Bearer "):
                token = self._authorizations.bearer(authorization.removeprefix("Bearer "))
            if token is None or scope not in token.scopes:
                raise DiscordError(401, 0, "401: Unauthorized")
            request[BEARER] = token
            return await handler(request)

        return checked

    async def serve(self, host: str, port: int) -> str:
        """Serves on ``host`` and ``port`` (any free one for 0); the address it serves at."""
        self._runner = web.AppRunner(self._app, access_log=None)
        await self._runner.setup()
        sock = socket.create_server((host, port))
        await web.SockSite(self._runner, sock).start()
        bound_host, bound_port = sock.getsockname()[:2]
        return f"http://{bound_host}:{bound_port}"

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def fail(
        self,
        route: str,
        status: int,
        *,
        times: int = 1,
        retry_after: float = 0.05,
        is_global: bool = False,
        when: Callable[[web.Request], bool] | None = None,
        made: bool = False,
        then: Callable[[], None] | None = None,
    ) -> Fault:
        """The next ``times`` requests on ``route`` (those ``when`` accepts) are answered
        with ``status`` and change nothing; or, ``made``, change what they would and are
        answered with ``status`` all the same (a message Discord made whose answer was
        lost); ``then`` is done as each is answered, after what it made. ``route`` is
        "METHOD /template" as registered without /api/v10, e.g.
        "POST /channels/{channel}/messages"; a 429 asks the client to retry after
        ``retry_after`` seconds, like Discord's rate limits."""
        if route not in self.routes():
            raise ValueError(f"no route {route!r}; the emulator has {sorted(self.routes())}")
        if status < 400 or times < 1:
            raise ValueError("a fault answers an error status (400 or more) at least once")
        fault = Fault(route, status, times, retry_after, is_global, when, made, then)
        self._faults.append(fault)
        return fault

    def routes(self) -> set[str]:
        """Every route, as ``fail`` names them."""
        return {name for r in self._app.router.routes() if (name := _route_name(r))}

    def _rate_limiter(self) -> Middleware:
        @web.middleware
        async def limit(request: web.Request, handler: Handler) -> web.StreamResponse:
            route = _route_name(request.match_info.route)
            return await self.limiter.handle(request, route, handler)

        return limit

    def _fault_injector(self) -> Middleware:
        @web.middleware
        async def inject(request: web.Request, handler: Handler) -> web.StreamResponse:
            route = _route_name(request.match_info.route)
            fault = next((f for f in self._faults if f.applies_to(route, request)), None)
            if fault is None:
                return await handler(request)
            if fault.made:
                await handler(request)
            return fault.answer(self._settings.clock.now())

        return inject


def _route_name(route: web.AbstractRoute) -> str | None:
    """A route as ``fail`` names it; None for the router's own answers (404, 405)."""
    if route.resource is None:
        return None
    return f"{route.method} {route.resource.canonical.removeprefix(API)}"
