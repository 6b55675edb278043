"""Moves the screenshots script makes where no picture shows them: through the sandbox's
Discord itself, as the page's clicks arrive there, without a browser drawing each move.

In Chromium a move costs the page's reload and the browser's drawing of the new table,
several times the bot's own work for it: the two games of the tournament's first round,
played through the page, were half of the script's time and most of its CPU.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from emulator import Channel, DiscordEmulator, Message, User
from emulator.components import BUTTON, CONTAINER, MEDIA_GALLERY, STRING_SELECT, TEXT_DISPLAY, walk

Move = Callable[[Message, list[dict[str, Any]]], dict[str, Any]]
"""Which of the controls a table offers (``controls``) the member to act uses; of a menu, a
random option is picked."""

NOT_MOVES = (":follow:", ":takeback:", ":board:")
"""Custom ids of a table's controls that make no move (as ``PLAYS`` in the script)."""
WAIT_SECONDS = 5.0
"""How long a wait for a move may take, in the page (the script's ``WAIT_MS``) or here: as
long as Playwright's assertions wait."""


def controls(table: Message) -> list[dict[str, Any]]:
    """The table's enabled buttons and menus that make a move."""
    return [
        control
        for control in table.buttons()
        if control.get("type") in (BUTTON, STRING_SELECT)
        and not control.get("disabled")
        and "custom_id" in control
        and not any(part in control["custom_id"] for part in NOT_MOVES)
    ]


def label(control: dict[str, Any]) -> str:
    return str(control.get("label", ""))


def is_menu(control: dict[str, Any]) -> bool:
    return control.get("type") == STRING_SELECT


def is_over(message: Message) -> bool:
    return any("game over" in text for text in message.text_displays())


def is_table(message: Message) -> bool:
    return any(c.get("type") == MEDIA_GALLERY for _, c in walk(message.components))


def to_act(table: Message, seats: str) -> str:
    """Whom the table asks to act, by its prompt ("🔵 **Ann**: roll the dice.")."""
    container = next(c for _, c in walk(table.components) if c.get("type") == CONTAINER)
    prompt = next(c["content"] for c in container["components"] if c["type"] == TEXT_DISPLAY)
    named = re.findall(rf"^[{seats}] \*\*(.+?)\*\*: ", prompt, re.MULTILINE)
    if not named:
        raise RuntimeError(f"the table names nobody to act: {prompt}")
    return str(named[-1])


def never(table: Message) -> bool:
    return False


async def play(
    emulator: DiscordEmulator,
    where: Channel,
    seats: str,
    move: Move,
    rng: random.Random,
    most_moves: int,
    until: Callable[[Message], bool] = never,
) -> Message:
    """Plays the game whose table is in ``where``, as whoever the table asks to act, each
    move once the one before has been shown, until the table is the result or ``until``
    it (looked at before each move); returns the table then."""
    members = {user.name: user for user in emulator.users.values()}
    used: str | None = None

    def next_step(message: Message) -> bool:
        if not is_table(message):
            return False
        if is_over(message):
            return True
        ids = [c["custom_id"] for c in controls(message)]
        return bool(ids) and used not in ids

    for _ in range(most_moves):
        table = await emulator.wait_for_message(where, next_step, WAIT_SECONDS)
        if is_over(table) or until(table):
            return table
        member: User = members[to_act(table, seats)]
        control = move(table, controls(table))
        used = control["custom_id"]
        if is_menu(control):
            value = rng.choice([o["value"] for o in control["options"]])
            asked = await emulator.select(member, table, None, value, custom_id=used)
        else:
            asked = await emulator.click(member, table, used)
        await emulator.answer(asked, WAIT_SECONDS)
    raise RuntimeError("the game did not finish")
