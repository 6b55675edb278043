"""``python -m render.gallery OUTDIR``: writes every game's sample pictures.

Each game's samples go to a folder of their own (``OUTDIR/claimit``,
``OUTDIR/gold_nuggets``, ``OUTDIR/claim``), to look at after a change; each also as
``NAME-300px.png``, scaled to the width Discord gives it on a phone.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from PIL import Image

from render.claim import gallery as claim
from render.claimit import gallery as claimit
from render.common.phone import PHONE_WIDTH, phone_preview
from render.common.png import encode
from render.gold_nuggets import gallery as gold_nuggets

GAMES: dict[str, Callable[[], Iterator[tuple[str, Image.Image]]]] = {
    "claimit": claimit.samples,
    "gold_nuggets": gold_nuggets.samples,
    "claim": claim.samples,
}
"""Each game's folder and its samples, as (name, image)."""


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m render.gallery OUTDIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    try:
        for game, samples in GAMES.items():
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
