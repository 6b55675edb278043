"""Discord's client around the app's Activity, the part of it that asks Discord: the page's
frames (``static/activity.js``) play the SDK's parent frame in the browser, and ask here
what only Discord knows, through the emulator, as Discord's client asks its servers.

- Launches: which member launched or joined the Activity where, newest first per member,
  and who is in each live instance (``view``), for the page to open each member's frame
  and to tell the frames who is there (ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE).
- AUTHORIZE: whether Discord asks the member first (``consented``), then the code
  (``emulator.authorize``).
- AUTHENTICATE: the member's access token checked with Discord (``/users/@me`` with it as
  a Bearer token, as any holder of a token checks it), answered as the SDK's
  ``AuthenticateResponse``.

Where Discord is silent, the sandbox takes (``docs/developing.md``, The sandbox): an
``authorize`` whose ``prompt`` is ``consent`` asks every time, any other only when the
member hasn't consented to those scopes (``prompt: 'none'`` still shows the modal the
first time, as Discord's own sample says it does); a refused authorization is the
``OAuth2 Error`` Discord's client answers (code 5000); a token that doesn't work, or is
another member's, is RPC error 4009 (INVALID_TOKEN). The emulator has no
``/oauth2/@me`` (which answers a token's scopes and expiry), so AUTHENTICATE gives the
scopes of the member's last authorization here and its expiry a token's week
(``ACCESS_TOKEN_LIFETIME``) after it: the page exchanges its code at once.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import aiohttp

from emulator import DiscordEmulator, User
from emulator.oauth2 import ACCESS_TOKEN_LIFETIME, AuthorizationRefused

OAUTH2_ERROR = 5000
"""The RPC error Discord's client answers a refused authorization with, its words
``OAuth2 Error: <error>: <description>`` (a user's Cancel, as seen from Discord's
client in kuylar/discord-embedded-godot#9)."""
INVALID_TOKEN = 4009
"""RPCErrorCodes.INVALID_TOKEN (embedded-app-sdk ``Constants.ts``)."""
DENIED = "access_denied", "The resource owner or authorization server denied the request"
"""A member's Cancel of the consent, as Discord's client words it (RFC 6749 §4.1.2.1)."""


class ActivityHost:
    def __init__(self, emulator: DiscordEmulator) -> None:
        self._emulator = emulator
        self._granted: dict[int, tuple[list[str], float]] = {}
        """Each member's last authorization here: its scopes, and when."""
        self._session: aiohttp.ClientSession | None = None

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    def app(self) -> dict[str, str]:
        """The app whose Activity it is: its client id, and the name Discord shows."""
        emulator = self._emulator
        return {"id": str(emulator.application_id), "name": emulator.bot.name}

    def view(self) -> dict[str, Any]:
        """Launches and instances, as the page follows them: ``launches`` counts every
        launch so far; ``launched`` has each member's newest (``seq`` its place among
        them) in an instance still living, and where that is; ``instances`` who is in
        each living instance, as the SDK lists participants."""
        emulator = self._emulator
        launched: dict[str, dict[str, Any]] = {}
        instances: dict[str, dict[str, Any]] = {}
        for seq, launch in enumerate(emulator.activity_launches):
            instance = emulator.activity_instance(launch.instance_id)
            if instance is None:
                continue
            payload = instance.payload(emulator.application_id)
            launched[str(launch.user_id)] = {
                "seq": seq,
                "instance_id": instance.id,
                "location": payload["location"],
            }
            instances[instance.id] = {
                "participants": [participant(emulator.users[u]) for u in instance.users]
            }
        return {
            "launches": len(emulator.activity_launches),
            "launched": launched,
            "instances": instances,
        }

    def authorize(
        self, user: User, client_id: str, scopes: list[str], prompt: object, granted: bool
    ) -> dict[str, Any]:
        """The answer to the SDK's AUTHORIZE for ``user``: ``ask`` (the app) when Discord
        asks the member first, unless they have just ``granted`` it, with the RPC error
        their ``cancel`` answers; else the ``code``, or the RPC ``error`` Discord refuses
        with."""
        emulator = self._emulator
        asks = prompt == "consent" or not emulator.consented(user.id, client_id, scopes)
        if asks and not granted:
            # What a Cancel answers comes along, in Discord's words.
            return {"ask": self.app(), "cancel": oauth2_error(*DENIED)}
        try:
            code = emulator.authorize(user.id, client_id, scopes)
        except AuthorizationRefused as refused:
            return {"error": oauth2_error(refused.error, refused.description)}
        self._granted[user.id] = (list(dict.fromkeys(scopes)), emulator.clock.now())
        return {"code": code}

    async def authenticate(self, user: User, access_token: str) -> dict[str, Any]:
        """The answer to the SDK's AUTHENTICATE for ``user``: ``data`` (its
        ``AuthenticateResponse``) once Discord knows the token as theirs, or the RPC
        ``error``."""
        emulator = self._emulator
        me = await self._token_holder(access_token)
        if me is None or me.get("id") != str(user.id):
            return {"error": {"code": INVALID_TOKEN, "message": "Invalid access token"}}
        # The token worked at /users/@me, which takes only tokens with ``identify``.
        scopes, at = self._granted.get(user.id, (["identify"], emulator.clock.now()))
        expires = datetime.fromtimestamp(at + ACCESS_TOKEN_LIFETIME, UTC)
        return {
            "data": {
                "access_token": access_token,
                "user": {
                    "id": me["id"],
                    "username": me["username"],
                    "discriminator": me["discriminator"],
                    "avatar": me.get("avatar"),
                    "public_flags": me.get("public_flags", 0),
                    "global_name": me.get("global_name"),
                },
                "scopes": scopes,
                "expires": expires.isoformat(),
                "application": {**self.app(), "description": "", "icon": None},
            }
        }

    async def _token_holder(self, access_token: str) -> dict[str, Any] | None:
        """Who Discord says holds the token (Get Current User, with it as a Bearer
        token); None when Discord refuses it."""
        if not (access_token.isascii() and access_token.isprintable()):
            return None  # Not a token: no header could carry it.
        if self._session is None:
            self._session = aiohttp.ClientSession()
        url = f"{self._emulator.api_url}/users/@me"
        headers = {"Authorization": f"Bearer {access_token}"}
        async with self._session.get(url, headers=headers) as answer:
            if answer.status == 401:
                return None
            answer.raise_for_status()
            me: dict[str, Any] = await answer.json()
            return me


def participant(user: User) -> dict[str, Any]:
    """A member as the SDK lists an instance's participants (and READY's user)."""
    return {
        "id": str(user.id),
        "username": user.name,
        "discriminator": "0",
        "global_name": None if user.bot else user.name,
        "avatar": user.avatar,
        "flags": 0,
        "bot": user.bot,
    }


def oauth2_error(error: str, description: str) -> dict[str, Any]:
    """An RPC error for an authorization Discord refused, in Discord's client's words."""
    return {"code": OAUTH2_ERROR, "message": f"OAuth2 Error: {error}: {description}"}
