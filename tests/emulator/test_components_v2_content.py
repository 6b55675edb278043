"""What a V2 message holds and gives back: component ids filled in as Discord numbers
them, files shown only where a component names them, alt text kept, and the helpers a
test reads a message with."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from emulator import DiscordEmulator, state
from emulator.components import IS_COMPONENTS_V2
from emulator.model import Attachment, GalleryItem, Message, snowflake
from tests.emulator.rest import Place
from tests.emulator.v2 import (
    PNG,
    Payload,
    button,
    codes_at,
    container,
    file,
    gallery,
    item,
    row,
    section,
    select,
    separator,
    text,
    thumbnail,
    v2,
)


def ids(components: Any) -> list[int]:
    """Every component's id, in reading order."""
    found: list[int] = []
    for component in components:
        found.append(component["id"])
        found += ids(component.get("components", []))
        if "accessory" in component:
            found.append(component["accessory"]["id"])
    return found


async def test_ids_are_filled_in_reading_order_and_returned(place: Place) -> None:
    layout = v2(
        container(text(), row(button("a"), button("b")), section(text(), accessory=button("c"))),
        text(),
    )
    status, sent = await place.call("POST", f"/channels/{place.channel.id}/messages", layout)
    assert status == 200
    assert ids(sent["components"]) == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    message = place.emulator.messages[int(sent["id"])]
    assert ids(message.components) == list(range(1, 10))
    assert "id" not in layout["components"][0]


async def test_ids_given_are_kept_and_skipped_and_0_is_none(place: Place) -> None:
    message = await place.post(v2(text(id=2), text(), text(id=0), container(text(id=4), text())))
    assert ids(message.components) == [2, 1, 3, 5, 4, 6]


async def test_an_edit_numbers_its_components_anew(place: Place) -> None:
    message = await place.post(v2(text(), text()))
    path = f"/channels/{place.channel.id}/messages/{message.id}"
    status, edited = await place.call("PATCH", path, {"components": [text(id=1), text()]})
    assert status == 200 and ids(edited["components"]) == [1, 2]
    status, edited = await place.call("PATCH", path, {"components": [text(), text(id=1)]})
    assert status == 200 and ids(edited["components"]) == [2, 1]


async def test_duplicate_ids_are_refused_anywhere_in_the_message(place: Place) -> None:
    layout = v2(container(row(button("a", id=3))), section(text(id=3), accessory=button()))
    status, body = await place.call("POST", f"/channels/{place.channel.id}/messages", layout)
    assert status == 400
    assert codes_at(body, ("components", 1, "components", 0, "id")) == ["COMPONENT_ID_DUPLICATED"]


async def post_with_files(place: Place, payload: Payload, files: dict[str, bytes]) -> Message:
    path = f"/channels/{place.channel.id}/messages"
    status, sent = await place.call("POST", path, payload, files)
    assert status == 200, sent
    return place.emulator.messages[int(sent["id"])]


async def test_a_file_shows_where_a_component_names_it_and_only_there(place: Place) -> None:
    layout = v2(
        container(
            gallery(item("attachment://board.png", description="the board")),
            file("rules.txt"),
            section(text(), accessory=thumbnail("attachment://board.png")),
        ),
        attachments=[{"id": 0}, {"id": 1}, {"id": 2, "description": "kept aside"}],
    )
    files = {"board.png": PNG, "rules.txt": b"rules", "notes.txt": b"notes"}
    path = f"/channels/{place.channel.id}/messages"
    status, sent = await place.call("POST", path, layout, files)
    assert status == 200, sent
    message = place.emulator.messages[int(sent["id"])]
    board, rules, notes = message.attachments
    # Discord lists only the files no component shows; it keeps them all.
    assert [a["filename"] for a in sent["attachments"]] == ["notes.txt"]
    assert sent["attachments"][0]["description"] == "kept aside"
    shown = sent["components"][0]["components"]
    picture = shown[0]["items"][0]["media"]
    assert (
        picture["url"]
        == f"{place.emulator.base_url}/attachments/{place.channel.id}/{board.id}/board.png"
    )
    assert (picture["attachment_id"], picture["content_type"]) == (
        str(board.id),
        board.content_type,
    )
    assert shown[0]["items"][0]["description"] == "the board"
    assert (shown[1]["name"], shown[1]["size"]) == ("rules.txt", len(b"rules"))
    assert shown[1]["file"]["attachment_id"] == str(rules.id)
    assert shown[2]["accessory"]["media"]["url"] == picture["url"]
    assert message.gallery_items() == [GalleryItem("attachment://board.png", "the board", board)]
    assert notes.description == "kept aside"


async def test_a_name_no_file_answers_to_is_refused(place: Place) -> None:
    path = f"/channels/{place.channel.id}/messages"
    layout = v2(container(text(), file("rules.txt")))
    status, body = await place.call("POST", path, layout, {"other.txt": b"x"})
    assert status == 400
    assert codes_at(body, ("components", 0, "components", 1, "file", "url")) == [
        "ATTACHMENT_NOT_FOUND"
    ]
    assert place.channel.messages == []


