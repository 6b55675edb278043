"""The OAuth2 routes an Activity's server calls (docs: Topics, OAuth2): the token URL,
which exchanges an ``authorize`` code or a refresh token for a user's access token, and
the token revocation URL; and a user's access token as a request's ``Authorization:
Bearer``, for the routes that take one.

Neither URL is in Discord's description of its API (it lists only ``/oauth2/@me``,
``/oauth2/applications/@me``, ``/oauth2/keys`` and ``/oauth2/userinfo``), so their
requests and answers are held to the docs and RFC 6749 here, not to the description:
both take only a url-encoded form (the docs: "JSON content is not permitted"), the
client's id and secret in it or as HTTP Basic credentials, and answer OAuth2's errors,
``{"error", "error_description"}``, as Discord words them in reports: a form Discord
can't read, or without ``grant_type``, is ``unsupported_grant_type`` ("Grant type None
is not supported", discord-api-docs#5249 and mattrasband/aiohttp-oauth2#15), checked
before the client; a wrong client or secret ``401 invalid_client`` (markbates/goth#183);
an unknown, used or expired code ``invalid_grant`` 'Invalid "code" in request.'
(reboxer/discord-oauth2#92), a refresh token that doesn't work a bare ``invalid_grant``
(discord-api-docs#1650). Where the docs are silent the emulator takes: a
``redirect_uri`` in the exchange is taken and not compared (an Activity's ``authorize``
names none); the client credentials grant, which gives the app's owner a token, is
answered as unsupported, the emulator having no owner to give one to; a revocation
answers 200 and ``{}`` whatever the token (RFC 7009 §2.2)."""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import BasicAuth, hdrs, web

from emulator.oauth2 import AccessToken, Authorizations
from emulator.request_bodies import url_encoded
from emulator.responses import json_response
from emulator.settings import API, Settings
from emulator.world import World

TOKEN_PATH = "/oauth2/token"
REVOKE_PATH = "/oauth2/token/revoke"
FORM_PATHS = frozenset({f"{API}{TOKEN_PATH}", f"{API}{REVOKE_PATH}"})
"""Where a url-encoded form is the body Discord takes (``loopback_only``)."""
GRANTS = frozenset({"authorization_code", "refresh_token"})
BEARER = web.RequestKey("bearer", AccessToken)


def bearer(request: web.Request) -> AccessToken | None:
    """The user's access token the request came with, on a route that takes one
    (``RestApi``); None for the bot's token."""
    return request.get(BEARER)


def _error(status: int, error: str, description: str | None = None) -> web.Response:
    body = {"error": error}
    if description is not None:
        body["error_description"] = description
    return json_response(body, status)


@dataclass(frozen=True)
class OAuth2Routes:
    settings: Settings
    world: World
    authorizations: Authorizations

    async def token(self, request: web.Request) -> web.Response:
        form = url_encoded(request)
        grant_type = form.get("grant_type")
        if grant_type not in GRANTS:
            unsupported = f"Grant type {grant_type} is not supported"
            return _error(400, "unsupported_grant_type", unsupported)
        if not self._client(request, form):
            return _error(401, "invalid_client")
        if grant_type == "authorization_code":
            token = self.authorizations.exchange(form.get("code", ""))
            if token is None:
                return _error(400, "invalid_grant", 'Invalid "code" in request.')
        else:
            token = self.authorizations.refresh(form.get("refresh_token", ""))
            if token is None:
                return _error(400, "invalid_grant")
        return json_response(token.answer(self.settings.clock.now()))

    async def revoke(self, request: web.Request) -> web.Response:
        form = url_encoded(request)
        if not self._client(request, form):
            return _error(401, "invalid_client")
        self.authorizations.revoke(form.get("token", ""))
        return json_response({})

    def _client(self, request: web.Request, form: dict[str, str]) -> bool:
        """Whether the request names this app with its secret: as HTTP Basic credentials
        if it has an Authorization header, else in the form."""
        header = request.headers.get(hdrs.AUTHORIZATION)
        if header is None:
            client_id, secret = form.get("client_id"), form.get("client_secret")
        else:
            try:
                credentials = BasicAuth.decode(header)
            except ValueError:
                return False
            client_id, secret = credentials.login, credentials.password
        return client_id == str(self.world.application_id) and secret == self.settings.client_secret
