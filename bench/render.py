"""Picture speed and size: Claim It!'s board on busy 5-player positions, Gold Nuggets'
table on 5-player turns with every die on the table, Claim's table on busy 4-player
phase-2 tricks and its hand of 13 cards.

    python -m bench.render [--rounds N] [--language de]

Every picture in English and German unless ``--language`` names one. Targets (issue
32), for every picture of every game: median render+encode <= 5 ms and median size
<= 40 KiB. It also prints the time of the encoding alone (the palette and the PNG) and
what the same picture would weigh as an RGB PNG. Rendering and encode-only timings are
interleaved so that both see the same machine load.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from PIL import Image

from engine.claimit import GameState
from i18n import LANGUAGES, Language, language
from render.claim import CardFace, HandView, TableView, render_hand
from render.claim import draw_hand as draw_claim_hand
from render.claim import draw_table as draw_claim_table
from render.claim import render_table as render_claim_table
from render.claimit.board_image import draw_board, render_board
from render.claimit.gallery import random_play
from render.claimit.view import View
from render.common.png import PNG_COMPRESS_LEVEL, encode
from render.gold_nuggets import NuggetsView, draw_table, render_table
from render.gold_nuggets.view import DICE, FACES

T = TypeVar("T")
NAMES = ("Prospector Ann", "Björn 🎲", "Zoë", "Ольга", "Mateus da Silva Pereira")


def busy_positions(count: int) -> list[GameState]:
    """From seeded games, the positions with the most stacks and candidates."""
    found = []
    for seed in range(count):
        history = list(random_play(seed, 5))
        found.append(
            max(
                (after for _, _, after in history),
                key=lambda s: len(s.board()) + len(s.pending_placements()),
            )
        )
    return found


def turns(count: int, lang: Language) -> list[NuggetsView]:
    """Seeded 5-player turns with all seven dice shown, set aside or rolled."""
    rng = random.Random(0)
    found = []
    for seat in range(count):
        kept = rng.randint(1, DICE - 1)
        found.append(
            NuggetsView(
                lang=lang,
                names=NAMES,
                nuggets=tuple(rng.randint(0, 15) for _ in NAMES),
                centre=rng.randint(1, 40),
                turn=seat % len(NAMES),
                aside=tuple(rng.choice(FACES) for _ in range(kept)),
                rolled=tuple(rng.choice(FACES) for _ in range(DICE - kept)),
                value=rng.randint(0, 10),
                took=(rng.randrange(5), None, rng.randint(1, 9)),
            )
        )
    return found


CLAIM_FACTIONS = ("AUT", "BAR", "DRA", "GIA", "GNO", "GRI", "TRO")
"""Seven factions whose cards fill every part of Claim's table: Gnome displays, Trolls
lying out, Griffins in the score piles."""


def claim_deck(rng: random.Random) -> list[CardFace]:
    """The 72 cards of ``CLAIM_FACTIONS``, shuffled."""
    values = {"GIA": (1, 1, 3, 3, 5, 5, 7, 7, 9), "GNO": (1, 1, 1, 3, 3, 3, 5, 5, 5, 7, 7, 7, 9)}
    deck = [
        CardFace(f"{faction}{value}{chr(97 + index)}", faction, value)
        for faction in CLAIM_FACTIONS
        for index, value in enumerate(values.get(faction, range(10)))
    ]
    rng.shuffle(deck)
    return deck


def claim_tables(count: int, lang: Language) -> list[TableView]:
    """Seeded 4-player phase-2 tricks half played, with busy score piles, displays, Trolls
    and the last trick."""
    rng = random.Random(1)
    found = []
    for number in range(count):
        deck = claim_deck(rng)
        piles = tuple(tuple(deck[seat * 9 : seat * 9 + 9]) for seat in range(4))
        rest = deck[36:]
        leader = number % 4
        found.append(
            TableView(
                lang=lang,
                names=NAMES[:4],
                factions=CLAIM_FACTIONS,
                phase="p2",
                step="play",
                trick=5,
                tricks=9,
                leader=leader,
                to_act=((leader + 2) % 4,),
                hand_counts=(5, 5, 4, 4),
                follower_counts=(0, 0, 0, 0),
                deck_count=0,
                discard_count=12,
                table=((leader, rest[0]), ((leader + 1) % 4, rest[1])),
                scores=tuple(tuple(c for c in pile if c.faction != "GNO") for pile in piles),
                gnomes=tuple(tuple(c for c in pile if c.faction == "GNO") for pile in piles),
                trolls=tuple(card for card in rest if card.faction == "TRO")[:3],
                last_trick=tuple((seat, rest[5 + seat]) for seat in range(4)),
                last_winner=number % 4,
            )
        )
    return found


def claim_hands(count: int, lang: Language) -> list[HandView]:
    """Seeded 13-card hands following a lead, some cards greyed, with followers."""
    rng = random.Random(2)
    found = []
    for number in range(count):
        deck = claim_deck(rng)
        hand, lead = deck[:13], deck[13]
        playable = frozenset(card.id for card in hand if card.faction == lead.faction)
        found.append(
            HandView(
                lang=lang,
                name=NAMES[number % len(NAMES)],
                seat=number % 4,
                hand=tuple(hand),
                action="play",
                playable=playable or frozenset(card.id for card in hand),
                lead=lead,
                followers=tuple(deck[14:22]),
                drawn=(deck[21],),
            )
        )
    return found


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(
    title: str,
    items: Sequence[T],
    render: Callable[[T], bytes],
    draw: Callable[[T], Image.Image],
    rounds: int,
) -> None:
    for item in items:
        render(item)  # warm the sprite and text caches, as a running bot has them
    full, encode_only, sizes, rgb_sizes = [], [], [], []
    clock = time.perf_counter
    for _ in range(rounds):
        for item in items:
            start = clock()
            data = render(item)
            full.append(clock() - start)
            sizes.append(len(data))
            image = draw(item)
            start = clock()
            encode(image)
            encode_only.append(clock() - start)
    for item in items:
        rgb = io.BytesIO()
        draw(item).save(rgb, "PNG", compress_level=PNG_COMPRESS_LEVEL)
        rgb_sizes.append(rgb.tell())

    ms = 1000
    median_full, median_encode = statistics.median(full), statistics.median(encode_only)
    print(f"{title}: {len(items)} pictures, {rounds} rounds each")
    print(
        f"  render+encode: median {median_full * ms:.2f} ms, "
        f"p95 {percentile(full, 0.95) * ms:.2f} ms (target: median <= 5 ms)"
    )
    print(
        f"  of which encoding: median {median_encode * ms:.2f} ms, "
        f"p95 {percentile(encode_only, 0.95) * ms:.2f} ms"
    )
    print(
        f"  image size: median {statistics.median(sizes) / 1024:.0f} KiB, "
        f"max {max(sizes) / 1024:.0f} KiB (target: median <= 40 KiB); as RGB "
        f"{statistics.median(rgb_sizes) / 1024:.0f} KiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=40, help="timed renders per picture")
    parser.add_argument("--language", choices=LANGUAGES, help="only the pictures in this language")
    args = parser.parse_args()
    for code in [args.language] if args.language else LANGUAGES:
        measure_language(language(code), args.rounds)


def measure_language(lang: Language, rounds: int) -> None:
    view = View(names=NAMES, rolled=(2, 5, 6), lang=lang)
    print(f"--- {lang.code}")
    measure(
        "Claim It! board, busy 5-player positions",
        busy_positions(10),
        lambda state: render_board(state, view),
        lambda state: draw_board(state, view),
        rounds,
    )
    measure("Gold Nuggets table, 5-player turns", turns(10, lang), render_table, draw_table, rounds)
    measure(
        "Claim table, 4-player phase-2 tricks",
        claim_tables(10, lang),
        render_claim_table,
        draw_claim_table,
        rounds,
    )
    measure(
        "Claim hand, 13 cards following a lead",
        claim_hands(10, lang),
        render_hand,
        draw_claim_hand,
        rounds,
    )


if __name__ == "__main__":
    main()
