"""What a game's face writes within: Discord's limits on a picture's title and description
(its alt text), and how names are shortened so that every message fits by construction."""

from __future__ import annotations

from typing import Final

TITLE: Final = 256
DESCRIPTION: Final = 1024
"""Discord's limit on a picture's description, its alt text. Every face words its
descriptions to fit by design (names shortened, a few words per player), never by
cutting: each game's tests prove its longest description fits, with the most players,
the longest names, in every language."""
LISTED_NAME: Final = 24
"""Characters of a display name shown in a list of many (a history line, a table)."""
ELLIPSIS: Final = "…"


def shortened(text: str, limit: int) -> str:
    """``text``, cut to ``limit`` characters (an ellipsis marking the cut)."""
    return text if len(text) <= limit else text[: limit - len(ELLIPSIS)] + ELLIPSIS


def listed_name(name: str) -> str:
    """A display name for a list, before it is escaped for markdown."""
    return shortened(name, LISTED_NAME)
