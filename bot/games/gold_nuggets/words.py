"""Gold Nuggets' words: what just happened, the dice set aside, the odds, results, the rules."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Final

from bot.discord_ui.text import name, plural
from bot.service import Outcome
from bot.storage import Game, Result
from engine.gold_nuggets import (
    BonusTurn,
    Bust,
    Counts,
    Face,
    GameOver,
    GameState,
    Phase,
    Roll,
    SetAside,
    TimeOut,
    Took,
)
from engine.gold_nuggets.dice import DICE, ORDERED_ROLLS
from engine.gold_nuggets.odds import RollOdds
from engine.gold_nuggets.rules import time_out_choice
from engine.gold_nuggets.state import STEAL_LASSOS

RULES_DIR = Path(__file__).with_name("rules")
DIE: Final = {
    Face.LASSO: "🪢",
    Face.NUGGET: "🪙",
    Face.TWO: "2️⃣",
    Face.THREE: "3️⃣",
    Face.FOUR: "4️⃣",
    Face.FIVE: "5️⃣",
}
"""A die in a message; the rules text gives the legend."""


def dice(faces: Iterable[Face]) -> str:
    return " ".join(DIE[face] for face in faces)


def dice_count(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


def counts(c: Counts) -> str:
    """The dice of a set-aside in plain text (buttons show no markdown):
    ``1 lasso, 2 nuggets, 3× 4``."""
    parts = []
    for face, n in c.items():
        if face is Face.LASSO:
            parts.append(plural(n, "lasso"))
        elif face is Face.NUGGET:
            parts.append(plural(n, "nugget"))
        else:
            parts.append(f"{n}× {face.value}")
    return ", ".join(parts) or "nothing"


def choice_effect(aside: Counts, choice: Counts) -> str:
    """What a set-aside leads to, for its line in the menu: ``value 7 (+4) · 2 dice left``."""
    after = aside.plus(choice)
    parts = [f"value {after.value} (+{after.value - aside.value})"]
    left = DICE - after.total
    parts.append(dice_count(left) + " left" if left else "all seven set aside: bonus turn")
    if choice.lasso:
        steal = ": steal possible" if after.lasso >= STEAL_LASSOS else ""
        parts.append(plural(after.lasso, "lasso") + steal)
    return " · ".join(parts)


def taken(took: Took, game: Game) -> str:
    """A take, without its subject: ``took 5 nuggets from the centre``."""
    if took.source is None:
        if took.value == 0:
            return "took nothing: the dice set aside are worth 0"
        if took.amount < took.value:
            return f"took the last {plural(took.amount, 'nugget')} from the centre"
        return f"took {plural(took.amount, 'nugget')} from the centre"
    victim = name(game.seats[took.source])
    line = f"stole {plural(took.amount, 'nugget')} from {victim}"
    if took.amount < took.value:
        line += f" (all they had; the dice were worth {took.value})"
    return line


def happened(outcome: Outcome) -> str:
    """One line on the action just applied."""
    game, action, before, events = outcome.game, outcome.action, outcome.before, outcome.events
    who = name(game.seats[outcome.seat])
    if isinstance(action, Roll):
        if any(isinstance(e, Bust) for e in events):
            lost = before.aside.total
            if lost:
                gone = "is" if lost == 1 else "are"
                tail = f"The {dice_count(lost)} set aside this turn {gone} lost."
            else:
                tail = "Nothing was set aside yet, so nothing is lost."
            return f"{who} rolled {dice(action.faces)}: no set-aside possible, **bust!** {tail}"
        return f"{who} rolled {dice(action.faces)}. Choose what to set aside."
    if isinstance(action, SetAside):
        after = before.aside.plus(action.counts)
        if after.total == DICE:
            return (
                f"{who} set aside {counts(action.counts)}: all seven dice are set aside, "
                f"worth {after.value}. They take it, then play a bonus turn."
            )
        left = DICE - after.total
        return (
            f"{who} set aside {counts(action.counts)}: worth {after.value} so far, "
            f"{dice_count(left)} left."
        )
    took = next((e for e in events if isinstance(e, Took)), None)
    if took is None:
        # The only action that ends a turn without a take: a time-out before the first roll.
        line = f"⏰ {who}'s time ran out before rolling, so the turn passes with nothing taken."
    elif isinstance(action, TimeOut):
        if before.phase is Phase.SET_ASIDE:
            chosen = counts(time_out_choice(before))
            line = (
                f"⏰ {who}'s time ran out: the most valuable choice ({chosen}) was set aside, "
                f"and {who} {taken(took, game)}."
            )
        else:
            line = f"⏰ {who}'s time ran out, so {who} {taken(took, game)}."
    else:
        line = f"{who} {taken(took, game)}."
    for event in events:
        if isinstance(event, BonusTurn):
            line += (
                f" All seven dice: **a bonus turn!** {name(game.seats[event.seat])} rolls again."
            )
        elif isinstance(event, GameOver):
            line += " The centre is empty: **game over!**"
    return line


def aside_line(state: GameState) -> str:
    """The dice set aside this turn, their value and the lassos."""
    aside = state.aside
    line = f"Set aside this turn: {counts(aside)}, value **{aside.value}**."
    if state.can_steal:
        line += f" 🪢 {aside.lasso} lassos: **steal possible** (take from an opponent instead)."
    elif aside.lasso:
        line += f" 🪢 {aside.lasso} of the {STEAL_LASSOS} lassos a steal needs."
    return line


def odds(odds: RollOdds, state: GameState) -> str:
    """The exact risk of rolling the dice left, and what rolling on is worth against
    taking now (``odds`` are ``state``'s)."""
    dice_left = state.dice_left
    rolls = ORDERED_ROLLS[dice_left]
    busting = int(odds.bust * rolls)
    line = (
        f"Chance the next roll busts: **{float(odds.bust):.1%}** "
        f"({busting:,} of {rolls:,} rolls of {dice_count(dice_left)})."
    )
    if state.phase is Phase.ROLL:
        return line + f"\nThis turn, played well, takes **{odds.roll_on:.1f}** on average."
    return (
        line + f"\nTaking now: **{odds.take_now}** · rolling on (best play): "
        f"**{odds.roll_on:.1f}** on average."
    )


def time_out_rule(state: GameState) -> str:
    """What the clock will play for this turn, in a few words."""
    if state.phase is Phase.ROLL:
        return "passing, with nothing taken"
    if state.phase is Phase.SET_ASIDE:
        return "setting aside the most valuable choice and taking from the centre"
    return f"taking {state.value} from the centre"


def results_table(game: Game, results: Sequence[Result]) -> str:
    """The final table as a code block, best first."""
    ranked = sorted(results, key=lambda r: (r.place, r.seat))
    lines = ["    player            nuggets"]
    for r in ranked:
        label = game.seats[r.seat].display_name.replace("`", "'")[:16]
        trophy = "🏆" if r.won else "  "
        lines.append(f"{trophy}  {label:<16} {r.figures.get('nuggets', 0):>7}")
    return "```\n" + "\n".join(lines) + "\n```"


@cache
def rules(locale: str) -> str:
    """The short rules in the user's language (English unless we have theirs)."""
    language = locale.split("-")[0]
    path = RULES_DIR / f"{language}.md"
    return (path if path.is_file() else RULES_DIR / "en.md").read_text(encoding="utf-8").strip()
