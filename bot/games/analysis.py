"""What decided a finished game: each decision its players made, judged against the best
play we can compute from what the player knew then, as plain data a game's analyst makes
(in a process of its own, ``bot.features.analysis``) and its report words and draws.

A decision is judged by what each option was worth to the player who chose (expected
nuggets, the board's worth in spaces, a chance to win: a game's ``Unit``), and its cost
is what the best option was worth beyond the one chosen, in that unit and in chance to
win: the report's one scale, on which each chance event's luck is weighed too. Grades
come from each game's thresholds when the report is shown, so that a better calibration
needs no game judged again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from fractions import Fraction
from typing import Any, Final, Protocol, TypeVar

from bot.storage.game_values import JSON, Level
from engine.chance_luck import EventLuck
from engine.judging import Judged as Verdict


class Unit(StrEnum):
    """What a game's worths count."""

    NUGGETS = "nuggets"
    """Gold Nuggets: the nuggets a turn is expected to take, played on optimally."""
    SPACES = "spaces"
    """Claim It!: the board's worth to the mover against the best rival, counted in spaces
    of a largest mine."""
    FACTIONS = "factions"
    """Claim: the factions the mover's side is expected to win, played on."""
    WIN_CHANCE = "win chance"
    """A chance to win the game, from 0 to 1."""


DECIDED: Final = Fraction(5, 100)
"""A game is decided for a mover whose chance to win is within five points of 0 or 1:
there a decision that throws away nuggets, spaces or factions costs next to no chance, and is
graded in the game's own unit too (``graded_by``), so that a habit still comes back."""


def weighed_in_own_unit(best: float | Fraction, worst: float | Fraction, alike: Fraction) -> bool:
    """Whether a hint weighs a position's options in the game's own unit rather than in
    chance to win: the game is ``DECIDED`` for the mover and the options' chances lie less
    than ``alike`` apart (the best's and the worst's), so that the chance no longer tells
    them apart, as the report grades such a decision by its own unit too."""
    return min(best, 1 - best) <= DECIDED and best - worst < alike


class Grade(IntEnum):
    """A decision by its cost, from the best to a blunder."""

    BEST = 0
    GOOD = 1
    """Not the best, by less than an inaccuracy."""
    INACCURACY = 2
    MISTAKE = 3
    BLUNDER = 4


@dataclass(frozen=True)
class Thresholds:
    """The costs from which a decision is an inaccuracy, a mistake and a blunder."""

    inaccuracy: Fraction
    mistake: Fraction
    blunder: Fraction

    def grade(self, cost: Fraction) -> Grade:
        """The grade of a decision that cost ``cost``."""
        if cost <= 0:
            return Grade.BEST
        if cost >= self.blunder:
            return Grade.BLUNDER
        if cost >= self.mistake:
            return Grade.MISTAKE
        if cost >= self.inaccuracy:
            return Grade.INACCURACY
        return Grade.GOOD

    def scale(self, cost: Fraction) -> Fraction:
        """``cost`` on the scale every unit shares: 1 at an inaccuracy, 2 at a mistake, 3
        at a blunder, in a straight line between them (and past a blunder as from a
        mistake to it). Each game sets its units' thresholds to mean the same (an
        inaccuracy in spaces is as bad as one in win chance), so that a drill's answer,
        weighed in its position's own unit, compares with others (a report compares
        decisions by their ``chance_cost`` instead)."""
        if cost <= 0:
            return Fraction(0)
        if cost < self.inaccuracy:
            return cost / self.inaccuracy
        if cost < self.mistake:
            return 1 + (cost - self.inaccuracy) / (self.mistake - self.inaccuracy)
        return 2 + (cost - self.mistake) / (self.blunder - self.mistake)


@dataclass(frozen=True)
class Played:
    """A move of a finished game as the analysis reads it: the position it was made in,
    the seat that made it and the game's own action."""

    before: Any
    seat: int
    action: Any
    own: bool = True
    """Whoever holds the seat made it: not the clock for a quiet player, nor a computer
    player standing in for one away (no decision of theirs)."""


