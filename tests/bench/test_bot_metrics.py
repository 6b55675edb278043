"""The bench reads the bot's own figures from a scrape: summed over processes, and its
histograms' quantiles estimated as Prometheus estimates them."""

from __future__ import annotations

from prometheus_client import generate_latest

from bench.bot_metrics import Histogram, read, report
from bot.metrics.figures import Metrics


def scrape_of(metrics: Metrics) -> str:
    return generate_latest(metrics.registry).decode()


def test_a_scrape_is_read_and_summed_over_the_processes() -> None:
    one, two = Metrics(), Metrics()
    for metrics, moves in ((one, 3), (two, 5)):
        metrics.actions.labels("claimit").inc(moves)
        metrics.pictures.labels("claimit.board").inc(moves)
        metrics.picture_time.labels("claimit.board").observe(0.002)
        metrics.database_time.labels("write").observe(0.001)
        metrics.requests.labels("PATCH /channels/{id}/messages/{id}", "200").inc(moves)
        metrics.requests.labels("POST /channels/{id}/messages", "429").inc()
        metrics.refusals.labels("POST /channels/{id}/messages", "50013").inc()
        metrics.answer_time.labels("component", "direct").observe(0.01)
        metrics.answer_time.labels("command", "deferred").observe(1.6)
        metrics.unanswered.labels("component", "never").inc()
    figures = read(scrape_of(one))
    figures.add(read(scrape_of(two)))
    assert figures.actions == 8
    assert figures.pictures["claimit.board"].count == 2
    assert figures.database["write"].count == 2
    assert figures.statuses == {"200": 8, "429": 2}
    assert figures.limited == {"POST /channels/{id}/messages": 2}
    assert figures.refusals == {"50013": 2}
    assert (figures.answers.count, figures.deferred) == (4, 2)
    assert figures.answers.buckets[0.01] == 2 and figures.answers.buckets[2.0] == 4
    assert figures.unanswered == {"never": 2}
    lines = report(figures, clicks=8, again=None)
    assert "2 of them deferred; unanswered: never 2" in lines[1]
    assert "pictures made 2, 0.25 per click" in lines[2]
    assert "429 by route: POST /channels/{id}/messages 2" in lines[4]


def test_a_quantile_is_estimated_within_its_bucket() -> None:
    histogram = Histogram({0.01: 50, 0.02: 90, 0.05: 100, float("inf"): 100}, 100, 1.0)
    assert histogram.quantile(0.5) == 0.01
    assert abs((histogram.quantile(0.7) or 0) - 0.015) < 1e-9
    assert abs((histogram.quantile(0.95) or 0) - 0.035) < 1e-9
    assert Histogram().quantile(0.5) is None


def test_the_runs_figures_leave_out_what_was_counted_before_it() -> None:
    metrics = Metrics()
    metrics.actions.labels("claimit").inc(4)  # the setup's: a lobby, its start
    metrics.database_time.labels("write").observe(0.001)
    metrics.requests.labels("POST /channels/{id}/messages", "200").inc(2)
    before = read(scrape_of(metrics))
    metrics.actions.labels("claimit").inc(10)
    metrics.database_time.labels("write").observe(0.004)
    metrics.requests.labels("POST /channels/{id}/messages", "200").inc(3)
    run = read(scrape_of(metrics)).since(before)
    assert run.actions == 10
    assert run.database["write"].count == 1
    assert run.database["write"].quantile(1.0) == 0.005
    assert run.statuses == {"200": 3}
