"""The repository stands on its own: no file of it reads, imports or links anything beside
the checkout, nor sends a reader to documents only a checkout next to other work has. A
clone with nothing beside it installs, runs and passes its tests (``.ci/run`` proves it by
running everything in such a copy); this finds the cause before that run does."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIPPED_DIRS = {".git", ".venv", "site", "test-artifacts", "build", "node_modules"}
TEXT_SUFFIXES = {
    ".py",
    ".md",
    ".toml",
    ".sh",
    ".yml",
    ".cfg",
    ".js",
    ".ts",
    ".html",
    ".css",
    ".txt",
}
BESIDE = re.compile(
    r"\.\./(?:\.\./)*shared\b"  # a path up and out of the checkout
    r"|parents?(?:\[\d+\])?\s*/\s*[\"']shared[\"']"  # the same, built with pathlib
    r"|\b(?:RULES(?:-[a-z-]+)?|PRODUCT|ARCHITECTURE)\.md\b"  # documents the project lacks
)


def project_files() -> list[Path]:
    found = []
    for path in ROOT.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if any(part in SKIPPED_DIRS or part.endswith((".egg-info", "_cache")) for part in parts):
            continue
        if path.is_file() and (path.suffix in TEXT_SUFFIXES or path.parent.name == ".ci"):
            found.append(path)
    return found


def test_no_file_of_the_project_names_anything_beside_it() -> None:
    this = Path(__file__).resolve()
    named = {
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in project_files()
        if path != this
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BESIDE.search(line)
    }
    assert not named, "\n".join(sorted(named))


def test_the_search_finds_what_it_looks_for() -> None:
    for line in (
        'CHECK = ROOT.parent / "../shared/conformance/check.py"',
        'RULEBOOK = Path(__file__).parents[3] / "shared" / "conformance"',
        "the rules are in RULES-gold-nuggets.md",
        "see ARCHITECTURE.md",
    ):
        assert BESIDE.search(line), line
    assert not BESIDE.search("shared = True; self._db.shared; docs/rules/claim.md")
