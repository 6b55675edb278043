"""The report of what decided a game, in words: what each game says of its own options
and luck (``ReportWords``), and what every game's report says alike (grades, costs,
the line on what decided it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

from bot.games.analysis import Grade, Judged, SeatSummary, Unit
from engine.luck import Verdict
from i18n import Language


class ReportWords(Protocol):
    """What a game's report says in its own words."""

    def option(self, before: Any, token: str, names: Sequence[str], lang: Language) -> str:
        """An option of a decision made in ``before`` (``Judged.chosen`` or ``best``) as
        a short phrase: ``rolling on``, ``setting aside 3× 5`` (``names``: the seats',
        as markdown)."""
        ...

    def luck(self, player: str, figures: Mapping[str, int], lang: Language) -> str | None:
        """A seat's luck as its result told it (``player`` as markdown), or ``None``
        where the game has no dice."""
        ...

    def luck_verdict(self, figures: Mapping[str, int]) -> Verdict | None:
        """How lucky the seat's dice were, where the game has dice and the seat rolled."""
        ...

    def judged_how(self, lang: Language) -> str:
        """How the game's decisions are judged, and which figures are exact."""
        ...

    def close(self, figures: Sequence[Mapping[str, int]], won: Sequence[bool]) -> bool:
        """Whether the game ended close by its own score (``figures``: each seat's result
        figures, in seat order; ``won``: who won): a lead one good turn or trick could
        have turned, not a rout."""
        ...


def margin(figures: Sequence[Mapping[str, int]], won: Sequence[bool], score: str) -> int:
    """By how much of the result figure ``score`` the winners finished ahead of the best
    loser (none where nobody lost)."""
    losers = [seat for seat, w in enumerate(won) if not w]
    winners = [seat for seat, w in enumerate(won) if w]
    if not losers or not winners:
        return 0
    best_loser = max(figures[seat].get(score, 0) for seat in losers)
    return min(figures[seat].get(score, 0) for seat in winners) - best_loser


def amount(cost: Fraction, unit: Unit, lang: Language) -> str:
    """A cost in its unit: ``0.62 nuggets``, ``1.3 spaces``, ``12 points of win chance``."""
    if unit is Unit.NUGGETS:
        return lang.pgettext(
            "analysis", "{amount} nuggets", amount=lang.number(float(cost), digits=2)
        )
    if unit is Unit.SPACES:
        return lang.pgettext(
            "analysis", "{amount} spaces", amount=lang.number(float(cost), digits=2)
        )
    return lang.pgettext(
        "analysis", "{amount} points of win chance", amount=lang.number(float(cost) * 100, digits=1)
    )


def amounts(lost: Mapping[Unit, Fraction], lang: Language) -> str:
    """What a seat's decisions cost in each unit it lost something in (nothing: in the
    first it was judged in)."""
    shown = {unit: cost for unit, cost in lost.items() if cost} or dict(list(lost.items())[:1])
    if not shown:
        return amount(Fraction(0), Unit.NUGGETS, lang)
    return lang.list(amount(cost, unit, lang) for unit, cost in shown.items())


def grade_name(grade: Grade, lang: Language) -> str:
    """One decision's grade: ``the best``, ``an inaccuracy``…"""
    return {
        Grade.BEST: lang.pgettext("analysis", "the best"),
        Grade.GOOD: lang.pgettext("analysis", "close to the best"),
        Grade.INACCURACY: lang.pgettext("analysis", "an inaccuracy"),
        Grade.MISTAKE: lang.pgettext("analysis", "a mistake"),
        Grade.BLUNDER: lang.pgettext("analysis", "a blunder"),
    }[grade]


def grades_line(grades: Mapping[Grade, int], lang: Language) -> str:
    """``2 inaccuracies, 1 mistake, no blunder``."""
    return ", ".join(
        (
            lang.ngettext("{n} inaccuracy", "{n} inaccuracies", grades.get(Grade.INACCURACY, 0)),
            lang.ngettext("{n} mistake", "{n} mistakes", grades.get(Grade.MISTAKE, 0)),
            lang.ngettext("{n} blunder", "{n} blunders", grades.get(Grade.BLUNDER, 0)),
        )
    )


