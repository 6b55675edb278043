"""What making drills and counting progress work out from a game's judging, apart from
the service's reads and writes: a position's key, whether it is worth drilling, and a
report's costs on the scale every unit shares."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from bot.features.drills.queries import Judged
from bot.features.drills.settings import DRILLS_FROM
from bot.games.analysis import Analysis, Grade, Weighed
from bot.games.registry import analyst_for
from bot.storage.records import PlayerSettings


def least_grade(settings: PlayerSettings) -> Grade:
    """The least grade a decision of this player's becomes a drill from."""
    return DRILLS_FROM.of(settings).least


def keys(kind: str, positions: Sequence[tuple[Any, int]]) -> list[str]:
    """Each of ``positions`` (a position and the seat to decide there) as its drill is
    keyed: the position as the seat saw it, hashed (an index can't take it whole)."""
    analyst = analyst_for(kind)
    return [
        hashlib.sha256(analyst.seen(state, seat).encode()).hexdigest() for state, seat in positions
    ]


def clearly_best(kind: str, weighed: Weighed) -> bool:
    """Whether one of a position's options is clearly the best, so that the position is
    worth drilling: the best's margin over the second is at least what the game's judge
    grades an inaccuracy in the options' unit (a second option that would not even be
    an inaccuracy is as good as the best to a player, and an answer of it should not be
    called wrong), and never below the judge's noise (``Weighed.noise``: a margin an
    estimate can't tell from its own chance). An exact judge's worths are exact
    fractions and compare exactly; an estimate's are kept to a millionth
    (``analysis.kept``) and compared as kept. A position of one option is nothing to
    drill."""
    if len(weighed.worths) < 2:
        return False
    margin = weighed.worths[0][1] - weighed.worths[1][1]
    least = analyst_for(kind).thresholds[weighed.unit].inaccuracy
    return margin >= max(least, weighed.noise)


def cost_per_decision(kind: str, games: Sequence[Judged]) -> Fraction | None:
    """What the player's decisions cost in ``games`` (each judged), per decision, on the
    scale of the grades (1 an inaccuracy, 2 a mistake, 3 a blunder): of the chance to win
    each cost, as the report grades it (a report of the older make, not yet judged again:
    of its own unit); ``None`` where they made none."""
    analyst = analyst_for(kind)
    decisions = 0
    total = Fraction(0)
    for game in games:
        assert game.report is not None
        analysis = Analysis.from_json(json.loads(game.report))
        mine = [decision for decision in analysis.decisions if decision.seat == game.seat]
        decisions += len(mine)
        if analysis.current:
            total += sum(
                (analyst.chance_thresholds.scale(d.chance_cost) for d in mine), Fraction(0)
            )
        else:
            total += sum((analyst.thresholds[d.unit].scale(d.cost) for d in mine), Fraction(0))
    return total / decisions if decisions else None
