"""Who a viewer of the board is, and where they watch from, as Discord vouches for it.

The page's own word is never trusted (a client can fake Discord's side of the SDK's
protocol): its authorization code is exchanged for an access token with the app's client
secret (``/oauth2/token``), the token says who holds it (``/users/@me``), and the Activity
instance the page names is looked up with the bot's token
(``/applications/{app}/activity-instances/{instance}``): the user must be among its users,
and the instance's channel (a server's, a DM or a group DM) is the only place whose games
they may see and play. In a DM or group DM the bot can read no membership: being among
the users of that conversation's instance is Discord's word that they are in it. Its word
is kept ``FRESH_SECONDS``: what grants a move or shows a hand asks again past that. What a
stranger may send makes Discord's refusals only within ``refusal_shares``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeGuard, TypeVar

import aiohttp
import discord
from discord.http import Route

from bot.activity.refusal_shares import PER_HOLDER, Shares, address_of
from bot.discord_ui.global_pace import wrapper
from bot.metrics.figures import Metrics
from bot.metrics.requests import RequestCounts, invalid
from bot.service import Actor, Where
from i18n import Message

log = logging.getLogger(__name__)

T = TypeVar("T")

REQUEST_SECONDS = 10.0
"""A call to Discord that takes longer is given up: the page tries again."""
UNANSWERED = (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError)
"""What a look-up with the bot's token ends in when Discord refuses it or can't be
reached (discord.py lets a dropped or refused connection through as it is): Discord
can't say now, which keeps a board open and a push going (a push waits on the instance's
look-up), rather than failing it."""
FRESH_SECONDS = 30.0
"""How long who holds a token, who is in an instance, and who is in a server seeing its
channel are taken as Discord said. A move, a join, a start, a rematch or a game's view (a
hand) asks again past it, and so does a push to a board (an instance's users, once for
all its boards): someone who left the Activity or the server, or whose token ran out or
was revoked, plays and sees no more after this, plus a call's time (the gateway's events
of departures and permission changes act at once). A player moving all along costs one
call on their own token, and two on the bot's (their instance, their membership), each
time it passes; less would be more calls for the same players, more would leave the
departed longer at the table."""
REFUSED_SECONDS = 600.0
"""How long Discord's refusal of a token is taken as said: a refused token never comes
back, and asking again would spend Discord's invalid-request budget again."""
TRUSTED_SECONDS = 604_800.0
"""How long a token Discord vouched for, or that the bot's own code exchange handed out,
is asked of Discord whatever strangers spent (``refusal_shares``): an access token's
life, a week, unless Discord said less; unless its holder's tokens were refused
``PER_HOLDER`` times in the window, after which their tokens take shares as strangers'
do."""
KEPT = 50_000
"""Tokens and instances remembered, the oldest forgotten first."""
IN_FLIGHT = 8
"""Sign-ins asked of Discord at once; more wait their turn."""
INSTANCE = re.compile(r"i-[0-9]{1,20}-(gc|pc)-[0-9]{1,20}(-[0-9]{1,20})?")
"""An Activity instance's id as Discord makes it (``i-<launch>-gc-<guild>-<channel>``):
anything else is never asked of Discord."""
TOKEN = re.compile(r"[A-Za-z0-9._~+/-]{1,256}=*")
"""A bearer token as OAuth2 writes one (RFC 6750's ``b64token``; Discord documents no
shape of its own): anything else could not even be sent, and is never asked of
Discord."""
DOWN = 1013
"""The close code of a refusal that is Discord's trouble, not the viewer's: the page
tries again (WebSocket's "try again later")."""


class NotAllowed(Exception):
    """The viewer may not watch here: ``words`` say why, ``code`` is the live connection's
    close code (4003: the token ran out, the page asks for a new one; 4001: refused;
    ``DOWN``: Discord can't say now, the page tries again)."""

    def __init__(self, words: Message, code: int = 4001) -> None:
        super().__init__(str(words))
        self.words = words
        self.code = code


