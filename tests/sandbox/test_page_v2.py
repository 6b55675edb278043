"""Components V2 messages in the page, drawn as Discord draws them: a container card with
its accent bar, text in Discord's markdown, galleries laid out by how many pictures they
hold, separators, sections with their accessory on the right, and buttons and menus that
work inside the card as they do anywhere; on a phone, all within the screen's width."""

from __future__ import annotations

import io
import re
from typing import Any

import aiohttp
from PIL import Image
from playwright.async_api import Browser, FloatRect, Locator, Page, expect

from emulator import Message
from emulator.cdn import DISCORD_CDN
from emulator.components import IS_COMPONENTS_V2
from emulator.model import Attachment, snowflake
from sandbox.server_world import CHANNEL_ID
from tests.sandbox.conftest import Sandbox, put_message
from tests.sandbox.pages import DESKTOP, PHONE, hold_pictures, open_page, page_at

BOARD_SIZE = (800, 700)
ACCENT = 0x3BA55C
ACCENT_CSS = "rgb(59, 165, 92)"
BOARD = "The board after round 3: Ann leads"
HANDS = ["Ann's hand", "Bo's hand", "Cy's hand"]
AVATAR = "Bo's avatar"


def png(width: int, height: int, colour: tuple[int, int, int] = (70, 72, 78)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, "PNG")
    return out.getvalue()


def attachment(name: str, data: bytes) -> Attachment:
    return Attachment(snowflake(), name, data, "image/png")


def item(name: str, description: str) -> dict[str, Any]:
    return {"media": {"url": f"attachment://{name}"}, "description": description}


def button(label: str, custom_id: str, style: int = 2) -> dict[str, Any]:
    return {"type": 2, "style": style, "label": label, "custom_id": custom_id}


PICK = {
    "type": 3,
    "custom_id": "v2:pick",
    "placeholder": "Take from…",
    "options": [
        {"label": "The centre", "value": "centre"},
        {"label": "Bo", "value": "bo", "description": "holds 4"},
    ],
}


def turn_tree(thumbnail_url: str) -> list[dict[str, Any]]:
    """A game's turn as one card: every kind of part, in an order no two kinds share."""
    return [
        {
            "type": 17,
            "accent_color": ACCENT,
            "components": [
                {"type": 10, "content": "**Round 3**: *your move*, `Ann`"},
                {"type": 12, "items": [item("board.png", BOARD)]},
                {"type": 14, "divider": True, "spacing": 2},
                {"type": 12, "items": [item(f"hand{n}.png", h) for n, h in enumerate(HANDS)]},
                {
                    "type": 9,
                    "components": [{"type": 10, "content": "Claim the **top row**?"}],
                    "accessory": button("Claim", "v2:claim", style=3),
                },
                {
                    "type": 9,
                    "components": [
                        {"type": 10, "content": "Bo holds 4"},
                        {"type": 10, "content": "and waits"},
                    ],
                    "accessory": {
                        "type": 11,
                        "media": {"url": thumbnail_url},
                        "description": AVATAR,
                    },
                },
                {"type": 14, "divider": False, "spacing": 1},
                {
                    "type": 1,
                    "components": [
                        button("Roll", "v2:roll", style=1),
                        button("Pass", "v2:pass", style=4),
                    ],
                },
                {"type": 1, "components": [PICK]},
            ],
        }
    ]


PARTS_IN_ORDER = [
    "text",
    "gallery single",
    "separator large divider",
    "gallery three",
    "section",
    "section",
    "separator",
    "row",
    "row",
]


def turn_message(sandbox: Sandbox) -> Message:
    bo = next(u for u in sandbox.emulator.users.values() if u.name == "Bo")
    avatar = f"{DISCORD_CDN}/avatars/{bo.id}/{bo.avatar}.png?size=128"
    return put_message(
        sandbox,
        flags=IS_COMPONENTS_V2,
        components=turn_tree(avatar),
        attachments=[
            attachment("board.png", png(*BOARD_SIZE)),
            *(attachment(f"hand{n}.png", png(300, 200)) for n in range(3)),
        ],
    )


