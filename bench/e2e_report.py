"""An end-to-end bench run's figures (``Figures``) and how they are printed: the run's
report (``report``), the rate limits' cost (``compare``) and the bot's CPU per action
against the floor's (``compare_floor``)."""

from __future__ import annotations

import collections
import math
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from bench import bot_metrics, cpu_layers
from bench.bot_metrics import BotFigures
from bench.bot_processes import Setup
from bench.cpu_layers import CpuProfile
from bench.discord_requests import WINDOW, Budget, KindRequests
from bench.e2e_world import SERVERS_PER_SHARD
from bench.figures import percentile
from bench.floor_plan import Plan
from bench.memory import EVERY, MIB, Growth
from bench.players import Finding
from bench.profile import Profile, summary
from bench.starved import COMPARED, lopsided, per_action, side_by_side, starvation, verdict
from bench.table_watch import SETTLE
from bench.usage import CpuWatch, LoopLag

FINDINGS_SHOWN = 3
"""Channels named per kind of finding."""
UNDER_YAPPI = "profiled by yappi: its own cost is in every CPU figure"


@dataclass
class Figures:
    role: str
    """What was played against: "bot", or "floor" (``bench.floor_bot``)."""
    processes: list[str]
    """Its processes' names, as ``cpu`` and ``profiles`` name them."""
    latencies: list[float]
    unanswered: int
    """Clicks without an answer in Discord's 3 s (a later one is refused)."""
    elapsed: float
    late: int
    """Interactions of any kind (commands too) the bot answered after Discord's 3 s."""
    restarts: int
    servers: int
    cpu: CpuWatch
    lag: LoopLag
    requests: dict[str, KindRequests]
    """Per game kind, the bot's requests on its tables' channels."""
    profiles: dict[str, Profile | CpuProfile | str]
    """Each bot process's profile, or why there is none."""
    pictures: tuple[int, int] | None
    """The pictures the bot processes encoded from starting to stopping, and how many of
    them each had encoded before."""
    table_lags: list[float]
    """Per move committed, the seconds until its table showed it (``table_lags``); none
    for the floor, which keeps no moves."""
    budget: Budget | None
    """What the bot took of Discord's rate limits; None with the limits off (the emulator
    logs requests only while they are on)."""
    findings: list[Finding]
    """The players' waits that ran out."""
    refusals: collections.Counter[str]
    """The bot's words instead of a hand, by how often."""
    memory: Growth | None
    """The bot's processes' RSS over the run (with their picture processes)."""
    plan: Plan | None
    """The floor's plan: made from the bot's run, for a floor measured against it; the
    one it was given, for the floor's."""
    counted: BotFigures | None = None
    """What the bot counted over the run, from its metrics endpoint at the run's start
    and its end (the floor has none)."""
    warm_up: float = 0.0
    """Seconds at the run's start left out of ``cpu`` (its warm-up: ``bench.e2e.warm_up``)."""
    warmed: int = 0
    """The clicks in those seconds."""
    profile: str = "wall"
    """How its processes were profiled (``bench.e2e.PROFILES``): under yappi ("cpu")
    every CPU figure of the run holds yappi's cost too."""

    @property
    def warm(self) -> str:
        """The warm-up, in words."""
        return f"the first {self.warm_up:.1f} s, {self.warmed} clicks"

    @property
    def clicks(self) -> list[float]:
        """Every click's time to its answer, fastest first: a click left unanswered
        counts as slower than any answer, not as no click."""
        return sorted(self.latencies) + [math.inf] * self.unanswered

    @property
    def measured(self) -> int:
        """The clicks after the warm-up, which the CPU figures are of."""
        return len(self.latencies) + self.unanswered - self.warmed

    def _per_action(self, used: list[float | None]) -> float | None:
        if not self.measured or not used or None in used:
            return None
        return sum(u for u in used if u is not None) / self.measured

    @property
    def cpu_per_action(self) -> float | None:
        """CPU seconds of the bot's processes (their picture processes included) after
        the warm-up, per click in that time."""
        return self._per_action([self.cpu.seconds(name) for name in self.processes])

    @property
    def own_per_action(self) -> float | None:
        """The same, of the bot's processes alone (the rest is their picture
        processes')."""
        return self._per_action([self.cpu.own.get(name) for name in self.processes])

    @property
    def startup(self) -> float | None:
        """CPU seconds of the bot's processes (their picture processes included) from
        their start to the end of the warm-up: what ``cpu_per_action`` leaves out."""
        used = [self.cpu.at_start.get(name) for name in self.processes]
        return None if not used or None in used else sum(u for u in used if u is not None)

    @property
    def starvation(self) -> list[str]:
        """What went without an answer in time (``bench.starved``): none for a run whose
        figures are a result."""
        return starvation(self.unanswered, self.late, self.restarts, len(self.findings))

    @property
    def who(self) -> str:
        return "the floor" if self.role == "floor" else "the bot"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds != math.inf else "none in Discord's 3 s"


