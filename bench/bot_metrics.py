"""The bot's own figures, scraped from each bot process's metrics endpoint at the start
and the end of a run (``CLAIMIT_METRICS_PORT``; docs/operating.md, "Metrics and health"),
summed over the processes, the run's the difference: what the bot says it did, beside
what the bench saw."""

from __future__ import annotations

import collections
import math
from dataclasses import dataclass, field

import aiohttp
from prometheus_client.parser import text_string_to_metric_families


@dataclass
class Histogram:
    """A histogram's cumulative buckets (upper bound → count), its count and its sum."""

    buckets: dict[float, float] = field(default_factory=dict)
    count: float = 0.0
    total: float = 0.0

    def add(self, other: Histogram) -> None:
        for bound, count in other.buckets.items():
            self.buckets[bound] = self.buckets.get(bound, 0.0) + count
        self.count += other.count
        self.total += other.total

    def since(self, before: Histogram) -> Histogram:
        """What was counted after ``before`` (an earlier scrape of the same histogram)."""
        return Histogram(
            {bound: n - before.buckets.get(bound, 0.0) for bound, n in self.buckets.items()},
            self.count - before.count,
            self.total - before.total,
        )

    def quantile(self, fraction: float) -> float | None:
        """Prometheus's estimate (``histogram_quantile``): linear within the bucket the
        quantile falls in; ``None`` with nothing counted."""
        if not self.count:
            return None
        rank = fraction * self.count
        below, lower = 0.0, 0.0
        for bound, count in sorted(self.buckets.items()):
            if count >= rank:
                if math.isinf(bound):
                    return lower
                inside = count - below
                return lower + (bound - lower) * ((rank - below) / inside if inside else 1.0)
            below, lower = count, bound
        return lower


@dataclass
class BotFigures:
    """What the bot processes counted, summed over them."""

    actions: float = 0.0
    answers: Histogram = field(default_factory=Histogram)
    """Every interaction's first answer, whatever its type and answer."""
    deferred: float = 0.0
    """First answers that were deferrals."""
    unanswered: collections.Counter[str] = field(default_factory=collections.Counter)
    """Interactions Discord took no answer to, by reason."""
    pictures: dict[str, Histogram] = field(default_factory=dict)
    """By picture kind: the time the bot waited for each."""
    database: dict[str, Histogram] = field(default_factory=dict)
    """By transaction: read, write, statement."""
    statuses: collections.Counter[str] = field(default_factory=collections.Counter)
    """Discord's REST answers by HTTP status."""
    limited: collections.Counter[str] = field(default_factory=collections.Counter)
    """The routes answered 429."""
    refusals: collections.Counter[str] = field(default_factory=collections.Counter)
    """Discord's refusals by JSON error code."""

    @property
    def pictures_made(self) -> float:
        return sum(h.count for h in self.pictures.values())

    def add(self, other: BotFigures) -> None:
        self.actions += other.actions
        self.answers.add(other.answers)
        self.deferred += other.deferred
        self.unanswered.update(other.unanswered)
        for mine, theirs in ((self.pictures, other.pictures), (self.database, other.database)):
            for name, histogram in theirs.items():
                mine.setdefault(name, Histogram()).add(histogram)
        self.statuses.update(other.statuses)
        self.limited.update(other.limited)
        self.refusals.update(other.refusals)

    def since(self, before: BotFigures) -> BotFigures:
        """What was counted after ``before`` (an earlier scrape of the same processes):
        the run alone, without the setup before it."""
        empty = Histogram()
        return BotFigures(
            self.actions - before.actions,
            self.answers.since(before.answers),
            self.deferred - before.deferred,
            self.unanswered - before.unanswered,
            {k: h.since(before.pictures.get(k, empty)) for k, h in self.pictures.items()},
            {k: h.since(before.database.get(k, empty)) for k, h in self.database.items()},
            self.statuses - before.statuses,
            self.limited - before.limited,
            self.refusals - before.refusals,
        )


