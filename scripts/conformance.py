"""The rules-conformance checker: runs a game's cases against an engine that speaks the
game's JSON-lines protocol (``docs/rules/``) and says which answers differ.

    .venv/bin/python -m scripts.conformance                  # every game, against its engine
    .venv/bin/python -m scripts.conformance claim            # one game (its domain)
    .venv/bin/python -m scripts.conformance --cases FILE CMD [ARG...]

The cases are the project's own data in ``conformance/`` (``FILE`` may also be a path).
Each line is ``{"name", "request", "expect"}``; the engine's answer to the request must
equal ``expect`` as JSON, and as JSON alone: ``true`` is not ``1``, nor ``1.0`` ``1``
(Python's ``==`` would let either pass). Prints a line per failing case and a closing
``N passed, N failed``; exits 0 only when every case passed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.games.registry import REGISTERED

CASES_DIR = Path(__file__).resolve().parents[1] / "conformance"
ANSWER_TIME = 120.0
"""Seconds an engine has for all its answers: far beyond the slowest (Claim's cases take
about a second), so only a hung engine runs out of it."""


@dataclass(frozen=True)
class Failure:
    name: str
    request: Any
    expect: Any
    got: Any
    """The answer as parsed, or a sentence in angle brackets when there was none."""

    def __str__(self) -> str:
        got = self.got if _is_remark(self.got) else json.dumps(self.got)
        return (
            f"FAIL {self.name}\n  request: {json.dumps(self.request)}\n"
            f"  expect:  {json.dumps(self.expect)}\n  got:     {got}"
        )


@dataclass(frozen=True)
class Report:
    passed: int
    failures: tuple[Failure, ...]

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def summary(self) -> str:
        return f"{self.passed} passed, {len(self.failures)} failed"


def _is_remark(got: Any) -> bool:
    return isinstance(got, str) and got.startswith("<")


def same_json(a: Any, b: Any) -> bool:
    """Whether two parsed JSON values are the same value, types included."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(same_json, a, b))
    return bool(a == b)


def read_cases(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def check(cases: Sequence[dict[str, Any]], command: Sequence[str]) -> Report:
    """Sends every case's request to one run of ``command``, a line each, and compares
    the answers in order. An engine that stops answering fails the rest of the cases."""
    requests = "".join(json.dumps(case["request"]) + "\n" for case in cases)
    try:
        done = subprocess.run(
            command, input=requests, capture_output=True, text=True, timeout=ANSWER_TIME
        )
        lines = done.stdout.splitlines()
        silence = f"<no answer: the engine exited with {done.returncode}: {done.stderr.strip()}>"
    except subprocess.TimeoutExpired:
        lines, silence = [], f"<no answer within {ANSWER_TIME:.0f} s>"
    passed, failures = 0, []
    for index, case in enumerate(cases):
        got = _parsed(lines[index]) if index < len(lines) else silence
        if same_json(got, case["expect"]):
            passed += 1
        else:
            failures.append(Failure(case["name"], case["request"], case["expect"], got))
    return Report(passed, tuple(failures))


def _parsed(line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as e:
        return f"<unreadable answer {line!r}: {e}>"


def game_check(domain: str) -> Report:
    """A registered game's own cases against its engine, run with this Python."""
    protocol = importlib.import_module(f"engine.{domain}.protocol")
    command = [sys.executable, "-m", protocol.CONFORMANCE]
    return check(read_cases(CASES_DIR / protocol.CASES), command)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--cases", type=Path, help="a case file (a path, or a name in conformance/)"
    )
    parser.add_argument("words", nargs=argparse.REMAINDER, help="a game's domain, or a command")
    args = parser.parse_args(argv)
    if args.cases is not None:
        if not args.words:
            parser.error("--cases needs the engine's command after the file")
        path = args.cases if args.cases.exists() else CASES_DIR / args.cases
        reports = {path.name: check(read_cases(path), args.words)}
    else:
        domains = [game.domain for game in REGISTERED]
        unknown = set(args.words) - set(domains)
        if unknown:
            parser.error(
                f"no such game: {', '.join(sorted(unknown))} (games: {', '.join(domains)})"
            )
        reports = {domain: game_check(domain) for domain in args.words or domains}
    for name, report in reports.items():
        for failure in report.failures:
            print(failure)
        print(f"{name}: {report.summary}" if len(reports) > 1 else report.summary)
    return 0 if all(report.ok for report in reports.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