def by_id(page: Page, message: Message) -> Locator:
    return page.locator(f'#messages article[data-id="{message.id}"]')


async def box(locator: Locator) -> FloatRect:
    found = await locator.bounding_box()
    assert found is not None
    return found


async def all_loaded(page: Page) -> None:
    await page.wait_for_function(
        "() => [...document.querySelectorAll('#messages img')].every("
        "(i) => i.complete && i.naturalWidth > 0)"
    )


async def test_a_turn_is_one_card_drawn_in_order(browser: Browser, bare_page: Sandbox) -> None:
    message = turn_message(bare_page)
    async with page_at(browser, bare_page.url, DESKTOP) as page:
        article = by_id(page, message)
        container = article.locator(".container")
        await expect(container).to_have_count(1)

        await expect(container).to_have_css("border-left-color", ACCENT_CSS)
        await expect(container).to_have_css("border-left-width", "4px")
        parts = await container.evaluate("(c) => [...c.children].map((part) => part.className)")
        assert parts == PARTS_IN_ORDER

        text = container.locator(":scope > .text")
        await expect(text.locator("strong")).to_have_text("Round 3")
        await expect(text.locator("em")).to_have_text("your move")
        await expect(text.locator("code")).to_have_text("Ann")
        await expect(text).to_have_text("Round 3: your move, Ann")

        await expect(container.locator(".gallery.single img")).to_have_attribute("alt", BOARD)
        hands = container.locator(".gallery.three img")
        await expect(hands).to_have_count(3)
        for picture, description in zip(await hands.all(), HANDS, strict=True):
            await expect(picture).to_have_attribute("alt", description)
        await expect(container.locator(".section img.thumbnail")).to_have_attribute("alt", AVATAR)
        await all_loaded(page)

        # Three pictures: one large on the left, two stacked on its right.
        large, top, bottom = [await box(h) for h in await hands.all()]
        assert top["x"] > large["x"] + large["width"] - 1
        assert abs(top["x"] - bottom["x"]) < 1
        assert bottom["y"] > top["y"] + top["height"] - 1
        assert abs(large["height"] - (bottom["y"] + bottom["height"] - top["y"])) < 1
        assert abs(large["width"] - 2 * top["width"]) < 8

        # A section: its text on the left, its button or thumbnail on the right, at the card's
        # right edge.
        card = await box(container)
        for section, accessory in [
            (container.locator(".section").nth(0), "button"),
            (container.locator(".section").nth(1), "img.thumbnail"),
        ]:
            words = await box(section.locator(".section-text"))
            side = await box(section.locator(f".accessory {accessory}"))
            assert side["x"] >= words["x"] + words["width"]
            assert side["y"] < words["y"] + words["height"]
            assert words["y"] < side["y"] + side["height"]
            assert card["x"] + card["width"] - (side["x"] + side["width"]) < 24
        await expect(container.locator(".section").nth(1).locator(".text")).to_have_text(
            ["Bo holds 4", "and waits"]
        )

        rows = container.locator(".row")
        await expect(rows.nth(0).locator("button")).to_have_text(["Roll", "Pass"])
        await expect(rows.nth(0).locator("button").first).to_have_class("style-1")
        await expect(rows.nth(1).locator("select option")).to_have_text(
            ["Take from…", "The centre", "Bo — holds 4"]
        )