async def test_an_edit_cannot_take_away_a_file_a_component_shows(place: Place) -> None:
    message = await post_with_files(
        place, v2(gallery(item("attachment://board.png"))), {"board.png": PNG}
    )
    path = f"/channels/{place.channel.id}/messages/{message.id}"
    before = place.snapshot()
    status, body = await place.call("PATCH", path, {"attachments": []})
    assert status == 400
    assert codes_at(body, ("components", 0, "items", 0, "media", "url")) == ["ATTACHMENT_NOT_FOUND"]
    assert place.snapshot() == before
    status, _ = await place.call("PATCH", path, {"components": [text()], "attachments": []})
    assert status == 200 and message.attachments == []


async def test_alt_text_is_kept_and_returned_and_an_edit_changes_it(place: Place) -> None:
    message = await post_with_files(
        place,
        {"content": "classic", "attachments": [{"id": 0, "description": "x" * 1024}]},
        {"board.png": PNG},
    )
    (board,) = message.attachments
    assert board.description == "x" * 1024
    path = f"/channels/{place.channel.id}/messages/{message.id}"
    status, fetched = await place.call("GET", path)
    assert fetched["attachments"][0]["description"] == "x" * 1024
    status, edited = await place.call(
        "PATCH", path, {"attachments": [{"id": str(board.id), "description": "the board"}]}
    )
    assert status == 200 and edited["attachments"][0]["description"] == "the board"
    assert message.attachments[0].id == board.id
    status, body = await place.call(
        "PATCH", path, {"attachments": [{"id": str(board.id), "description": "x" * 1025}]}
    )
    assert (status, codes_at(body, ("attachments", 0, "description"))) == (
        400,
        ["BASE_TYPE_MAX_LENGTH"],
    )


def test_buttons_and_selects_are_found_wherever_they_are_in_reading_order() -> None:
    message = Message(1, 1, None, flags=IS_COMPONENTS_V2)  # type: ignore[arg-type]
    message.components = [
        row(button("top")),
        container(
            text("a"),
            row(select("menu")),
            section(text("b"), text("c"), accessory=button("aside")),
            separator(),
            row(button("last", label="Last")),
        ),
        section(text("d"), accessory=thumbnail()),
    ]
    assert [c["custom_id"] for c in message.buttons()] == ["top", "menu", "aside", "last"]
    assert message.button_labels() == ["top", "aside", "Last"]
    assert message.button("Last")["custom_id"] == "last"
    assert message.text_displays() == ["a", "b", "c", "d"]
    assert message.accent_color is None


def test_a_classic_message_reads_as_before() -> None:
    message = Message(1, 1, None)  # type: ignore[arg-type]
    message.components = [row(button("a"), button("b")), row(select("s"))]
    assert [c["custom_id"] for c in message.buttons()] == ["a", "b", "s"]
    assert message.button_labels() == ["a", "b"]
    assert message.text_displays() == [] and message.gallery_items() == []


def test_the_accent_colour_is_the_first_containers() -> None:
    message = Message(1, 1, None, flags=IS_COMPONENTS_V2)  # type: ignore[arg-type]
    message.components = [text(), container(text(), accent_color=0xABCDEF), container(text())]
    assert message.accent_color == 0xABCDEF
    message.components = [
        gallery(item("https://a.b/c.png"), item("attachment://gone.png", description="d"))
    ]
    assert message.gallery_items() == [
        GalleryItem("https://a.b/c.png", None, None),
        GalleryItem("attachment://gone.png", "d", None),
    ]


def test_a_v2_message_and_its_alt_text_outlive_a_restart(tmp_path: Path) -> None:
    emulator = DiscordEmulator()
    owner = emulator.add_user("Ann")
    channel = emulator.add_channel(emulator.add_guild("G", owner), "c")
    board = Attachment(snowflake(), "board.png", PNG, "image/png", "the board")
    layout = [container(gallery(item("attachment://board.png")), id=1, accent_color=5)]
    channel.messages.append(
        Message(
            snowflake(),
            channel.id,
            emulator.bot,
            components=layout,
            attachments=[board],
            flags=IS_COMPONENTS_V2,
        )
    )
    world = state.World(emulator.bot, emulator.users, emulator.guilds, snowflake())
    state.write(tmp_path, state.capture(world))

    saved = state.read(tmp_path)
    assert saved is not None
    (again,) = [m for g in saved.guilds.values() for c in g.channels.values() for m in c.messages]
    assert (again.flags, again.components, again.attachments) == (
        IS_COMPONENTS_V2,
        layout,
        [board],
    )

    # A state saved before alt text was kept reads back without it.
    document = json.loads((tmp_path / state.STATE).read_text())
    for guild in document["guilds"]:
        for saved_channel in guild["channels"]:
            for saved_message in saved_channel["messages"]:
                for attachment in saved_message["attachments"]:
                    del attachment["description"]
    (tmp_path / state.STATE).write_text(json.dumps(document))
    older = state.read(tmp_path)
    assert older is not None
    assert [
        a.description
        for g in older.guilds.values()
        for c in g.channels.values()
        for m in c.messages
        for a in m.attachments
    ] == [None]