EXPIRED = Message("Your sign-in with Discord ran out. Open the board again.")
NOT_IN_INSTANCE = Message("Discord doesn't know you in this Activity. Open the board again.")
NO_INSTANCE = Message("This Activity is over. Open the board again from the game.")
NOT_A_PLACE = Message("The board opens in a server's channel, a DM or a group DM.")
BAD_CODE = Message("Discord refused the sign-in. Open the board again.")
NO_SECRET = Message("The board isn't set up on this bot (it has no client secret).")
DISCORD_DOWN = Message("Discord didn't answer. Try again in a moment.")
NO_SUCH_INSTANCE = Message("That isn't an Activity of Discord's. Open the board again.")
NO_PLACE = Message("Discord says you're no longer in this channel. Open the board again.")
UNCHECKED = Message("The board can't check this sign-in with Discord now. Open the board again.")


@dataclass(frozen=True)
class Viewer:
    """Someone watching the board, as Discord vouched for them."""

    user_id: int
    name: str
    locale: str | None
    """Their Discord language, where their token tells it."""
    guild_id: int
    """The server the Activity runs in (one the bot may not be in), 0 in a DM or group
    DM: as a ``Where`` names the place."""
    channel_id: int
    """The channel, thread, DM or group DM the Activity runs in: its games are theirs to
    see."""
    instance_id: str
    token: str = field(repr=False)
    """Their access token, with which Discord is asked again (``FRESH_SECONDS``)."""

    @property
    def where(self) -> Where:
        """Where the Activity runs, as a ``Where`` names it."""
        return Where(self.guild_id, self.channel_id)

    @property
    def actor(self) -> Actor:
        """The viewer as the service knows who asks: only in the instance's channel."""
        return Actor(self.user_id, where=self.where)


