"""The command tree the bot syncs, translated, is the one kept in ``command_tree.json``:
every name, description, option, choice, localisation and permission as Discord receives
them. How the commands are declared may change; what Discord is sent changes only on
purpose, and then the file is written again, and its change read, with

    python -m tests.discord_ui.test_command_tree
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tests.discord_ui.test_command_names import registered

KEPT = Path(__file__).with_name("command_tree.json")


def as_kept(payload: list[dict[str, Any]]) -> str:
    return json.dumps(payload, indent=1, ensure_ascii=False) + "\n"


async def test_the_synced_command_tree_is_the_one_kept() -> None:
    assert as_kept(await registered()) == KEPT.read_text(encoding="utf-8")


async def _write() -> None:
    KEPT.write_text(as_kept(await registered()), encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(_write())
