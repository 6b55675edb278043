"""Who a viewer of the board is, and where they watch from, as Discord vouches for it.

The page's own word is never trusted (a client can fake Discord's side of the SDK's
protocol): its authorization code is exchanged for an access token with the app's client
secret (``/oauth2/token``), the token says who holds it (``/users/@me``), and the Activity
instance the page names is looked up with the bot's token
(``/applications/{app}/activity-instances/{instance}``): the user must be among its users,
and the instance's channel is the only place whose games they may see and play.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from discord.http import Route

from i18n import Message

log = logging.getLogger(__name__)

REQUEST_SECONDS = 10.0
"""A call to Discord that takes longer is given up: the page tries again."""
KNOWN_SECONDS = 300.0
"""How long who holds a token, and where an instance is, are taken as Discord said: a
page that reconnects (a restart brings every board back at once) costs Discord no call,
and a forged token asked again and again costs it one per token. Discord's own limit on
refused requests (10,000 in 10 minutes per address, then a ban of the bot's address) is
never for a page to spend."""
REFUSED_SECONDS = 60.0
"""How long Discord's refusal of a token is taken as said."""
IN_FLIGHT = 8
"""Sign-ins asked of Discord at once; more wait their turn."""
INSTANCE = re.compile(r"i-[0-9]{1,20}-(gc|pc)-[0-9]{1,20}(-[0-9]{1,20})?")
"""An Activity instance's id as Discord makes it (``i-<launch>-gc-<guild>-<channel>``):
anything else is never asked of Discord."""
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
NOT_A_SERVER = Message("The board plays the games of a server's channel: open it there.")
BAD_CODE = Message("Discord refused the sign-in. Open the board again.")
NO_SECRET = Message("The board isn't set up on this bot (it has no client secret).")
DISCORD_DOWN = Message("Discord didn't answer. Try again in a moment.")
NO_SUCH_INSTANCE = Message("That isn't an Activity of Discord's. Open the board again.")


@dataclass(frozen=True)
class Viewer:
    """Someone watching the board, as Discord vouched for them."""

    user_id: int
    name: str
    locale: str | None
    """Their Discord language, where their token tells it."""
    guild_id: int
    channel_id: int
    """The channel or thread the Activity runs in: its games are theirs to see."""
    instance_id: str


class DiscordIdentity:
    """Discord's answers about a viewer, over the bot's HTTP client (its rate limits) for
    the bot's own routes, and a session of its own for the OAuth2 ones."""

    def __init__(self, client: discord.Client, client_secret: str | None) -> None:
        self._client = client
        self._secret = client_secret
        self._session: aiohttp.ClientSession | None = None
        self._users: dict[str, tuple[float, dict[str, Any] | None]] = {}
        """Who holds each token (by its hash), or ``None`` where Discord refused it, and
        when Discord said so."""
        self._instances: dict[str, tuple[float, dict[str, Any] | None]] = {}
        self._asking = asyncio.Semaphore(IN_FLIGHT)

    @property
    def client_id(self) -> int:
        """The app's id, which is its OAuth2 client id."""
        application_id = self._client.application_id
        assert application_id is not None
        return application_id

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None:
            timeout = aiohttp.ClientTimeout(total=REQUEST_SECONDS)
            self._session = aiohttp.ClientSession(timeout=timeout)
        return self._session

    async def close(self) -> None:
        """Closes its own HTTP session (the bot's client is the bot's to close)."""
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def exchange(self, code: str) -> str:
        """The access token ``code`` (the page's authorization code) is worth."""
        if not self._secret:
            raise NotAllowed(NO_SECRET)
        form = {
            "client_id": str(self.client_id),
            "client_secret": self._secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        answer = await self._call("POST", "/oauth2/token", data=form)
        if answer is None or not isinstance(answer.get("access_token"), str):
            raise NotAllowed(BAD_CODE)
        token: str = answer["access_token"]
        return token

    async def viewer(self, access_token: str, instance_id: str) -> Viewer:
        """Who holds ``access_token``, checked to be in the Activity ``instance_id``, which
        runs in a server's channel."""
        if not INSTANCE.fullmatch(instance_id):
            raise NotAllowed(NO_SUCH_INSTANCE)
        key = hashlib.sha256(access_token.encode()).hexdigest()
        user = await self._known(self._users, key, lambda: self._user(access_token))
        if user is None:
            raise NotAllowed(EXPIRED, code=4003)
        instance = await self._known(
            self._instances, instance_id, lambda: self._instance(instance_id)
        )
        if instance is not None and not _among(user, instance):
            # Its users change as people join: Discord is asked again.
            self._instances.pop(instance_id, None)
            instance = await self._known(
                self._instances, instance_id, lambda: self._instance(instance_id)
            )
        if instance is None:
            raise NotAllowed(NO_INSTANCE)
        if not _among(user, instance):
            raise NotAllowed(NOT_IN_INSTANCE)
        location = instance.get("location") or {}
        if location.get("kind") != "gc" or not location.get("guild_id"):
            raise NotAllowed(NOT_A_SERVER)
        name = user.get("global_name") or user.get("username") or str(user["id"])
        return Viewer(
            user_id=int(user["id"]),
            name=str(name),
            locale=user.get("locale"),
            guild_id=int(location["guild_id"]),
            channel_id=int(location["channel_id"]),
            instance_id=instance_id,
        )

    async def _known(
        self,
        known: dict[str, tuple[float, dict[str, Any] | None]],
        key: str,
        asked: Callable[[], Awaitable[dict[str, Any] | None]],
    ) -> dict[str, Any] | None:
        """What Discord said of ``key`` lately, else its answer now (asked a few at a
        time); an answer that it is down is never kept."""
        now = time.monotonic()
        said = known.get(key)
        if said is not None:
            at, answer = said
            if now - at < (KNOWN_SECONDS if answer is not None else REFUSED_SECONDS):
                return answer
        async with self._asking:
            answer = await asked()
        if len(known) > 10_000:
            known.clear()
        known[key] = (time.monotonic(), answer)
        return answer

    async def _user(self, access_token: str) -> dict[str, Any] | None:
        return await self._call("GET", "/users/@me", bearer=access_token)

    async def _instance(self, instance_id: str) -> dict[str, Any] | None:
        route = Route(
            "GET",
            "/applications/{application_id}/activity-instances/{instance_id}",
            application_id=self.client_id,
            instance_id=instance_id,
        )
        try:
            found: dict[str, Any] = await self._client.http.request(route)
        except discord.NotFound:
            return None
        except discord.HTTPException as error:
            log.info("Discord refused an Activity instance's lookup: %s", error)
            raise NotAllowed(DISCORD_DOWN, code=DOWN) from None
        return found

    async def _call(
        self,
        method: str,
        path: str,
        *,
        bearer: str | None = None,
        data: dict[str, str] | None = None,
    ) -> dict[str, Any] | None:
        """Discord's JSON answer, ``None`` for a refusal of the viewer's (4xx); Discord not
        answering is ``NotAllowed`` for now (the page tries again)."""
        headers = {"Authorization": f"Bearer {bearer}"} if bearer is not None else {}
        url = Route.BASE + path
        try:
            async with self._http().request(method, url, headers=headers, data=data) as answer:
                if answer.status == 429 or answer.status >= 500:
                    log.info("Discord can't answer %s %s now: %d", method, path, answer.status)
                    raise NotAllowed(DISCORD_DOWN, code=DOWN)
                if answer.status >= 400:
                    log.info("Discord refused %s %s: %d", method, path, answer.status)
                    return None
                answer.raise_for_status()
                body: dict[str, Any] = await answer.json()
                return body
        except (aiohttp.ClientError, TimeoutError) as error:
            log.info("Discord didn't answer %s %s: %r", method, path, error)
            raise NotAllowed(DISCORD_DOWN, code=DOWN) from None


def _among(user: dict[str, Any], instance: dict[str, Any]) -> bool:
    """Whether the user is among the instance's users."""
    return str(user.get("id")) in {str(u) for u in instance.get("users", ())}
