"""The conformance checker itself: it passes only answers equal to the cases as JSON, and
says what an engine that fails, stops or talks nonsense answered."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from scripts import conformance

ECHO = [
    sys.executable,
    "-c",
    "import sys\nfor line in sys.stdin: print(line.strip(), flush=True)",
]
"""An engine that answers each request with the request itself."""


def case(name: str, request: Any, expect: Any) -> dict[str, Any]:
    return {"name": name, "request": request, "expect": expect}


def test_an_answer_equal_to_the_case_passes() -> None:
    report = conformance.check([case("same", {"a": [1, "b"]}, {"a": [1, "b"]})], ECHO)
    assert report.ok and report.passed == 1
    assert report.summary == "1 passed, 0 failed"


@pytest.mark.parametrize(
    ("answer", "expect"),
    [(True, 1), (1, 1.0), ({"a": 1}, {"a": 1, "b": 2}), ([1, 2], [2, 1]), (None, False)],
)
def test_values_python_finds_equal_but_json_does_not_fail(answer: Any, expect: Any) -> None:
    report = conformance.check([case("typed", answer, expect)], ECHO)
    assert not report.ok
    (failure,) = report.failures
    assert failure.got == answer
    assert str(failure).startswith("FAIL typed\n")


def test_an_engine_that_stops_fails_every_case_it_left_unanswered() -> None:
    one_answer = [sys.executable, "-c", "import sys; print(sys.stdin.readline().strip())"]
    cases = [case("first", 1, 1), case("second", 2, 2), case("third", 3, 3)]
    report = conformance.check(cases, one_answer)
    assert report.passed == 1
    assert [f.name for f in report.failures] == ["second", "third"]
    assert report.failures[0].got.startswith("<no answer: the engine exited with 0")


def test_an_unreadable_answer_is_said_as_it_came() -> None:
    garbled = [sys.executable, "-c", "import sys; sys.stdin.read(); print('{not json')"]
    (failure,) = conformance.check([case("garbled", 1, 1)], garbled).failures
    assert failure.got.startswith("<unreadable answer '{not json'")


def test_the_command_line_checks_a_case_file_and_exits_by_its_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = tmp_path / "cases.jsonl"
    cases.write_text(
        "\n".join(json.dumps(c) for c in [case("fine", 1, 1), case("off", 2, 3)]) + "\n"
    )
    assert conformance.main(["--cases", str(cases), *ECHO]) == 1
    printed = capsys.readouterr().out
    assert printed.startswith("FAIL off\n")
    assert printed.endswith("1 passed, 1 failed\n")


def test_every_game_has_its_cases_in_the_repository() -> None:
    assert conformance.main([]) == 0
