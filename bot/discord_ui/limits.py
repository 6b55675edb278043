"""Discord's limits on what a message may hold beyond a game's pictures (those are in
``bot.games.limits``), and how the bot stays within them by construction: long lists
are cut with a count of what was left out, and no text field is ever handed over longer
than allowed."""

from __future__ import annotations

from collections.abc import Sequence

CONTENT = 2000
FIELD_VALUE = 1024
TEXT_TOTAL = 4000
"""Characters of all the text displays of one Components V2 message together."""
CARD_TEXT = 3000
"""A card's main text at its longest (a history of many games), leaving room within
``TEXT_TOTAL`` for its title, lines and footer."""


def joined_within(
    items: Sequence[str], limit: int, separator: str = "\n", more: str = "…and {} more"
) -> str:
    """As many of ``items`` as fit in ``limit`` characters, in order, then how many
    were left out."""
    kept: list[str] = []
    for index, item in enumerate(items):
        rest = len(items) - index - 1
        tail = separator + more.format(rest) if rest else ""
        if len(separator.join([*kept, item]) + tail) > limit:
            return separator.join([*kept, more.format(len(items) - index)])
        kept.append(item)
    return separator.join(kept)


OLD_MESSAGE_EDITS = 30046
"""Discord's "Maximum number of edits to messages older than 1 hour reached": past an hour,
a message may be edited only now and then, at a rate Discord doesn't publish."""

TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction's token can edit its message or send follow-ups (Discord's
rule)."""
EDIT_WITHIN = TOKEN_LIFETIME - 30.0
"""A token older than this edits nothing: its edit might arrive after it expired. The
30 s are our margin (Discord's docs give none) for a busy event loop, a database read and
the request's way there."""
INVALID_TOKEN = 50027
"""Discord's "Invalid Webhook Token": an interaction's token past its 15 minutes."""
