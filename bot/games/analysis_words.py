"""The report of what decided a game, in words: what each game says of its own options
and luck (``ReportWords``), and what every game's report says alike (each player's
ledger of luck and decisions in points of win chance, grades, costs, the line on what
decided it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any, Final, Protocol

from bot.games.analysis import ChanceKind, Fortune, Grade, Judged, Unit
from bot.games.bust_luck import verdict_words
from bot.games.seat_summaries import SeatSummary, luck_adjusted
from engine.bust_luck import Verdict
from i18n import Language


class ReportWords(Protocol):
    """What a game's report says in its own words."""

    def option(self, before: Any, token: str, names: Sequence[str], lang: Language) -> str:
        """An option of a decision made in ``before`` (``Judged.chosen`` or ``best``) as
        a short phrase: ``rolling on``, ``setting aside 3× 5`` (``names``: the seats',
        as markdown)."""
        ...

    def luck(self, player: str, figures: Mapping[str, int], lang: Language) -> str | None:
        """A seat's dice as its result told them (``player`` as markdown), facts without
        a verdict (the report's word on luck comes from its points, ``luck_line``), or
        ``None`` where the game has no dice."""
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


PLACES: Final = {Unit.NUGGETS: 2, Unit.SPACES: 2, Unit.FACTIONS: 2, Unit.WIN_CHANCE: 1}
"""The places after the point a figure of each unit is shown to (win chance in points)."""


def amount(cost: Fraction, unit: Unit, lang: Language) -> str:
    """A cost in its unit: ``0.62 nuggets``, ``1.30 spaces``, ``12.0 points of win
    chance``."""
    return shown_amount(figure(cost, unit), unit, lang)


def figure(value: Fraction, unit: Unit) -> Decimal:
    """``value`` as ``amount`` shows it: in the unit's figures (win chance in points),
    rounded to its places (half to even). Figures shown together are subtracted as
    shown, so that a difference shown beside them is the difference of the figures
    read (``2.15`` and ``2.14`` are ``0.01`` apart, whatever they were before
    rounding)."""
    scaled = value * 100 if unit is Unit.WIN_CHANCE else value
    exact = Decimal(scaled.numerator) / Decimal(scaled.denominator)
    return exact.quantize(Decimal(1).scaleb(-PLACES[unit]), ROUND_HALF_EVEN)


def shown_amount(shown: Decimal, unit: Unit, lang: Language) -> str:
    """A figure ``figure`` made (or a difference of two), in its unit's words."""
    said = lang.number(shown, digits=PLACES[unit])
    if unit is Unit.NUGGETS:
        return lang.pgettext("analysis", "{amount} nuggets", amount=said)
    if unit is Unit.SPACES:
        return lang.pgettext("analysis", "{amount} spaces", amount=said)
    if unit is Unit.FACTIONS:
        return lang.pgettext("analysis", "{amount} factions", amount=said)
    return lang.pgettext("analysis", "{amount} points of win chance", amount=said)


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


def points(chance: Fraction, lang: Language) -> str:
    """A chance to win in points (hundredths), one decimal: ``12.3``; two where one would
    round a cost to nothing (``0.03``: "better by 0.0 points" would say no better)."""
    hundredths = float(chance) * 100
    return lang.number(hundredths, digits=2 if 0 < abs(hundredths) < 0.05 else 1)


def signed_points(chance: Fraction, lang: Language) -> str:
    """``+12.3`` / ``-4.0``: luck, which goes either way."""
    return ("+" if chance >= 0 else "") + points(chance, lang)


def total_points(chance: Fraction, lang: Language, *, signed: bool = False) -> str:
    """A total of one seat's game (its luck, ``signed``; what its decisions cost) on the
    scale of a chance to win: its figure within 100 points either way, ``≥100.0`` (or
    ``≤-100.0``) past it. Each event and decision is weighed against its own best, so
    their sum may pass what a game can move a chance by; the scale's end says that."""
    if abs(chance) <= 1:
        return signed_points(chance, lang) if signed else points(chance, lang)
    whole = points(Fraction(1), lang)
    if chance < 0:
        return "≤-" + whole
    return "≥" + ("+" if signed else "") + whole


LUCKY_FROM: Final = Fraction(5, 100)
"""Luck of five points of win chance or more, either way, is named lucky or unlucky;
less is as expected (a roll's ordinary swing)."""
VERY_LUCKY_FROM: Final = Fraction(25, 100)
"""A quarter of a game's chance, either way, is very lucky or very unlucky."""


def luck_verdict(luck: Fraction) -> Verdict:
    """The word for a seat's luck in points, so that the word and the figure agree."""
    if abs(luck) < LUCKY_FROM:
        return Verdict.AS_EXPECTED
    if luck > 0:
        return Verdict.VERY_LUCKY if luck >= VERY_LUCKY_FROM else Verdict.LUCKY
    return Verdict.VERY_UNLUCKY if -luck >= VERY_LUCKY_FROM else Verdict.UNLUCKY


