"""Each kind of picture's palette ships as package data, and is the one its sample
pictures make now (``scripts/palettes.py``): a change to what a kind of picture shows
can't leave it encoded with the colours of pictures it no longer draws."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import pytest
from PIL import Image

import scripts.palettes
from render.claim.pictures import HAND
from render.claim.pictures import TABLE as CLAIM_TABLE
from render.claimit.pictures import BOARD
from render.common.png import PALETTE_SIZE, PALETTES, shipped_palette
from render.gold_nuggets.pictures import TABLE as NUGGETS_TABLE
from render.league.standings import STANDINGS
from scripts.palettes import SAMPLES, colours, main

ROOT = Path(__file__).resolve().parents[2]
KINDS = (BOARD, NUGGETS_TABLE, CLAIM_TABLE, HAND, STANDINGS)


def test_the_script_makes_every_kind_s_palette() -> None:
    assert sorted(SAMPLES) == sorted(kind.name for kind in KINDS)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_a_shipped_palette_is_the_one_its_samples_make(kind: str) -> None:
    assert shipped_palette(kind).colours == colours(kind), (
        f"{kind}'s samples make another palette: .venv/bin/python -m scripts.palettes"
    )


def test_the_palettes_ship_as_package_data() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]["render"]
    for kind in SAMPLES:
        path = PALETTES / f"{kind}.bin"
        inside = path.relative_to(ROOT / "render").as_posix()
        assert any(fnmatch.fnmatch(inside, pattern) for pattern in patterns), inside
        size = path.stat().st_size
        assert size % 3 == 0 and 0 < size <= 3 * PALETTE_SIZE, inside


def test_the_check_finds_a_palette_gone_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    # A kind whose pictures came to be all black.
    black = {HAND.name: lambda: [Image.new("RGB", (4, 4))]}
    monkeypatch.setattr(scripts.palettes, "SAMPLES", black)
    assert main(["--check"]) == 1
