"""A game's report as a card: one line on what decided it, then each player's ledger in
points of win chance (their luck, what their decisions cost, their luck-adjusted
result, their luckiest event and costliest decision), the costliest decision's position
as the replay draws it, and how the decisions and luck were judged. Text first, so that
a screen reader has it all before the picture, which is described."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.discord_ui.card_layout import Card, Image, Line, Rows
from bot.discord_ui.limits import TEXT_TOTAL
from bot.games import shared_words
from bot.games.analysis import (
    Analysis,
    ChanceKind,
    Judged,
    Thresholds,
    Unit,
    graded_by,
    grading_scale,
)
from bot.games.analysis_words import (
    ReportWords,
    adjusted_line,
    amount,
    costliest_line,
    decided_note,
    decisions_line,
    grade_name,
    luck_line,
    luckiest_line,
    points,
    shared_game,
    sides,
    small_print,
    what_decided,
)
from bot.games.face import GOLD
from bot.games.ledgers import results, won_by_seat
from bot.games.limits import DESCRIPTION, shortened
from bot.games.seat_summaries import SeatSummary, costliest, summaries
from bot.storage import Game, Result
from i18n import Language

FILENAME = "decision.png"


@dataclass(frozen=True)
class Report:
    """What a report is made of: the game, its judged decisions and luck, its result, and
    the positions its moves were made in."""

    game: Game
    title: str
    analysis: Analysis
    results: Sequence[Result]
    before: Sequence[Any]
    """The position each move that stands was made in."""
    words: ReportWords
    thresholds: Thresholds
    """The game's ``chance_thresholds``: what its decisions are graded by."""
    teams: Sequence[Sequence[int]]
    """The seats that win or lose together (each seat alone, in a game without teams)."""
    units: Mapping[Unit, Thresholds] | None = None
    """The game's ``thresholds`` in its own units: what a decided game grades by too."""

    def summaries(self) -> list[SeatSummary]:
        """Each seat's decisions and luck summed up."""
        return summaries(self.analysis, self.thresholds, self.units)

    def scale(self, decision: Judged) -> Unit:
        """What graded ``decision`` (``grading_scale``)."""
        return grading_scale(decision, self.thresholds, self.units)[1]

    def costliest(self) -> Judged | None:
        """The game's costliest decision in chance to win: its position is the report's
        picture."""
        return costliest(self.analysis.decisions)


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
    grade = graded_by(report.thresholds, report.units)
    won = won_by_seat(report.results, len(names))
    result = results(won, report.teams)

    def ledgers(details: bool, costly_too: bool) -> tuple[Line, ...]:
        lines = []
        for summary in seats:
            seat = summary.seat
            detail = (
                report.words.luck(names[seat], _figures(by_seat, seat), lang) if details else None
            )
            said = [
                "🎲 " + luck_line(summary, detail, lang),
                "🧭 " + decisions_line(summary, lang),
                "⚖️ " + adjusted_line(result[seat], summary.luck, lang),
            ]
            if summary.luckiest is not None:
                said.append("🍀 " + luckiest_line(summary.luckiest, seat, lang))
            costly = summary.costliest
            if costly_too and costly is not None:
                before = report.before[costly.move]
                said.append(
                    "💸 "
                    + costliest_line(
                        costly,
                        grade(costly),
                        report.words,
                        before,
                        names,
                        lang,
                        report.scale(costly),
                    )
                )
            heading = names[seat] + (" 🏆" if won[seat] else "")
            lines.append(Line(heading, "\n".join(said)))
        return tuple(lines)

    text = _what_decided(report, names, won, seats, lang)
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
    if worst is not None:
        text += "\n" + lang.pgettext(
            "analysis",
            "The picture: the game's costliest decision, move {move} ({grade}).",
            move=lang.number(worst.move + 1),
            grade=grade_name(grade(worst), lang),
        )
    footer = " ".join(
        (
            report.words.judged_how(lang),
            _grades_explained(report.thresholds, lang),
            *(
                [decided_note(lang)]
                if any(report.scale(d) is not Unit.WIN_CHANCE for d in report.analysis.decisions)
                else []
            ),
            small_print(lang),
        )
    )
    card = Card(
        title=lang._("📊 What decided it · {game}", game=report.title),
        text=text,
        accent=GOLD,
        lines=ledgers(details=True, costly_too=True),
        image=image,
        footer=footer,
        rows=rows,
        note=note,
    )
    # Most players, the longest names and options: each player's costliest decision
    # gives way first (a button under the card steps to it), then the dice's plain
    # words; the figures always stay.
    for details, costly_too in ((True, False), (False, False)):
        if _length(card) <= TEXT_TOTAL:
            break
        card = replace(card, lines=ledgers(details, costly_too))
    return card


def _length(card: Card) -> int:
    """The characters of the card's text displays together, as ``layout`` makes them."""
    texts = [f"### {card.title}\n{card.text}", f"-# {card.footer}", card.note or ""]
    texts += [f"**{line.name}**\n{line.value}" for line in card.lines]
    return sum(len(text) for text in texts)


def _what_decided(
    report: Report,
    names: Sequence[str],
    won: Sequence[bool],
    seats: Sequence[SeatSummary],
    lang: Language,
) -> str:
    """The line on what decided it: the winners against the losing side that came
    closest, by the game's figures."""
    by_seat = {result.seat: result for result in report.results}
    places = [by_seat[seat].place if seat in by_seat else len(names) for seat in range(len(names))]
    found = sides(won, places, report.teams, seats, names, lang)
    if found is None:
        return shared_game(lang)
    figures = [_figures(by_seat, seat) for seat in range(len(names))]
    close = report.words.close(figures, won)
    kinds = {fortune.kind for fortune in report.analysis.fortunes}
    cards = bool(kinds) and ChanceKind.ROLL not in kinds
    return what_decided(*found, report.thresholds.mistake, close, cards, lang)


def _figures(by_seat: Mapping[int, Result], seat: int) -> Mapping[str, int]:
    result = by_seat.get(seat)
    return {} if result is None else result.figures


def _grades_explained(thresholds: Thresholds, lang: Language) -> str:
    """``An inaccuracy costs 3.0 points of win chance or more, a mistake 10.0, a blunder
    20.0.``"""
    return lang.pgettext(
        "analysis",
        "An inaccuracy costs {inaccuracy} or more, a mistake {mistake}, a blunder {blunder}.",
        inaccuracy=amount(thresholds.inaccuracy, Unit.WIN_CHANCE, lang),
        mistake=points(thresholds.mistake, lang),
        blunder=points(thresholds.blunder, lang),
    )