def chance_amount(chance: Fraction, own: Mapping[Unit, Fraction], lang: Language) -> str:
    """A cost in points of win chance (the report's one unit, named once at its top), with
    what it came to in the game's own units beside, where players think in them: ``12.0
    points (1.80 nuggets)``."""
    said = lang.pgettext("analysis", "{amount} points", amount=points(chance, lang))
    beside = [amount(cost, unit, lang) for unit, cost in own.items() if unit is not Unit.WIN_CHANCE]
    if not beside:
        return said
    return lang.pgettext("analysis", "{chance} ({own})", chance=said, own=lang.list(beside))


def luck_line(summary: SeatSummary, detail: str | None, lang: Language) -> str:
    """``Luck: +31.0 points (very lucky). Ann busted 4 times…``: the figure, its word
    (``luck_verdict``: from the figure, never from the busts alone), and the game's plain
    words on the seat's dice (``ReportWords.luck``) where it has them."""
    said = lang.pgettext(
        "analysis",
        "Luck: {luck} points ({verdict}).",
        luck=total_points(summary.luck, lang, signed=True),
        verdict=verdict_words(luck_verdict(summary.luck), lang),
    )
    return said if detail is None else f"{said} {detail}"


def decisions_line(summary: SeatSummary, lang: Language) -> str:
    """``Decisions: 4.0 points (0.85 nuggets) lost a decision on average over 23, 19 of
    them the best…``: the cost of a decision on average, which the scale of a chance to
    win holds (their sum need not: each is weighed against its own best)."""
    if not summary.decisions:
        return lang.pgettext("analysis", "No decision to judge: every move was forced.")
    count = summary.decisions
    return lang.ngettext(
        "Decisions: {lost} lost a decision on average over {n}, {best} of them the best by "
        "our judgement: {grades}.",
        "Decisions: {lost} lost a decision on average over {n}, {best} of them the best by "
        "our judgement: {grades}.",
        count,
        lost=chance_amount(
            summary.chance_lost / count,
            {unit: cost / count for unit, cost in summary.lost.items()},
            lang,
        ),
        best=lang.number(summary.best),
        grades=grades_line(summary.grades, lang),
    )


def adjusted_line(result: Fraction, luck: Fraction, lang: Language) -> str:
    """``Luck-adjusted result: 69%``: the seat's chance of winning had its luck been
    average, shown between 0 and 100%, with the figure itself where it fell outside (one
    game's estimate may)."""
    adjusted = luck_adjusted(result, luck)
    shown = lang.percent(float(min(max(adjusted, Fraction(0)), Fraction(1))), digits=0)
    if 0 <= adjusted <= 1:
        return lang.pgettext("analysis", "Luck-adjusted result: {adjusted}.", adjusted=shown)
    return lang.pgettext(
        "analysis",
        "Luck-adjusted result: {adjusted} ({raw} by the figures).",
        adjusted=shown,
        raw=lang.percent(float(adjusted), digits=0),
    )


def fortune_name(fortune: Fortune, lang: Language) -> str:
    """A chance event: ``the roll of move 14``, ``the deal``, ``the prize turned up after
    move 3``, ``the card drawn at move 20``."""
    move = lang.number(fortune.move + 1)
    if fortune.kind is ChanceKind.DEAL:
        return lang.pgettext("analysis", "the deal")
    if fortune.kind is ChanceKind.PRIZE:
        return lang.pgettext("analysis", "the prize turned up after move {move}", move=move)
    if fortune.kind is ChanceKind.DRAW:
        return lang.pgettext("analysis", "the card drawn at move {move}", move=move)
    return lang.pgettext("analysis", "the roll of move {move}", move=move)


def luckiest_line(fortune: Fortune, seat: int, lang: Language) -> str:
    """``Luckiest: the roll of move 14, +18.0 points.``"""
    return lang.pgettext(
        "analysis",
        "Luckiest: {event}, {luck} points.",
        event=fortune_name(fortune, lang),
        luck=signed_points(fortune.luck[seat], lang),
    )


def costliest_line(
    decision: Judged,
    grade: Grade,
    words: ReportWords,
    before: Any,
    names: Sequence[str],
    lang: Language,
    scale: Unit = Unit.WIN_CHANCE,
) -> str:
    """``Costliest, move 41: rolling on, where taking 6 was better by 12.0 points (1.80
    nuggets) (a mistake).``; ``scale``, what graded it (``analysis.grading_scale``):
    ``(a blunder in nuggets, the game being decided)`` where its own unit did."""
    own = decision.own_cost()
    return lang.pgettext(
        "analysis",
        "Costliest, move {move}: {chosen}, where {best} was better by {cost} ({grade}).",
        move=lang.number(decision.move + 1),
        chosen=words.option(before, decision.chosen, names, lang),
        best=words.option(before, decision.best, names, lang),
        cost=chance_amount(decision.chance_cost, dict([own]) if own else {}, lang),
        grade=graded_words(grade, scale, lang),
    )