def cpu_seconds(seconds: float | None) -> str:
    return "?" if seconds is None else f"{seconds:.2f} s"


def report(setup: Setup, figures: Figures, games: int, think: float, kinds: list[str]) -> None:
    ordered = figures.clicks
    limits = "on (Discord's)" if figures.budget is not None else "off"
    floor = figures.role == "floor"
    print(
        f"{games} concurrent games ({', '.join(kinds)}) for {figures.elapsed:.0f} s, "
        f"think time mean {think} s, the emulator's rate limits {limits}"
        + (" — against the floor (bench.floor_bot)" if floor else "")
    )
    if not figures.latencies:
        print(f"rate limits {limits}: no click was answered in the time given")
        report_findings(figures)
        return
    rate = len(figures.latencies) / figures.elapsed
    p50, p99 = statistics.median_low(ordered), percentile(ordered, 0.99)
    played = (
        f"the floor: {setup.processes} process{'es' if setup.processes > 1 else ''}, no database"
        if floor
        else f"bot: {setup}"
    )
    print(f"{played}; the tables in {figures.servers} servers, {SERVERS_PER_SHARD} in each shard")
    print(
        f"{'floor' if floor else setup.backend}, {setup.processes} "
        f"process{'es' if setup.processes > 1 else ''}: "
        f"{rate:.1f} actions/s, p50 {ms(p50)}, p99 {ms(p99)} "
        f"({len(ordered)} clicks measured, {figures.unanswered} of them unanswered)"
    )
    if not floor:
        print(
            "targets: 200 games >= 250 actions/s with p99 <= 250 ms; 50 games p99 <= 100 ms; "
            f"slowest answer {ms(max(figures.latencies))}"
        )
    print(
        f"interactions answered after Discord's 3 s (refused): {figures.late}; "
        f"games cancelled and started again for want of an answer: {figures.restarts}"
    )
    report_findings(figures)
    if figures.starvation:
        print(
            f"starved: {', '.join(figures.starvation)}; this run's CPU per action and memory "
            "are not a result (the workload was not served)"
        )
    report_cpu(figures)
    report_requests(figures.requests, figures.who)
    report_limits(figures)
    clicked = sum(kind.moves for kind in figures.requests.values())
    if floor and figures.plan is not None:
        report_plan(figures.plan)
    elif figures.counted is not None:
        again = None if figures.pictures is None else figures.pictures[1]
        print("\n".join(bot_metrics.report(figures.counted, clicked, again)))
    for name, profile in figures.profiles.items():
        if isinstance(profile, str):
            print(f"{name}: no profile ({profile})")
        elif isinstance(profile, CpuProfile):
            own, tree = figures.cpu.own.get(name), figures.cpu.seconds(name)
            print("\n".join(cpu_layers.summary(f"where {name}'s CPU went", profile, own, tree)))
        else:
            print("\n".join(summary(f"where {name}'s CPU went", profile)))
    if figures.lag.lags:
        lags = sorted(figures.lag.lags)
        print(
            f"bench's event loop late by p50 {ms(statistics.median(lags))}, "
            f"p99 {ms(percentile(lags, 0.99))} (in every click's time above)"
        )


def report_plan(plan: Plan) -> None:
    """What the floor was told, from the bot's run."""
    rates = "; ".join(
        f"{kind} pings {kind_plan.pings:.3f}, table edits {kind_plan.table_edits:.3f}, "
        f"ends {kind_plan.ends:.4f}"
        for kind, kind_plan in plan.kinds.items()
    )
    pictures = ", ".join(
        f"{name} {len(picture.png) / 1024:.0f} KiB" for name, picture in plan.pictures.items()
    )
    print(f"the floor's plan, per move, from the bot's run: {rates}")
    print(f"the floor's pictures (the bot's own, each of median size): {pictures}")


