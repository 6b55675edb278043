"""The games' escaping of names answers as discord.py's does, on any name."""

from __future__ import annotations

import re

import discord.utils
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.escaping import cut_markdown, escape_markdown, escape_mentions, escaped, quoted

PIECES = (
    "_",
    "*",
    "**",
    "~",
    "~~",
    "|",
    "||",
    "`",
    "```",
    "\\",
    ">",
    ">>> ",
    "> ",
    "#",
    "## ",
    "-",
    " - ",
    "[x](y)",
    "[",
    "](",
    ")",
    "\n",
    "\t",
    " ",
    "@",
    "@everyone",
    "@here",
    "@!",
    "@&",
    "12345678901234567",
    "123456789012345678901",
    "<@123456789012345678>",
    "<#123456789012345678>",
    "http://a.b/c_d",
    "https://x.y/_*_",
    "steam://run/1_2",
    "<https://a_b.c>",
    "<a:/b_c>",
    "https://e.f/g.",
    "Ann",
    "ü",
    "🎲",
    "\u200b",
)
"""What makes markdown, a link or a mention, and plain letters between them."""

names = st.one_of(
    st.text(),
    st.lists(st.sampled_from(PIECES), max_size=12).map("".join),
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=3)), max_size=12).map("".join),
)


@settings(max_examples=1000)
@given(names)
def test_markdown_is_escaped_as_discord_py_escapes_it(name: str) -> None:
    assert escape_markdown(name) == discord.utils.escape_markdown(name)


@settings(max_examples=1000)
@given(names)
def test_mentions_are_escaped_as_discord_py_escapes_them(name: str) -> None:
    assert escape_mentions(name) == discord.utils.escape_mentions(name)


@pytest.mark.parametrize(
    "name",
    [
        "**Ann**",
        "_x_ @everyone",
        "> quote",
        "# big\n- item",
        "[click](https://evil.example/a_b)",
        "see https://a.example/x_y_z.",
        "@123456789012345678",
        "<@&123456789012345678>",
        "\\*",
    ],
)
def test_a_name_is_escaped_as_discord_py_escapes_it(name: str) -> None:
    expected = discord.utils.escape_mentions(discord.utils.escape_markdown(name))
    assert escaped(name) == expected


def test_a_cut_line_leaves_no_mark_without_its_pair() -> None:
    said = "🏆 **Dora** wins trick 9. **Phase 2: the factions are scored now** and more"
    assert cut_markdown(said, 40) == "🏆 **Dora** wins trick 9. Phase 2: the…"
    assert cut_markdown("**Cy\\*\\*** plays ~~x~~ `GOB5` and then", 28) == (
        "**Cy\\*\\*** plays ~~x~~ GOB…"
    )
    assert cut_markdown("short", 40) == "short"
    assert cut_markdown("Ann\\_the\\_great " * 5, 10) == "Ann\\_the…"


@given(
    st.lists(st.sampled_from(["**", "~~", "||", "`", "\\*", "\\\\", "a", " ", "é"]), max_size=40),
    st.integers(2, 60),
)
def test_a_cut_line_pairs_every_mark(parts: list[str], limit: int) -> None:
    text = "".join(parts)
    cut = cut_markdown(text, limit)
    assert len(cut) <= limit
    unescaped = re.sub(r"\\.", "", cut)
    for mark in ("**", "~~", "||"):
        assert unescaped.count(mark) % 2 == 0 or len(cut) == len(text)


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("**trolls**", r"'\*\*trolls\*\*'"),
        ("@everyone", "'@\u200beveryone'"),
        ("x" * 100, "'" + "x" * 39 + "…'"),
        (7, "7"),
    ],
)
def test_what_someone_typed_is_quoted_back_as_typed(typed: object, shown: str) -> None:
    assert quoted(typed) == shown
