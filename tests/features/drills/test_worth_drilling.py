"""Positions worth drilling (``making.clearly_best``): a decision becomes a drill only
where one option is clearly the best, its margin over the second at least an inaccuracy
in the options' unit and never below the judge's noise; exact worths compare exactly.
At the bound exactly, one unit of the kept worths (a millionth) either side, per game
and unit; and through the service, a game whose every position is a near tie makes no
drill where the same game with a clear best makes some."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from bot.features.drills import making
from bot.games.analysis import Unit, Weighed
from bot.games.claimit.analysis import ClaimItAnalyst
from bot.games.registry import analyst_for
from bot.service import GameService
from tests.bot.fixtures import ANN, ScriptedDice
from tests.features.drills.test_service_drills import every_drill, played

pytestmark = pytest.mark.service_on_clock

KEPT = Fraction(1, 1_000_000)
"""One unit of an estimated worth as the report keeps it (``analysis.kept``)."""

UNITS = [
    (kind, unit)
    for kind in ("claimit", "nuggets", "claim")
    for unit in analyst_for(kind).thresholds
]


def options(
    margin: Fraction, unit: Unit, *, exact: bool = False, noise: Fraction = Fraction(0)
) -> Weighed:
    """Three options, the best ``margin`` ahead of the second, the third far behind."""
    worths = (("a", Fraction(1)), ("b", 1 - margin), ("c", -margin - 5))
    return Weighed(unit, exact, worths, noise)


@pytest.mark.parametrize(("kind", "unit"), UNITS)
def test_the_best_must_lead_by_an_inaccuracy_of_its_unit(kind: str, unit: Unit) -> None:
    least = analyst_for(kind).thresholds[unit].inaccuracy
    assert making.clearly_best(kind, options(least, unit))
    assert making.clearly_best(kind, options(least + KEPT, unit))
    assert not making.clearly_best(kind, options(least - KEPT, unit))
    assert not making.clearly_best(kind, options(Fraction(0), unit))


def test_exact_worths_compare_exactly() -> None:
    least = analyst_for("nuggets").thresholds[Unit.NUGGETS].inaccuracy
    tiny = Fraction(1, 10**12)
    assert making.clearly_best("nuggets", options(least, Unit.NUGGETS, exact=True))
    assert not making.clearly_best("nuggets", options(least - tiny, Unit.NUGGETS, exact=True))
    assert making.clearly_best("nuggets", options(least + tiny, Unit.NUGGETS, exact=True))


def test_a_margin_within_the_noise_is_no_clear_best() -> None:
    least = analyst_for("claim").thresholds[Unit.FACTIONS].inaccuracy
    noise = 2 * least
    assert not making.clearly_best("claim", options(noise - KEPT, Unit.FACTIONS, noise=noise))
    assert making.clearly_best("claim", options(noise, Unit.FACTIONS, noise=noise))


def test_a_single_option_is_nothing_to_drill() -> None:
    assert not making.clearly_best("claimit", Weighed(Unit.SPACES, False, (("stop", Fraction(1)),)))


@pytest.mark.parametrize(("offset", "drilled"), [(-KEPT, False), (Fraction(0), True), (KEPT, True)])
async def test_a_near_tie_makes_no_drill_where_a_clear_best_does(
    service: GameService,
    dice: ScriptedDice,
    monkeypatch: pytest.MonkeyPatch,
    offset: Fraction,
    drilled: bool,
) -> None:
    """Every position of Ann's game weighed with its best option ``offset`` from an
    inaccuracy ahead of the second: below it the game makes no drill (and notes none),
    at it or above it Ann's mistakes are drills."""
    weighing = ClaimItAnalyst.weighed

    def narrowed(self: ClaimItAnalyst, state: Any, seat: int) -> Weighed | None:
        found = weighing(self, state, seat)
        if found is None:
            return None
        margin = self.thresholds[found.unit].inaccuracy + offset
        first, *rest = (option for option, _ in found.worths)
        worths = ((first, Fraction(1)), *((o, 1 - margin - i) for i, o in enumerate(rest)))
        return Weighed(found.unit, found.exact, worths, found.noise, found.chances)

    monkeypatch.setattr(ClaimItAnalyst, "weighed", narrowed)
    game = await played(service, dice, "claimit")
    drills = await every_drill(service, ANN.user_id)
    assert bool(drills) is drilled
    noted = await service.database.read(
        lambda c: c.ints("SELECT drills FROM drill_games WHERE game_id = ?", (game.id,))
    )
    assert noted == [len(drills)]
    assert all(making.clearly_best("claimit", d.weighed) for d in drills)