def report_cpu(figures: Figures) -> None:
    """Where the CPU went after the warm-up, the bot's per action, its start-up CPU
    apart, and its memory over the run."""
    shares = figures.cpu.shares
    listed = ", ".join(f"{s.name} {'?' if s.cores is None else f'{s.cores:.2f}'}" for s in shares)
    busy, cores = figures.cpu.machine_busy, os.cpu_count() or 1
    if busy is None:
        machine = "?"
    else:
        others = busy * cores - sum(s.cores or 0 for s in shares)
        machine = f"{busy:.0%} busy ({max(0.0, others):.2f} cores for other work)"
    print(
        f"CPU after the warm-up ({figures.warm}), in cores: {listed}; the machine's {cores} "
        f"cores {machine}, load average {os.getloadavg()[0]:.1f} at the end"
        + (f" ({UNDER_YAPPI})" if figures.profile == "cpu" else "")
    )
    per_action, own = figures.cpu_per_action, figures.own_per_action
    floor = figures.role == "floor"
    pictures = "" if floor else ", its picture processes included"
    split = (
        ""
        if floor or per_action is None or own is None
        else f"; its own process {ms(own)}, its picture processes {ms(per_action - own)}"
    )
    print(
        f"CPU per action, {figures.who}: "
        + ("?" if per_action is None else ms(per_action))
        + f" (its CPU seconds after the warm-up{pictures}, over the {figures.measured} clicks "
        f"after it){split}"
    )
    print(
        f"start-up CPU, {figures.who}: {cpu_seconds(figures.startup)} (from its start to the "
        f"warm-up's end{pictures}: imports, connecting, the warm-up's clicks with the first "
        "pictures and caches; left out of the above)"
    )
    if figures.memory is not None:
        print(f"{figures.who}'s RSS{pictures}, every {EVERY:.0f} s: {figures.memory}")


def report_findings(figures: Figures) -> None:
    """The players' waits that ran out, by game, step and wait, with a few channels; and
    the hands refused."""
    found: dict[tuple[str, str, str], list[str]] = collections.defaultdict(list)
    for finding in figures.findings:
        found[finding.game, finding.step, finding.wait].append(finding.channel)
    print(
        f"unanswered (waits that ran out, after which the players went on): {len(figures.findings)}"
    )
    for (game, step, wait), channels in sorted(found.items(), key=lambda f: -len(f[1])):
        named = ", ".join(sorted(set(channels))[:FINDINGS_SHOWN])
        more = len(set(channels)) - FINDINGS_SHOWN
        print(
            f"  {len(channels)} × {game}, {step}: waited in vain for {wait} (in {named}"
            + (f" and {more} more" if more > 0 else "")
            + ")"
        )
    if figures.refusals:
        words = "; ".join(f"{count} × {said!r}" for said, count in figures.refusals.most_common())
        print(f"My hand answered with words instead of a hand (the game had ended): {words}")


def report_requests(kinds: dict[str, KindRequests], who: str = "the bot") -> None:
    """Per game kind: the bot's requests per game action, and its busiest channel's 5 s."""
    print(
        f"{who}'s requests per game action (a click on a table), and the most in one "
        f"channel in any {WINDOW:.0f} s (Discord allows about 5 posts per {WINDOW:.0f} s "
        "in a channel):"
    )
    for name, kind in kinds.items():
        if not kind.moves:
            print(f"  {name}: no game action")
            continue

        def per(*whats: str, kind: KindRequests = kind) -> str:
            return f"{sum(kind.counts[w] for w in whats) / kind.moves:.2f}"

        print(
            f"  {name} ({kind.moves} actions, {kind.games} games, {kind.results} ended): "
            f"channel posts {per('posts')}, edits {per('edits')}, deletes {per('deletes')}; "
            f"through interactions: answers {per('answers')}, their edits "
            f"{per('answer edits')}, follow-ups {per('follow-ups')}, deletes "
            f"{per('answer deletes')}; peak in {WINDOW:.0f} s in one channel: "
            f"{kind.peak_posts} posts, {kind.peak_channel} posts, edits and deletes"
        )