@dataclass(frozen=True)
class Judged:
    """One decision, judged."""

    move: int
    """Its index among the game's moves that stand: people read it as move ``move + 1``,
    the replay's step of that number showing it made (``replay.step_showing``), the step
    before it the position it was made in."""
    seat: int
    chosen: str
    """The option chosen, as the game's report words read it (an intent, a card)."""
    best: str
    """The best option (the chosen one, where it was the best)."""
    cost: Fraction
    """What the best option was worth beyond the chosen one, in ``unit``."""
    unit: Unit
    exact: bool
    """The worths are exact (Gold Nuggets' turn), not estimated."""
    chance_cost: Fraction = Fraction(0)
    """What the choice cost in chance to win the game (0 to 1): the option best by the
    game's win-chance model against the one chosen. The scale of every decision of a
    game: its grade (but in a decided game, ``graded_by``), the costliest decision and
    a player's decision rate count it."""
    chance: Fraction | None = None
    """The mover's chance to win before it (its best option's), where it was weighed."""
    own: tuple[Unit, Fraction] | None = None
    """What it cost in the game's own unit (nuggets, factions) where ``unit`` is the chance
    to win: what a decided game grades it by too."""
    given: tuple[Fraction, ...] | None = None
    """What the choice gave each seat, seat by seat, in chance to win: its chance after
    the chosen option less after the best (the mover's is ``-chance_cost``), where the
    game's judge weighs every seat's and the choice moved some seat's; the ledger
    (``ledgers``) counts each rival's share so rather than evenly."""

    def to_json(self) -> JSON:
        """As the report is kept."""
        kept_json: dict[str, Any] = {
            "move": self.move,
            "seat": self.seat,
            "chosen": self.chosen,
            "best": self.best,
            "cost": str(self.cost),
            "unit": self.unit.value,
            "exact": self.exact,
            "chance_cost": str(self.chance_cost),
        }
        if self.chance is not None:
            kept_json["chance"] = str(self.chance)
        if self.own is not None:
            kept_json["own"] = [self.own[0].value, str(self.own[1])]
        if self.given is not None:
            kept_json["given"] = [str(gift) for gift in self.given]
        return kept_json

    @property
    def decided(self) -> bool:
        """Whether the game was decided for the mover when it was made: its chance within
        ``DECIDED`` of 0 or 1."""
        return self.chance is not None and min(self.chance, 1 - self.chance) <= DECIDED

    def own_cost(self) -> tuple[Unit, Fraction] | None:
        """Its cost in the game's own unit (nuggets, spaces, factions), if it has one."""
        if self.unit is not Unit.WIN_CHANCE:
            return self.unit, self.cost
        return self.own

    @classmethod
    def from_json(cls, data: Any) -> Judged:
        """As ``to_json`` wrote it."""
        return cls(
            int(data["move"]),
            int(data["seat"]),
            str(data["chosen"]),
            str(data["best"]),
            Fraction(data["cost"]),
            Unit(data["unit"]),
            bool(data["exact"]),
            Fraction(data.get("chance_cost", "0")),
            None if data.get("chance") is None else Fraction(data["chance"]),
            None if data.get("own") is None else (Unit(data["own"][0]), Fraction(data["own"][1])),
            None if data.get("given") is None else tuple(Fraction(g) for g in data["given"]),
        )


class ChanceKind(StrEnum):
    """What brought a chance event."""

    ROLL = "roll"
    """Dice rolled (Claim It!'s three, Gold Nuggets' dice left)."""
    DEAL = "deal"
    """Claim: the hand a seat was dealt."""
    PRIZE = "prize"
    """Claim: a prize turned up from the draw pile, seen by all."""
    DRAW = "draw"
    """Claim: a card a seat drew face down, seen by that seat alone."""


@dataclass(frozen=True)
class Fortune:
    """One chance event of a game and each seat's luck in it: the seat's chance to win
    after it, with best play, minus that chance averaged over every outcome that could
    have come (over the cards the seat had not seen, for a card)."""

    move: int
    """The index of the move whose outcome it was (a roll; the move after which a card
    came), as ``Judged.move``; -1 for what came before the first move (the deal)."""
    seat: int
    """Whose roll, deal or draw it was; for a prize, the seat to lead the trick."""
    kind: ChanceKind
    luck: tuple[Fraction, ...]
    """Each seat's luck in it, in chance to win (-1 to 1), seat by seat; 0 for a seat
    that did not see it (another's face-down draw)."""

    def to_json(self) -> JSON:
        """As the report is kept."""
        return {
            "move": self.move,
            "seat": self.seat,
            "kind": self.kind.value,
            "luck": [str(luck) for luck in self.luck],
        }

    @classmethod
    def from_json(cls, data: Any) -> Fortune:
        """As ``to_json`` wrote it."""
        return cls(
            int(data["move"]),
            int(data["seat"]),
            ChanceKind(data["kind"]),
            tuple(Fraction(luck) for luck in data["luck"]),
        )

    @classmethod
    def of(cls, event: EventLuck) -> Fortune:
        """An engine's chance event as the report keeps it (each luck ``kept``)."""
        return cls(event.move, event.seat, ChanceKind(event.kind), tuple(map(kept, event.luck)))