class DiscordIdentity:
    """Discord's answers about a viewer, over the bot's HTTP client (its rate limits) for
    the bot's own routes, and a session of its own for the OAuth2 ones, whose refusals a
    stranger can cause: those are held to their shares of Discord's invalid-request
    budget (``refusal_shares``)."""

    def __init__(
        self,
        client: discord.Client,
        client_secret: str | None,
        clock: Callable[[], float] = time.time,
        metrics: Metrics | None = None,
        processes: Callable[[], int] = lambda: 1,
    ) -> None:
        """``clock``: seconds, by which what Discord said grows old; ``metrics``: where
        the session's requests are counted, if anywhere; ``processes``: how many live
        processes of the bot share the budget of refusals now."""
        self._client = client
        self._secret = client_secret
        self._clock = clock
        self._metrics = metrics
        self._session: aiohttp.ClientSession | None = None
        self._users: OrderedDict[str, tuple[float, dict[str, Any] | None]] = OrderedDict()
        """Who holds each token (by its hash), or ``None`` where Discord refused it, and
        when Discord said so."""
        self._instances: OrderedDict[str, tuple[float, dict[str, Any] | None]] = OrderedDict()
        self._places: OrderedDict[str, float] = OrderedDict()
        """When Discord last said each user (``guild:channel:user``) was still in the
        server, seeing the channel."""
        self._trusted: OrderedDict[str, float] = OrderedDict()
        """Tokens (by their hash) asked of Discord whatever the shares, until when."""
        self._holders: OrderedDict[str, int] = OrderedDict()
        """Whose each token (by its hash) is, as Discord last vouched."""
        self._hellos = Shares(clock, processes=processes)
        self._exchanges = Shares(clock, processes=processes)
        self._asking = asyncio.Semaphore(IN_FLIGHT)
        self._quiet_until = 0.0
        """Until when sign-ins turned away go unlogged."""

    @property
    def client_id(self) -> int:
        """The app's id, which is its OAuth2 client id."""
        application_id = self._client.application_id
        assert application_id is not None
        return application_id

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None:
            timeout = aiohttp.ClientTimeout(total=REQUEST_SECONDS)
            counted = (
                ()
                if self._metrics is None
                else (wrapper(None, RequestCounts(self._metrics, "board")),)
            )
            self._session = aiohttp.ClientSession(timeout=timeout, middlewares=counted)
        return self._session

    async def close(self) -> None:
        """Closes its own HTTP session (the bot's client is the bot's to close)."""
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def exchange(self, code: str, remote: str | None = None) -> str:
        """The access token ``code`` (the page's authorization code, from the address
        ``remote``) is worth."""
        if not self._secret:
            raise NotAllowed(NO_SECRET)
        form = {
            "client_id": str(self.client_id),
            "client_secret": self._secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        asked = await self._ask(
            self._exchanges,
            address_of(remote),
            False,
            lambda: self._call("POST", "/oauth2/token", data=form),
        )
        if asked is None:
            self._turned_away("code exchanges")
            raise NotAllowed(UNCHECKED, code=DOWN)
        status, answer = asked
        if status == 429:
            raise NotAllowed(DISCORD_DOWN, code=DOWN)
        if answer is None or not isinstance(answer.get("access_token"), str):
            raise NotAllowed(BAD_CODE)
        token: str = answer["access_token"]
        lasts = answer.get("expires_in")
        seconds = lasts if isinstance(lasts, int) and 0 < lasts < TRUSTED_SECONDS else None
        self._trust(_key(token), seconds or TRUSTED_SECONDS)
        return token

    async def viewer(
        self, access_token: str, instance_id: str, remote: str | None = None
    ) -> Viewer:
        """Who holds ``access_token``, checked to be in the Activity ``instance_id``, which
        runs in a server's channel they see, or in a DM or group DM; asked from the
        address ``remote``."""
        if not INSTANCE.fullmatch(instance_id):
            raise NotAllowed(NO_SUCH_INSTANCE)
        if not TOKEN.fullmatch(access_token):
            raise NotAllowed(EXPIRED, code=4003)
        user = await self._user(access_token, address_of(remote))
        instance = await self._instance_word(instance_id)
        if instance is not None and not _among(user, instance):
            # Its users change as people join: Discord is asked again.
            self._instances.pop(instance_id, None)
            instance = await self._instance_word(instance_id)
        if instance is None:
            raise NotAllowed(NO_INSTANCE)
        if not _among(user, instance):
            raise NotAllowed(NOT_IN_INSTANCE)
        guild_id, channel_id = _place_of(instance)
        name = user.get("global_name") or user.get("username") or str(user["id"])
        viewer = Viewer(
            user_id=int(user["id"]),
            name=str(name),
            locale=user.get("locale"),
            guild_id=guild_id,
            channel_id=channel_id,
            instance_id=instance_id,
            token=access_token,
        )
        await self.in_place(viewer)
        return viewer

    async def still(self, viewer: Viewer) -> None:
        """``NotAllowed`` unless Discord's word, no older than ``FRESH_SECONDS``, is that
        ``viewer`` still holds their token, is still in their instance, and (in a server)
        still a member seeing its channel. Their token was vouched for, so it is asked whatever
        strangers spent; a refusal ends it."""
        user = await self._user(viewer.token, "", queued=False, holder=viewer.user_id)
        if str(user.get("id")) != str(viewer.user_id):
            raise NotAllowed(EXPIRED, code=4003)
        await self.in_instance(viewer.instance_id, viewer.user_id)
        await self.in_place(viewer)

    async def in_instance(self, instance_id: str, user_id: int) -> None:
        """``NotAllowed`` unless Discord's word, no older than ``FRESH_SECONDS``, is that
        the user is among the instance's users."""
        instance = await self._instance_word(instance_id, queued=False)
        if instance is None:
            raise NotAllowed(NO_INSTANCE)
        if not _among({"id": user_id}, instance):
            raise NotAllowed(NOT_IN_INSTANCE)

    def forget_places(self, guild_id: int, user_id: int | None = None) -> None:
        """A channel's overwrites or a role changed in the server, or ``user_id`` left it:
        who sees its channels (``user_id`` alone) is asked again."""
        prefix, suffix = f"{guild_id}:", "" if user_id is None else f":{user_id}"
        for key in [k for k in self._places if k.startswith(prefix) and k.endswith(suffix)]:
            del self._places[key]

    async def in_place(self, viewer: Viewer) -> None:
        """``NotAllowed`` unless Discord's word of late is that the viewer is still a
        member of the server, with View Channel in the instance's channel (as the bot
        knows its roles and overwrites). A server or channel the bot doesn't know is
        left to the game's own checks; a DM or group DM, whose members the bot can't
        read, to the instance's users (``in_instance``)."""
        if not viewer.guild_id:
            return
        key = f"{viewer.guild_id}:{viewer.channel_id}:{viewer.user_id}"
        said = self._places.get(key)
        if said is not None and self._clock() - said < FRESH_SECONDS:
            return
        guild = self._client.get_guild(viewer.guild_id)
        if guild is None:
            return
        try:
            async with asyncio.timeout(REQUEST_SECONDS):
                member = await guild.fetch_member(viewer.user_id)
        except discord.NotFound:
            raise NotAllowed(NO_PLACE) from None
        except UNANSWERED as error:
            log.info("Discord refused a board viewer's membership lookup: %r", error)
            raise NotAllowed(DISCORD_DOWN, code=DOWN) from None
        channel = guild.get_channel_or_thread(viewer.channel_id)
        if channel is not None and not channel.permissions_for(member).view_channel:
            raise NotAllowed(NO_PLACE)
        _remember(self._places, key, self._clock())

    async def _user(
        self, access_token: str, address: str, queued: bool = True, holder: int | None = None
    ) -> dict[str, Any]:
        """Who holds the token (``holder``, where the caller knows whose it was): Discord's
        word of late, else asked, with a share of the hellos' unless the token is trusted,
        in turn with the sign-ins if ``queued``; ``NotAllowed`` for a token Discord
        refused, or none left to ask with."""
        key = _key(access_token)
        now = self._clock()
        said = self._users.get(key)
        if said is not None:
            at, known = said
            if now - at < (FRESH_SECONDS if known is not None else REFUSED_SECONDS):
                if known is None:
                    raise NotAllowed(EXPIRED, code=4003)
                return known
        known_holder = holder if holder is not None else self._holders.get(key)
        # Whose refusals a trusted token's count as: its member's, else (never vouched
        # for: one the exchange handed out) the address's.
        whose = f"user:{known_holder}" if known_holder is not None else f"at:{address}"
        trusted = self._trusted.get(key, 0.0) > now and self._hellos.spent_by(whose) < PER_HOLDER
        asked = await self._ask(
            self._hellos,
            address,
            trusted,
            lambda: self._call("GET", "/users/@me", bearer=access_token),
            queued,
            whose,
        )
        if asked is None:
            self._turned_away("sign-ins")
            raise NotAllowed(UNCHECKED, code=4003)
        status, user = asked
        if status == 429:
            # Each 429 counts towards the ban, and one the token's holder can bring about
            # (by asking Discord too often with it themselves) at every ask: from now on it
            # is held to the shares, as a stranger's.
            self._trusted.pop(key, None)
            raise NotAllowed(DISCORD_DOWN, code=DOWN)
        _remember(self._users, key, (self._clock(), user))
        if user is None:
            self._trusted.pop(key, None)
            raise NotAllowed(EXPIRED, code=4003)
        if not trusted:
            self._trust(key, TRUSTED_SECONDS)
        if user.get("id") is not None and str(user["id"]).isdigit():
            _remember(self._holders, key, int(user["id"]))
        return user

    async def _ask(
        self,
        shares: Shares,
        address: str,
        trusted: bool,
        asked: Callable[[], Awaitable[tuple[int, dict[str, Any] | None]]],
        queued: bool = True,
        holder: str | None = None,
    ) -> tuple[int, dict[str, Any] | None] | None:
        """Discord's status and answer to ``asked``, a few asked at a time (if ``queued``:
        see ``_instance_word``), each with a share of ``shares`` for ``address`` unless
        ``trusted``; ``None`` when none is left. The share is taken once it is this ask's
        turn, so that asks waiting behind others never count against it, and given back
        unless Discord refused; a trusted ask's refusal is counted all the same, against
        its token's ``holder`` too."""
        async with self._asking if queued else contextlib.nullcontext():
            taken = None if trusted else shares.take(address)
            if not trusted and taken is None:
                return None
            status = 0
            try:
                status, answer = await asked()
            finally:
                refused = invalid(status, None)
                if taken is not None and not refused:
                    shares.give_back(address, taken)
                elif taken is None and refused:
                    shares.refused(address, holder)
        return status, answer

    def _turned_away(self, what: str) -> None:
        """One log line a minute at most, however many a flood brings."""
        now = self._clock()
        if now >= self._quiet_until:
            self._quiet_until = now + 60.0
            log.info("%s turned away unasked: Discord refused too many lately", what)

    def _trust(self, key: str, seconds: float) -> None:
        _remember(self._trusted, key, self._clock() + seconds)

    async def _instance_word(self, instance_id: str, queued: bool = True) -> dict[str, Any] | None:
        """The instance as Discord said of late, else as it says now (``None``: gone).
        A sign-in's look-up is ``queued`` with the others, a few at a time; a push's or a
        move's, for a viewer Discord vouched for already, is not: strangers' sign-ins,
        however many wait their turn, never hold a game's push or a player's move."""
        said = self._instances.get(instance_id)
        if said is not None and self._clock() - said[0] < FRESH_SECONDS:
            return said[1]
        async with self._asking if queued else contextlib.nullcontext():
            answer = await self._instance(instance_id)
        _remember(self._instances, instance_id, (self._clock(), answer))
        return answer

    async def _instance(self, instance_id: str) -> dict[str, Any] | None:
        route = Route(
            "GET",
            "/applications/{application_id}/activity-instances/{instance_id}",
            application_id=self.client_id,
            instance_id=instance_id,
        )
        try:
            async with asyncio.timeout(REQUEST_SECONDS):
                found: dict[str, Any] = await self._client.http.request(route)
        except discord.NotFound:
            return None
        except UNANSWERED as error:
            log.info("Discord refused an Activity instance's lookup: %r", error)
            raise NotAllowed(DISCORD_DOWN, code=DOWN) from None
        return found

    async def _call(
        self,
        method: str,
        path: str,
        *,
        bearer: str | None = None,
        data: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, Any] | None]:
        """Discord's status and JSON answer, ``None`` for a refusal (4xx, 429 included);
        Discord not answering is ``NotAllowed`` for now (the page tries again)."""
        headers = {"Authorization": f"Bearer {bearer}"} if bearer is not None else {}
        url = Route.BASE + path
        try:
            async with self._http().request(method, url, headers=headers, data=data) as answer:
                if answer.status >= 500:
                    log.info("Discord can't answer %s %s now: %d", method, path, answer.status)
                    raise NotAllowed(DISCORD_DOWN, code=DOWN)
                if answer.status >= 400:
                    log.info("Discord refused %s %s: %d", method, path, answer.status)
                    return answer.status, None
                answer.raise_for_status()
                body: dict[str, Any] = await answer.json()
                return answer.status, body
        except (aiohttp.ClientError, TimeoutError) as error:
            log.info("Discord didn't answer %s %s: %r", method, path, error)
            raise NotAllowed(DISCORD_DOWN, code=DOWN) from None


