"""A game night in voice in the sandbox page with the real bot, in a real headless
Chromium, hosted in English and in German: three members join the voice channel with a
click, the host types ``/claimit new voice:true`` (Cy: ``/claimit neu
sprachkanal:true``) in its chat, the other two accept the invitations there, the host
starts, and the board opens in the voice channel itself on the game; the voice
channel's status under its name follows the game, in the server's language, and is gone
once the game is cancelled."""

from __future__ import annotations

import pytest
from playwright.async_api import Page, expect

from i18n import english, language
from sandbox.server_world import VOICE_CHANNEL_ID
from tests.sandbox.conftest import Sandbox
from tests.sandbox.pages import (
    act_as,
    gathered_in_voice,
    public,
    slash,
    start_from_lobby,
    the_table,
)
from tests.sandbox.test_browser_activity import board, consent, member, open_the_board

pytestmark = pytest.mark.browser

GAME = "Claim It! #1"


@pytest.mark.parametrize(
    ("in_voice", "locale"), [(("Ann", "Bo", "Ed"), "en-US"), (("Cy", "Ann", "Di"), "de")]
)
async def test_a_game_night_in_voice(
    page: Page, sandbox: Sandbox, in_voice: tuple[str, ...], locale: str
) -> None:
    """Those ``in_voice`` join it in this order; the first hosts, in their Discord's
    language (``locale``)."""
    host_words = english() if locale == "en-US" else language(locale)
    status = page.locator("#voice li.voice-status")
    await gathered_in_voice(page, in_voice)

    host, *guests = in_voice
    await slash(page, f"/claimit {host_words._('new')} {host_words._('voice')}:true")
    private = public(page).filter(has=page.locator("button", has_text="Open to all"))
    await expect(private).to_have_count(1)
    lobby = page.locator(f'#messages article[data-id="{await private.get_attribute("data-id")}"]')
    for name in guests:
        await expect(lobby).to_contain_text(f"{name}: asked")
        await act_as(page, name)
        asked = public(page).filter(has_text="invites you").filter(has_text=f"@{name}")
        await asked.locator("button", has_text="Accept").click()
        await expect(lobby).to_contain_text(f"{name}: joined")
    await expect(status).to_have_count(0)

    await act_as(page, host)
    await start_from_lobby(lobby, GAME)
    # The server speaks English, so its voice channel's status does, whoever hosts.
    await expect(status).to_contain_text(f"{GAME} · ")
    await expect(status).to_contain_text("'s turn")

    table = await the_table(page, GAME)
    await open_the_board(page, table)
    hosting = member(sandbox.emulator, host)
    await consent(page, hosting, "Authorize")
    await expect(board(page, hosting).locator("#heading")).to_contain_text(GAME)
    instance = sandbox.emulator.channel_activity(VOICE_CHANNEL_ID)
    assert instance is not None and hosting.id in instance.users, "the board opened in voice"

    await slash(page, f"/claimit {host_words._('cancel')}")
    await expect(status).to_have_count(0)
    assert sandbox.emulator.channels[VOICE_CHANNEL_ID].voice_status is None
