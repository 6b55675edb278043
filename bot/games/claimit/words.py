"""Claim It!'s words: what just happened, this turn's marks, the odds, results, the rules."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bot.discord_ui.text import name, seat_name
from bot.games.claimit.game import space
from bot.games.face import rules_text
from bot.service import Outcome
from bot.storage import Game, Result
from engine.claimit import (
    Bust,
    GameState,
    LastRoundCalled,
    Passed,
    Place,
    Placement,
    Roll,
    RollOdds,
    Stop,
    TimeOut,
)
from engine.claimit.odds import OUTCOMES
from i18n import Language

RULES_DIR = Path(__file__).with_name("rules")
NAME_WIDTH = 16
"""Characters of a name the result table keeps."""


def dice(rolled: tuple[int, ...]) -> str:
    return "·".join(map(str, rolled))


def placement(p: Placement, lang: Language) -> str:
    """What a placement puts where, as a button or a list of this turn's marks names it."""
    where = space(p.col, p.row)
    if p.marker == "C":
        return lang._("claim marker on {space}", space=where)
    return lang._("squatter {number} on {space}", number=p.marker[1], space=where)


def happened(outcome: Outcome, lang: Language) -> str:
    """One line on the action just applied, e.g. "Ann rolled 2·3·5. Choose where to place."."""
    game, action = outcome.game, outcome.action
    who = name(game.seats[outcome.seat], lang)
    if isinstance(action, Roll):
        rolled = dice(action.dice)
        if any(isinstance(e, Bust) for e in outcome.events):
            return lang.ngettext(
                "{player} rolled {dice}: no legal placement, **bust!** "
                "{n} mark from this turn is lost.",
                "{player} rolled {dice}: no legal placement, **bust!** "
                "{n} marks from this turn are lost.",
                outcome.before.marks_this_turn,
                player=who,
                dice=rolled,
            )
        return lang._("{player} rolled {dice}. Choose where to place.", player=who, dice=rolled)
    if isinstance(action, Place):
        p = action.placement
        if p.marker == "C":
            return lang._(
                "{player} placed a claim marker on {space}.",
                player=who,
                space=space(p.col, p.row),
            )
        return lang._(
            "{player} placed squatter {number} on {space}.",
            player=who,
            number=p.marker[1],
            space=space(p.col, p.row),
        )
    settled = outcome.before.marks_this_turn
    if isinstance(action, TimeOut):
        if any(isinstance(e, Passed) for e in outcome.events):
            return lang._(
                "⏰ {player}'s time ran out with nothing placed, so the turn passes.", player=who
            )
        line = lang.ngettext(
            "⏰ {player}'s time ran out, so the turn stopped there: {n} space settled.",
            "⏰ {player}'s time ran out, so the turn stopped there: {n} spaces settled.",
            settled,
            player=who,
        )
    else:
        assert isinstance(action, Stop)
        line = lang.ngettext(
            "{player} stopped and settled {n} space.",
            "{player} stopped and settled {n} spaces.",
            settled,
            player=who,
        )
    if any(isinstance(e, LastRoundCalled) for e in outcome.events):
        line += " " + lang._(
            "**Last round!** Everyone plays once more; {player} plays last.", player=who
        )
    return line


def odds(odds: RollOdds, lang: Language) -> str:
    """The exact risk of the next roll, and what stopping now keeps."""
    line = lang._(
        "Chance the next roll busts: **{chance}** ({busting} of {rolls} rolls).",
        chance=lang.percent(float(odds.bust)),
        busting=lang.number(odds.busting_rolls),
        rolls=lang.number(OUTCOMES),
    )
    if odds.marks_if_stopping:
        line += " " + lang.ngettext(
            "Stopping now keeps {n} mark.", "Stopping now keeps {n} marks.", odds.marks_if_stopping
        )
    return line


def this_turn(state: GameState, lang: Language) -> str:
    """The marks placed so far this turn, for the turn message."""
    marks = []
    for at, stack in state.board().items():
        top = stack[-1]
        if top == "C" or top.startswith("S"):
            marks.append(placement(Placement(at.col, at.row, top), lang))
    if not marks:
        return lang._("This turn: nothing placed yet.")
    return lang._("This turn: {marks}.", marks=lang.list(marks))


def results_table(game: Game, results: Sequence[Result], lang: Language) -> str:
    """The final table as a code block, best first, its columns as wide as their words."""
    ranked = sorted(results, key=lambda r: (r.place, r.seat))
    headings = (
        lang.pgettext("results table", "player"),
        lang.pgettext("results table", "mine"),
        lang.pgettext("results table", "claims"),
        lang.pgettext("results table", "spaces"),
    )
    rows = []
    for r in ranked:
        label = seat_name(game.seats[r.seat], lang).replace("`", "'")[:NAME_WIDTH]
        figures = (r.figures.get(k, 0) for k in ("largest_mine", "claims", "spaces"))
        rows.append(("🏆" if r.won else "  ", label, *(lang.number(f) for f in figures)))
    width = max(NAME_WIDTH, len(headings[0]))
    widths = [max(len(h), 4) for h in headings[1:]]
    # The trophy column is two characters wide in a monospace font (an emoji, or two spaces).
    lines = ["    " + headings[0].ljust(width) + _figures(headings[1:], widths)]
    for trophy, label, *shown in rows:
        lines.append(f"{trophy}  {label.ljust(width)}{_figures(shown, widths)}")
    return "```\n" + "\n".join(lines) + "\n```"


def _figures(values: Sequence[str], widths: Sequence[int]) -> str:
    return "".join(" " + value.rjust(width) for value, width in zip(values, widths, strict=True))


def rules(lang: Language) -> str:
    """The short rules in ``lang`` (English where there are none in it)."""
    return rules_text(RULES_DIR, lang.code)
