"""The JSON-lines transport every game's conformance protocol shares: one request per line,
one answer per line, and an answer to every line, whatever it holds (a request the engine
cannot answer is a ``bad_request``, never a crash). Each game's ``protocol`` reads the
request's fields and answers it."""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO, Any, TypeVar

from engine.errors import RulesError

JSON = dict[str, Any]
S = TypeVar("S")
E = TypeVar("E")
A = TypeVar("A")
T = TypeVar("T")


class BadRequest(Exception):
    code = "bad_request"


def failure(code: str, index: int | None = None) -> JSON:
    return {"ok": False, "error": {"index": index, "code": code}}


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def read_object(line: bytes) -> JSON:
    """The line's JSON object (NaN and Infinity are not JSON)."""
    try:
        request = json.loads(line.decode("utf-8"), parse_constant=_reject_constant)
    except (ValueError, RecursionError) as e:
        raise BadRequest(f"not a JSON request: {e}") from None
    if not isinstance(request, dict):
        raise BadRequest("a request is a JSON object")
    return request


def applied(
    state: S,
    actions: Iterable[object],
    step: Callable[[S, object], tuple[S, Iterable[E]]],
    state_to_json: Callable[[S], JSON],
    event_to_json: Callable[[E], JSON],
) -> JSON:
    """The answer to an ``apply``: ``step`` takes each raw action in turn; the first the
    rules refuse is the answer, with its index, and what came before it is dropped."""
    events: list[JSON] = []
    for index, raw in enumerate(actions):
        try:
            state, happened = step(state, raw)
        except RulesError as e:
            return failure(e.code, index)
        events.extend(event_to_json(event) for event in happened)
    return {"ok": True, "state": state_to_json(state), "events": events}


def players_only(
    apply: Callable[[S, A], T],
    read: Callable[[object], A],
    clock: type[object],
    refusal: Callable[[str], RulesError],
    words: str,
) -> Callable[[S, object], T]:
    """A ``step`` for ``applied`` that reads each raw action and applies it, but for the
    clock's (a ``clock``): the protocol knows only what players play, so that one is a
    ``refusal`` in ``words``."""

    def step(state: S, raw: object) -> T:
        action = read(raw)
        if isinstance(action, clock):
            raise refusal(words)
        return apply(state, action)

    return step


@dataclass(frozen=True, slots=True)
class Protocol:
    """One game's protocol on this transport: ``parse`` checks a line's request has the
    shape of one (else ``BadRequest``), ``answer`` answers it; a rule it breaks is the
    answer's error."""

    parse: Callable[[bytes], JSON]
    answer: Callable[[JSON], JSON]

    def handle_line(self, line: bytes) -> JSON:
        """The answer to the line, or a ``bad_request`` failure."""
        try:
            return self.answer(self.parse(line))
        except RulesError as e:
            return failure(e.code)
        except BadRequest:
            return failure(BadRequest.code)
        except Exception:
            # The protocol promises an answer to every line: an engine bug is
            # reported on stderr and answered, not allowed to end the process.
            traceback.print_exc(file=sys.stderr)
            return failure(BadRequest.code)

    def serve(self, requests: Iterable[bytes], out: IO[str]) -> None:
        for line in requests:
            out.write(json.dumps(self.handle_line(line)) + "\n")
            out.flush()
