"""``python -m render.gallery OUTDIR``: writes every game's sample pictures, and the
league's (a tournament's standings).

Every renderer (``render/<game>/``, ``render/league/``) keeps its samples in a
``gallery`` module with ``samples()``; each one's go to a folder named like its package
(``OUTDIR/claimit``, ``OUTDIR/gold_nuggets``, ``OUTDIR/league``…), to look at after a
change, each also as ``NAME-300px.png``, scaled to the width Discord gives it on a phone.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from PIL import Image

import render
from render.common.phone import PHONE_WIDTH, phone_preview
from render.common.png import encode

Samples = Callable[[], Iterator[tuple[str, Image.Image]]]


def galleries() -> dict[str, Samples]:
    """Each renderer's folder and its samples, as (name, image), by its package's name."""
    found: dict[str, Samples] = {}
    for package in sorted(pkgutil.iter_modules(render.__path__), key=lambda p: p.name):
        if package.ispkg and package.name != "common":
            gallery = importlib.import_module(f"render.{package.name}.gallery")
            found[package.name] = gallery.samples
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m render.gallery OUTDIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    try:
        for game, samples in galleries().items():
            folder = out / game
            folder.mkdir(parents=True, exist_ok=True)
            for name, image in samples():
                for path, picture in (
                    (folder / f"{name}.png", image),
                    (folder / f"{name}-{PHONE_WIDTH}px.png", phone_preview(image)),
                ):
                    path.write_bytes(encode(picture))
                    print(path)
    except FileNotFoundError as missing:
        print(f"gallery: {missing.filename} is missing", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
