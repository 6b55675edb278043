"""The routes that carry a message, as the tests of message rules send to them: each
readies a place to send to (a message to edit, an interaction to answer) and gives back
what sends a body there."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any

from tests.emulator.rest import Answer, Place

Payload = dict[str, Any]
Send = Callable[[Payload], Awaitable[Answer]]
Route = Callable[[Place], Awaitable[Send]]


async def create_message(place: Place) -> Send:
    return functools.partial(place.call, "POST", f"/channels/{place.channel.id}/messages")


async def respond_with_message(place: Place) -> Send:
    return functools.partial(place.respond, place.interaction(), 4)


async def follow_up(place: Place) -> Send:
    interaction = place.interaction()
    assert (await place.respond(interaction, 4, {"content": "old"}))[0] == 200
    return functools.partial(place.call, "POST", place.webhook(interaction))
