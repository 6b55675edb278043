"""The figures an operator can watch, each bot's in a registry of its own, and the few
places the bot counts them.

Whose figures a piece of work counts into is the bot's whose work it is: a bot names
its figures (``counting``) as it starts, and every task it starts from then on inherits
them, as tasks inherit their context; the storage, the service and the pictures count
through the hooks here without being handed anything. With the endpoint off, a bot names
none, and each hook is one look at a context variable."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Coroutine
from contextvars import ContextVar
from typing import Any, Concatenate, ParamSpec, TypeVar

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from bot.metrics.answers import Answers
from bot.metrics.children import Children

P = ParamSpec("P")
S = TypeVar("S")
T = TypeVar("T")

ANSWER_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
"""Seconds from an interaction's arrival to its first answer: Discord waits 3 s for it."""
PICTURE_BUCKETS = (0.0005, 0.001, 0.0015, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.025, 0.1, 0.5, 2.0)
DATABASE_BUCKETS = (
    0.0001,
    0.00025,
    0.0005,
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.5,
    2.0,
)
PACE_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)
"""Seconds a request waited for its process's share of Discord's global limit: a
second's window drains within a second, more only while the share is moving."""
DEFERRED_BUCKETS = (0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 7.5, 10.0, 15.0, 30.0, 60.0)
"""Seconds from a deferred interaction's arrival to its real answer."""


