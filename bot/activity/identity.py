"""Who a viewer of the board is, and where they watch from, as Discord vouches for it.

The page's own word is never trusted (a client can fake Discord's side of the SDK's
protocol): its authorization code is exchanged for an access token with the app's client
secret (``/oauth2/token``), the token says who holds it (``/users/@me``), and the Activity
instance the page names is looked up with the bot's token
(``/applications/{app}/activity-instances/{instance}``): the user must be among its users,
and the instance's channel is the only place whose games they may see and play.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from discord.http import Route

from i18n import Message

log = logging.getLogger(__name__)

SCOPES = ("identify",)
"""What the page asks the viewer for: who they are (and their Discord language)."""
REQUEST_SECONDS = 10.0
"""A call to Discord that takes longer is given up: the page tries again."""


class NotAllowed(Exception):
    """The viewer may not watch here: ``words`` say why, ``code`` is the live connection's
    close code (4003: the token ran out, the page asks for a new one; 4001: refused)."""

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
        user = await self._call("GET", "/users/@me", bearer=access_token)
        if user is None:
            raise NotAllowed(EXPIRED, code=4003)
        instance = await self._instance(instance_id)
        if instance is None:
            raise NotAllowed(NO_INSTANCE)
        if str(user.get("id")) not in {str(u) for u in instance.get("users", ())}:
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
            raise NotAllowed(DISCORD_DOWN) from None
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
                if 400 <= answer.status < 500:
                    log.info("Discord refused %s %s: %d", method, path, answer.status)
                    return None
                answer.raise_for_status()
                body: dict[str, Any] = await answer.json()
                return body
        except (aiohttp.ClientError, TimeoutError) as error:
            log.info("Discord didn't answer %s %s: %r", method, path, error)
            raise NotAllowed(DISCORD_DOWN) from None