async def test_galleries_are_laid_out_by_how_many_pictures_they_hold(
    browser: Browser, bare_page: Sandbox
) -> None:
    counts = [1, 2, 4, 5, 6, 7, 10]
    tree = [
        {
            "type": 12,
            "items": [
                {"media": {"url": f"attachment://p{n}.png"}, "description": f"{count}:{n}"}
                for n in range(count)
            ],
        }
        for count in counts
    ]
    tree.append({"type": 13, "file": {"url": "attachment://rules.txt"}})
    rules = Attachment(snowflake(), "rules.txt", b"x" * 2048, "text/plain")
    message = put_message(
        bare_page,
        flags=IS_COMPONENTS_V2,
        components=tree,
        attachments=[*(attachment(f"p{n}.png", png(320, 240)) for n in range(10)), rules],
    )
    async with page_at(browser, bare_page.url, DESKTOP) as page:
        galleries = by_id(page, message).locator(".gallery")
        await expect(galleries).to_have_count(len(counts))
        rows = await galleries.evaluate_all(
            """(galleries) => galleries.map((gallery) => {
              const tops = [...gallery.querySelectorAll("img")].map(
                (i) => Math.round(i.getBoundingClientRect().top));
              return [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
            })"""
        )
        assert rows == [[1], [2], [2, 2], [2, 3], [3, 3], [1, 3, 3], [1, 3, 3, 3]]
        # Every row fills the gallery's width.
        widths = await galleries.evaluate_all(
            """(galleries) => galleries.map((gallery) => {
              const full = gallery.getBoundingClientRect();
              const images = [...gallery.querySelectorAll("img")]
                .map((i) => i.getBoundingClientRect());
              return [full.width, Math.max(...images.map((r) => r.right)) - full.left];
            })"""
        )
        for full, reached in widths[1:]:
            assert abs(full - reached) < 1

        # A file: its name as a link to it, and its size.
        file = by_id(page, message).locator(".file")
        await expect(file.locator("a")).to_have_text("rules.txt")
        await expect(file.locator("a")).to_have_attribute("href", re.compile(r"/rules\.txt$"))
        await expect(file.locator(".size")).to_have_text("2.00 KB")


async def test_a_picture_keeps_its_place_before_it_comes(
    browser: Browser, bare_page: Sandbox
) -> None:
    message = turn_message(bare_page)
    async with page_at(browser, "about:blank", DESKTOP) as page:
        pictures_may_come = await hold_pictures(page)
        # Not until "load": the page's messages, pictures held, may be in by then.
        await page.goto(bare_page.url, wait_until="domcontentloaded")
        article = by_id(page, message)
        board = article.locator(".gallery.single img")
        hands = article.locator(".gallery.three img")
        await expect(hands).to_have_count(3)
        assert not await board.evaluate("(i) => i.complete")
        placed = await box(board)
        width, height = BOARD_SIZE
        assert placed["width"] > 0
        assert abs(placed["height"] - placed["width"] * height / width) < 1
        for hand in await hands.all():
            cell = await box(hand)
            assert cell["width"] > 0 and cell["height"] > 0
        pictures_may_come.set()
        await all_loaded(page)
        assert await box(board) == placed


async def test_on_a_phone_the_card_fits_the_screen(browser: Browser, bare_page: Sandbox) -> None:
    long_labels = [
        button(f"Take {n} nuggets from the centre pile", f"v2:take:{n}") for n in range(1, 6)
    ]
    tree = turn_tree(f"{DISCORD_CDN}/embed/avatars/0.png")
    tree[0]["components"].insert(
        1, {"type": 10, "content": "A long word: " + "nugget" * 30 + " and a long line " * 8}
    )
    tree[0]["components"].append({"type": 1, "components": long_labels})
    message = put_message(
        bare_page,
        flags=IS_COMPONENTS_V2,
        components=tree,
        attachments=[
            attachment("board.png", png(*BOARD_SIZE)),
            *(attachment(f"hand{n}.png", png(300, 200)) for n in range(3)),
        ],
    )
    async with page_at(browser, bare_page.url, PHONE) as page:
        article = by_id(page, message)
        container = article.locator(".container")
        await expect(container).to_have_count(1)
        await all_loaded(page)

        for scroller in ["html", "#messages", f'#messages article[data-id="{message.id}"]']:
            overflow = await page.locator(scroller).evaluate("(e) => e.scrollWidth - e.clientWidth")
            assert overflow == 0, scroller
        # The card takes the message's whole width, beside the avatar.
        card, body = await box(container), await box(article.locator(".body"))
        assert abs(card["width"] - body["width"]) < 1
        assert card["x"] + card["width"] <= PHONE["width"]
        # Pictures scale to the card's width.
        inside = card["x"] + card["width"] - 12
        for picture in await container.locator("img").all():
            placed = await box(picture)
            assert placed["x"] >= card["x"] and placed["x"] + placed["width"] <= inside + 0.5
        board = container.locator(".gallery.single img")
        assert (await box(board))["width"] < BOARD_SIZE[0]
        # The buttons wrap onto more lines, all inside the card.
        buttons = container.locator(".row").last.locator("button")
        tops = set()
        for pressable in await buttons.all():
            placed = await box(pressable)
            tops.add(round(placed["y"]))
            assert placed["x"] >= card["x"] and placed["x"] + placed["width"] <= inside + 0.5
        assert len(tops) > 1


