"""The emulator's answers are held to what Discord's description says each route answers:
in the tests every emulator checks them, and one that lacks a field Discord always sends
fails the test that ran it when the emulator closes."""

from __future__ import annotations

import aiohttp
import pytest

from emulator import DiscordEmulator, DiscordError, payloads
from emulator.answer_schemas import AnswerMismatch


async def get_me(emulator: DiscordEmulator) -> int:
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{emulator.api_url}/users/@me", headers=headers) as response,
    ):
        return response.status


def test_the_tests_check_every_emulators_answers() -> None:
    """``tests/conftest.py`` turns the check on for every emulator the tests make."""
    assert DiscordEmulator().check_answers


@pytest.fixture
def me_without_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    """The emulator answers ``/users/@me`` without ``flags``, which Discord always sends."""
    real_me = payloads.me
    monkeypatch.setattr(
        payloads, "me", lambda user: {k: v for k, v in real_me(user).items() if k != "flags"}
    )


@pytest.mark.usefixtures("me_without_flags")
async def test_an_answer_without_a_field_discord_always_sends_fails_at_close() -> None:
    emulator = DiscordEmulator()
    await emulator.start()
    assert await get_me(emulator) == 200
    assert emulator.answer_mismatches == [
        "GET /api/v10/users/@me answered 200: flags: BASE_TYPE_REQUIRED This field is required"
    ]
    with pytest.raises(AnswerMismatch, match="flags: BASE_TYPE_REQUIRED"):
        await emulator.close()


@pytest.mark.usefixtures("me_without_flags")
async def test_an_emulator_not_asked_to_check_its_answers_does_not() -> None:
    emulator = DiscordEmulator()
    emulator.check_answers = False
    await emulator.start()
    assert await get_me(emulator) == 200
    assert emulator.answer_mismatches == []
    await emulator.close()


async def test_a_refusal_is_held_to_discords_errors_too(monkeypatch: pytest.MonkeyPatch) -> None:
    emulator = DiscordEmulator()
    await emulator.start()
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{emulator.api_url}/users/@me") as response:
            assert (response.status, await response.json()) == (
                401,
                {"code": 0, "message": "401: Unauthorized"},
            )
        assert emulator.answer_mismatches == []
        real_body = DiscordError.body
        monkeypatch.setattr(DiscordError, "body", lambda e: {"code": str(real_body(e)["code"])})
        async with session.get(f"{emulator.api_url}/users/@me") as response:
            assert response.status == 401
    assert emulator.answer_mismatches == [
        "GET /api/v10/users/@me answered 401: message: BASE_TYPE_REQUIRED This field is required",
        'GET /api/v10/users/@me answered 401: code: NUMBER_TYPE_COERCE Value "0" is not int.',
    ]
    with pytest.raises(AnswerMismatch):
        await emulator.close()