REPORT_VERSION = 4
"""The report's make: 2 weighs luck and every decision in chance to win; 3 tells Claim
It!'s luck and decisions by one value of a position and keeps each decision's chance
before it and its cost in the game's own unit (what a decided game grades by); 4 keeps
what a Claim It! or Gold Nuggets decision gave each rival (``Judged.given``), Claim
It!'s chances by the model refitted so that a roll's luck averages 0, Gold Nuggets' luck
of a turn's first roll at three seats or more against the model's chance before it, and
Claim's deals weighed by how well they explain the cards on the trick. A report kept by
an older make is judged again when next asked for."""


@dataclass(frozen=True)
class Analysis:
    """A finished game's decisions, each judged, its chance events' luck, and what judging
    them took."""

    players: int
    decisions: tuple[Judged, ...]
    seconds: float
    """CPU seconds the judging took, over every process it ran in."""
    fortunes: tuple[Fortune, ...] = ()
    version: int = REPORT_VERSION

    @property
    def current(self) -> bool:
        """Whether the report is of the current make (``REPORT_VERSION``)."""
        return self.version == REPORT_VERSION

    def luck(self, seat: int) -> Fraction:
        """The seat's luck over the game: its luck in every chance event, summed."""
        return sum((fortune.luck[seat] for fortune in self.fortunes), Fraction(0))

    def to_json(self) -> JSON:
        """As the report is kept."""
        return {
            "version": self.version,
            "players": self.players,
            "decisions": [decision.to_json() for decision in self.decisions],
            "fortunes": [fortune.to_json() for fortune in self.fortunes],
            "seconds": self.seconds,
        }

    @classmethod
    def from_json(cls, data: Any) -> Analysis:
        """As ``to_json`` wrote it (a report of version 1 had no fortunes)."""
        return cls(
            int(data["players"]),
            tuple(Judged.from_json(d) for d in data["decisions"]),
            float(data["seconds"]),
            tuple(Fortune.from_json(f) for f in data.get("fortunes", ())),
            int(data.get("version", 1)),
        )


@dataclass(frozen=True)
class Weighed:
    """The options of the seat to act in a position, each weighed by the game's judge from
    that seat's view alone: what a hint shows and what a drill's answer says. The same for
    every position the seat could not tell apart (Claim: however the cards it had not
    seen lie)."""

    unit: Unit
    exact: bool
    worths: tuple[tuple[str, Fraction], ...]
    """Each legal option (as the report keeps one, named for the seat itself, as
    ``Analyst.judge`` names them ``for_the_mover``) and its worth in ``unit``, the best
    first."""
    noise: Fraction = Fraction(0)
    """A cost below this counts as none: an estimate can't tell it from its own chance."""
    chances: tuple[tuple[str, Fraction], ...] = ()
    """Each option's chance to win for the seat (the game's win-chance model), on which
    a report grades a decision (``Judged.chance_cost``); none in a drill or hint kept
    before chances were weighed."""

    @property
    def best(self) -> str:
        """The best option."""
        return self.worths[0][0]

    def cost(self, option: str) -> Fraction:
        """What ``option`` gives away against the best (0 where it is as good, or within
        the noise); a ``KeyError`` for an option the seat did not have."""
        return _beyond(self.worths[0][1], dict(self.worths)[option], self.noise)

    def chance_cost(self, option: str) -> Fraction | None:
        """What ``option`` gives away in chance to win against the option of most chance,
        as a report counts a decision's (0 within the noise); ``None`` where no chances
        were weighed."""
        if not self.chances:
            return None
        found = dict(self.chances)
        return _beyond(max(found.values()), found[option], self.noise)

    def to_json(self) -> JSON:
        """As a hint or a drill keeps it."""
        return {
            "unit": self.unit.value,
            "exact": self.exact,
            "worths": [[option, str(worth)] for option, worth in self.worths],
            "noise": str(self.noise),
            "chances": [[option, str(chance)] for option, chance in self.chances],
        }

    @classmethod
    def from_json(cls, data: Any) -> Weighed:
        """As ``to_json`` wrote it."""
        return cls(
            Unit(data["unit"]),
            bool(data["exact"]),
            tuple((str(option), Fraction(worth)) for option, worth in data["worths"]),
            Fraction(data["noise"]),
            tuple((str(option), Fraction(chance)) for option, chance in data.get("chances", [])),
        )


