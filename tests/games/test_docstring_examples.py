"""The worked examples in the games' interface (``GameRules``, ``GameFace``: Claim It!
filling them in) run as written, so a newcomer reading them reads what the code does; and
the run catches an example that no longer holds."""

from __future__ import annotations

import doctest

import pytest

from bot.games.face import GameFace
from bot.games.rules import GameRules

INTERFACES: list[type] = [GameRules, GameFace]


def failures(interface: type) -> tuple[int, str]:
    """How many examples the docstring of ``interface`` holds, and the report of those
    that fail (empty when none does). Each runs on its own imports."""
    found = doctest.DocTestFinder(recurse=False).find(
        interface, interface.__name__, module=False, globs={}
    )
    report: list[str] = []
    runner = doctest.DocTestRunner()
    for test in found:
        runner.run(test, out=report.append)
    return runner.tries, "".join(report)


@pytest.mark.parametrize("interface", INTERFACES, ids=[i.__name__ for i in INTERFACES])
def test_the_interfaces_examples_run_as_written(interface: type) -> None:
    tried, report = failures(interface)
    assert tried > 0, f"{interface.__name__} has no example"
    assert report == ""


def test_an_example_that_no_longer_holds_fails() -> None:
    class Interface:
        """An interface whose example was right once.

        >>> 1 + 1
        3
        """

    tried, report = failures(Interface)
    assert tried == 1
    assert "Expected:\n    3\nGot:\n    2" in report
