"""Every first response to an interaction goes through ``interaction_answers``, under its
lock and after its acknowledgement in time: a handler that answered through
``interaction.response`` itself, or through ``lean_requests``' first responses, could
cross the acknowledgement every command and press gets by 1.5 s (Discord refusing the
second, 40060), or fail after it (a response already made)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

BOT = Path(__file__).parents[2] / "bot"
ANSWERS = BOT / "discord_ui" / "interaction_answers.py"
LEAN = "bot.discord_ui.lean_requests"
FIRST_RESPONSES = {"update", "reply", "reply_made", "defer"}
RESPONDING = re.compile(r"interaction\.response\.(?!is_done\(|type\b)\w+")
"""A first response made directly (reading whether one was made, or which, is fine)."""
LAUNCH = "interaction.response.launch_activity()"
"""The one response that can only be the first: its press says so (``answers_itself``)."""


def test_no_handler_answers_an_interaction_directly() -> None:
    direct = []
    for path in sorted(BOT.rglob("*.py")):
        if path == ANSWERS:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if RESPONDING.search(line) and LAUNCH not in line:
                direct.append(f"{path.relative_to(BOT.parent)}:{number}: {line.strip()}")
    assert direct == []


def test_no_handler_makes_a_first_response_of_lean_requests_itself() -> None:
    direct = []
    for path in sorted(BOT.rglob("*.py")):
        if path == ANSWERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == LEAN:
                names = {alias.name for alias in node.names} & FIRST_RESPONSES
                direct += [f"{path.relative_to(BOT.parent)}: {name}" for name in sorted(names)]
            elif isinstance(node, ast.Import | ast.ImportFrom) and any(
                alias.name in (LEAN, "lean_requests") for alias in node.names
            ):
                direct.append(f"{path.relative_to(BOT.parent)}: the module")
    assert direct == []