async def test_a_v2_message_shows_only_the_attachments_its_components_name(
    browser: Browser, bare_page: Sandbox
) -> None:
    def pictures() -> list[Attachment]:
        return [attachment("board.png", png(80, 70)), attachment("stray.png", png(60, 60))]

    shows_board = [{"type": 12, "items": [item("board.png", BOARD)]}]
    v2 = put_message(
        bare_page, flags=IS_COMPONENTS_V2, components=shows_board, attachments=pictures()
    )
    classic = put_message(bare_page, content="Classic", attachments=pictures())
    async with page_at(browser, bare_page.url, DESKTOP) as page:
        shown = by_id(page, v2).locator("img:not(.avatar)")
        await expect(shown).to_have_count(1)
        await expect(shown).to_have_attribute("src", re.compile(r"/board\.png$"))
        await expect(by_id(page, v2).locator(".attachment")).to_have_count(0)
        attached = by_id(page, classic).locator(".attachment img")
        await expect(attached).to_have_count(2)
        alts = await attached.evaluate_all("(images) => images.map((i) => i.alt)")
        assert alts == ["board.png", "stray.png"]


async def test_a_spoiler_is_hidden_and_out_of_reach_until_clicked(
    browser: Browser, bare_page: Sandbox
) -> None:
    tree = [
        {
            "type": 17,
            "spoiler": True,
            "components": [
                {"type": 10, "content": "The hidden card"},
                {"type": 1, "components": [button("Peek", "v2:peek")]},
            ],
        }
    ]
    message = put_message(bare_page, flags=IS_COMPONENTS_V2, components=tree)
    async with page_at(browser, bare_page.url, DESKTOP) as page:
        spoiler = by_id(page, message).locator(".spoiler")
        hidden = spoiler.locator(":scope > div")
        peek = spoiler.locator("button")
        await expect(peek).to_have_count(1)
        under = "(b) => { const r = b.getBoundingClientRect();" + (
            " return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b; }"
        )
        assert not await peek.evaluate(under)
        assert await hidden.evaluate("(d) => getComputedStyle(d).filter") != "none"
        await expect(hidden).to_have_attribute("inert", "")

        await spoiler.click()
        await expect(spoiler).to_have_class("spoiler revealed")
        assert await peek.evaluate(under)
        assert await hidden.evaluate("(d) => getComputedStyle(d).filter") == "none"
        await expect(hidden).not_to_have_attribute("inert", "")


