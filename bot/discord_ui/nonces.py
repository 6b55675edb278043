"""The nonces that make a game's posts idempotent, and the send that uses them.

Each message the bot posts for a game carries a nonce naming it (the game, its version,
the kind of message, the seat of a direct message), and discord.py asks Discord to enforce
it: posting it a second time within a few minutes (after a lost answer, or a restart
between a post and its record) returns the message Discord made rather than a copy."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.storage import Game

Sent = TypeVar("Sent")

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
UNKNOWN_MESSAGE = 10008
NONCE_TRIES = 4
"""How many nonces one message is tried under (``send_once``): a message deleted that
often within Discord's few minutes of a nonce is a moderator at work, not a retry."""


def nonce(kind: str, game: Game) -> str:
    """Names one message of one game at one version (Discord allows 25 characters)."""
    return f"{kind}{base36(game.id)}.{base36(game.version)}"


def seat_nonce(kind: str, game: Game, seat: int) -> str:
    """Names one message of one game at one version for one seat (a direct message to its
    player): Discord's docs hold a nonce to its author, the bot, not to a channel, so two
    players' messages of one turn must not share one."""
    return f"{nonce(kind, game)}.{base36(seat)}"


def base36(number: int) -> str:
    """The number in base 36; a damaged game's version is negative."""
    if number < 0:
        return "-" + base36(-number)
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = _DIGITS[digit] + digits
        if not number:
            return digits


async def send_once(send: Callable[..., Awaitable[Sent]], **message: Any) -> Sent:
    """``send(**message)`` (a channel's ``send``, or ``lean_requests.post`` to one), under
    the message's ``nonce`` if it has one. Discord never makes a message twice for one
    nonce: one whose message was made and then deleted (a table a moderator deleted, shown
    again at the same version) is answered 10008 Unknown Message. Such a message goes out
    under the next nonce of its own (``n:1``, ``n:2``…), as idempotent as the first, at
    most ``NONCE_TRIES`` in all."""
    first = message.pop("nonce", None)
    if first is None:
        return await send(**message)
    names = [first, *(f"{first}:{n}" for n in range(1, NONCE_TRIES))]
    for name in names[:-1]:
        try:
            return await send(**message, nonce=name)
        except discord.NotFound as error:
            if error.code != UNKNOWN_MESSAGE:
                raise
        rewind(message)
    return await send(**message, nonce=names[-1])


def rewind(message: dict[str, Any]) -> None:
    """Makes a message's files readable again for another send (a send reads them)."""
    for file in [message.get("file"), *message.get("files", [])]:
        if file is not None:
            file.reset()
