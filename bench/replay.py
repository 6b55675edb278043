"""Replay speed and size: animated GIFs of seeded random games, every action a step as
the bot's replays have them: Claim It! and Gold Nuggets with 5 players, Claim's public
table with 4; a bust, a bonus turn or a won trick held long, the end held longest.

    python -m bench.replay [--games N] [--steps 60] [--limit BYTES] [--small-limit BYTES]

For each game it times ``render_replay`` (every picture drawn, captioned, mapped to its
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL.GifImagePlugin import GifImageFile

import engine.claim as claim
import engine.claimit as claimit
import engine.gold_nuggets as nuggets
from bench.render import NAMES, percentile
from bot.games.claim.face import table_view as claim_table_view
from bot.games.gold_nuggets.face import table_view as nuggets_table_view
from i18n import english
from render import claim as claim_render
from render import claimit as claimit_render
from render import gold_nuggets as nuggets_render
from render.claim.pictures import TABLE as CLAIM_TABLE
from render.claim.view import TableView
from render.claimit import View
from render.claimit.gallery import random_play
from render.claimit.pictures import BOARD
from render.common.png import PictureKind
from render.common.replay import Hold, ReplayStep
from render.gold_nuggets.pictures import TABLE as NUGGETS_TABLE
from render.gold_nuggets.view import FACES, NuggetsView

LANG = english()
MIB = 1024 * 1024
CLAIM_PLAYERS = 4
OPENING = "The game begins."


def said(seat: int, action: object) -> str:
    """A caption about as long as the bot's: who did what."""
    return f"{NAMES[seat]}: {action!r}"


def claimit_game(seed: int) -> list[ReplayStep[tuple[claimit.GameState, View]]]:
    steps = [ReplayStep((claimit.GameState.new(len(NAMES), first=0), View(names=NAMES)), OPENING)]
    for before, action, after in random_play(seed, len(NAMES)):
        rolled = None
        if isinstance(action, claimit.Roll):
            first, second, third = action.dice
            rolled = (first, second, third)
        caption = said(before.turn, action)
        events = claimit.apply(before, action).events
        if any(isinstance(event, claimit.Bust) for event in events):
            bust = View(names=NAMES, rolled=rolled, bust=before.turn)
            steps.append(ReplayStep((before, bust), caption, Hold.LONG))
        else:
            hold = Hold.FINAL if after.phase is claimit.Phase.OVER else Hold.STEP
            steps.append(ReplayStep((after, View(names=NAMES, rolled=rolled)), caption, hold))
    return steps


def nuggets_game(seed: int) -> list[ReplayStep[NuggetsView]]:
    rng = random.Random(seed)
    state = nuggets.GameState.new(len(NAMES))
    steps = [ReplayStep(nuggets_table_view(NAMES, state, LANG), OPENING)]
    while state.phase is not nuggets.Phase.OVER:
        decision = nuggets.bots.decide(state, nuggets.bots.Level.NORMAL, rng)
        if isinstance(decision, nuggets.bots.RollAgain):
            faces = tuple(rng.choice(FACES) for _ in range(state.dice_left))
            action: nuggets.Action = nuggets.Roll(faces)  # type: ignore[arg-type]
        else:
            action = decision
        before = state
        state, events = nuggets.apply(state, action)
        caption = said(before.turn, action)
        if isinstance(action, nuggets.Roll) and any(isinstance(e, nuggets.Bust) for e in events):
            bust = nuggets_table_view(NAMES, before, LANG, rolled=action.faces, bust=True)
            steps.append(ReplayStep(bust, caption, Hold.LONG))
            continue
        hold = Hold.STEP
        if state.phase is nuggets.Phase.OVER:
            hold = Hold.FINAL
        elif any(isinstance(event, nuggets.BonusTurn) for event in events):
            hold = Hold.LONG
        view = nuggets_table_view(NAMES, state, LANG, rolled=state.roll or ())
        steps.append(ReplayStep(view, caption, hold))
    return steps


def claim_game(seed: int) -> list[ReplayStep[TableView]]:
    rng = random.Random(seed)
    factions = (*claim.PAIRS[0], *claim.ADDED[:5])
    deck, removed = claim.shuffle_deck(factions, rng)
    state, _ = claim.new_game(CLAIM_PLAYERS, factions, deck, removed, first=seed % CLAIM_PLAYERS)
    names = NAMES[:CLAIM_PLAYERS]
    steps = [ReplayStep(claim_table_view(names, state, None, LANG), OPENING)]
    while state.phase is not claim.Phase.OVER:
        seat = state.to_act()[0]
        action = rng.choice(claim.legal_actions(state, seat))
        state, events = claim.apply(state, seat, action)
        hold = Hold.STEP
        if state.phase is claim.Phase.OVER:
            hold = Hold.FINAL
        elif any(isinstance(event, claim.TrickDone) for event in events):
            hold = Hold.LONG
        steps.append(
            ReplayStep(claim_table_view(names, state, None, LANG), said(seat, action), hold)
        )
    return steps


@dataclass(frozen=True)
class Kind:
    """One game's replays: how a game is played, its renderer, its pictures' palette."""

    title: str
    game: Callable[[int], Sequence[ReplayStep[Any]]]
    render: Callable[[Sequence[ReplayStep[Any]], int], bytes]
    pictures: PictureKind


KINDS = (
    Kind("Claim It!, 5 players", claimit_game, claimit_render.render_replay, BOARD),
    Kind("Gold Nuggets, 5 players", nuggets_game, nuggets_render.render_replay, NUGGETS_TABLE),
    Kind("Claim table, 4 players", claim_game, claim_render.render_replay, CLAIM_TABLE),
)


@dataclass
class Made:
    """Replays made: how long each took, its size, the steps it dropped and its width."""

    seconds: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    dropped: list[int] = field(default_factory=list)
    widths: list[int] = field(default_factory=list)

    def make(self, kind: Kind, steps: Sequence[ReplayStep[Any]], limit: int) -> None:
        start = time.perf_counter()
        data = kind.render(steps, limit)
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
    kind.pictures.prepare()  # as the bot does at start-up
    played = [kind.game(seed) for seed in range(games)]
    opening, whole, fitted = Made(), Made(), Made()
    for steps in played:
        opening.make(kind, steps[:first], limit)
        whole.make(kind, steps, limit)
        fitted.make(kind, steps, small_limit)
    lengths = [len(steps) for steps in played]
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
