"""A user's own session, as an Activity gets one: their client authorizes the app for
some scopes (asking their consent the first time) and hands the Activity a code, which
the Activity's server exchanges, with the app's secret, for the user's access token at
Discord's token URL; that token reads the user (``GET /users/@me``) until it expires,
is revoked, or is refreshed away. Codes are used once and last ten minutes; every
refusal is OAuth2's, in Discord's words."""

from __future__ import annotations

import base64
from typing import Any

import aiohttp
import pytest

from emulator import AuthorizationRefused, DiscordEmulator
from emulator.oauth2 import ACCESS_TOKEN_LIFETIME, CODE_LIFETIME
from tests.emulator.rest import Place

FORM = "application/x-www-form-urlencoded"
UNAUTHORIZED = {"message": "401: Unauthorized", "code": 0}
INVALID_CODE = {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'}


async def post_form(
    emulator: DiscordEmulator,
    path: str,
    form: dict[str, str],
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, Any]]:
    """Status and JSON answer of a url-encoded POST, as an Activity's server sends it."""
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{emulator.api_url}{path}", data=form, headers=headers) as response,
    ):
        return response.status, await response.json()


def client(emulator: DiscordEmulator) -> dict[str, str]:
    """The app's credentials, in the form."""
    return {"client_id": str(emulator.application_id), "client_secret": emulator.client_secret}


async def exchange(emulator: DiscordEmulator, code: str, **more: str) -> tuple[int, dict[str, Any]]:
    form = {**client(emulator), "grant_type": "authorization_code", "code": code, **more}
    return await post_form(emulator, "/oauth2/token", form)


async def refresh(emulator: DiscordEmulator, refresh_token: str) -> tuple[int, dict[str, Any]]:
    form = {**client(emulator), "grant_type": "refresh_token", "refresh_token": refresh_token}
    return await post_form(emulator, "/oauth2/token", form)


async def me(emulator: DiscordEmulator, authorization: str) -> tuple[int, dict[str, Any]]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(
            f"{emulator.api_url}/users/@me", headers={"Authorization": authorization}
        ) as response,
    ):
        return response.status, await response.json()


async def token_of(place: Place, scopes: tuple[str, ...] = ("identify", "guilds")) -> str:
    """An access token of the place's member, as their Activity's server gets it."""
    emulator = place.emulator
    status, token = await exchange(
        emulator, emulator.authorize(place.user.id, emulator.application_id, scopes)
    )
    assert status == 200, token
    return str(token["access_token"])


def test_each_emulator_has_a_client_secret_of_its_own() -> None:
    emulators = [DiscordEmulator() for _ in range(3)]
    secrets = {e.client_secret for e in emulators}
    assert len(secrets) == 3 and all(len(s) >= 40 for s in secrets)
    assert not secrets & {e.token for e in emulators}
    assert DiscordEmulator(client_secret="chosen").client_secret == "chosen"


async def test_a_code_is_exchanged_for_a_token_that_reads_the_user(place: Place) -> None:
    emulator = place.emulator
    ann = place.user
    ann.locale = "de"
    code = emulator.authorize(ann.id, str(emulator.application_id), ["identify", "guilds"])
    status, token = await exchange(emulator, code, redirect_uri="https://127.0.0.1/anything")
    assert status == 200
    assert token == {
        "access_token": token["access_token"],
        "token_type": "Bearer",
        "expires_in": 604800,
        "refresh_token": token["refresh_token"],
        "scope": "identify guilds",
    }
    assert isinstance(token["access_token"], str) and isinstance(token["refresh_token"], str)
    assert token["access_token"] != token["refresh_token"]

    status, user = await me(emulator, f"Bearer {token['access_token']}")
    assert status == 200
    assert {k: user[k] for k in ("id", "username", "discriminator", "global_name", "locale")} == {
        "id": str(ann.id),
        "username": "Ann",
        "discriminator": "0",
        "global_name": "Ann",
        "locale": "de",
    }
    assert (user["avatar"], user["public_flags"]) == (ann.avatar, 0)
    assert "verified" not in user, "that comes with the email scope"
    # The bot's token still reads the bot.
    status, bot = await me(emulator, f"Bot {emulator.token}")
    assert (status, bot["id"]) == (200, str(emulator.bot.id))


