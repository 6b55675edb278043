"""What MkDocs' strict build can't see: the README (outside the site) and whether the guides
still say everything the bot offers. The build itself runs in .ci/run."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from bot.games.faces import face_for
from bot.games.registry import GAMES
from scripts.screenshots import PICTURES
from tests.sandbox.test_slash_text import every_game

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
GUIDES = {path.name: path.read_text(encoding="utf-8") for path in DOCS.glob("*.md")}
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
INSTALL_AND_RUN = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/claimit"
TEST = "bash scripts/test.sh"


def readme() -> str:
    return README.read_text(encoding="utf-8")


def test_the_readme_is_short() -> None:
    assert len(readme().splitlines()) <= 150


def test_the_readme_starts_with_the_two_commands_ci_runs() -> None:
    opening = readme().split("```sh\n", 1)[1].split("```", 1)[0]
    assert opening.splitlines() == [INSTALL_AND_RUN, TEST]
    assert TEST in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert readme().index("```sh") < readme().index("\n## ")


def slug(heading: str) -> str:
    """The anchor Python-Markdown's toc gives a heading (its default slugify)."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode()
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(markdown: str) -> set[str]:
    body = re.sub(r"```.*?```", "", markdown, flags=re.DOTALL)
    return {slug(h) for h in re.findall(r"^#{1,6} (.+)$", body, re.MULTILINE)}


def test_every_link_and_picture_in_the_readme_is_there() -> None:
    local = [target for target in LINK.findall(readme()) if "://" not in target]
    assert any(target.startswith("docs/images/") for target in local)
    for target in local:
        path, _, anchor = target.partition("#")
        file = ROOT / path
        assert file.is_file(), target
        if anchor:
            assert anchor in anchors(file.read_text(encoding="utf-8")), target


def test_the_readme_leads_to_every_guide() -> None:
    linked = {target.partition("#")[0] for target in LINK.findall(readme())}
    for name in ("playing.md", "running-a-server.md", "operating.md", "developing.md"):
        assert f"docs/{name}" in linked, name


def test_the_pictures_are_exactly_those_the_screenshot_script_makes() -> None:
    used = {t.removeprefix("docs/") for t in LINK.findall(readme()) if t.startswith("docs/images")}
    for text in GUIDES.values():
        used |= {t for t in LINK.findall(text) if t.startswith("images/")}
    made = {f"images/{name}" for name in PICTURES}
    on_disk = {f"images/{path.name}" for path in (DOCS / "images").iterdir()}
    assert used == made == on_disk


def test_every_setting_the_bot_reads_is_documented() -> None:
    read = set(
        re.findall(r'"((?:CLAIMIT|DISCORD)_[A-Z_]+)"', (ROOT / "bot" / "settings.py").read_text())
    )
    assert {"DISCORD_TOKEN", "CLAIMIT_DATABASE", "CLAIMIT_RENDER_PROCESSES"} <= read
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    for name in read:
        assert re.search(rf"^\| `{name}` \|", GUIDES["operating.md"], re.MULTILINE), name
        assert re.search(rf"^{name}=", example, re.MULTILINE), name


@pytest.mark.parametrize("group", every_game(), ids=lambda group: str(group["name"]))
def test_every_command_and_option_is_documented(group: dict[str, Any]) -> None:
    """A game's commands as ``/<game> new``, the groups beside them as ``/my games``."""
    playing, server = GUIDES["playing.md"], GUIDES["running-a-server.md"]
    games = {face_for(kind).command for kind in GAMES}
    named = "<game>" if group["name"] in games else group["name"]
    if group["name"] in games:
        assert f"`/{group['name']}`" in playing
    for command in group["options"]:
        assert f"`/{named} {command['name']}" in playing, command["name"]
        for option in command.get("options", []):
            name = option["name"]
            said = (f"[{name}]", f"`{name}`", f"`{name}:")
            assert any(form in playing + server for form in said), (command["name"], name)


def test_every_benchmark_is_documented() -> None:
    for path in sorted((ROOT / "bench").glob("*.py")):
        if '__name__ == "__main__"' in path.read_text(encoding="utf-8"):
            assert f"python -m bench.{path.stem}" in GUIDES["developing.md"], path.stem
