"""How many decisions become drills before and after the near-tie filter
(``bot.features.drills.making.clearly_best``), per game and computer level: seeded games
between the levels (``bench.analysis.played``, the levels mixed over the seats and table
sizes), each judged as its report is and each graded decision's position weighed as a
drill's options are, from the mover's seat alone.

    python -m bench.drill_filter [--games 20] [--claim 6] [--processes 2]

For each game and level it prints the decisions judged, how many a player's settings
would make drills of before the filter (mistakes and worse, the default; inaccuracies and
worse, as a player may choose), a position met twice in a game counted once and one with
nothing to decide not at all, and how many of those the filter keeps; then the share of
each theme (``Analyst.theme``) among the drills kept. ``--games`` is per game but
Claim's, ``--claim`` Claim's (a search per decision and per option weighed: some
thirteen seconds a game of one core); the default run takes under two minutes.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bench.analysis import played, tables
from bench.options import Said, options
from bot.features.drills.making import clearly_best
from bot.games.analysis import Grade, graded_by
from bot.games.registry import REGISTERED, analyst_for
from bot.storage.game_values import Level


@dataclass
class Counted:
    """One level's decisions in one game's benchmark games, counted."""

    judged: int = 0
    before: dict[Grade, int] = field(default_factory=lambda: defaultdict(int))
    """Drills before the filter, by the least grade a player makes drills from."""
    after: dict[Grade, int] = field(default_factory=lambda: defaultdict(int))
    themes: Counter[str] = field(default_factory=Counter)
    """The themes of the drills kept (of mistakes and worse)."""


LEASTS = (Grade.MISTAKE, Grade.INACCURACY)
"""The settings counted: the default's, and ``also inaccuracies``."""
LABELS = {Grade.MISTAKE: "mistakes and worse", Grade.INACCURACY: "with inaccuracies"}


def counted(kind: str, levels: list[Level], seed: int) -> dict[Level, Counted]:
    """One seeded game played, judged and its graded decisions weighed, per level."""
    moves = played(kind, levels, seed)
    analyst = analyst_for(kind)
    grade = graded_by(analyst.chance_thresholds, analyst.thresholds)
    decisions = analyst.judge(moves, analyst.decisions(moves), seed)
    found: dict[Level, Counted] = defaultdict(Counted)
    met: dict[tuple[int, str], tuple[Grade, bool, str]] = {}
    for decision in decisions:
        level = levels[decision.seat]
        found[level].judged += 1
        graded = grade(decision)
        if graded < min(LEASTS):
            continue
        before = moves[decision.move].before
        weighed = analyst.weighed(before, decision.seat)
        if weighed is None:
            continue
        theme = analyst.theme(before, decision.seat, frozenset(dict(weighed.worths)))
        # A position met twice in one game is one drill.
        met[decision.seat, analyst.seen(before, decision.seat)] = (
            graded,
            clearly_best(kind, weighed),
            theme,
        )
    for (seat, _), (graded, kept, theme) in met.items():
        here = found[levels[seat]]
        for least in LEASTS:
            if graded >= least:
                here.before[least] += 1
                here.after[least] += kept
        if kept and graded >= Grade.MISTAKE:
            here.themes[theme] += 1
    return dict(found)


def report(kind: str, games: int, counts: dict[Level, Counted], seconds: float) -> None:
    """The game's figures, a line per level."""
    print(f"{kind}: {games} games, {seconds:.0f} s")
    for level in Level:
        here = counts.get(level)
        if here is None:
            continue
        said = ", ".join(
            f"{LABELS[least]} {here.before[least]} -> {here.after[least]}" for least in LEASTS
        )
        print(f"  {level.value:6} {here.judged:5} decisions; drills {said}")
    themes: Counter[str] = Counter()
    for here in counts.values():
        themes.update(here.themes)
    total = sum(themes.values())
    if total:
        shares = ", ".join(f"{theme} {n / total:.0%}" for theme, n in themes.most_common())
        print(f"  themes of the drills kept: {shares}")


def main() -> None:
    """Plays, judges and counts every game's benchmark games, two processes at a time."""
    given = options(
        __doc__.split("\n\n")[0],
        games=Said(20, "games per game but Claim"),
        claim=Said(6, "Claim's games"),
        processes=Said(2, "processes"),
    )
    with ProcessPoolExecutor(int(given.processes)) as pool:
        for registered in REGISTERED:
            kind = registered.kind
            games = int(given.claim if kind == "claim" else given.games)
            started = time.perf_counter()
            seated = tables(kind, games)
            found = pool.map(counted, [kind] * games, *zip(*seated, strict=True))
            counts: dict[Level, Counted] = defaultdict(Counted)
            for game in found:
                for level, here in game.items():
                    total = counts[level]
                    total.judged += here.judged
                    for least in LEASTS:
                        total.before[least] += here.before[least]
                        total.after[least] += here.after[least]
                    total.themes.update(here.themes)
            report(kind, games, counts, time.perf_counter() - started)


if __name__ == "__main__":
    main()