async def test_the_client_may_authenticate_with_http_basic(place: Place) -> None:
    emulator = place.emulator
    code = emulator.authorize(place.user.id, emulator.application_id, ["identify"])
    credentials = f"{emulator.application_id}:{emulator.client_secret}".encode()
    basic = {"Authorization": f"Basic {base64.b64encode(credentials).decode()}"}
    form = {"grant_type": "authorization_code", "code": code}
    status, token = await post_form(emulator, "/oauth2/token", form, basic)
    assert (status, token["scope"]) == (200, "identify")

    wrong = f"{emulator.application_id}:guessed".encode()
    status, refused = await post_form(
        emulator,
        "/oauth2/token",
        {"grant_type": "refresh_token", "refresh_token": token["refresh_token"]},
        {"Authorization": f"Basic {base64.b64encode(wrong).decode()}"},
    )
    assert (status, refused) == (401, {"error": "invalid_client"})


async def test_a_code_works_once_and_for_ten_minutes(place: Place) -> None:
    emulator = place.emulator
    ann = place.user.id
    code = emulator.authorize(ann, emulator.application_id, ["identify"])
    assert (await exchange(emulator, code))[0] == 200
    assert await exchange(emulator, code) == (400, INVALID_CODE)
    assert await exchange(emulator, "made-up") == (400, INVALID_CODE)
    assert await exchange(emulator, "") == (400, INVALID_CODE)

    late = emulator.authorize(ann, emulator.application_id, ["identify"])
    in_time = emulator.authorize(ann, emulator.application_id, ["identify"])
    emulator.clock.advance(CODE_LIFETIME - 1)
    assert (await exchange(emulator, in_time))[0] == 200
    emulator.clock.advance(1)
    assert await exchange(emulator, late) == (400, INVALID_CODE)


async def test_a_wrong_client_or_secret_is_refused_and_the_code_kept(place: Place) -> None:
    emulator = place.emulator
    code = emulator.authorize(place.user.id, emulator.application_id, ["identify"])
    grant = {"grant_type": "authorization_code", "code": code}
    for credentials in [
        {**client(emulator), "client_secret": "guessed"},
        {**client(emulator), "client_id": "1"},
        {"client_id": str(emulator.application_id), "client_secret": emulator.token},
        {"client_id": str(emulator.application_id)},
        {},
    ]:
        answer = await post_form(emulator, "/oauth2/token", {**credentials, **grant})
        assert answer == (401, {"error": "invalid_client"}), credentials
    status, _ = await exchange(emulator, code)
    assert status == 200


async def test_only_the_two_grants_in_a_url_encoded_form_are_taken(place: Place) -> None:
    """Discord reads the token URL's form before its client, and no JSON at all: a JSON
    body is a form without ``grant_type`` (discord-api-docs#5249)."""
    emulator = place.emulator
    code = emulator.authorize(place.user.id, emulator.application_id, ["identify"])
    unsupported = {
        "error": "unsupported_grant_type",
        "error_description": "Grant type None is not supported",
    }
    assert await post_form(emulator, "/oauth2/token", {"code": code}) == (400, unsupported)
    assert await post_form(emulator, "/oauth2/token", {}) == (400, unsupported)
    form = {**client(emulator), "grant_type": "client_credentials", "scope": "identify"}
    assert await post_form(emulator, "/oauth2/token", form) == (
        400,
        {
            "error": "unsupported_grant_type",
            "error_description": "Grant type client_credentials is not supported",
        },
    )
    async with (
        aiohttp.ClientSession() as session,
        session.post(
            f"{emulator.api_url}/oauth2/token",
            json={**client(emulator), "grant_type": "authorization_code", "code": code},
        ) as response,
    ):
        assert (response.status, await response.json()) == (400, unsupported)
    assert (await exchange(emulator, code))[0] == 200


