"""What every game's conformance protocol shares, checked on each registered game's
engine alike: any line that is not a request object, or not one with a known op and a
state, is a ``bad_request``, and the game's conformance cases (``conformance/``) all pass
against its engine run as a process."""

from __future__ import annotations

import importlib
import json
from types import ModuleType

import pytest

from bot.games.registry import REGISTERED
from scripts import conformance

PROTOCOLS = [importlib.import_module(f"engine.{game.domain}.protocol") for game in REGISTERED]
each_protocol = pytest.mark.parametrize(
    "protocol", PROTOCOLS, ids=[game.domain for game in REGISTERED]
)


@each_protocol
@pytest.mark.parametrize(
    "line",
    [b"", b"   ", b"not json", b"[1, 2]", b'"legal"', b"\xff\xfe", b'{"op": NaN}', b"[" * 100_000],
)
def test_a_line_that_is_not_a_request_object_is_a_bad_request(
    protocol: ModuleType, line: bytes
) -> None:
    assert protocol.PROTOCOL.handle_line(line) == {
        "ok": False,
        "error": {"index": None, "code": "bad_request"},
    }


@each_protocol
@pytest.mark.parametrize(
    "request_",
    [{"op": "teleport", "state": {}}, {"op": 1, "state": {}}, {"state": {}}, {"op": "score"}],
)
def test_a_request_without_a_known_op_or_without_a_state_is_a_bad_request(
    protocol: ModuleType, request_: dict[str, object]
) -> None:
    """Its shape is checked before anything in it: the state here is no position at all."""
    assert protocol.PROTOCOL.handle_line(json.dumps(request_).encode()) == {
        "ok": False,
        "error": {"index": None, "code": "bad_request"},
    }


@each_protocol
def test_the_conformance_cases_pass(protocol: ModuleType) -> None:
    report = conformance.game_check(protocol.__name__.split(".")[1])
    assert report.ok, "\n".join(map(str, report.failures))
    assert report.passed == len(conformance.read_cases(conformance.CASES_DIR / protocol.CASES))
