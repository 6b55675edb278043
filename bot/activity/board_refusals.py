"""What the bot says when it refuses what a board asks: in the board's banner, or as the
reason of the close that ends its connection."""

from __future__ import annotations

import logging
from typing import Any

from aiohttp import web

from bot.activity.asks import locale
from i18n import Language, Message, language

log = logging.getLogger(__name__)

TOO_MANY = 4008
"""The close code of a connection that asked too fast: the page stops (its own flood would
only start again)."""

NOT_JSON = Message("The board sent something the bot can't read.")
NO_BOARD = Message("That game has no board to show.")
FAILED = Message("That didn't work; nothing changed. Try again in a moment.")
NOT_STARTED = Message("That game hasn't started yet: join it or start it from the list.")
UNKNOWN_ASK = Message("The board asked for something the bot doesn't know.")
MOVED_ON = Message("The game moved on since you looked: nothing changed.")
BAD_HELLO = Message(
    "The board didn't say who you are in a way the bot can read. Open the board again."
)
ASKED_TOO_FAST = Message("The board asked for more than anyone could click. Open the board again.")
NOT_OFFERED = Message("You can't do that in this game now, so nothing changed.")


def close_reason(lang: Language, words: Message) -> bytes:
    """``words`` as a close's reason, which the page shows: at most 123 bytes of UTF-8,
    cut between two characters (a reason cut inside one fails the connection instead)."""
    return lang.say(words).encode()[:120].decode(errors="ignore").encode()


async def hello_refused(
    socket: web.WebSocketResponse, hello: dict[str, Any] | None, why: str
) -> None:
    """Closes a connection whose hello the bot can't take: the page stops (4001), for
    it would only say the same again."""
    log.info("a board's hello was refused: %s", why)
    lang = language(locale((hello or {}).get("locale")))
    await socket.close(code=4001, message=close_reason(lang, BAD_HELLO))