Option = TypeVar("Option")


def seen_text(seen: JSON) -> str:
    """A seat's view as ``Analyst.seen`` gives it: its JSON with the keys sorted and no
    spaces, so that one view is one text."""
    return json.dumps(seen, sort_keys=True, separators=(",", ":"))


def best_first(
    worths: Iterable[tuple[str, Fraction | float]],
    unit: Unit,
    *,
    exact: bool,
    chances: Iterable[tuple[str, Fraction | float]],
    noise: Fraction = Fraction(0),
) -> Weighed:
    """A position's options (as the report names them) and their worths as a judge gave
    them, kept as the report keeps a worth (``kept``), the best first; ``chances``, each
    option's chance to win, kept alike in the same order."""
    ranked = sorted(((option, kept(worth)) for option, worth in worths), key=lambda p: -p[1])
    chance = {option: kept(found) for option, found in chances}
    return Weighed(
        unit, exact, tuple(ranked), noise, tuple((option, chance[option]) for option, _ in ranked)
    )


def own_moves(moves: Sequence[Played], time_out: type) -> list[int]:
    """The indices of the moves whoever holds the seat made (not the clock's, the game's
    ``time_out`` action, nor a stand-in's): the decisions a game judges."""
    return [
        index
        for index, move in enumerate(moves)
        if move.own and not isinstance(move.action, time_out)
    ]


def kept(worth: Fraction | float) -> Fraction:
    """A worth as the report keeps it: exact, or an estimate to a millionth (no grade
    hangs on less)."""
    return worth if isinstance(worth, Fraction) else Fraction(round(worth * 1e6), 1_000_000)


def _beyond(best: Fraction, chosen: Fraction, noise: Fraction) -> Fraction:
    """What ``chosen`` gives away against ``best``: none where that is below ``noise``,
    which an estimate can't tell from its own chance."""
    cost = best - chosen
    return Fraction(0) if cost < noise else cost


def judged_choice(
    move: Played,
    index: int,
    verdict: Verdict[Option, Any],
    option: Callable[[Option], str],
    unit: Unit,
    *,
    exact: bool,
    chances: Mapping[Option, float],
    noise: Fraction = Fraction(0),
    chance_noise: Fraction = Fraction(0),
    own: tuple[Unit, Fraction] | None = None,
    seat_chances: Mapping[Option, Sequence[float]] | None = None,
) -> Judged:
    """The ``index``-th move's decision judged from the engine's ``verdict`` (each option's
    worth, and the one chosen): its cost against the best, counted as none below ``noise``
    (what an estimate can't tell from its own chance), and its options as the report keeps
    them (``option``); ``chances``: each option's chance to win for the mover, by the
    game's win-chance model, whose best against the chosen one is the ``chance_cost``
    (none below ``chance_noise``); ``own``, its cost in the game's own unit where
    ``unit`` is the chance to win; ``seat_chances``, every seat's chance after each
    option, where the judge weighs them (``Judged.given``)."""
    worths, chosen = verdict.worths, verdict.chosen
    best = max(worths, key=lambda choice: worths[choice])
    cost = _beyond(kept(worths[best]), kept(worths[chosen]), noise)
    chance = kept(max(chances.values()))
    chance_cost = _beyond(chance, kept(chances[chosen]), chance_noise)
    given = None
    if seat_chances is not None:
        # Even a choice that cost its maker nothing may move the others: whom a steal
        # takes from.
        by_chance = max(chances, key=lambda choice: chances[choice])
        gifts = tuple(
            -chance_cost if seat == move.seat else kept(after) - kept(top)
            for seat, (after, top) in enumerate(
                zip(seat_chances[chosen], seat_chances[by_chance], strict=True)
            )
        )
        given = gifts if any(gifts) else None
    return Judged(
        index,
        move.seat,
        option(chosen),
        option(chosen if cost == 0 else best),
        cost,
        unit,
        exact,
        chance_cost,
        chance,
        own,
        given,
    )


