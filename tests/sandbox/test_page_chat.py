"""Chatting in the sandbox: what is typed in the message box without a slash is the
member's own message in the channel (``/api/message``), as in Discord's box; an empty or
too long one is refused and posts nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from playwright.async_api import Browser, expect

from sandbox.server_world import CHANNEL_ID
from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import DESKTOP, member, messages, open_page


@pytest_asyncio.fixture(loop_scope="session")
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def say(
    session: aiohttp.ClientSession, sandbox: Sandbox, text: object
) -> tuple[int, dict[str, Any]]:
    """Ann's chat message as the page sends it: the status and the JSON answer."""
    ann = member(sandbox.emulator, "Ann")
    body = {"user": str(ann.id), "channel": str(CHANNEL_ID), "text": text}
    async with session.post(
        f"{sandbox.url}/api/message", json=body, headers={"Origin": sandbox.url}
    ) as response:
        answer: dict[str, Any] = await response.json()
        return response.status, answer


async def test_a_message_is_posted_by_the_member_for_everyone(
    bare_page: Sandbox, session: aiohttp.ClientSession
) -> None:
    assert await say(session, bare_page, "**hi** <@1>") == (200, {"ok": True})
    (said,) = bare_page.emulator.channels[CHANNEL_ID].visible(None)
    assert (said.author.name, said.content, said.ephemeral) == ("Ann", "**hi** <@1>", False)
    params = {"user": str(member(bare_page.emulator, "Bo").id), "channel": str(CHANNEL_ID)}
    async with session.get(f"{bare_page.url}/api/channel", params=params) as response:
        (shown,) = (await response.json())["messages"]
    assert (shown["author"]["name"], shown["content"]) == ("Ann", "**hi** <@1>")
    assert not shown["author"]["bot"]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "Type a message"),
        ("  \n ", "Type a message"),
        (None, "Type a message"),
        (["hi"], "Type a message"),
        ("x" * 2001, "at most 2,000 characters long; this one has 2,001"),
    ],
)
async def test_an_empty_or_too_long_message_is_refused_and_posts_nothing(
    bare_page: Sandbox, session: aiohttp.ClientSession, text: object, why: str
) -> None:
    status, answer = await say(session, bare_page, text)
    assert status == 400
    assert why in answer["error"]
    assert bare_page.emulator.channels[CHANNEL_ID].messages == []
    assert await say(session, bare_page, "x" * 2000) == (200, {"ok": True})


async def test_typing_without_a_slash_chats_in_the_channel(
    browser: Browser, bare_page: Sandbox
) -> None:
    async with open_page(browser, bare_page.url, DESKTOP) as page:
        box = page.locator("#command")
        await expect(box).to_have_attribute("placeholder", "Message #games, or type / for commands")
        await box.fill("x" * 2001)
        await box.press("Enter")
        await expect(page.locator("#composer-error")).to_contain_text("at most 2,000 characters")
        await expect(box).to_have_value("x" * 2001)
        await box.fill("hello there")
        await box.press("Enter")
        await expect(box).to_have_value("")
        said = messages(page)
        await expect(said).to_have_count(1)
        await expect(said.locator(".author")).to_have_text("Ann")
        await expect(said.locator(".content")).to_have_text("hello there")
        assert [m.content for m in bare_page.emulator.channels[CHANNEL_ID].messages] == [
            "hello there"
        ]


async def test_what_is_sent_leaves_the_box_at_once_so_enter_again_sends_nothing_more(
    browser: Browser, bare_page: Sandbox
) -> None:
    """As in Discord's box: an Enter pressed again while a message is on its way (a
    script pressing it twice, a person with a heavy finger) sends it once."""
    async with open_page(browser, bare_page.url, DESKTOP) as page:
        box = page.locator("#command")
        await box.fill("only once")
        await page.evaluate(
            "() => { const form = document.getElementById('composer');"
            " form.requestSubmit(); form.requestSubmit(); }"
        )
        await expect(box).to_have_value("")
        said = messages(page)
        await expect(said).to_have_count(1)
        await expect(said.locator(".content")).to_have_text("only once")
        assert [m.content for m in bare_page.emulator.channels[CHANNEL_ID].messages] == [
            "only once"
        ]