def _key(access_token: str) -> str:
    """A token as it is remembered: never itself."""
    return hashlib.sha256(access_token.encode()).hexdigest()


def _remember(known: OrderedDict[str, T], key: str, value: T) -> None:
    known[key] = value
    known.move_to_end(key)
    while len(known) > KEPT:
        known.popitem(last=False)


def _place_of(instance: dict[str, Any]) -> tuple[int, int]:
    """The server (0 for a DM or group DM) and channel the instance runs in, as Discord
    locates it: a server's channel or thread (``gc``; a server the bot may not be in, where
    the app is installed to someone's account), or a DM or group DM (``pc``). Anywhere else
    (Discord's ``party``, a kind it adds later) has no games to show."""
    location = instance.get("location") or {}
    kind, guild = location.get("kind"), location.get("guild_id")
    channel = location.get("channel_id")
    if kind == "gc" and _snowflake(guild) and _snowflake(channel):
        return int(guild), int(channel)
    if kind == "pc" and _snowflake(channel):
        return 0, int(channel)
    raise NotAllowed(NOT_A_PLACE)


def _snowflake(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and value.isascii() and value.isdigit() and int(value) > 0


def _among(user: dict[str, Any], instance: dict[str, Any]) -> bool:
    """Whether the user is among the instance's users."""
    return str(user.get("id")) in {str(u) for u in instance.get("users", ())}