def read(text: str) -> BotFigures:
    """The figures of one scrape (Prometheus's text format)."""
    figures = BotFigures()
    by_label = {
        "claimit_picture_seconds": ("picture", figures.pictures),
        "claimit_database_seconds": ("transaction", figures.database),
    }
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            name, labels, value = sample.name, sample.labels, sample.value
            if family.name == "claimit_actions":
                figures.actions += value if name.endswith("_total") else 0.0
            elif family.name == "claimit_answer_seconds":
                _histogram_sample(figures.answers, name, labels, value)
                if name.endswith("_count") and labels["answer"] == "deferred":
                    figures.deferred += value
            elif name == "claimit_unanswered_total":
                figures.unanswered[labels["reason"]] += int(value)
            elif family.name in by_label:
                label, kept = by_label[family.name]
                _histogram_sample(kept.setdefault(labels[label], Histogram()), name, labels, value)
            elif name == "claimit_discord_requests_total":
                figures.statuses[labels["status"]] += int(value)
                if labels["status"] == "429":
                    figures.limited[labels["route"]] += int(value)
            elif name == "claimit_discord_refusals_total":
                figures.refusals[labels["code"]] += int(value)
    return figures


def _histogram_sample(
    histogram: Histogram, name: str, labels: dict[str, str], value: float
) -> None:
    """Adds a sample to ``histogram``: the samples of each of its label sets summed."""
    if name.endswith("_bucket"):
        bound = float(labels["le"])
        histogram.buckets[bound] = histogram.buckets.get(bound, 0.0) + value
    elif name.endswith("_count"):
        histogram.count += value
    elif name.endswith("_sum"):
        histogram.total += value


async def scrape(urls: list[str]) -> BotFigures:
    """Every process's ``/metrics``, summed."""
    figures = BotFigures()
    async with aiohttp.ClientSession() as session:
        for url in urls:
            async with session.get(url) as answer:
                answer.raise_for_status()
                figures.add(read(await answer.text()))
    return figures


def ms(seconds: float | None) -> str:
    return "?" if seconds is None else f"{seconds * 1000:.2f} ms"


def report(figures: BotFigures, clicks: int, again: int | None) -> list[str]:
    """The bot's own figures as the bench prints them, per click where that says more;
    ``again``: the pictures made that were the same as one made before (the bot logs it
    on stopping)."""

    def per(count: float) -> str:
        return f"{count / clicks:.2f}" if clicks else "?"

    pictures = "; ".join(
        f"{kind} {h.count:.0f}, median {ms(h.quantile(0.5))}"
        for kind, h in sorted(figures.pictures.items())
    )
    database = "; ".join(
        f"{kind} {h.count:.0f} ({per(h.count)} per click), median {ms(h.quantile(0.5))}, "
        f"p99 {ms(h.quantile(0.99))}"
        for kind, h in sorted(figures.database.items())
    )
    waited = sum(h.total for h in figures.database.values())
    statuses = ", ".join(f"{status} {n}" for status, n in sorted(figures.statuses.items()))
    limited = "; ".join(f"{route} {n}" for route, n in figures.limited.most_common())
    refusals = ", ".join(f"{code} × {n}" for code, n in figures.refusals.most_common())
    answers = figures.answers
    unanswered = ", ".join(f"{why} {n}" for why, n in sorted(figures.unanswered.items()))
    return [
        "the bot's own figures (its /metrics, summed over its processes):",
        f"  moves committed {figures.actions:.0f}; its answers to interactions "
        f"{answers.count:.0f}, p50 {ms(answers.quantile(0.5))}, p99 {ms(answers.quantile(0.99))} "
        "(from their arrival at the bot to the first answer Discord took, its histogram's "
        f"estimate), {figures.deferred:.0f} of them deferred; unanswered: {unanswered or 'none'}",
        f"  pictures made {figures.pictures_made:.0f}, {per(figures.pictures_made)} per click "
        "(new games' lobbies and results included); the same picture made again: "
        f"{'?' if again is None else again}; the bot waited for them: {pictures or 'none'}",
        f"  database: {database or 'nothing'}; waited {waited:.1f} s in all, "
        f"{ms(waited / clicks) if clicks else '?'} per click",
        f"  Discord's answers by status: {statuses or 'none'}"
        + (f"; 429 by route: {limited}" if limited else "")
        + f"; refusals by code: {refusals or 'none'}",
    ]