def decisions_line(summary: SeatSummary, lang: Language) -> str:
    """``23 decisions, 19 the best; the others cost 3.42 nuggets: 2 inaccuracies…``."""
    if not summary.decisions:
        return lang.pgettext("analysis", "No decision to judge: every move was forced.")
    said = lang.ngettext(
        "{n} decision, {best} of them the best by our judgement; the others cost {lost} "
        "in all: {grades}.",
        "{n} decisions, {best} of them the best by our judgement; the others cost {lost} "
        "in all: {grades}.",
        summary.decisions,
        best=lang.number(summary.best),
        lost=amounts(summary.lost, lang),
        grades=grades_line(summary.grades, lang),
    )
    return said


def costliest_line(
    decision: Judged,
    grade: Grade,
    words: ReportWords,
    before: Any,
    names: Sequence[str],
    lang: Language,
) -> str:
    """``Costliest, move 41: rolled on where taking was better, by 1.80 nuggets (a
    mistake).``"""
    return lang.pgettext(
        "analysis",
        "Costliest, move {move}: {chosen}, where {best} was better by {cost} ({grade}).",
        move=lang.number(decision.move + 1),
        chosen=words.option(before, decision.chosen, names, lang),
        best=words.option(before, decision.best, names, lang),
        cost=amount(decision.cost, decision.unit, lang),
        grade=grade_name(grade, lang),
    )


_LUCK_ORDER = {
    Verdict.VERY_UNLUCKY: -2,
    Verdict.UNLUCKY: -1,
    Verdict.AS_EXPECTED: 0,
    Verdict.LUCKY: 1,
    Verdict.VERY_LUCKY: 2,
}


def what_decided(
    names: Sequence[str],
    won: Sequence[bool],
    summaries: Sequence[SeatSummary],
    luck: Sequence[Verdict | None],
    decisive: Mapping[Unit, Fraction],
    close: bool,
    lang: Language,
) -> str:
    """One line on what decided the game: the dice, the decisions, both or neither. A
    loser's decisions made a difference where they cost more than the winners' by
    ``decisive`` (a mistake's cost per unit), their costs in every unit counted in
    mistakes, so that a game judged in two units weighs them alike; the dice did where
    the winners' luck was better than every loser's (a game without dice: its ``luck``
    all ``None``). Where neither did, the game is called close only if its final margin
    was (``close``, by the game's own score): else many small edges of luck and play, or
    in a game without dice the deal, decided it."""
    winners = [seat for seat, w in enumerate(won) if w]
    losers = [seat for seat, w in enumerate(won) if not w]
    if not winners or not losers:
        return lang.pgettext("analysis", "A shared game: nobody lost it.")

    def mistakes(seat: int) -> Fraction:
        lost = summaries[seat].lost
        return sum(
            (lost.get(unit, Fraction(0)) / margin for unit, margin in decisive.items()),
            Fraction(0),
        )

    def fortune(seat: int) -> int:
        verdict = luck[seat]
        return 0 if verdict is None else _LUCK_ORDER[verdict]

    dice = any(verdict is not None for verdict in luck)
    luckier = dice and all(min(fortune(w) for w in winners) > fortune(loser) for loser in losers)
    best_winner = min(mistakes(w) for w in winners)
    costly = [loser for loser in losers if mistakes(loser) - best_winner >= 1]
    won_by = lang.list(names[seat] for seat in winners)
    if costly and not luckier:
        return lang.pgettext(
            "analysis",
            "The decisions decided it: {losers} gave away more than {winners} did.",
            losers=lang.list(names[seat] for seat in costly),
            winners=won_by,
        )
    if luckier and not costly:
        return lang.pgettext(
            "analysis",
            "The dice decided it: {winners} had the luckier rolls, and nobody's decisions "
            "cost much more than theirs.",
            winners=won_by,
        )
    if costly:
        return lang.pgettext(
            "analysis",
            "Both decided it: {winners} had the luckier rolls, and {losers} gave away more "
            "with their decisions.",
            winners=won_by,
            losers=lang.list(names[seat] for seat in costly),
        )
    if dice and close:
        return lang.pgettext(
            "analysis",
            "A close game: neither the dice nor the decisions set {winners} far apart from "
            "the others.",
            winners=won_by,
        )
    if dice:
        return lang.pgettext(
            "analysis",
            "{winners} won clearly, though neither the dice nor any decision alone set "
            "them apart: small edges of both added up.",
            winners=won_by,
        )
    if close:
        return lang.pgettext(
            "analysis",
            "A close game: nobody's decisions cost much more than those of {winners}; the "
            "deal did the rest.",
            winners=won_by,
        )
    return lang.pgettext(
        "analysis",
        "The deal decided it: {winners} won clearly, and nobody's decisions cost much "
        "more than theirs.",
        winners=won_by,
    )
