"""Users' authorizations of the emulated app, as Discord's OAuth2 keeps them (docs:
Topics, OAuth2): the consent a user gave to some scopes, the single-use codes an
Activity's ``authorize`` gets, and the access and refresh tokens its server exchanges
them for (``rest_oauth2``), each user's tokens bound to their one authorization of the
app. Everything ages on the emulator's clock, so that a test reaches an expired code or
token by moving the clock on.

Where the docs are silent, the emulator takes:

- a code lives ``CODE_LIFETIME`` (10 minutes, the most RFC 6749 §4.1.2 recommends) and
  is used once; a second exchange is refused as an unknown code, and the tokens the
  first gave stay (the RFC's SHOULD revoke them is left out);
- a refresh gives a new refresh token and the old one stops working (RFC 6749 §6
  allows either); the access token it replaces lasts until it expires;
- revoking any of a user's tokens revokes all of them and takes their consent back
  ("any active access or refresh tokens associated with that authorization will be
  revoked"), so that their next ``authorize`` asks them again;
- the scopes a user may authorize are those Discord's description of its API lists for
  the authorization code grant (``api_description``).

Nothing here is saved with the world: an emulator that starts again knows no tokens,
as a Discord client would find its Activity's session gone.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field

from emulator.api_description import discord_api
from emulator.settings import Settings
from emulator.world import World

CODE_LIFETIME = 10 * 60.0
ACCESS_TOKEN_LIFETIME = 604800
"""Seconds an access token works: the ``expires_in`` of every token answer in the docs."""


class AuthorizationRefused(Exception):
    """What Discord's client answers an Activity's ``authorize`` that it can't grant:
    ``error`` is OAuth2's name for it (RFC 6749 §4.1.2.1), ``invalid_client`` for an
    app that isn't this one, ``invalid_scope`` for a scope Discord doesn't have."""

    def __init__(self, error: str, description: str) -> None:
        super().__init__(f"{error}: {description}")
        self.error, self.description = error, description


@dataclass(frozen=True)
class Code:
    user_id: int
    scopes: tuple[str, ...]
    expires_at: float


@dataclass
class AccessToken:
    """One exchange's tokens: the access token, and the refresh token that replaces it."""

    token: str
    refresh_token: str
    user_id: int
    scopes: tuple[str, ...]
    expires_at: float
    refreshed: bool = False
    """Whether its refresh token has been used (it works once)."""

    def answer(self, now: float) -> dict[str, object]:
        """The token endpoint's answer (OAuth2, "Access Token Response")."""
        return {
            "access_token": self.token,
            "token_type": "Bearer",
            "expires_in": round(self.expires_at - now),
            "refresh_token": self.refresh_token,
            "scope": " ".join(self.scopes),
        }


@dataclass
class _Authorization:
    """A user's authorization of the app: the scopes they consented to, and the tokens
    it has given."""

    scopes: set[str] = field(default_factory=set)
    tokens: list[AccessToken] = field(default_factory=list)


@functools.cache
def known_scopes() -> frozenset[str]:
    """Every scope a user may authorize, as Discord's description lists them."""
    flows = discord_api().document["components"]["securitySchemes"]["OAuth2"]["flows"]
    return frozenset(flows["authorizationCode"]["scopes"])


class Authorizations:
    def __init__(self, settings: Settings, world: World) -> None:
        self._settings = settings
        self._world = world
        self._codes: dict[str, Code] = {}
        self._users: dict[int, _Authorization] = {}

    def authorize(self, user_id: int, client_id: int | str, scopes: Iterable[str]) -> str:
        """A new code for the app ``client_id``, as Discord's client gives an Activity
        that calls the SDK's ``authorize`` (OAuth2's authorization code grant): the user
        consents to ``scopes`` by it (Discord asks them only the first time:
        ``consented``). An ``AuthorizationRefused`` for another app, or a scope Discord
        doesn't have (or none at all); a ValueError for a user who isn't there."""
        user = self._world.users.get(user_id)
        if user is None:
            raise ValueError(f"no user {user_id} in the emulated Discord")
        if str(client_id) != str(self._world.application_id):
            raise AuthorizationRefused("invalid_client", f"Unknown application {client_id}")
        asked = tuple(dict.fromkeys(scopes))
        unknown = [scope for scope in asked if scope not in known_scopes()]
        if unknown or not asked:
            raise AuthorizationRefused("invalid_scope", f"Invalid scopes {unknown or []}")
        self._users.setdefault(user_id, _Authorization()).scopes.update(asked)
        code = secrets.token_urlsafe(22)
        self._codes[code] = Code(user_id, asked, self._settings.clock.now() + CODE_LIFETIME)
        return code

    def consented(self, user_id: int, client_id: int | str, scopes: Iterable[str]) -> bool:
        """Whether the user has authorized the app for all of ``scopes`` (and not had it
        revoked since): Discord's client asks for consent only when they haven't."""
        authorization = self._users.get(user_id)
        return (
            str(client_id) == str(self._world.application_id)
            and authorization is not None
            and set(scopes) <= authorization.scopes
        )

    def exchange(self, code: str) -> AccessToken | None:
        """The tokens for a code, which is used up; None for a code unknown, used or
        expired."""
        found = self._codes.pop(code, None)
        now = self._settings.clock.now()
        if found is None or now >= found.expires_at:
            return None
        return self._issue(found.user_id, found.scopes)

    def refresh(self, refresh_token: str) -> AccessToken | None:
        """New tokens for a refresh token, which is used up; None for one unknown, used
        or revoked."""
        for user_id, authorization in self._users.items():
            for old in authorization.tokens:
                if old.refresh_token == refresh_token and not old.refreshed:
                    old.refreshed = True
                    return self._issue(user_id, old.scopes)
        return None

    def bearer(self, access_token: str) -> AccessToken | None:
        """The token an ``Authorization: Bearer`` header carries, while it works (not
        expired, nor revoked)."""
        token = self._token(access_token)
        if token is None or self._settings.clock.now() >= token.expires_at:
            return None
        return token

    def revoke(self, token: str) -> None:
        """Revokes the user's authorization that ``token`` (an access or a refresh
        token) is of: all their tokens stop working, and their next ``authorize`` asks
        for consent again. A token unknown or revoked already changes nothing (RFC 7009
        §2.2)."""
        for user_id, authorization in list(self._users.items()):
            if any(token in (t.token, t.refresh_token) for t in authorization.tokens):
                del self._users[user_id]
                # Its codes not yet exchanged go with it: none may bring it back.
                self._codes = {k: c for k, c in self._codes.items() if c.user_id != user_id}

    def expire(self, access_token: str) -> None:
        """The access token stops working now, as if its week were over; its refresh
        token still works. A KeyError for a token never given, or revoked."""
        token = self._token(access_token)
        if token is None:
            raise KeyError(f"no access token {access_token!r}")
        token.expires_at = min(token.expires_at, self._settings.clock.now())

    def _issue(self, user_id: int, scopes: tuple[str, ...]) -> AccessToken:
        token = AccessToken(
            secrets.token_urlsafe(24),
            secrets.token_urlsafe(24),
            user_id,
            scopes,
            self._settings.clock.now() + ACCESS_TOKEN_LIFETIME,
        )
        self._users.setdefault(user_id, _Authorization(set(scopes))).tokens.append(token)
        return token

    def _token(self, access_token: str) -> AccessToken | None:
        return next(
            (
                token
                for authorization in self._users.values()
                for token in authorization.tokens
                if token.token == access_token
            ),
            None,
        )