async def test_a_web_page_cannot_exchange_a_code(place: Place) -> None:
    emulator = place.emulator
    code = emulator.authorize(place.user.id, emulator.application_id, ["identify"])
    form = {**client(emulator), "grant_type": "authorization_code", "code": code}
    status, _ = await post_form(emulator, "/oauth2/token", form, {"Origin": "http://evil.example"})
    assert status == 403
    assert (await exchange(emulator, code))[0] == 200


async def test_a_refresh_token_works_once_for_new_tokens(place: Place) -> None:
    emulator = place.emulator
    code = emulator.authorize(place.user.id, emulator.application_id, ["identify"])
    _, first = await exchange(emulator, code)
    status, second = await refresh(emulator, first["refresh_token"])
    assert status == 200
    assert second["scope"] == "identify" and second["expires_in"] == ACCESS_TOKEN_LIFETIME
    assert {second["access_token"], second["refresh_token"]}.isdisjoint(first.values())
    assert await refresh(emulator, first["refresh_token"]) == (400, {"error": "invalid_grant"})
    assert await refresh(emulator, "made-up") == (400, {"error": "invalid_grant"})
    assert await refresh(emulator, "") == (400, {"error": "invalid_grant"})
    # The access token it replaced lasts its week.
    for token in (first, second):
        status, user = await me(emulator, f"Bearer {token['access_token']}")
        assert (status, user["id"]) == (200, str(place.user.id))


async def test_an_access_token_works_for_a_week_on_the_emulators_clock(place: Place) -> None:
    emulator = place.emulator
    code = emulator.authorize(place.user.id, emulator.application_id, ["identify"])
    _, token = await exchange(emulator, code)
    bearer = f"Bearer {token['access_token']}"
    emulator.clock.advance(ACCESS_TOKEN_LIFETIME - 1)
    assert (await me(emulator, bearer))[0] == 200
    emulator.clock.advance(1)
    assert await me(emulator, bearer) == (401, UNAUTHORIZED)
    # Its refresh token still gives a new one.
    status, renewed = await refresh(emulator, token["refresh_token"])
    assert status == 200
    assert (await me(emulator, f"Bearer {renewed['access_token']}"))[0] == 200


async def test_a_test_expires_a_token_at_once(place: Place) -> None:
    emulator = place.emulator
    code = emulator.authorize(place.user.id, emulator.application_id, ["identify"])
    _, token = await exchange(emulator, code)
    emulator.expire_token(token["access_token"])
    assert await me(emulator, f"Bearer {token['access_token']}") == (401, UNAUTHORIZED)
    assert (await refresh(emulator, token["refresh_token"]))[0] == 200
    with pytest.raises(KeyError):
        emulator.expire_token("made-up")


async def test_revoking_ends_the_users_authorization(place: Place) -> None:
    """Every token of it stops working, codes not yet exchanged too, and the user is
    asked for consent again."""
    emulator = place.emulator
    ann, app = place.user.id, emulator.application_id
    _, first = await exchange(emulator, emulator.authorize(ann, app, ["identify"]))
    _, second = await exchange(emulator, emulator.authorize(ann, app, ["identify"]))
    waiting = emulator.authorize(ann, app, ["identify"])
    assert emulator.consented(ann, app, ["identify"])

    emulator.revoke_token(first["refresh_token"])
    for token in (first, second):
        assert await me(emulator, f"Bearer {token['access_token']}") == (401, UNAUTHORIZED)
        assert await refresh(emulator, token["refresh_token"]) == (400, {"error": "invalid_grant"})
    assert await exchange(emulator, waiting) == (400, INVALID_CODE)
    assert not emulator.consented(ann, app, ["identify"])
    emulator.revoke_token(first["access_token"])  # again: nothing left to revoke


