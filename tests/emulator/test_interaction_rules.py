"""Interaction tokens, deferred answers, ephemerality and deleted messages, as Discord
handles them."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from emulator.members import InteractionFailed
from emulator.model import EPHEMERAL, LOADING
from tests.emulator.rest import Bot, Place


async def test_a_token_is_refused_on_every_webhook_route_after_15_minutes(place: Place) -> None:
    interaction = place.interaction()
    assert (await place.respond(interaction, 4, {"content": "answer"}))[0] == 200
    status, sent = await place.call("POST", place.webhook(interaction), {"content": "more"})
    assert status == 200
    interaction.created_at -= place.emulator.token_lifetime + 1
    before = place.snapshot()
    webhook = place.webhook(interaction)
    requests: list[tuple[str, str, dict[str, str] | None]] = [
        ("POST", webhook, {"content": "late"})
    ]
    for message in ("@original", sent["id"]):
        path = f"{webhook}/messages/{message}"
        requests += [
            ("GET", path, None),
            ("PATCH", path, {"content": "late"}),
            ("DELETE", path, None),
        ]
    for method, path, payload in requests:
        # Past the webhook's rate limit (5 per 2 s), which refuses before the token is read.
        place.emulator.clock.advance(2)
        status, body = await place.call(method, path, payload)
        assert (status, body) == (401, {"code": 50027, "message": "Invalid Webhook Token"})
    assert place.snapshot() == before


async def test_a_token_still_works_just_inside_its_lifetime(place: Place) -> None:
    interaction = place.interaction()
    assert (await place.respond(interaction, 4, {"content": "answer"}))[0] == 200
    interaction.created_at -= place.emulator.token_lifetime - 5
    status, _ = await place.call("POST", place.webhook(interaction), {"content": "more"})
    assert status == 200


async def test_a_first_response_not_asking_for_its_answer_is_answered_204_with_nothing(
    place: Place,
) -> None:
    clicked = await place.post({"content": "table"})
    for interaction, kind in ((place.interaction(), 4), (place.interaction(clicked), 7)):
        path = f"/interactions/{interaction.id}/{interaction.token}/callback"
        async with (
            aiohttp.ClientSession() as session,
            session.post(
                place.emulator.api_url + path,
                json={"type": kind, "data": {"content": "answered"}},
            ) as response,
        ):
            assert (response.status, await response.read()) == (204, b"")
        assert interaction.response_type == kind
        assert interaction.response_message is not None
        assert interaction.response_message.content == "answered"


async def test_a_second_answer_is_refused_and_kept_as_the_interactions_error(
    place: Place,
) -> None:
    interaction = place.interaction()
    assert (await place.respond(interaction, 4, {"content": "answer"}))[0] == 200
    before = place.snapshot()
    status, body = await place.respond(interaction, 4, {"content": "again"})
    assert (status, body["code"]) == (400, 40060)
    assert interaction.errors == ["acknowledged a second time"]
    assert place.snapshot() == before


async def test_the_first_follow_up_replaces_the_thinking_answer(place: Place) -> None:
    interaction = place.interaction()
    status, answer = await place.respond(interaction, 5, {"flags": EPHEMERAL})
    assert status == 200
    # Discord's answer to a defer names its message without showing it.
    assert "resource" not in answer
    assert answer["interaction"]["response_message_loading"] is True
    (thinking,) = place.channel.messages
    assert answer["interaction"]["response_message_id"] == str(thinking.id)
    assert thinking.flags == EPHEMERAL | LOADING
    assert thinking.loading and thinking.ephemeral

    status, first = await place.call("POST", place.webhook(interaction), {"content": "done"})
    assert status == 200
    assert first["id"] == str(thinking.id)
    assert first["flags"] == EPHEMERAL
    assert [m.content for m in place.channel.messages] == ["done"]
    assert not thinking.loading and thinking.visible_to == place.user.id

    status, second = await place.call("POST", place.webhook(interaction), {"content": "more"})
    assert status == 200
    assert second["id"] != first["id"] and second["flags"] == 0
    assert [m.content for m in place.channel.visible()] == ["more"]


async def test_a_follow_up_after_thinking_through_discord_py_edits_the_answer(
    place: Place, bot: Bot
) -> None:
    sent: list[discord.WebhookMessage] = []
    done = asyncio.Event()

    @bot.tree.command(name="slow", description="thinks, then answers")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        sent.append(await interaction.followup.send("answer", ephemeral=True, wait=True))
        sent.append(await interaction.followup.send("extra", wait=True))
        done.set()

    await bot.tree.sync()
    interaction = await place.emulator.slash(place.user, place.channel, "slow")
    await done.wait()
    answer = interaction.response_message
    assert answer is not None and sent[0].id == answer.id
    assert (answer.content, answer.ephemeral, answer.loading) == ("answer", False, False)
    assert [m.content for m in place.channel.messages] == ["answer", "extra"]


async def test_an_edit_neither_adds_nor_removes_ephemeral(place: Place) -> None:
    private = place.interaction()
    assert (await place.respond(private, 4, {"content": "secret", "flags": EPHEMERAL}))[0] == 200
    path = place.webhook(private) + "/messages/@original"
    status, edited = await place.call("PATCH", path, {"content": "still secret", "flags": 0})
    assert (status, edited["flags"]) == (200, EPHEMERAL)
    assert private.response_message is not None
    assert private.response_message.visible_to == place.user.id

    public = await place.post({"content": "hello"})
    path = f"/channels/{place.channel.id}/messages/{public.id}"
    status, edited = await place.call("PATCH", path, {"content": "hi", "flags": EPHEMERAL})
    assert (status, edited["flags"]) == (200, 0)
    assert not public.ephemeral


async def test_editing_the_thinking_answer_clears_loading_and_must_leave_a_message(
    place: Place,
) -> None:
    interaction = place.interaction()
    assert (await place.respond(interaction, 5, {}))[0] == 200
    path = place.webhook(interaction) + "/messages/@original"
    status, body = await place.call("PATCH", path, {"content": " "})
    assert (status, body["code"]) == (400, 50006)
    assert interaction.response_message is not None and interaction.response_message.loading
    status, body = await place.call("PATCH", path, {"content": "done"})
    assert (status, body["flags"]) == (200, 0)
    assert not interaction.response_message.loading


async def test_a_deleted_answer_is_an_unknown_message_through_the_interaction(
    place: Place,
) -> None:
    interaction = place.interaction()
    assert (await place.respond(interaction, 4, {"content": "answer"}))[0] == 200
    path = place.webhook(interaction) + "/messages/@original"
    assert (await place.call("DELETE", path))[0] == 204
    before = place.snapshot()
    for method, payload in (("GET", None), ("PATCH", {"content": "again"}), ("DELETE", None)):
        status, body = await place.call(method, path, payload)
        assert (status, body) == (404, {"code": 10008, "message": "Unknown Message"})
    assert place.snapshot() == before


async def test_a_click_on_a_deleted_message_cannot_update_it(place: Place) -> None:
    for kind, data in ((7, {"content": "updated"}), (6, {})):
        message = await place.post({"content": "menu"})
        clicked = place.interaction(message)
        await place.emulator.delete_message(message)
        before = place.snapshot()
        status, body = await place.respond(clicked, kind, data)
        assert (status, body["code"]) == (404, 10008)
        assert clicked.response_type is None
        assert place.snapshot() == before


async def test_a_click_answered_late_is_still_refused_after_the_deadline(place: Place) -> None:
    clicked = place.interaction(await place.post({"content": "menu"}))
    clicked.created_at -= place.emulator.response_deadline + 0.1
    status, body = await place.respond(clicked, 6, {})
    assert (status, body["code"]) == (404, 10062)
    assert clicked.errors == ["first response after the deadline"]


async def test_waiting_for_an_answer_ends_at_the_deadline_as_a_failed_interaction(
    place: Place,
) -> None:
    never = place.interaction(await place.post({"content": "menu"}))
    never.created_at -= place.emulator.response_deadline + 0.1
    with pytest.raises(InteractionFailed, match="no response came"):
        await place.emulator.answer(never)
    late = place.interaction(await place.post({"content": "menu"}))
    late.created_at -= place.emulator.response_deadline + 0.1
    await place.respond(late, 6, {})
    with pytest.raises(InteractionFailed, match="after the deadline"):
        await place.emulator.answer(late)
    in_time = place.interaction(await place.post({"content": "menu"}))
    status, _ = await place.respond(in_time, 6, {})
    assert status < 300 and in_time.response_type == 6
    # Answered in time, read once the deadline has passed: the answer stands.
    in_time.created_at -= place.emulator.response_deadline + 0.1
    assert await place.emulator.answer(in_time) is in_time
