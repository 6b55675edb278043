"""Every registered game has its board in the Activity's page, named by its kind: the
module ``bot/activity/page/src/boards/<kind>.ts``, listed in ``BOARDS``
(``src/boards.ts``), which the page picks a game's board from by the kind the server
sends. A game added without one fails here, not on a player's screen ("This board cannot
show this game")."""

from __future__ import annotations

import re
from pathlib import Path

from bot.games.registry import REGISTERED

PAGE = Path(__file__).resolve().parents[2] / "bot" / "activity" / "page" / "src"
IMPORTED = re.compile(r"^import \* as (\w+) from '\./boards/(\w+)\.ts';$", re.MULTILINE)
LISTED = re.compile(r"^export const BOARDS\b[^=]*= \{([^}]*)\};$", re.MULTILINE)


def boards(source: str) -> dict[str, str]:
    """The kinds ``BOARDS`` lists in ``source``, each with the module it names."""
    modules = {name: module for name, module in IMPORTED.findall(source)}
    (listed,) = LISTED.findall(source)
    entries = [entry.strip() for entry in listed.split(",") if entry.strip()]
    found = {}
    for entry in entries:
        kind, _, name = (part.strip() for part in entry.partition(":"))
        found[kind] = modules.get(name or kind, "")
    return found


def test_every_registered_game_has_its_board_in_the_page() -> None:
    listed = boards((PAGE / "boards.ts").read_text(encoding="utf-8"))
    kinds = {game.kind for game in REGISTERED}
    assert {kind: listed.get(kind) for kind in kinds} == {kind: kind for kind in kinds}
    assert {path.stem for path in (PAGE / "boards").glob("*.ts")} == kinds
    assert set(listed) == kinds


def test_the_boards_are_read_as_the_page_lists_them() -> None:
    source = (
        "import * as claim from './boards/claim.ts';\n"
        "import * as dice from './boards/dice.ts';\n"
        "export const BOARDS: Record<string, BoardModule | undefined> = "
        "{ claim, other: dice, lost };\n"
    )
    assert boards(source) == {"claim": "claim", "other": "dice", "lost": ""}
