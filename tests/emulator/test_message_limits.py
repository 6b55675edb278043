"""The emulator refuses a message body the way Discord does (50035 over a limit, 50006 when
empty), on every route that carries one, and changes nothing when it refuses."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest

from emulator import DiscordError, check_message, message_problems
from tests.emulator.rest import Place
from tests.emulator.routes import Send, create_message, follow_up, respond_with_message

Payload = dict[str, Any]


def button(custom_id: str = "b", **extra: Any) -> Payload:
    return {"type": 2, "style": 1, "label": "x", "custom_id": custom_id, **extra}


def link(**extra: Any) -> Payload:
    return {"type": 2, "style": 5, "label": "x", "url": "https://example.com", **extra}


def option(label: str = "o", **extra: Any) -> Payload:
    return {"label": label, "value": label, **extra}


def select(count: int = 1, **extra: Any) -> Payload:
    choices = [option(f"o{i}") for i in range(count)]
    return {"type": 3, "custom_id": "s", "options": choices, **extra}


def row(*components: Payload) -> Payload:
    return {"type": 1, "components": list(components)}


def with_components(*rows: Payload) -> Payload:
    return {"content": "x", "components": list(rows)}


def field(name: str = "n", value: str = "v") -> Payload:
    return {"name": name, "value": value}


def embeds(*embeds: Payload) -> Payload:
    return {"embeds": list(embeds)}


def full_embed(footer: int) -> Payload:
    """An embed whose title, description, field and author are each as long as they may
    be (5888 characters), with a footer ``footer`` long."""
    return embeds(
        {
            "title": "x" * 256,
            "description": "x" * 4096,
            "fields": [field("x" * 256, "x" * 1024)],
            "author": {"name": "x" * 256},
            "footer": {"text": "x" * footer},
        }
    )


OVER_A_LIMIT: dict[str, Payload] = {
    "content of 2001": {"content": "x" * 2001},
    "11 embeds": embeds(*[{"title": "t"}] * 11),
    "title of 257": embeds({"title": "x" * 257}),
    "description of 4097": embeds({"description": "x" * 4097}),
    "26 fields": embeds({"fields": [field()] * 26}),
    "field name of 257": embeds({"fields": [field(name="x" * 257)]}),
    "field value of 1025": embeds({"fields": [field(value="x" * 1025)]}),
    "empty field name": embeds({"fields": [field(name="")]}),
    "blank field value": embeds({"fields": [field(value="  ")]}),
    "field without a value": embeds({"fields": [{"name": "n"}]}),
    "footer of 2049": embeds({"footer": {"text": "x" * 2049}}),
    "author name of 257": embeds({"author": {"name": "x" * 257}}),
    "6001 over two embeds": embeds({"description": "x" * 4096}, {"description": "x" * 1905}),
    "6001 in one embed": full_embed(113),
    "bare top-level button": with_components(button()),
    "empty row": with_components(row()),
    "row without components": with_components({"type": 1}),
    "6 in a row": with_components(row(*[button(str(i)) for i in range(6)])),
    "6 rows": with_components(*[row(button(str(i))) for i in range(6)]),
    "select not alone": with_components(row(select(), button())),
    "user select not alone": with_components(row({"type": 5, "custom_id": "u"}, button())),
    "select with 0 options": with_components(row(select(0))),
    "select without options": with_components(row({"type": 3, "custom_id": "s"})),
    "select with 26 options": with_components(row(select(26))),
    "option label of 101": with_components(row(select(options=[option("x" * 101)]))),
    "option value of 101": with_components(row(select(options=[option(value="x" * 101)]))),
    "empty option value": with_components(row(select(options=[option(value="")]))),
    "option description of 101": with_components(
        row(select(options=[option(description="x" * 101)]))
    ),
    "placeholder of 151": with_components(row(select(placeholder="x" * 151))),
    "min_values of 26": with_components(row(select(min_values=26))),
    "max_values of 0": with_components(row(select(max_values=0))),
    "max_values of 26": with_components(row(select(max_values=26))),
    "select without custom_id": with_components(row({"type": 3, "options": [option()]})),
    "select custom_id of 101": with_components(row(select(custom_id="x" * 101))),
    "button without custom_id": with_components(row({"type": 2, "style": 1, "label": "x"})),
    "button with empty custom_id": with_components(row(button(""))),
    "button custom_id of 101": with_components(row(button("x" * 101))),
    "button label of 81": with_components(row(button(label="x" * 81))),
    "link button with custom_id": with_components(row(link(custom_id="c"))),
    "link button without url": with_components(row({"type": 2, "style": 5, "label": "x"})),
    "premium button with label": with_components(
        row({"type": 2, "style": 6, "sku_id": "1", "label": "x"})
    ),
    "duplicate custom_ids in a row": with_components(row(button("a"), button("a"))),
    "duplicate custom_ids across rows": with_components(
        row(button("a")), row(select(custom_id="a"))
    ),
    "text input in a message": with_components(
        row({"type": 4, "custom_id": "t", "style": 1, "label": "x"})
    ),
    "nonce of 26 characters": {"content": "x", "nonce": "x" * 26},
    "nonce of 26 digits": {"content": "x", "nonce": 10**25},
    "nonce that is not a string or integer": {"content": "x", "nonce": 1.5},
}

AT_THE_LIMITS: dict[str, Payload] = {
    "content of 2000 and nonce of 25": {"content": "x" * 2000, "nonce": "n" * 25},
    "an embed of exactly 6000": full_embed(112),
    "10 embeds of 25 fields": embeds(*[{"fields": [field()] * 25}] * 10),
    "footer of 2048": embeds({"footer": {"text": "x" * 2048}}),
    "5 rows of 5 buttons": with_components(
        *[
            row(*[button(f"{r}{c}".ljust(100, "x"), label="x" * 80) for c in range(5)])
            for r in range(5)
        ]
    ),
    "a select at its limits": with_components(
        row(
            select(
                custom_id="s" * 100,
                placeholder="x" * 150,
                min_values=0,
                max_values=25,
                options=[option(f"{i}".ljust(100, "x"), description="x" * 100) for i in range(25)],
            )
        )
    ),
    "link, premium and user select": with_components(
        row(link(), {"type": 2, "style": 6, "sku_id": "1"}),
        row({"type": 5, "custom_id": "u"}),
    ),
    "components alone": {"components": [row(button())]},
}


@pytest.mark.parametrize("payload", OVER_A_LIMIT.values(), ids=OVER_A_LIMIT.keys())
async def test_a_message_over_a_limit_is_refused(place: Place, payload: Payload) -> None:
    status, body = await place.call("POST", f"/channels/{place.channel.id}/messages", payload)
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body")
    assert body["errors"]
    assert message_problems(payload)
    assert place.channel.messages == []


@pytest.mark.parametrize("payload", AT_THE_LIMITS.values(), ids=AT_THE_LIMITS.keys())
async def test_a_message_at_the_limits_is_accepted(place: Place, payload: Payload) -> None:
    assert message_problems(payload) == []
    message = await place.post(payload)
    assert message.embeds == payload.get("embeds", [])
    assert message.components == payload.get("components", [])


async def test_a_refusal_says_where_the_problem_is_as_discord_does(place: Place) -> None:
    payload = embeds({"title": "ok"}, {"title": "x" * 257})
    status, body = await place.call("POST", f"/channels/{place.channel.id}/messages", payload)
    assert status == 400
    assert body["errors"] == {
        "embeds": {
            "1": {
                "title": {
                    "_errors": [
                        {
                            "code": "BASE_TYPE_MAX_LENGTH",
                            "message": "Must be 256 or fewer in length.",
                        }
                    ]
                }
            }
        }
    }
    assert [str(p) for p in message_problems(payload)] == [
        "embeds.1.title: Must be 256 or fewer in length."
    ]


async def test_messages_built_by_discord_py_can_be_checked_against_the_limits() -> None:
    embed = discord.Embed(title="Board", description="Your turn")
    embed.add_field(name="Roll", value="3 4 5 6")
    embed.set_footer(text="Claim It!")
    embed.set_author(name="Ann")
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Roll", custom_id="roll"))
    view.add_item(discord.ui.Button(label="Rules", url="https://example.com"))
    view.add_item(
        discord.ui.Select(custom_id="pick", options=[discord.SelectOption(label="a")], row=1)
    )
    check_message({"embeds": [embed.to_dict()], "components": view.to_components()})

    too_long = discord.Embed(title="x" * 257)
    with pytest.raises(DiscordError) as refused:
        check_message({"embeds": [too_long.to_dict()]})
    assert (refused.value.status, refused.value.code) == (400, 50035)
    with pytest.raises(DiscordError) as empty:
        check_message({"content": " ", "embeds": []})
    assert (empty.value.status, empty.value.code) == (400, 50006)


@pytest.mark.parametrize(
    "payload",
    [{}, {"content": ""}, {"content": " \n"}, {"content": None, "embeds": [], "components": []}],
    ids=["nothing", "empty content", "blank content", "empty lists"],
)
async def test_an_empty_message_is_refused(place: Place, payload: Payload) -> None:
    status, body = await place.call("POST", f"/channels/{place.channel.id}/messages", payload)
    assert (status, body) == (400, {"code": 50006, "message": "Cannot send an empty message"})
    assert place.channel.messages == []


async def test_an_edit_is_judged_by_the_message_it_leaves(place: Place) -> None:
    text_only = await place.post({"content": "hi"})
    with_embed = await place.post({"content": "hi", "embeds": [{"title": "t"}]})
    before = place.snapshot()
    for message, emptying in ((text_only, {"content": ""}), (with_embed, {"embeds": []})):
        path = f"/channels/{place.channel.id}/messages/{message.id}"
        if message is with_embed:
            status, _ = await place.call("PATCH", path, {"content": ""})
            assert status == 200
            before = place.snapshot()
        status, body = await place.call("PATCH", path, emptying)
        assert (status, body["code"]) == (400, 50006)
        assert place.snapshot() == before


async def test_files_alone_make_a_message_and_removing_them_would_empty_it(place: Place) -> None:
    posts = f"/channels/{place.channel.id}/messages"
    status, posted = await place.call("POST", posts, {}, files={"board.png": b"png"})
    assert status == 200
    path = f"{posts}/{posted['id']}"
    status, body = await place.call("PATCH", path, {"attachments": []})
    assert (status, body["code"]) == (400, 50006)
    assert len(place.channel.messages[0].attachments) == 1


# Every route that carries a message ------------------------------------------------------


async def edit_message(place: Place) -> Send:
    message = await place.post({"content": "old"})
    path = f"/channels/{place.channel.id}/messages/{message.id}"
    return functools.partial(place.call, "PATCH", path)


async def update_clicked_message(place: Place) -> Send:
    clicked = place.interaction(await place.post({"content": "old"}))
    return functools.partial(place.respond, clicked, 7)


async def edit_original(place: Place) -> Send:
    interaction = place.interaction()
    assert (await place.respond(interaction, 4, {"content": "old"}))[0] == 200
    path = place.webhook(interaction) + "/messages/@original"
    return functools.partial(place.call, "PATCH", path)


async def follow_up_after_thinking(place: Place) -> Send:
    interaction = place.interaction()
    assert (await place.respond(interaction, 5, {}))[0] == 200
    return functools.partial(place.call, "POST", place.webhook(interaction))


async def edit_follow_up(place: Place) -> Send:
    interaction = place.interaction()
    assert (await place.respond(interaction, 4, {"content": "old"}))[0] == 200
    status, sent = await place.call("POST", place.webhook(interaction), {"content": "f"})
    assert status == 200
    path = place.webhook(interaction) + f"/messages/{sent['id']}"
    return functools.partial(place.call, "PATCH", path)


ROUTES = [
    create_message,
    edit_message,
    respond_with_message,
    update_clicked_message,
    edit_original,
    follow_up,
    follow_up_after_thinking,
    edit_follow_up,
]
REFUSED: dict[str, tuple[Payload, int]] = {
    "empty": ({"content": ""}, 50006),
    "long content": ({"content": "x" * 2001}, 50035),
    "long title": (embeds({"title": "x" * 257}), 50035),
    "bare button": (with_components(button()), 50035),
    "duplicate custom_id": (with_components(row(button(), button())), 50035),
}


@pytest.mark.parametrize("refused", REFUSED.values(), ids=REFUSED.keys())
@pytest.mark.parametrize("route", ROUTES, ids=[r.__name__ for r in ROUTES])
async def test_every_route_with_a_message_refuses_alike_and_changes_nothing(
    place: Place, route: Callable[[Place], Awaitable[Send]], refused: tuple[Payload, int]
) -> None:
    payload, code = refused
    send = await route(place)
    before = place.snapshot()
    answered = {i.token: i.response_type for i in place.emulator.interactions.values()}
    status, body = await send(payload)
    assert (status, body["code"]) == (400, code)
    assert place.snapshot() == before
    assert {i.token: i.response_type for i in place.emulator.interactions.values()} == answered
