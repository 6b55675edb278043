"""Interactions from their arrival to their answers, as the bot's requests tell them: the
first answer Discord took (the answer itself, or a deferral) and, after a deferral, the
first real one (the deferral's message edited, or a follow-up); and those Discord never
took an answer to.

The requests name an interaction by its id (its first answer, ``/callback``) or by its
token (what follows: ``/webhooks/{application}/{token}``), so each is kept from its
arrival with both, until its answers are in or it can take none any more."""

from __future__ import annotations

import contextlib
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from prometheus_client import Counter, Histogram

from bot.metrics.children import Children

KINDS = {
    "application_command": "command",
    "component": "component",
    "autocomplete": "autocomplete",
    "modal_submit": "modal",
}
"""The ``type`` label of each of discord.py's interaction types the bot is sent."""
FIRST_ANSWER_SECONDS = 30.0
"""When an interaction with no first answer Discord took is counted unanswered: well past
Discord's 3 s, so that an answer sent in time, its request slow, still counts as one."""
TOKEN_SECONDS = 15 * 60.0
"""An interaction's token takes follow-ups for 15 minutes."""
KEPT = 10_000
"""Interactions kept waiting for an answer, at most, in each stage: past that the oldest
is counted unanswered (a bot that stops under its interactions leaves none behind)."""
OWN_ORIGINAL = ("messages", "@original")
"""The path's end that names a deferral's message (``.../messages/@original``)."""


@dataclass(slots=True)
class Waiting:
    """An interaction whose answer is still to come."""

    arrived: float
    kind: str
    token: str
    deferring: bool = False
    """The bot's next answer to it is a deferral."""
    failed: bool = False
    """An answer to it failed (no answer, or a server error), and none got through yet."""


class Answers:
    """The interactions of one bot, from their arrival to their answers, counted into
    the figures of the same names as ``Metrics``'."""

    def __init__(
        self,
        interactions: Counter,
        answer_time: Histogram,
        deferred_answer_time: Histogram,
        unanswered: Counter,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._interactions = Children(interactions)
        self._answer_time = Children(answer_time)
        self._deferred_answer_time = Children(deferred_answer_time)
        self._unanswered_count = Children(unanswered)
        self._clock = clock
        self._first: OrderedDict[int, Waiting] = OrderedDict()
        """By id: no first answer Discord took yet."""
        self._deferred: OrderedDict[str, Waiting] = OrderedDict()
        """By token: deferred, the real answer still to come."""

    def arrived(self, interaction_id: int, token: str, type_name: str) -> None:
        """An interaction of discord.py's type ``type_name`` came in now."""
        kind = KINDS.get(type_name, "other")
        self._interactions(kind).inc()
        self.expire()
        self._first[interaction_id] = Waiting(self._clock(), kind, token)
        if len(self._first) > KEPT:
            self._unanswered(self._first.popitem(last=False)[1])

    def deferring(self, interaction_id: int) -> None:
        """The bot is about to defer the interaction: its first answer is a deferral."""
        waiting = self._first.get(interaction_id)
        if waiting is not None:
            waiting.deferring = True

    def sent(self, method: str, path: str, status: int | None) -> None:
        """A request to Discord's API got ``status`` (``None``: no answer at all): the
        first answer to an interaction, or a deferred one's real answer, are timed."""
        answered = interaction_answered(path)
        if answered is not None:
            self._first_answer(answered, status)
            return
        token = following(method, path)
        if token is not None and status is not None and status < 300:
            waiting = self._deferred.pop(token, None)
            if waiting is not None:
                elapsed = self._clock() - waiting.arrived
                self._deferred_answer_time(waiting.kind).observe(elapsed)

    def expire(self) -> None:
        """Counts the interactions that can't take the answer they wait for any more."""
        now = self._clock()
        while self._first:
            oldest = next(iter(self._first.values()))
            if now - oldest.arrived < FIRST_ANSWER_SECONDS:
                break
            self._unanswered(self._first.popitem(last=False)[1])
        while self._deferred:
            oldest = next(iter(self._deferred.values()))
            if now - oldest.arrived < TOKEN_SECONDS:
                break
            self._unanswered(self._deferred.popitem(last=False)[1], deferred=True)

    def _first_answer(self, interaction_id: int, status: int | None) -> None:
        waiting = self._first.get(interaction_id)
        if waiting is None:
            return  # answered already (a retry), or never seen arriving
        if status is not None and status < 300:
            del self._first[interaction_id]
            how = "deferred" if waiting.deferring else "direct"
            elapsed = self._clock() - waiting.arrived
            self._answer_time(waiting.kind, how).observe(elapsed)
            if waiting.deferring:
                self._deferred[waiting.token] = waiting
                if len(self._deferred) > KEPT:
                    self._unanswered(self._deferred.popitem(last=False)[1], deferred=True)
        elif status is not None and 400 <= status < 500 and status != 429:
            # Refused (too late, 10062): no retry of it can get through.
            del self._first[interaction_id]
            self._unanswered_count(waiting.kind, "failed").inc()
        else:
            waiting.failed = True  # discord.py may try it again

    def _unanswered(self, waiting: Waiting, deferred: bool = False) -> None:
        """``waiting`` can't take its answer any more: ``deferred``, with no real answer
        after; or its first answer failed; or it never had one."""
        reason = "deferred" if deferred else "failed" if waiting.failed else "never"
        self._unanswered_count(waiting.kind, reason).inc()


def interaction_answered(path: str) -> int | None:
    """The interaction a request answers first (``/interactions/{id}/{token}/callback``)."""
    parts = [part for part in path.split("/") if part]
    if len(parts) >= 4 and parts[-1] == "callback" and parts[-4] == "interactions":
        with contextlib.suppress(ValueError):
            return int(parts[-3])
    return None


def following(method: str, path: str) -> str | None:
    """The token of the interaction a request answers after its first answer: a follow-up
    (``POST /webhooks/{application}/{token}``), or the deferral's message edited or
    deleted (``.../messages/@original``)."""
    if method == "GET":
        return None
    parts = [part for part in path.split("/") if part]
    with contextlib.suppress(ValueError):
        at = parts.index("webhooks")
        if len(parts) == at + 3 and method == "POST":
            return parts[at + 2]
        if len(parts) == at + 5 and tuple(parts[at + 3 :]) == OWN_ORIGINAL:
            return parts[at + 2]
    return None