def report_limits(figures: Figures) -> None:
    """How far the tables lag behind the game, and what the bot took of Discord's rate
    limits (with them on)."""
    lags = sorted(figures.table_lags)
    budget = figures.budget
    if lags:
        unshown = lags.count(math.inf)
        print(
            f"the table's lag behind the game (a move's commit to its table first showing "
            f"it or a later one): p50 {ms(statistics.median_low(lags))}, p99 "
            f"{ms(percentile(lags, 0.99))} over {len(lags)} moves ({unshown} not shown "
            f"{SETTLE:.0f} s after the last click)"
        )
    if budget is None:
        return
    peaks, glob = budget.peaks, budget.global_limit
    per_move = f", {budget.outside / len(lags):.2f} per move" if lags else ""
    refused = "".join(f"; {route} {n}" for route, n in budget.refused.most_common())
    print(f"rate limits: {budget.rate_limited} requests answered 429 (goal 0){refused}")
    print(
        f"  the most one channel had in any {WINDOW:.0f} s: {peaks['posts']} posts, "
        f"{peaks['edits']} edits, {peaks['deletes']} deletes, {peaks['all']} of the three "
        f"(Discord's buckets allow about 5 posts and 5 edits per {WINDOW:.0f} s in a channel)"
    )
    print(
        f"  requests under the bot's global limit (all but the interactions' callbacks and "
        f"webhooks): {budget.outside}{per_move}, at most {budget.outside_peak} in any "
        f"{glob.seconds:g} s (the limit: {glob.limit})"
    )
    if budget.cut:
        print(
            "  (the emulator's request log filled up and lost its oldest requests: the "
            "figures above count only what it kept)"
        )


def compare(unlimited: Figures, limited: Figures) -> None:
    """The click time the rate limits cost: p99 with them off and on, the same workload."""
    off, on = (percentile(f.clicks or [math.inf], 0.99) for f in (unlimited, limited))
    ratio = f"{on / off:.2f}×" if math.isfinite(off) and math.isfinite(on) else "—"
    print(f"click p99: rate limits off {ms(off)}, on {ms(on)} ({ratio} with them on)")


def memory_ratio(bot: Figures, floor: Figures, ratios: bool = True) -> str:
    """The most memory the bot held over the run (its picture processes included)
    against the most the floor held, RSS then PSS; without the ratios for runs not to
    be compared."""
    if bot.memory is None or floor.memory is None:
        return "memory at most: not measured (no /proc)"
    held = [("RSS", bot.memory.most, floor.memory.most)]
    if bot.memory.most_pss is not None and floor.memory.most_pss is not None:
        held.append(("PSS", bot.memory.most_pss, floor.memory.most_pss))
    return (
        "memory at most: "
        + "; ".join(
            f"{what} the bot {mine / MIB:.0f} MiB, the floor {floors / MIB:.0f} MiB"
            + (f" ({mine / floors:.1f}× the floor's)" if ratios else "")
            for what, mine, floors in held
        )
        + ("" if ratios else " (no ratio: not a result)")
    )


def floor_ratio(bot: Figures, floor: Figures) -> list[str]:
    """The bot's CPU per action and memory against the floor's, and their requests per
    action side by side (the floor's are the bot's by its plan, but for what load changes:
    answers put off and followed up). Runs either of which was starved, or whose
    requests per action differ, are said not to be a result, and given no ratio."""
    limits = "on" if bot.budget is not None else "off"
    mine, floors = bot.cpu_per_action, floor.cpu_per_action
    refused = verdict(bot.starvation, floor.starvation, lopsided(bot.requests, floor.requests))
    measured = (
        f"the bot {'?' if mine is None else ms(mine)}, "
        f"the floor {'?' if floors is None else ms(floors)}"
    )
    if refused is not None:
        cpu = f"{refused}; measured {measured}"
    else:
        ratio = f"{mine / floors:.1f}× the floor's" if mine and floors else "no ratio"
        cpu = f"{measured} ({ratio})"
    yappi = f" ({UNDER_YAPPI})" if "cpu" in (bot.profile, floor.profile) else ""
    lines = [
        f"CPU per action with the rate limits {limits}, after the warm-up: {cpu}; "
        f"{bot.measured} and {floor.measured} actions{yappi}",
        f"start-up CPU (from the process's start to the warm-up's end, left out of the above): "
        f"the bot {cpu_seconds(bot.startup)} ({bot.warm}), the floor "
        f"{cpu_seconds(floor.startup)} ({floor.warm})",
        memory_ratio(bot, floor, ratios=refused is None),
    ]
    for kind, ours, theirs in side_by_side(bot.requests, floor.requests):
        compared = ", ".join(
            f"{what} {per_action(ours, what):.2f}/{per_action(theirs, what):.2f}"
            for what in COMPARED
        )
        lines.append(f"  {kind}, requests per action (the bot/the floor): {compared}")
    return lines


def compare_floor(pairs: Sequence[tuple[Figures, Figures]]) -> None:
    """Each limits setting's bot against its floor, the same workload."""
    for bot, floor in pairs:
        print("\n".join(floor_ratio(bot, floor)))
