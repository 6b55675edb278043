"""Draws each kind of picture's samples and writes the palette its pictures are encoded
with (``render/common/palettes/<kind>.bin``, read by ``render.common.png``):

    .venv/bin/python -m scripts.palettes           # writes the palettes
    .venv/bin/python -m scripts.palettes --check   # draws them again, compares

A palette holds the colours covering the most pixels of its kind's samples: run it after
a change to the colours, fonts or layout of a kind of picture, which
``tests/render/test_palettes.py`` finds (its palette is no longer the one its samples
make). About 2 s of CPU; ``--check`` exits 1 where they differ.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from PIL import Image

from engine.claimit import Place, Roll
from i18n import english
from render.claim import colors as claim_colors
from render.claim.gallery import hand_views, more_table_views, table_views
from render.claim.hand_image import draw_hand
from render.claim.pictures import HAND
from render.claim.pictures import TABLE as CLAIM_TABLE
from render.claim.table_image import draw_table as draw_claim_table
from render.claim.view import CardFace, HandView
from render.claimit.board_image import draw_board
from render.claimit.gallery import NAMES, played_examples, random_play
from render.claimit.pictures import BOARD
from render.claimit.view import View
from render.common.png import PALETTES, palette_of, shipped_palette
from render.gold_nuggets.gallery import views as nuggets_views
from render.gold_nuggets.pictures import TABLE as NUGGETS_TABLE
from render.gold_nuggets.table_image import draw_table as draw_nuggets_table
from render.league.gallery import views as league_views
from render.league.standings import STANDINGS
from render.league.standings_image import draw_standings

SEED = 3
"""The Claim It! game whose rolls and placements the board's samples show."""
FACTIONS = tuple(claim_colors.FACTION)


def board_samples() -> Iterator[Image.Image]:
    """Five players' marks, stacks, candidates, a bust and an end, and dice waiting to
    be placed and placed already: every colour a board uses."""
    for _, state, view in played_examples():
        yield draw_board(state, view)
    history = list(random_play(SEED, len(NAMES)))
    for index in range(20, len(history) - 1, 40):
        (_, roll, rolled), (_, place, placed) = history[index], history[index + 1]
        if isinstance(roll, Roll) and isinstance(place, Place):
            yield draw_board(rolled, View(names=NAMES))
            first, second, third = roll.dice
            yield draw_board(placed, View(names=NAMES, rolled=(first, second, third)))


def nuggets_samples() -> Iterator[Image.Image]:
    """Every moment of a turn, busts, bonus turns and ends, for five players."""
    for name, view in nuggets_views():
        if not name.endswith("-de"):  # the same colours as in English
            yield draw_nuggets_table(view)


def every_faction() -> Iterator[tuple[CardFace, ...]]:
    """Each faction's cards 0, 4 and 9 (the gallery's games show a dozen factions, a game
    may have any), a few factions at a time; the Raccoons 0 and 4 carry the loot."""
    for start in range(0, len(FACTIONS), 4):
        yield tuple(
            CardFace(f"{faction}{value}x", faction, value, loot=faction == "RAC" and value < 9)
            for faction in FACTIONS[start : start + 4]
            for value in (0, 4, 9)
        )


def claim_table_samples() -> Iterator[Image.Image]:
    """The gallery's tables, then the busiest of them showing every faction's cards."""
    lang = english()
    views = [view for _, view in (*table_views(lang), *more_table_views(lang))]
    for view in views:
        yield draw_claim_table(view)
    busiest = max(views, key=lambda view: sum(len(pile) for pile in view.scores))
    seats = len(busiest.names)
    for cards in every_faction():
        yield draw_claim_table(
            replace(
                busiest,
                factions=tuple(dict.fromkeys(card.faction for card in cards)),
                scores=tuple(cards[seat::seats] for seat in range(seats)),
                table=tuple((seat, cards[seat]) for seat in range(min(seats, len(busiest.table)))),
            )
        )


def hand_samples() -> Iterator[Image.Image]:
    """The gallery's hands, then hands of every faction's cards."""
    lang = english()
    for _, view in hand_views(lang):
        yield draw_hand(view)
    for cards in every_faction():
        yield draw_hand(HandView(lang=lang, name="Ada", seat=0, hand=cards, followers=cards[:4]))


def standings_samples() -> Iterator[Image.Image]:
    """Tournaments under way and finished, with medals, marks and highlighted lines."""
    for name, view in league_views():
        if not name.endswith("-de"):  # the same colours as in English
            yield draw_standings(view)


SAMPLES: dict[str, Callable[[], Iterable[Image.Image]]] = {
    BOARD.name: board_samples,
    NUGGETS_TABLE.name: nuggets_samples,
    CLAIM_TABLE.name: claim_table_samples,
    HAND.name: hand_samples,
    STANDINGS.name: standings_samples,
}
"""Each kind's samples, by its name: pictures of the kind that together show every
colour it uses."""


def colours(kind: str) -> bytes:
    """The palette ``kind``'s samples make now, as RGB triples."""
    return palette_of(SAMPLES[kind]()).colours


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped ones")
    args = parser.parse_args(argv)
    differ = []
    for kind in SAMPLES:
        made = colours(kind)
        if args.check:
            if made != shipped_palette(kind).colours:
                differ.append(kind)
            continue
        path = PALETTES / f"{kind}.bin"
        path.write_bytes(made)
        print(f"wrote {path} ({len(made) // 3} colours)")
    if args.check:
        print(f"differ: {', '.join(differ)}" if differ else "every palette is made identically")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
