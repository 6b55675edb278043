"""Board image speed and size on busy 5-player positions.

    python bench/render.py [--rounds N]

Targets (issue 3), all measured in this run: median render+encode <= 15 ms,
<= 1.5x the time Pillow takes to merely encode the same final image with the
same settings, and images <= 150 KiB. Rendering and encode-only timings are
interleaved so that both see the same machine load.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

if not __package__:
    # Run as a file, this folder comes first on sys.path; the project root must.
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from engine.claimit import GameState
from render.claimit.board_image import draw_board, render_board
from render.claimit.gallery import random_play
from render.claimit.view import View
from render.common.png import encode

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


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=40, help="timed renders per position")
    args = parser.parse_args()
    positions = busy_positions(10)
    view = View(names=NAMES, rolled=(2, 5, 6))
    for state in positions:
        render_board(state, view)  # warm the sprite and text caches, as a running bot has them

    full, encode_only, sizes = [], [], []
    clock = time.perf_counter
    for _ in range(args.rounds):
        for state in positions:
            start = clock()
            data = render_board(state, view)
            full.append(clock() - start)
            sizes.append(len(data))
            image = draw_board(state, view)
            start = clock()
            encode(image)
            encode_only.append(clock() - start)

    ms = 1000
    median_full, median_encode = statistics.median(full), statistics.median(encode_only)
    print(f"positions: {len(positions)} busy 5-player boards, {args.rounds} rounds each")
    print(
        f"render+encode: median {median_full * ms:.2f} ms, p95 {percentile(full, 0.95) * ms:.2f} ms"
        " (target: median <= 15 ms)"
    )
    print(
        f"encode only:   median {median_encode * ms:.2f} ms, "
        f"p95 {percentile(encode_only, 0.95) * ms:.2f} ms"
    )
    print(f"ratio of medians: {median_full / median_encode:.2f}x (target <= 1.5x)")
    print(
        f"image size: median {statistics.median(sizes) / 1024:.0f} KiB, "
        f"max {max(sizes) / 1024:.0f} KiB"
        " (target <= 150 KiB)"
    )


if __name__ == "__main__":
    main()
