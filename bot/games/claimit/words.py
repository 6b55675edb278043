"""Claim It!'s words: what just happened, this turn's marks, the odds, results, the rules."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from bot.discord_ui.text import name
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

RULES_DIR = Path(__file__).with_name("rules")


def dice(rolled: tuple[int, ...]) -> str:
    return "·".join(map(str, rolled))


def placement(p: Placement) -> str:
    if p.marker == "C":
        return f"claim marker on {p.col},{p.row}"
    return f"squatter {p.marker[1]} on {p.col},{p.row}"


def happened(outcome: Outcome) -> str:
    """One line on the action just applied, e.g. "rolled 2·3·5 — placed …" style."""
    game, action = outcome.game, outcome.action
    who = name(game.seats[outcome.seat])
    if isinstance(action, Roll):
        if any(isinstance(e, Bust) for e in outcome.events):
            lost = outcome.before.marks_this_turn
            return (
                f"{who} rolled {dice(action.dice)}: no legal placement, **bust!** "
                f"{lost} mark{'s' * (lost != 1)} from this turn are lost."
            )
        return f"{who} rolled {dice(action.dice)}. Choose where to place."
    if isinstance(action, Place):
        return f"{who} placed a {placement(action.placement)}."
    settled = outcome.before.marks_this_turn
    if isinstance(action, TimeOut):
        if any(isinstance(e, Passed) for e in outcome.events):
            return f"⏰ {who}'s time ran out with nothing placed, so the turn passes."
        line = (
            f"⏰ {who}'s time ran out, so the turn stopped there: "
            f"{settled} space{'s' * (settled != 1)} settled."
        )
    else:
        assert isinstance(action, Stop)
        line = f"{who} stopped and settled {settled} space{'s' * (settled != 1)}."
    if any(isinstance(e, LastRoundCalled) for e in outcome.events):
        line += f" **Last round!** Everyone plays once more; {who} plays last."
    return line


def odds(odds: RollOdds) -> str:
    """The exact risk of the next roll, and what stopping now keeps."""
    line = (
        f"Chance the next roll busts: **{float(odds.bust):.1%}** "
        f"({odds.busting_rolls} of 216 rolls)."
    )
    if odds.marks_if_stopping:
        kept = odds.marks_if_stopping
        line += f" Stopping now keeps {kept} mark{'s' * (kept != 1)}."
    return line


def this_turn(state: GameState) -> str:
    """The marks placed so far this turn, for the turn message."""
    marks = []
    for space, stack in state.board().items():
        if stack[-1] == "C":
            marks.append(f"claim on {space}")
        elif stack[-1].startswith("S"):
            marks.append(f"squatter {stack[-1][1]} on {space}")
    return "This turn: " + (", ".join(marks) if marks else "nothing placed yet") + "."


def results_table(game: Game, results: Sequence[Result]) -> str:
    """The final table as a code block, best first."""
    ranked = sorted(results, key=lambda r: (r.place, r.seat))
    lines = ["    player            mine claims spaces"]
    for r in ranked:
        label = game.seats[r.seat].display_name.replace("`", "'")[:16]
        trophy = "🏆" if r.won else "  "
        mine, claims, spaces = (r.figures.get(k, 0) for k in ("largest_mine", "claims", "spaces"))
        lines.append(f"{trophy}  {label:<16} {mine:>4} {claims:>6} {spaces:>6}")
    return "```\n" + "\n".join(lines) + "\n```"


@cache
def rules(locale: str) -> str:
    """The short rules in the user's language (English unless we have theirs)."""
    language = locale.split("-")[0]
    path = RULES_DIR / f"{language}.md"
    return (path if path.is_file() else RULES_DIR / "en.md").read_text(encoding="utf-8").strip()
