"""A game's report as a card: one line on what decided it, then each player's luck beside
their decisions, the costliest decision's position as the replay draws it, and how the
decisions were judged. Text first, so that a screen reader has it all before the
picture, which is described."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bot.discord_ui.card_layout import Card, Image, Line, Rows
from bot.games import shared_words
from bot.games.analysis import (
    Analysis,
    Judged,
    SeatSummary,
    Thresholds,
    Unit,
    costliest,
    graded_by,
    summaries,
)
from bot.games.analysis_words import (
    ReportWords,
    amount,
    costliest_line,
    decisions_line,
    grade_name,
    what_decided,
)
from bot.games.face import GOLD
from bot.games.limits import DESCRIPTION, shortened
from bot.storage import Game, Result
from i18n import Language

FILENAME = "decision.png"


@dataclass(frozen=True)
class Report:
    """What a report is made of: the game, its judged decisions, its result, and the
    positions its moves were made in."""

    game: Game
    title: str
    analysis: Analysis
    results: Sequence[Result]
    before: Sequence[Any]
    """The position each move that stands was made in."""
    words: ReportWords
    thresholds: Mapping[Unit, Thresholds]

    def summaries(self) -> list[SeatSummary]:
        """Each seat's decisions summed up."""
        return summaries(self.analysis, self.thresholds)

    def costliest(self) -> Judged | None:
        """The game's costliest decision, costs in every unit on one scale: its position
        is the report's picture."""
        return costliest(self.analysis.decisions, self.thresholds)


def report_card(
    report: Report,
    png: bytes | None,
    caption: str,
    lang: Language,
    rows: Rows = (),
    note: str | None = None,
) -> Card:
    """The report, its picture ``png`` the costliest decision's position (``caption``:
    what the replay says of that step)."""
    game = report.game
    names = [shared_words.name(seat, lang) for seat in game.seats]
    by_seat = {result.seat: result for result in report.results}
    seats = report.summaries()
    grade = graded_by(report.thresholds)
    luck = [report.words.luck_verdict(_figures(by_seat, seat)) for seat in range(len(names))]
    decisive = {unit: t.mistake for unit, t in report.thresholds.items()}
    won = [by_seat[seat].won if seat in by_seat else False for seat in range(len(names))]
    lines = []
    for summary in seats:
        seat = summary.seat
        said = []
        luck_said = report.words.luck(names[seat], _figures(by_seat, seat), lang)
        if luck_said is not None:
            said.append("🎲 " + luck_said)
        said.append("🧭 " + decisions_line(summary, lang))
        costly = summary.costliest
        if costly is not None:
            before = report.before[costly.move]
            said.append(
                "💸 " + costliest_line(costly, grade(costly), report.words, before, names, lang)
            )
        heading = names[seat] + (" 🏆" if won[seat] else "")
        lines.append(Line(heading, "\n".join(said)))
    figures = [_figures(by_seat, seat) for seat in range(len(names))]
    close = report.words.close(figures, won)
    decided = what_decided(names, won, seats, luck, decisive, close, lang)
    image = None
    worst = report.costliest()
    if png is not None and worst is not None:
        described = lang.pgettext(
            "analysis",
            "The position of move {move}, before {player} chose: {what}",
            move=lang.number(worst.move + 1),
            player=shared_words.seat_name(game.seats[worst.seat], lang),
            what=caption,
        )
        image = Image(png, shortened(described, DESCRIPTION), FILENAME)
    text = decided
    if worst is not None:
        text += "\n" + lang.pgettext(
            "analysis",
            "The picture: the game's costliest decision, move {move} ({grade}).",
            move=lang.number(worst.move + 1),
            grade=grade_name(grade(worst), lang),
        )
    return Card(
        title=lang._("📊 What decided it · {game}", game=report.title),
        text=text,
        accent=GOLD,
        lines=tuple(lines),
        image=image,
        footer=report.words.judged_how(lang) + " " + _grades_explained(report.thresholds, lang),
        rows=rows,
        note=note,
    )


def _figures(by_seat: Mapping[int, Result], seat: int) -> Mapping[str, int]:
    result = by_seat.get(seat)
    return {} if result is None else result.figures


def _grades_explained(thresholds: Mapping[Unit, Thresholds], lang: Language) -> str:
    """``An inaccuracy costs 0.25 nuggets or more, a mistake 1.00, a blunder 2.50.``,
    each figure in every unit the game judges in."""

    def each(cost: Callable[[Thresholds], Fraction]) -> str:
        return " / ".join(amount(cost(t), unit, lang) for unit, t in thresholds.items())

    return lang.pgettext(
        "analysis",
        "An inaccuracy costs {inaccuracy} or more, a mistake {mistake}, a blunder {blunder}.",
        inaccuracy=each(lambda t: t.inaccuracy),
        mistake=each(lambda t: t.mistake),
        blunder=each(lambda t: t.blunder),
    )