class Analyst(Protocol):
    """A game's judge of decisions: Discord-free, run in a process of its own, so its
    methods are those of an object pickling can carry there (a module-level instance)."""

    thresholds: Mapping[Unit, Thresholds]
    """Per unit the game judges in: when a cost is an inaccuracy, a mistake, a blunder
    (what a position weighed for a hint or a drill is graded by)."""
    chance_thresholds: Thresholds
    """When a decision's ``chance_cost`` is an inaccuracy, a mistake, a blunder: the one
    scale a report grades a game's decisions on."""
    level_rates: Mapping[Level, Fraction]
    """Each computer level's decision rate (chance to win lost per judged decision, as
    ``bench.analysis`` measured it over games between the levels): where a player's own
    rate is placed."""
    parts: int
    """How many processes a game's decisions, and its luck, are shared among at most: one
    where judging a decision reuses what judging the one before worked out (a turn's
    dice), more where each is a search of its own."""
    themes: Mapping[str, str]

    def decisions(self, moves: Sequence[Played]) -> list[int]:
        """The indices of the moves that are decisions to judge (quick: no judging)."""
        ...

    def judge(
        self,
        moves: Sequence[Played],
        only: Collection[int],
        seed: int,
        *,
        for_the_mover: bool = False,
    ) -> list[Judged]:
        """The decisions among ``only`` (indices ``decisions`` gave), judged; each the
        same whichever others are judged with it, so that they can be shared among
        processes, and the same for the same ``seed``. ``for_the_mover``: read by whoever
        made the move alone (a lesson's learner), who may see every option they had named
        (their own cards), where a report everyone reads names only what all saw."""
        ...

    def luck(
        self, moves: Sequence[Played], seed: int, part: int = 0, parts: int = 1
    ) -> list[Fortune]:
        """Every chance event of the game (``Fortune``), in the order they came, each
        seat's luck in it weighed from what that seat could know; the same for the same
        ``seed`` (where luck is estimated from deals drawn at random). With ``parts``,
        only the events whose place in that order is ``part`` modulo ``parts``, each
        weighed as among all: the parts interleaved are the whole, so that they can be
        shared among processes."""
        ...

    def seen(self, state: Any, seat: int) -> str:
        """The position ``state`` as ``seat`` sees it, as text: the same for every position
        the seat could not tell apart (Claim: whatever the cards it has not seen), so
        that a position met again in another game is known as the same one (a drill)."""
        ...

    def weighed(self, state: Any, seat: int) -> Weighed | None:
        """``seat``'s options in ``state``, each weighed from its view alone (the same
        for positions ``seen`` can't tell apart); ``None`` where it has nothing to decide
        (not its turn, or a single option)."""
        ...

    def theme(self, state: Any, seat: int, options: Set[str]) -> str:
        """Which of ``themes`` the decision among ``options`` (names alone) is: pure."""


def graded_by(
    thresholds: Thresholds, units: Mapping[Unit, Thresholds] | None = None
) -> Callable[[Judged], Grade]:
    """A decision's grade in a report (and a drill's making): by the chance to win it
    cost, on the game's ``chance_thresholds``; but where the game was decided for its
    maker (``Judged.decided``), the worse of that and its grade in the game's own unit
    on ``units`` (the game's ``thresholds``), as ``grading_scale`` says."""
    return lambda decision: grading_scale(decision, thresholds, units)[0]


def grading_scale(
    decision: Judged, thresholds: Thresholds, units: Mapping[Unit, Thresholds] | None = None
) -> tuple[Grade, Unit]:
    """A decision's grade (``graded_by``) and the scale that gave it: the chance to win,
    or in a decided game the game's own unit where that grade is the worse."""
    by_chance = thresholds.grade(decision.chance_cost)
    own = decision.own_cost()
    if units is None or own is None or not decision.decided or own[0] not in units:
        return by_chance, Unit.WIN_CHANCE
    by_unit = units[own[0]].grade(own[1])
    if by_unit > by_chance:
        return by_unit, own[0]
    return by_chance, Unit.WIN_CHANCE