async def test_buttons_and_menus_in_the_card_reach_the_bot(
    browser: Browser, sandbox: Sandbox
) -> None:
    message = turn_message(sandbox)
    async with open_page(browser, sandbox.url, DESKTOP) as page:
        card = by_id(page, message).locator(".container")
        for label in ["Roll", "Claim"]:
            async with page.expect_response(lambda r: r.url.endswith("/api/click")) as clicked:
                await card.locator("button", has_text=label).click()
            answer = await clicked.value
            assert answer.ok, await answer.text()
        async with page.expect_response(lambda r: r.url.endswith("/api/select")) as picked:
            await card.locator("select").select_option("bo")
        answer = await picked.value
        assert answer.ok, await answer.text()

        asked = [
            (i.user.name, i.message.id if i.message else None, i.data)
            for i in sandbox.emulator.interactions.values()
        ]
        assert asked == [
            ("Ann", message.id, {"custom_id": "v2:roll", "component_type": 2}),
            ("Ann", message.id, {"custom_id": "v2:claim", "component_type": 2}),
            ("Ann", message.id, {"custom_id": "v2:pick", "component_type": 3, "values": ["bo"]}),
        ]


async def test_a_message_coming_while_a_button_is_pressed_loses_no_click(
    browser: Browser, sandbox: Sandbox
) -> None:
    """The bot's answer to one click may come while the next button is pressed: had the
    messages moved up under the pointer, the release would land on something else and no
    click be made. They hold still until the release, and show what came then."""
    message = turn_message(sandbox)
    async with open_page(browser, sandbox.url, DESKTOP) as page:
        roll = by_id(page, message).locator(".container button", has_text="Roll")
        await expect(roll).to_be_visible()
        await all_loaded(page)
        at = await box(roll)
        await page.mouse.move(at["x"] + at["width"] / 2, at["y"] + at["height"] / 2)
        await page.mouse.down()
        answer = put_message(sandbox, tell_pages=True, content="\n".join(["An answer"] * 5))
        messages = page.locator("#message-list")
        await expect(
            by_id(page, answer).or_(page.locator("#message-list[aria-busy]"))
        ).to_have_count(1)
        assert await messages.get_attribute("aria-busy") == "true"
        async with page.expect_response(lambda r: r.url.endswith("/api/click")) as clicked:
            await page.mouse.up()
        assert (await clicked.value).ok
        await expect(by_id(page, answer)).to_be_visible()
        await expect(messages).not_to_have_attribute("aria-busy", "true")

    asked = [
        (i.message.id if i.message else None, i.data)
        for i in sandbox.emulator.interactions.values()
    ]
    assert asked == [(message.id, {"custom_id": "v2:roll", "component_type": 2})]


