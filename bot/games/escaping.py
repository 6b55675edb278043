"""Names, and whatever someone typed that a refusal quotes back, made safe to put in a
message: no markdown, no pings.

The rules are discord.py's own (``discord.utils.escape_markdown`` with its defaults, and
``escape_mentions``), written out here so that a game's words need no Discord library:
``tests/games/test_escaping.py`` holds the two to the same answers.
"""

from __future__ import annotations

import re

_URL = r"(?P<url><[^: >]+:\/[^ >]+>|(?:https?|steam):\/\/[^\s<]+[^<.,:;\"\'\]\s])"
"""A link, which keeps its characters: a ``_`` in it is part of the address."""
_BLOCK = r"^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-"
"""What starts a quote, a masked link, a heading or a list item."""
_MARKDOWN = re.compile(rf"(?:{_URL}|(?P<markdown>[_\\~|\*`]|{_BLOCK}))", re.MULTILINE)
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")


def escape_markdown(text: str) -> str:
    """``text`` with a backslash before each character or mark that would format it, links
    left as they are."""
    return _MARKDOWN.sub(_escaped_markdown, text)


def _escaped_markdown(match: re.Match[str]) -> str:
    url = match["url"]
    return url if url else "\\" + match["markdown"]


def escape_mentions(text: str) -> str:
    """``text`` with a zero-width space after each ``@`` that would ping everyone, here, a
    user or a role (a channel's mention stays, it pings nobody)."""
    return _MENTION.sub("@\u200b\\1", text)


def escaped(display_name: str) -> str:
    """A name safe to put in a message: no formatting, no pings."""
    return escape_mentions(escape_markdown(display_name))


QUOTED = 40
"""Characters of what someone typed that a refusal quotes back (a text option may be 6,000
long, and the refusal must fit its message)."""


def quoted(value: object) -> str:
    """What someone typed, as a refusal quotes it: shortened, in quotes, and shown as
    typed (``**trolls**`` is not made bold, nor ``@everyone`` a ping)."""
    if isinstance(value, str) and len(value) > QUOTED:
        value = value[: QUOTED - 1] + "…"
    text = repr(value)
    return escaped(text if len(text) <= QUOTED + 2 else text[: QUOTED + 1] + "…")


_MARK = re.compile(r"\\.|\*\*|~~|\|\||`")
"""An escaped character (read past), or a mark that opens or closes formatting."""


def cut_markdown(text: str, limit: int, ellipsis: str = "…") -> str:
    """``text`` cut to ``limit`` characters with ``ellipsis`` marking the cut, without
    leaving a mark the cut parted from its pair (``**Phase 2: die Frak…`` would show its
    ``**``), nor half an escape."""
    if len(text) <= limit:
        return text
    kept = text[: limit - len(ellipsis)]
    if kept.endswith("\\") and not kept.endswith("\\\\"):
        kept = kept[:-1]
    marks: dict[str, list[int]] = {}
    for match in _MARK.finditer(kept):
        if not match[0].startswith("\\"):
            marks.setdefault(match[0], []).append(match.start())
    unpaired = sorted(
        (at, mark) for mark, places in marks.items() if len(places) % 2 for at in places[-1:]
    )
    for at, mark in reversed(unpaired):
        kept = kept[:at] + kept[at + len(mark) :]
    return kept.rstrip() + ellipsis