def graded_words(grade: Grade, scale: Unit, lang: Language) -> str:
    """A grade and, where the game's own unit gave it in a decided game, that unit:
    ``a blunder in nuggets, the game being decided``."""
    if scale is Unit.WIN_CHANCE:
        return grade_name(grade, lang)
    unit = {
        Unit.NUGGETS: lang.pgettext("analysis", "nuggets"),
        Unit.SPACES: lang.pgettext("analysis", "spaces"),
        Unit.FACTIONS: lang.pgettext("analysis", "factions"),
    }[scale]
    return lang.pgettext(
        "analysis",
        "{grade} in {unit}, the game being decided",
        grade=grade_name(grade, lang),
        unit=unit,
    )


def decided_note(lang: Language) -> str:
    """The small print's word on a decided game's grades."""
    return lang.pgettext(
        "analysis",
        "Where the game was decided (a chance to win within 5 points of 0 or 100), a "
        "decision is graded in the game's own unit too, and the worse grade counts.",
    )


def small_print(lang: Language) -> str:
    """How far the judge and the luck can be trusted (GNU Backgammon's caveat, in our
    words), and what the ledger's figures are."""
    return lang.pgettext(
        "analysis",
        "The judge is our hard computer player's view of best play, not perfect play: a "
        "move better than it can see counts as a cost. Figures are points of win chance: "
        "a roll's or a card's luck is the chance to win it left the player with, against "
        "the chance before it; the luck-adjusted result is the result (a win 100%, a loss "
        "0%) less the luck, the chance of winning had luck been average.",
    )


@dataclass(frozen=True)
class Side:
    """The players on one side of the line on what decided it, and their figures: the
    mean of their luck (each one's view of the same side's chance), and what their
    decisions cost the side."""

    names: str
    luck: Fraction
    lost: Fraction


def sides(
    won: Sequence[bool],
    places: Sequence[int],
    teams: Sequence[Sequence[int]],
    summaries: Sequence[SeatSummary],
    names: Sequence[str],
    lang: Language,
) -> tuple[Side, Side] | None:
    """The winners, and the losing side that came closest (the best placed, then the
    first seated); ``None`` where nobody won or nobody lost."""
    won_by = [team for team in teams if any(won[seat] for seat in team)]
    lost_by = [team for team in teams if not any(won[seat] for seat in team)]
    if not won_by or not lost_by:
        return None
    closest = min(lost_by, key=lambda team: (min(places[seat] for seat in team), team[0]))

    def side(units: Sequence[Sequence[int]]) -> Side:
        seats = [seat for team in units for seat in team]
        luck = sum((summaries[seat].luck for seat in seats), Fraction(0)) / len(seats)
        lost = sum((summaries[seat].chance_lost for seat in seats), Fraction(0)) / len(units)
        return Side(lang.list(names[seat] for seat in seats), luck, lost)

    return side(won_by), side([closest])


def what_decided(
    winners: Side, loser: Side, decisive: Fraction, close: bool, cards: bool, lang: Language
) -> str:
    """One line on what decided the game, from the figures: what luck gave the winners
    beside the loser who came closest, what their decisions cost each, and which of the
    two set them apart by at least ``decisive`` (a mistake's cost): the dice (or, in a
    game of cards, the cards), the decisions, both, or neither (a close game where the
    final margin was narrow by the game's own score, ``close``; else small edges of both
    adding up)."""
    luck_edge = winners.luck - loser.luck
    decisions_edge = loser.lost - winners.lost
    by_luck, by_decisions = luck_edge >= decisive, decisions_edge >= decisive
    luck_values = {
        "winners": winners.names,
        "loser": loser.names,
        "won_by": total_points(winners.luck, lang, signed=True),
        "lost_by": total_points(loser.luck, lang, signed=True),
    }
    if cards:
        luck = lang.pgettext(
            "analysis",
            "The cards gave {winners} {won_by} points of win chance and {loser} {lost_by}",
            **luck_values,
        )
    else:
        luck = lang.pgettext(
            "analysis",
            "The dice gave {winners} {won_by} points of win chance and {loser} {lost_by}",
            **luck_values,
        )
    decisions = lang.pgettext(
        "analysis",
        "their decisions cost {won_by} and {lost_by}",
        won_by=total_points(winners.lost, lang),
        lost_by=total_points(loser.lost, lang),
    )
    if by_luck and by_decisions:
        verdict = lang.pgettext("analysis", "both decided it")
    elif by_luck and cards:
        verdict = lang.pgettext("analysis", "the cards decided it")
    elif by_luck:
        verdict = lang.pgettext("analysis", "the dice decided it")
    elif by_decisions:
        verdict = lang.pgettext("analysis", "the decisions decided it")
    elif close:
        verdict = lang.pgettext("analysis", "a close game")
    else:
        verdict = lang.pgettext("analysis", "small edges of both added up")
    return lang.pgettext(
        "analysis",
        "{luck}; {decisions}: {verdict}.",
        luck=luck,
        decisions=decisions,
        verdict=verdict,
    )


def shared_game(lang: Language) -> str:
    """The line on what decided it where nobody lost."""
    return lang.pgettext("analysis", "A shared game: nobody lost it.")