class Metrics:
    """One bot's figures, in its own registry (several bots in one process, as tests
    start them, each serve their own)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.games = Gauge(
            "claimit_games",
            "Games of this process's shards now: waiting for players (a lobby) or being "
            "played, by game kind.",
            ["kind", "state"],
            registry=registry,
        )
        self.actions = Counter(
            "claimit_actions",
            "Moves committed (a player's, a computer player's, a time-out's), by game kind.",
            ["kind"],
            registry=registry,
        )
        self.lesson_steps = Counter(
            "claimit_lesson_steps",
            "Lessons' steps, by lesson, step and what: reached, finished, taught_first (the "
            "learner's first move there was the one it teaches) or other_first.",
            ["lesson", "step", "what"],
            registry=registry,
        )
        self.interactions = Counter(
            "claimit_interactions",
            "Interactions that arrived, by type: component (a click, a pick), command, "
            "autocomplete, modal.",
            ["type"],
            registry=registry,
        )
        self.answer_time = Histogram(
            "claimit_answer_seconds",
            "Seconds from an interaction's arrival to the end of its first answer Discord "
            "took, by type and answer: direct (the answer itself) or deferred (only an "
            "acknowledgement, the answer to follow).",
            ["type", "answer"],
            buckets=ANSWER_BUCKETS,
            registry=registry,
        )
        self.deferred_answer_time = Histogram(
            "claimit_deferred_answer_seconds",
            "Seconds from a deferred interaction's arrival to the end of its real answer "
            "(the deferral's message edited or deleted, or a follow-up), by type.",
            ["type"],
            buckets=DEFERRED_BUCKETS,
            registry=registry,
        )
        self.unanswered = Counter(
            "claimit_unanswered",
            "Interactions Discord took no answer to, by type and reason: failed (the first "
            "answer was refused or lost), never (none was sent within 30 s), deferred "
            "(deferred, and no real answer within the token's 15 minutes).",
            ["type", "reason"],
            registry=registry,
        )
        self.pictures = Counter(
            "claimit_pictures",
            "Pictures made (drawn and encoded), by picture kind.",
            ["picture"],
            registry=registry,
        )
        self.picture_time = Histogram(
            "claimit_picture_seconds",
            "Seconds the bot waited for a picture to be drawn and encoded, by picture kind.",
            ["picture"],
            buckets=PICTURE_BUCKETS,
            registry=registry,
        )
        self.requests = Counter(
            "claimit_discord_requests",
            "Requests to Discord's REST API, by route (ids and tokens left out) and the "
            "answer's HTTP status (429: rate limited; failed: no answer).",
            ["route", "status"],
            registry=registry,
        )
        self.refusals = Counter(
            "claimit_discord_refusals",
            "Discord's refusals (4xx answers but 429), by route and Discord's JSON error "
            "code (10008: unknown message, 50013: missing permissions, ...).",
            ["route", "code"],
            registry=registry,
        )
        self.invalid_requests = Counter(
            "claimit_discord_invalid_requests",
            "Discord's answers that count towards its ban of the bot's address (401, 403, "
            "and 429 but of the shared scope; 10,000 in 10 minutes bans it), by client: bot "
            "(discord.py's requests) or board (the board's sign-ins).",
            ["client"],
            registry=registry,
        )
        self.rate_limited = Counter(
            "claimit_discord_rate_limited",
            "Discord's 429 answers, by client (bot or board, as for invalid requests) and "
            "the limit's scope: user (a route's bucket), global (the bot's 50 a second), "
            "shared (a resource's, which doesn't count towards a ban) or none (Cloudflare's "
            "ban of the address, which says no scope).",
            ["client", "scope"],
            registry=registry,
        )
        self.pace_wait_time = Histogram(
            "claimit_pace_wait_seconds",
            "Seconds each request that had to wait waited for this process's share of "
            "Discord's global request limit (its count: how many waited).",
            buckets=PACE_BUCKETS,
            registry=registry,
        )
        self.pace_grant = Gauge(
            "claimit_pace_grant",
            "Requests this process may make in any second now: its share of the 45 the "
            "bot's processes share under Discord's global 50.",
            registry=registry,
        )
        self.pace_demand = Gauge(
            "claimit_pace_demand",
            "Requests this process sent over the last second and has waiting now.",
            registry=registry,
        )
        self.database_time = Histogram(
            "claimit_database_seconds",
            "Seconds the bot waited for each database transaction, by kind: read, write, "
            "or statement (a single statement that commits by itself).",
            ["transaction"],
            buckets=DATABASE_BUCKETS,
            registry=registry,
        )
        self.deadlines_due = Gauge(
            "claimit_deadlines_due",
            "Deadlines (a lobby's or a turn's) that had passed when the deadline watch "
            "last looked, being handled now.",
            registry=registry,
        )
        self.answers = Answers(
            self.interactions, self.answer_time, self.deferred_answer_time, self.unanswered, clock
        )
        """The interactions waiting for their answers."""
        # The children of those counted on the hot path, each looked up once.
        self.actions_of = Children(self.actions)
        self.lesson_steps_of = Children(self.lesson_steps)
        self.pictures_of = Children(self.pictures)
        self.picture_time_of = Children(self.picture_time)
        self.requests_of = Children(self.requests)
        self.refusals_of = Children(self.refusals)
        self.invalid_requests_of = Children(self.invalid_requests)
        self.rate_limited_of = Children(self.rate_limited)
        self.database_time_of = Children(self.database_time)


_counting: ContextVar[Metrics | None] = ContextVar("claimit_metrics", default=None)


def counting(metrics: Metrics | None) -> None:
    """This task's work, and that of every task it starts from now on, counts into
    ``metrics`` (``None``: into nothing)."""
    _counting.set(metrics)


def current() -> Metrics | None:
    """The figures the work under way counts into, if any."""
    return _counting.get()


def action_made(kind: str) -> None:
    """A move of a game of ``kind`` was committed."""
    metrics = _counting.get()
    if metrics is not None:
        metrics.actions_of(kind).inc()


def lesson_counted(lesson: str, step: str, what: str) -> None:
    """A learner reached a lesson's step, finished it, or made their first move there
    (``LessonService.counted``)."""
    metrics = _counting.get()
    if metrics is not None:
        metrics.lesson_steps_of(lesson, step, what).inc()


def deferring(interaction_id: int) -> None:
    """The bot is about to defer the interaction (acknowledge it, its answer to follow)."""
    metrics = _counting.get()
    if metrics is not None:
        metrics.answers.deferring(interaction_id)


def deadlines_due(count: int) -> None:
    """The deadline watch found ``count`` deadlines passed."""
    metrics = _counting.get()
    if metrics is not None:
        metrics.deadlines_due.set(count)


def timed_transaction(
    kind: str,
) -> Callable[
    [Callable[Concatenate[S, P], Coroutine[Any, Any, T]]],
    Callable[Concatenate[S, P], Coroutine[Any, Any, T]],
]:
    """A database's transaction method, timed as ``kind`` (read, write, statement)."""

    def timing(
        transaction: Callable[Concatenate[S, P], Coroutine[Any, Any, T]],
    ) -> Callable[Concatenate[S, P], Coroutine[Any, Any, T]]:
        @functools.wraps(transaction)
        async def timed(database: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
            metrics = _counting.get()
            if metrics is None:
                return await transaction(database, *args, **kwargs)
            started = time.perf_counter()
            try:
                return await transaction(database, *args, **kwargs)
            finally:
                metrics.database_time_of(kind).observe(time.perf_counter() - started)

        return timed

    return timing


def timed_pictures(
    paint: Callable[Concatenate[S, int, Callable[P, T], P], Coroutine[Any, Any, T]],
) -> Callable[Concatenate[S, int, Callable[P, T], P], Coroutine[Any, Any, T]]:
    """The pictures' ``paint(key, function, *args)``, each picture counted and timed as
    the bot waits for it, its kind named by the function that makes it."""

    @functools.wraps(paint)
    async def timed(
        painters: S, key: int, function: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs
    ) -> T:
        metrics = _counting.get()
        if metrics is None:
            return await paint(painters, key, function, *args, **kwargs)
        started = time.perf_counter()
        made = await paint(painters, key, function, *args, **kwargs)
        picture = picture_kind(function)
        metrics.picture_time_of(picture).observe(time.perf_counter() - started)
        metrics.pictures_of(picture).inc()
        return made

    return timed


def picture_kind(function: Callable[..., object]) -> str:
    """A picture's kind: the module and name of what makes it, the common ``render.``
    left out (``claimit.pictures.render_board``)."""
    module = getattr(function, "__module__", None) or "?"
    name = getattr(function, "__qualname__", None) or type(function).__qualname__
    return f"{module.removeprefix('render.')}.{name}"
