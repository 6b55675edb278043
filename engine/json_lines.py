"""The JSON-lines transport every game's conformance protocol shares: one request per line,
one answer per line, and an answer to every line, whatever it holds (a request the engine
cannot answer is a ``bad_request``, never a crash). Each game's ``protocol`` reads the
request's fields and answers it."""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Iterable
from typing import IO, Any

JSON = dict[str, Any]


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


def handle_line(line: bytes, answer: Callable[[bytes], JSON]) -> JSON:
    """``answer``'s reply to the line, or a ``bad_request`` failure."""
    try:
        return answer(line)
    except BadRequest:
        return failure(BadRequest.code)
    except Exception:
        # The protocol promises an answer to every line: an engine bug is
        # reported on stderr and answered, not allowed to end the process.
        traceback.print_exc(file=sys.stderr)
        return failure(BadRequest.code)


def serve(requests: Iterable[bytes], out: IO[str], answer: Callable[[bytes], JSON]) -> None:
    for line in requests:
        out.write(json.dumps(handle_line(line, answer)) + "\n")
        out.flush()
