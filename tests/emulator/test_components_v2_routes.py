"""Components V2 on every route that carries a message, and the flag for good: an edit
can set it but never take it away, and a V2 message is edited by V2's rules."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from emulator.components import IS_COMPONENTS_V2
from emulator.model import EPHEMERAL, LOADING, Message
from tests.emulator.rest import Answer, Place
from tests.emulator.routes import Route, Send, create_message, follow_up, respond_with_message
from tests.emulator.v2 import Payload, button, codes_at, container, row, text, v2

LEGACY = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"


async def edit_message(place: Place) -> Send:
    message = await place.post(v2(text("old")))
    return functools.partial(
        place.call, "PATCH", f"/channels/{place.channel.id}/messages/{message.id}"
    )


async def respond_ephemerally(place: Place) -> Send:
    send = functools.partial(place.respond, place.interaction(), 4)
    return lambda payload: send({**payload, "flags": payload.get("flags", 0) | EPHEMERAL})


async def update_clicked_message(place: Place) -> Send:
    clicked = place.interaction(await place.post(v2(text("old"), row(button()))))
    return functools.partial(place.respond, clicked, 7)


async def edit_original_after_thinking(place: Place) -> Send:
    interaction = place.interaction()
    assert (await place.respond(interaction, 5, {}))[0] == 200
    path = place.webhook(interaction) + "/messages/@original"
    return functools.partial(place.call, "PATCH", path)


async def edit_original(place: Place) -> Send:
    interaction = place.interaction()
    assert (await place.respond(interaction, 4, v2(text("old"))))[0] == 200
    path = place.webhook(interaction) + "/messages/@original"
    return functools.partial(place.call, "PATCH", path)


async def follow_up_ephemerally(place: Place) -> Send:
    send = await follow_up(place)
    return lambda payload: send({**payload, "flags": payload.get("flags", 0) | EPHEMERAL})


async def follow_up_after_thinking(place: Place) -> Send:
    interaction = place.interaction()
    assert (await place.respond(interaction, 5, {"flags": EPHEMERAL}))[0] == 200
    return functools.partial(place.call, "POST", place.webhook(interaction))


async def edit_follow_up(place: Place) -> Send:
    interaction = place.interaction()
    assert (await place.respond(interaction, 4, {"content": "old"}))[0] == 200
    status, sent = await place.call("POST", place.webhook(interaction), v2(text("f")))
    assert status == 200
    path = place.webhook(interaction) + f"/messages/{sent['id']}"
    return functools.partial(place.call, "PATCH", path)


ROUTES: list[Route] = [
    create_message,
    edit_message,
    respond_with_message,
    respond_ephemerally,
    update_clicked_message,
    edit_original_after_thinking,
    edit_original,
    follow_up,
    follow_up_ephemerally,
    follow_up_after_thinking,
    edit_follow_up,
]
EPHEMERAL_ROUTES = {respond_ephemerally, follow_up_ephemerally, follow_up_after_thinking}


def sent_message(place: Place, answer: dict[str, Any]) -> Message:
    """The message a route's answer is about (an interaction callback's in its resource)."""
    resource = answer.get("resource")
    payload = resource["message"] if isinstance(resource, dict) else answer
    return place.emulator.messages[int(payload["id"])]


@pytest.mark.parametrize("route", ROUTES, ids=[r.__name__ for r in ROUTES])
async def test_every_route_makes_a_v2_message_and_the_flag_stays(
    place: Place, route: Route
) -> None:
    send = await route(place)
    status, answer = await send(v2(container(text("new"), row(button("go")), accent_color=7)))
    assert status == 200, answer
    message = sent_message(place, answer)
    assert message.components_v2 and not message.loading
    assert message.ephemeral == (route in EPHEMERAL_ROUTES)
    assert (message.text_displays(), message.button_labels(), message.accent_color) == (
        ["new"],
        ["go"],
        7,
    )
    path = f"/channels/{place.channel.id}/messages/{message.id}"
    if not message.ephemeral:
        status, fetched = await place.call("GET", path)
        assert fetched["flags"] & IS_COMPONENTS_V2


@pytest.mark.parametrize("route", ROUTES, ids=[r.__name__ for r in ROUTES])
async def test_every_route_refuses_content_beside_the_flag_and_changes_nothing(
    place: Place, route: Route
) -> None:
    send = await route(place)
    before = place.snapshot()
    answered = {i.token: i.response_type for i in place.emulator.interactions.values()}
    for legacy in ({"content": "hi"}, {"embeds": [{"title": "t"}]}):
        status, answer = await send(v2(text(), **legacy))
        assert (status, answer["code"]) == (400, 50035)
        assert codes_at(answer, tuple(legacy)) == [LEGACY]
    assert place.snapshot() == before
    assert {i.token: i.response_type for i in place.emulator.interactions.values()} == answered


async def edit(place: Place, message: Message, payload: Payload) -> Answer:
    return await place.call("PATCH", f"/channels/{place.channel.id}/messages/{message.id}", payload)


async def test_an_edit_without_flags_keeps_v2_and_its_components_replace_the_old(
    place: Place,
) -> None:
    message = await place.post(v2(text("one"), row(button("a"))))
    status, answer = await edit(place, message, {"components": [text("two")]})
    assert (status, answer["flags"]) == (200, IS_COMPONENTS_V2)
    assert message.text_displays() == ["two"] and message.buttons() == []
    status, answer = await edit(place, message, {"content": "three"})
    assert (status, codes_at(answer, ("content",))) == (400, [LEGACY])


async def test_flags_without_the_bit_cannot_take_v2_away(place: Place) -> None:
    """Discord judges such an edit by classic rules (a V2 layout in it is refused, as
    discord-net/Discord.Net#3132 saw) and the message stays V2."""
    message = await place.post(v2(text("one")))
    before = place.snapshot()
    status, answer = await edit(place, message, {"flags": 0, "components": [text("two")]})
    assert (status, codes_at(answer, ("components", 0, "type"))) == (400, ["UNION_TYPE_CHOICES"])
    status, answer = await edit(place, message, {"flags": 0, "content": "two"})
    assert (status, codes_at(answer, ("content",))) == (400, [LEGACY])
    assert place.snapshot() == before

    status, answer = await edit(place, message, {"flags": 0, "components": [row(button())]})
    assert (status, answer["flags"]) == (200, IS_COMPONENTS_V2)
    assert message.components_v2 and message.button_labels() == ["b"]


async def test_a_classic_message_becomes_v2_only_emptied_of_content_and_embeds(
    place: Place,
) -> None:
    message = await place.post({"content": "hi", "embeds": [{"title": "t"}]})
    before = place.snapshot()
    layout = v2(text("now V2"))
    for kept, where in (({"embeds": []}, "content"), ({"content": None}, "embeds")):
        status, answer = await edit(place, message, {**layout, **kept})
        assert (status, codes_at(answer, (where,))) == (400, [LEGACY])
    assert place.snapshot() == before

    status, answer = await edit(place, message, {**layout, "content": None, "embeds": []})
    assert status == 200
    assert (answer["flags"], answer["content"], answer["embeds"]) == (IS_COMPONENTS_V2, "", [])
    assert message.components_v2 and message.text_displays() == ["now V2"]


async def test_an_edit_into_v2_takes_the_stickers_away_only_when_told(place: Place) -> None:
    message = await place.post({"content": "hi", "sticker_ids": ["42"]})
    layout = v2(text("now V2"), content=None)
    status, answer = await edit(place, message, layout)
    assert (status, codes_at(answer, ("sticker_ids",))) == (400, [LEGACY])
    status, _ = await edit(place, message, {**layout, "sticker_ids": []})
    assert status == 200
    assert message.components_v2 and message.sticker_ids == []


async def test_a_thinking_answer_takes_no_v2_flag_and_its_edit_makes_it_v2(
    place: Place,
) -> None:
    interaction = place.interaction()
    status, _ = await place.respond(interaction, 5, {"flags": EPHEMERAL | IS_COMPONENTS_V2})
    path = place.webhook(interaction) + "/messages/@original"
    status, answer = await place.call("GET", path)
    assert (status, answer["flags"]) == (200, EPHEMERAL | LOADING)
    status, answer = await place.call("PATCH", path, v2(text("done")))
    assert (status, answer["flags"]) == (200, EPHEMERAL | IS_COMPONENTS_V2)


async def test_a_v2_message_mentions_whom_its_texts_name(place: Place) -> None:
    other = place.emulator.add_user("Bo")
    message = await place.post(v2(container(text(f"<@{place.user.id}>, your turn"))))
    assert message.mentions == [place.user.id]
    status, _ = await edit(place, message, {"components": [text(f"<@{other.id}>")]})
    assert status == 200 and message.mentions == [other.id]
    quiet = await place.post(v2(text(f"<@{place.user.id}>"), allowed_mentions={"parse": []}))
    assert quiet.mentions == []