async def test_the_revocation_url_revokes_for_the_app_alone(place: Place) -> None:
    emulator = place.emulator
    _, token = await exchange(
        emulator, emulator.authorize(place.user.id, emulator.application_id, ["identify"])
    )
    bearer = f"Bearer {token['access_token']}"
    form = {"token": token["access_token"], "token_type_hint": "access_token"}
    refused = await post_form(emulator, "/oauth2/token/revoke", form)
    assert refused == (401, {"error": "invalid_client"})
    assert (await me(emulator, bearer))[0] == 200
    assert await post_form(emulator, "/oauth2/token/revoke", {**client(emulator), **form}) == (
        200,
        {},
    )
    assert await me(emulator, bearer) == (401, UNAUTHORIZED)
    # An unknown token is no error (RFC 7009).
    answer = await post_form(emulator, "/oauth2/token/revoke", {**client(emulator), **form})
    assert answer == (200, {})


async def test_users_me_takes_a_working_token_with_the_identify_scope(place: Place) -> None:
    emulator = place.emulator
    assert await me(emulator, "Bearer forged") == (401, UNAUTHORIZED)
    assert await me(emulator, "Bearer ") == (401, UNAUTHORIZED)
    without_identify = await token_of(place, ("guilds",))
    assert await me(emulator, f"Bearer {without_identify}") == (401, UNAUTHORIZED)
    token = await token_of(place)
    assert (await me(emulator, f"Bearer {token}"))[0] == 200
    # A user's token is no bot's token, nor the other way round.
    assert await me(emulator, f"Bot {token}") == (401, UNAUTHORIZED)
    assert await me(emulator, f"Bearer {emulator.token}") == (401, UNAUTHORIZED)


async def test_a_users_token_opens_none_of_the_bots_routes(place: Place) -> None:
    token = await token_of(place)
    async with (
        aiohttp.ClientSession() as session,
        session.get(
            f"{place.emulator.api_url}/channels/{place.channel.id}",
            headers={"Authorization": f"Bearer {token}"},
        ) as response,
    ):
        assert (response.status, await response.json()) == (401, UNAUTHORIZED)


def test_authorizing_another_app_or_an_unknown_scope_is_refused(place: Place) -> None:
    emulator = place.emulator
    ann = place.user.id
    with pytest.raises(AuthorizationRefused) as refused:
        emulator.authorize(ann, 1234, ["identify"])
    assert refused.value.error == "invalid_client"
    for scopes in (["identify", "everything"], []):
        with pytest.raises(AuthorizationRefused) as refused:
            emulator.authorize(ann, emulator.application_id, scopes)
        assert refused.value.error == "invalid_scope"
    with pytest.raises(ValueError, match="no user"):
        emulator.authorize(1, emulator.application_id, ["identify"])
    assert not emulator.consented(ann, emulator.application_id, ["identify"])


def test_consent_is_asked_once_for_the_scopes_given(place: Place) -> None:
    emulator = place.emulator
    ann, app = place.user.id, emulator.application_id
    assert not emulator.consented(ann, app, ["identify"])
    emulator.authorize(ann, str(app), ["identify", "guilds"])
    assert emulator.consented(ann, app, ["identify"])
    assert emulator.consented(ann, str(app), ["guilds", "identify"])
    assert not emulator.consented(ann, app, ["identify", "guilds.members.read"])
    assert not emulator.consented(ann, 1234, ["identify"])
    bo = emulator.add_user("Bo")
    assert not emulator.consented(bo.id, app, ["identify"])
    emulator.authorize(ann, app, ["guilds.members.read"])
    assert emulator.consented(ann, app, ["identify", "guilds", "guilds.members.read"])