HELD_SCROLL = """() => {
    const box = document.getElementById("messages");
    const held = (event) => { if (window.holdScroll) event.stopImmediatePropagation(); };
    document.addEventListener("scroll", held, true);
    window.holdScroll = true;
    const roll = [...box.querySelectorAll(".container button")].find(
        (b) => b.textContent.includes("Roll"));
    const composer = document.getElementById("composer").getBoundingClientRect();
    const at = roll.getBoundingClientRect();
    box.scrollTop -= composer.top - 8 - (at.top + at.height / 2);
    return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""
"""Scrolls the messages up until **Roll** sits where the bar "You're viewing older
messages" comes, with the scroll's event held back: as when a click scrolls its button
into view and the event comes only after the press."""


async def test_a_scroll_told_while_a_button_is_pressed_loses_no_click(
    browser: Browser, sandbox: Sandbox
) -> None:
    """Scrolling up shows the bar over the bottom of the messages; had it come under a
    press, the release would land on it and no click be made. It comes at the release."""
    message = turn_message(sandbox)
    async with open_page(browser, sandbox.url, DESKTOP) as page:
        roll = by_id(page, message).locator(".container button", has_text="Roll")
        await expect(roll).to_be_visible()
        await all_loaded(page)
        await page.evaluate(HELD_SCROLL)
        jump = page.locator("#jump")
        await expect(jump).to_be_hidden()
        at = await box(roll)
        await page.mouse.move(at["x"] + at["width"] / 2, at["y"] + at["height"] / 2)
        await page.mouse.down()
        await page.evaluate(
            "() => { window.holdScroll = false;"
            " document.getElementById('messages').dispatchEvent(new Event('scroll')); }"
        )
        async with page.expect_response(
            lambda r: r.url.endswith("/api/click"), timeout=5_000
        ) as clicked:
            await page.mouse.up()
        assert (await clicked.value).ok
        await expect(jump).to_be_visible()


async def test_pictures_and_files_come_where_the_browser_finds_them(bare_page: Sandbox) -> None:
    emulator = bare_page.emulator
    ann = next(u for u in emulator.users.values() if u.name == "Ann")
    on_discord = f"{DISCORD_CDN}/avatars/{ann.id}/{ann.avatar}.png?size=128"
    board = Attachment(snowflake(), "board.png", png(*BOARD_SIZE), "image/png", "Uploaded alt")
    rules = Attachment(snowflake(), "rules.txt", b"x" * 2048, "text/plain")
    tree = [
        {
            "type": 17,
            "components": [
                {
                    "type": 12,
                    "items": [
                        item("board.png", BOARD),
                        {"media": {"url": "attachment://board.png"}},
                        item("gone.png", "Gone"),
                    ],
                },
                {
                    "type": 9,
                    "components": [{"type": 10, "content": "Ann"}],
                    "accessory": {"type": 11, "media": {"url": on_discord}, "description": AVATAR},
                },
                {"type": 13, "file": {"url": "attachment://rules.txt"}, "name": "x", "size": 1},
            ],
        }
    ]
    put_message(bare_page, flags=IS_COMPONENTS_V2, components=tree, attachments=[board, rules])
    classic_row = [{"type": 1, "components": [button("Roll", "roll")]}]
    put_message(bare_page, content="Classic", components=classic_row, attachments=[board])
    async with (
        aiohttp.ClientSession() as session,
        session.get(
            f"{bare_page.url}/api/channel", params={"user": str(ann.id), "channel": str(CHANNEL_ID)}
        ) as response,
    ):
        v2, classic = (await response.json())["messages"]

    assert v2["components_v2"] is True
    assert v2["attachments"] == []
    gallery, section, file = v2["components"][0]["components"]
    address = f"{emulator.base_url}/attachments/{CHANNEL_ID}"
    on_page = {"url": f"{address}/{board.id}/board.png", "width": 800, "height": 700}
    # A picture's own description wins; without one, the alt text uploaded with its file.
    assert gallery["items"] == [
        {"media": on_page, "description": BOARD},
        {"media": on_page, "description": "Uploaded alt"},
        {"media": {"url": None}, "description": "Gone"},
    ]
    assert section["accessory"]["media"]["url"] == emulator.cdn_url(on_discord)
    assert section["accessory"]["media"]["url"].startswith(emulator.base_url)
    assert section["accessory"]["description"] == AVATAR
    assert file["file"]["url"] == f"{address}/{rules.id}/rules.txt"
    assert (file["name"], file["size"]) == ("rules.txt", 2048)

    assert classic["components_v2"] is False
    assert classic["components"] == classic_row
    assert [a["filename"] for a in classic["attachments"]] == ["board.png"]


async def test_headings_and_subtext_read_as_discord_draws_them(
    browser: Browser, bare_page: Sandbox
) -> None:
    words = "### Claim It! · game 7\nAnn rolled.\n-# Page 1 of 2\nnot # a heading"
    card = [{"type": 17, "components": [{"type": 10, "content": words}]}]
    message = put_message(bare_page, flags=IS_COMPONENTS_V2, components=card)
    async with page_at(browser, bare_page.url, DESKTOP) as page:
        text = by_id(page, message).locator(".text")
        await expect(text.locator(".heading.h3")).to_have_text("Claim It! · game 7")
        await expect(text.locator(".subtext")).to_have_text("Page 1 of 2")
        await expect(text.locator(".heading")).to_have_count(1)
        font_size = "(words) => getComputedStyle(words).fontSize"
        heading_size = await text.locator(".heading").evaluate(font_size)
        subtext_size = await text.locator(".subtext").evaluate(font_size)
        assert float(heading_size.removesuffix("px")) > float(subtext_size.removesuffix("px"))
        assert "not # a heading" in await text.inner_text()
