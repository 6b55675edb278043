"""Developing is a map a newcomer reads in ten minutes: it names every package under
``bot/`` by its path (``bot/features/rematch/``), each described in its own docstring, and
its lines stay short."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEVELOPING = ROOT / "docs" / "developing.md"
LONGEST = 120
"""The longest line outside a code block: prose is wrapped at about 88, and no table
row runs on for thousands of characters."""


def packages(root: Path) -> list[str]:
    """Every package under ``bot/`` (a folder with an ``__init__.py``), as its path."""
    found = (path.parent for path in (root / "bot").rglob("__init__.py"))
    return sorted(
        folder.relative_to(root).as_posix() for folder in found if "__pycache__" not in folder.parts
    )


def unnamed(text: str, names: list[str]) -> list[str]:
    """The packages the text doesn't name by their path as code, with or without its
    slash: `` `bot/features/rematch/` `` or `` `bot/features/rematch` ``."""
    return [name for name in names if not re.search(rf"`{re.escape(name)}/?`", text)]


def long_lines(text: str) -> list[str]:
    """The lines over ``LONGEST`` characters outside code blocks, with their numbers."""
    long, fenced = [], False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and len(line) > LONGEST:
            long.append(f"{number}: {line[:60]}…")
    return long


def test_developing_names_every_package_of_the_bot() -> None:
    found = packages(ROOT)
    assert "bot/features/rematch" in found and "bot/storage/schema" in found
    missing = unnamed(DEVELOPING.read_text(encoding="utf-8"), found)
    assert not missing, f"docs/developing.md doesn't name: {', '.join(missing)}"


def test_developing_keeps_its_lines_short() -> None:
    long = long_lines(DEVELOPING.read_text(encoding="utf-8"))
    assert not long, f"lines over {LONGEST} characters in docs/developing.md: {long}"


def test_the_checks_see_a_package_left_out_and_a_long_line(tmp_path: Path) -> None:
    for folder in ("bot/features/rematch/discord", "bot/games/__pycache__/x"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "bot" / "__init__.py").write_text("")
    assert packages(tmp_path) == ["bot", "bot/features/rematch/discord"]
    text = "- `bot/features/rematch/`: a game played again.\n- `bot/`: the bot."
    assert unnamed(text, ["bot", "bot/features/rematch", "bot/features/rematch/discord"]) == [
        "bot/features/rematch/discord"
    ]
    # A path is named only whole, and as code: not by a longer one, nor in passing.
    assert unnamed("`bot/games/claimit/`", ["bot/games/claim"]) == ["bot/games/claim"]
    assert unnamed("`bot/games/claim/x.py`", ["bot/games/claim"]) == ["bot/games/claim"]
    assert unnamed("the bot", ["bot"]) == ["bot"]
    assert unnamed("`bot/games/claim`", ["bot/games/claim"]) == []
    wide = "| `bot/features/` | " + "x" * LONGEST + " |"
    assert long_lines(f"short\n```\n{'y' * 200}\n```\n{wide}\n") == [f"5: {wide[:60]}…"]


NAMED_PATH = re.compile(
    r"`((?:bot|engine|render|tests|emulator|sandbox|bench|scripts|i18n|docs)/[\w./-]*)`"
)
"""A path of the repository Developing names as code (a pattern with ``<game>`` in it is
not one)."""


def gone(text: str, root: Path) -> list[str]:
    """The paths ``text`` names that are not in the repository at ``root``."""
    return sorted(
        {named for named in NAMED_PATH.findall(text) if not (root / named.rstrip("/")).exists()}
    )


def test_every_path_developing_names_is_there() -> None:
    """A module moved or renamed leaves no recipe pointing where it was."""
    missing = gone(DEVELOPING.read_text(encoding="utf-8"), ROOT)
    assert not missing, f"docs/developing.md names what isn't there: {missing}"


def test_developing_names_no_migration_step_by_its_number() -> None:
    """Each feature adds the next step: a number written in a recipe is stale by the next
    one (the Cheers example said step 21 when the latest was 23)."""
    numbered = re.findall(r"\bsteps? \d+\b", DEVELOPING.read_text(encoding="utf-8"), re.I)
    assert not numbered


def test_the_path_check_sees_a_path_gone(tmp_path: Path) -> None:
    (tmp_path / "bot" / "features").mkdir(parents=True)
    text = "`bot/features/` and `bot/ladder/` and `bot/games/<game>/` and `bot/x.py`"
    assert gone(text, tmp_path) == ["bot/ladder/", "bot/x.py"]
