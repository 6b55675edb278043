"""Select menus in the page, as the games send them (Gold Nuggets' menu of set-asides, of
whom to take from): each option with what it leads to; a pick that can't be sent is
said plainly, and the menu is ready again."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Browser, expect

from tests.sandbox.conftest import Sandbox, put_message
from tests.sandbox.pages import page_at

STEAL_MENU: list[dict[str, Any]] = [
    {
        "type": 1,
        "components": [
            {
                "type": 3,
                "custom_id": "nuggets:pick:1:9:steal",
                "placeholder": "Take 3 from…",
                "options": [
                    {"label": "The centre (70 left)", "value": "take", "description": "you take 3"},
                    {
                        "label": "Bo (holds 4)",
                        "value": "take@1",
                        "description": "you steal 3",
                        "emoji": {"name": "🪢"},
                    },
                    {"label": "Plain", "value": "plain"},
                ],
            }
        ],
    }
]
ROLL = [
    {
        "type": 1,
        "components": [{"type": 2, "style": 1, "label": "Roll", "custom_id": "nuggets:roll"}],
    }
]


async def test_a_menu_shows_what_each_option_leads_to(browser: Browser, bare_page: Sandbox) -> None:
    message = put_message(bare_page, content="Your turn", components=STEAL_MENU)
    async with page_at(browser, bare_page.url) as page:
        menu = page.locator(f'#messages article[data-id="{message.id}"] select')
        await expect(menu.locator("option")).to_have_text(
            [
                "Take 3 from…",
                "The centre (70 left) — you take 3",
                "🪢 Bo (holds 4) — you steal 3",
                "Plain",
            ]
        )
        await expect(menu).to_have_value("")

        # A menu the bot has since replaced (an older version's), still on the page.
        await menu.evaluate("(menu) => { menu.dataset.customId = 'nuggets:pick:1:8:steal'; }")
        await menu.select_option(value="take@1")
        await expect(page.locator("#composer-error")).to_have_text(
            "That menu isn't on the message any more."
        )
        await expect(menu).to_have_value("")


async def test_a_click_on_a_message_that_is_gone_says_so(
    browser: Browser, bare_page: Sandbox
) -> None:
    message = put_message(bare_page, content="Your turn", components=ROLL)
    async with page_at(browser, bare_page.url) as page:
        button = page.locator(f'#messages article[data-id="{message.id}"] button')
        await expect(button).to_be_enabled()
        # A message the sandbox no longer has, still on the page.
        await button.evaluate("(button) => { button.dataset.message = '1'; }")
        await button.click()
        # The server's own plain-text refusal, not "failed".
        await expect(page.locator("#composer-error")).to_have_text("That message is gone.")


async def test_a_user_menu_offers_the_members_and_sends_the_pick(
    browser: Browser, sandbox: Sandbox
) -> None:
    picker = [
        {
            "type": 1,
            "components": [
                {
                    "type": 5,
                    "custom_id": "claimit:invite:1:pick",
                    "placeholder": "Invite players…",
                    "min_values": 1,
                    "max_values": 3,
                }
            ],
        }
    ]
    message = put_message(sandbox, content="A private table", components=picker)
    emulator = sandbox.emulator
    members = [u for u in emulator.users.values() if not u.bot]
    async with page_at(browser, sandbox.url) as page:
        menu = page.locator(f'#messages article[data-id="{message.id}"] select')
        await expect(menu.locator("option").first).to_have_text("Invite players…")
        bo = next(u for u in members if u.name == "Bo")
        async with page.expect_response(lambda r: r.url.endswith("/api/select_users")) as picked:
            await menu.select_option(str(bo.id))
        answer = await picked.value
        assert answer.ok, await answer.text()
        await expect(menu).to_have_value("")
        (sent,) = [i.data for i in emulator.interactions.values()]
        assert sent["custom_id"] == "claimit:invite:1:pick" and sent["component_type"] == 5
        assert sent["values"] == [str(bo.id)]
        assert sent["resolved"]["users"][str(bo.id)]["username"] == "Bo"
        assert "user" not in sent["resolved"]["members"][str(bo.id)]
