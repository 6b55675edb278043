"""Replay speed and size: animated GIFs of seeded games of computer players, made into
replays by each game's own face as the bot makes them from a game's moves: Claim It!
and Gold Nuggets with 5 players, Claim's public table with 4.

    python -m bench.replay [--games N] [--steps 60] [--limit BYTES] [--small-limit BYTES]

For each game it times its ``render_replay`` (every picture drawn, captioned, mapped to its
kind's palette and encoded, in one process) on the game's first ``--steps`` steps and on
the whole game, within ``--limit`` (10 MiB, Discord's upload limit for a server without
boosts), and prints the median, p99 and max, the GIFs' sizes and frames; then the whole
games again within ``--small-limit`` (1 MiB), which each must shrink, and some thin, to
fit. Target: a 60-step replay made in <= 2 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import io
import random
import resource
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from PIL.GifImagePlugin import GifImageFile

from bench.figures import percentile
from bench.render import NAMES
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.games.replay import Replay
from bot.storage import Seat
from bot.storage.game_values import Level
from i18n import english
from render.common.replay_steps import ReplayStep
from tests.games.stored import stored

LANG = english()
MIB = 1024 * 1024


def replay_of(kind: str, players: int, seed: int) -> Replay:
    """A seeded game of computer players (normal), made into its replay by the game's
    own face, as the bot makes it from the game's moves."""
    rules, rng = rules_for(kind), random.Random(seed)
    options = {option.name: option.default for option in rules.options}
    setup = rules.deal(players, options, rng)
    first = seed % players
    state = rules.start(players, first, options, setup)
    seats = tuple(Seat(n, 1000 + n, None, NAMES[n], n) for n in range(players))
    game = replace(
        stored(kind, state, seats, over=True, options=options, game_id=seed + 1),
        first_seat=first,
        setup=setup,
        number=seed + 1,
    )
    outcomes = []
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        action = rules.action(state, seat, rules.decide(state, seat, Level.NORMAL, rng), rng)
        step = rules.apply(state, seat, action)
        after = replace(game, state=step.state)
        outcomes.append(Outcome(after, state, seat, action, step.events, step.turn_over))
        state = step.state
    return face_for(kind).replay(replace(game, state=state), outcomes, LANG)


@dataclass(frozen=True)
class Kind:
    """One game's replays: its kind and seats."""

    title: str
    kind: str
    players: int


KINDS = (
    Kind("Claim It!, 5 players", "claimit", 5),
    Kind("Gold Nuggets, 5 players", "nuggets", 5),
    Kind("Claim table, 4 players", "claim", 4),
)


@dataclass
class Made:
    """Replays made: how long each took, its size, the steps it dropped and its width."""

    seconds: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    dropped: list[int] = field(default_factory=list)
    widths: list[int] = field(default_factory=list)

    def make(self, replay: Replay, steps: Sequence[ReplayStep[Any]], limit: int) -> None:
        start = time.perf_counter()
        data = replay.render(steps, limit)
        self.seconds.append(time.perf_counter() - start)
        self.sizes.append(len(data))
        with GifImageFile(io.BytesIO(data)) as gif:
            self.dropped.append(len(steps) - gif.n_frames)
            self.widths.append(gif.width)

    def report(self, title: str, steps: Sequence[int]) -> None:
        print(
            f"  {title}: {statistics.median(steps):.0f} steps (max {max(steps)}); made in "
            f"median {statistics.median(self.seconds):.2f} s, "
            f"p99 {percentile(self.seconds, 0.99):.2f} s, max {max(self.seconds):.2f} s"
        )
        print(
            f"    GIF: median {statistics.median(self.sizes) / 1024:.0f} KiB, "
            f"max {max(self.sizes) / 1024:.0f} KiB; {min(self.widths)}-{max(self.widths)} px "
            f"wide; steps dropped in {sum(map(bool, self.dropped))} of {len(self.dropped)} "
            f"(at most {max(self.dropped)})"
        )


def measure(kind: Kind, games: int, first: int, limit: int, small_limit: int) -> None:
    played = [replay_of(kind.kind, kind.players, seed) for seed in range(games)]
    opening, whole, fitted = Made(), Made(), Made()
    for replay in played:
        opening.make(replay, replay.steps[:first], limit)
        whole.make(replay, replay.steps, limit)
        fitted.make(replay, replay.steps, small_limit)
    lengths = [len(replay.steps) for replay in played]
    print(f"{kind.title}: {games} games")
    opening.report(f"first {first} steps", [min(first, length) for length in lengths])
    whole.report("whole game", lengths)
    fitted.report(f"whole game within {small_limit / MIB:g} MiB", lengths)


def peak_memory_mib() -> float:
    """The process's largest resident size so far (Linux counts it in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games of each kind")
    parser.add_argument("--steps", type=int, default=60, help="steps of the short replays")
    parser.add_argument("--limit", type=int, default=10 * MIB, help="bytes a replay may take")
    parser.add_argument("--small-limit", type=int, default=MIB, help="a limit to fit to")
    args = parser.parse_args()
    for kind in KINDS:
        measure(kind, args.games, args.steps, args.limit, args.small_limit)
    print(f"peak memory of the process: {peak_memory_mib():.0f} MiB")


if __name__ == "__main__":
    main()
