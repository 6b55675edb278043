"""Gold Nuggets' words: what just happened, the dice set aside, the odds, the table in
words, results, the rules, in the reader's language."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from bot.games.outcome import Outcome
from bot.games.shared_words import decided, name
from bot.storage.records import Game, Result
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
from i18n import Language
from render.gold_nuggets import NuggetsView

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
    """Dice as the messages show them, one emoji each."""
    return " ".join(DIE[face] for face in faces)


def counts(c: Counts, lang: Language) -> str:
    """The dice of a set-aside in plain text (buttons show no markdown):
    ``1 lasso, 2 nuggets, 3× 4``."""
    parts = []
    for face, n in c.items():
        if face is Face.LASSO:
            parts.append(lang.ngettext("{n} lasso", "{n} lassos", n))
        elif face is Face.NUGGET:
            parts.append(lang.ngettext("{n} nugget", "{n} nuggets", n))
        else:
            parts.append(f"{lang.number(n)}× {face.value}")
    return ", ".join(parts)


def choice_effect(aside: Counts, choice: Counts, lang: Language) -> str:
    """What a set-aside leads to, for its line in the menu: ``value 7 (+4) · 2 dice left``."""
    after = aside.plus(choice)
    parts = [
        lang._(
            "value {value} ({change})",
            value=lang.number(after.value),
            change=lang.signed(after.value - aside.value),
        )
    ]
    left = DICE - after.total
    if left:
        parts.append(lang.ngettext("{n} die left", "{n} dice left", left))
    else:
        parts.append(lang._("all seven set aside: bonus turn"))
    if choice.lasso and after.lasso >= STEAL_LASSOS:
        parts.append(
            lang.ngettext("{n} lasso: steal possible", "{n} lassos: steal possible", after.lasso)
        )
    elif choice.lasso:
        parts.append(lang.ngettext("{n} lasso", "{n} lassos", after.lasso))
    return " · ".join(parts)


def taken(took: Took, game: Game, lang: Language) -> str:
    """A take, as a sentence: ``Ann took 5 nuggets from the centre.``"""
    player = name(game.seats[took.seat], lang)
    if took.source is None:
        if took.value == 0:
            return lang._("{player} took nothing: the dice set aside are worth 0.", player=player)
        if took.amount < took.value:
            return lang.ngettext(
                "{player} took the last nugget from the centre.",
                "{player} took the last {n} nuggets from the centre.",
                took.amount,
                player=player,
            )
        return lang.ngettext(
            "{player} took {n} nugget from the centre.",
            "{player} took {n} nuggets from the centre.",
            took.amount,
            player=player,
        )
    victim = name(game.seats[took.source], lang)
    if took.amount < took.value:
        return lang.ngettext(
            "{player} stole {n} nugget from {victim} (all they had; the dice were worth {value}).",
            "{player} stole {n} nuggets from {victim} (all they had; the dice were worth {value}).",
            took.amount,
            player=player,
            victim=victim,
            value=lang.number(took.value),
        )
    return lang.ngettext(
        "{player} stole {n} nugget from {victim}.",
        "{player} stole {n} nuggets from {victim}.",
        took.amount,
        player=player,
        victim=victim,
    )


def timed_out_take(took: Took, player: str, lang: Language) -> str:
    """The clock's take for a player who set dice aside and let the time run out."""
    if took.value == 0:
        return lang._(
            "⏰ {player}'s time ran out, so {player} took nothing: the dice set aside are worth 0.",
            player=player,
        )
    if took.amount < took.value:
        return lang.ngettext(
            "⏰ {player}'s time ran out, so {player} took the last nugget from the centre.",
            "⏰ {player}'s time ran out, so {player} took the last {n} nuggets from the centre.",
            took.amount,
            player=player,
        )
    return lang.ngettext(
        "⏰ {player}'s time ran out, so {player} took {n} nugget from the centre.",
        "⏰ {player}'s time ran out, so {player} took {n} nuggets from the centre.",
        took.amount,
        player=player,
    )


def chosen_and_taken(took: Took, chosen: str, player: str, lang: Language) -> str:
    """The clock's set-aside (``chosen``) and take for a player whose roll waited."""
    if took.value == 0:
        return lang._(
            "⏰ {player}'s time ran out: the most valuable choice ({dice}) was set aside, "
            "and {player} took nothing: the dice set aside are worth 0.",
            player=player,
            dice=chosen,
        )
    if took.amount < took.value:
        return lang.ngettext(
            "⏰ {player}'s time ran out: the most valuable choice ({dice}) was set aside, "
            "and {player} took the last nugget from the centre.",
            "⏰ {player}'s time ran out: the most valuable choice ({dice}) was set aside, "
            "and {player} took the last {n} nuggets from the centre.",
            took.amount,
            player=player,
            dice=chosen,
        )
    return lang.ngettext(
        "⏰ {player}'s time ran out: the most valuable choice ({dice}) was set aside, "
        "and {player} took {n} nugget from the centre.",
        "⏰ {player}'s time ran out: the most valuable choice ({dice}) was set aside, "
        "and {player} took {n} nuggets from the centre.",
        took.amount,
        player=player,
        dice=chosen,
    )


def happened(outcome: Outcome, lang: Language, *, dice_in_words: bool = False) -> str:
    """What the action just applied did, in a sentence or a few: what happened alone (the
    table's prompt says what to do next). A roll's dice are emoji, or with
    ``dice_in_words`` counted in words as a set-aside's are (``3 lassos, 2× 4``)."""
    game, action, before, events = outcome.game, outcome.action, outcome.before, outcome.events
    player = name(game.seats[outcome.seat], lang)
    if isinstance(action, Roll):
        rolled = counts(Counts.of(action.faces), lang) if dice_in_words else dice(action.faces)
        if not any(isinstance(e, Bust) for e in events):
            return lang._("{player} rolled {dice}.", player=player, dice=rolled)
        lost = before.aside.total
        if not lost:
            return lang._(
                "{player} rolled {dice}: no set-aside possible, **bust!** "
                "Nothing was set aside yet, so nothing is lost.",
                player=player,
                dice=rolled,
            )
        return lang.ngettext(
            "{player} rolled {dice}: no set-aside possible, **bust!** "
            "The {n} die set aside this turn is lost.",
            "{player} rolled {dice}: no set-aside possible, **bust!** "
            "The {n} dice set aside this turn are lost.",
            lost,
            player=player,
            dice=rolled,
        )
    if isinstance(action, SetAside):
        after = before.aside.plus(action.counts)
        chosen = counts(action.counts, lang)
        if after.total == DICE:
            return lang._(
                "{player} set aside {dice}: all seven dice are set aside, worth {value}. "
                "They take it, then play a bonus turn.",
                player=player,
                dice=chosen,
                value=lang.number(after.value),
            )
        return lang.ngettext(
            "{player} set aside {dice}: worth {value} so far, {n} die left.",
            "{player} set aside {dice}: worth {value} so far, {n} dice left.",
            DICE - after.total,
            player=player,
            dice=chosen,
            value=lang.number(after.value),
        )
    took = next((e for e in events if isinstance(e, Took)), None)
    if took is None:
        # The only action that ends a turn without a take: a time-out before the first roll.
        line = lang._(
            "⏰ {player}'s time ran out before rolling, so the turn passes with nothing taken.",
            player=player,
        )
    elif isinstance(action, TimeOut) and before.phase is Phase.SET_ASIDE:
        line = chosen_and_taken(took, counts(time_out_choice(before), lang), player, lang)
    elif isinstance(action, TimeOut):
        line = timed_out_take(took, player, lang)
    else:
        line = taken(took, game, lang)
    for event in events:
        if isinstance(event, BonusTurn):
            line += " " + lang._(
                "All seven dice: **a bonus turn!** {player} rolls again.",
                player=name(game.seats[event.seat], lang),
            )
        elif isinstance(event, GameOver):
            line += " " + lang._("The centre is empty: **game over!**")
    return line


def aside_line(state: GameState, lang: Language) -> str:
    """The dice set aside this turn, their value and the lassos."""
    aside = state.aside
    line = lang._(
        "Set aside this turn: {dice}, value **{value}**.",
        dice=counts(aside, lang),
        value=lang.number(aside.value),
    )
    if state.can_steal:
        line += " " + lang.ngettext(
            "🪢 {n} lasso: **steal possible** (take from an opponent instead).",
            "🪢 {n} lassos: **steal possible** (take from an opponent instead).",
            aside.lasso,
        )
    elif aside.lasso:
        line += " " + lang._(
            "🪢 {lassos} of the {needed} lassos a steal needs.",
            lassos=lang.number(aside.lasso),
            needed=lang.number(STEAL_LASSOS),
        )
    return line


def odds(odds: RollOdds, state: GameState, lang: Language) -> str:
    """The exact risk of rolling the dice left, and what rolling on is worth against
    taking now (``odds`` are ``state``'s)."""
    dice_left = state.dice_left
    rolls = ORDERED_ROLLS[dice_left]
    line = lang.ngettext(
        "Chance the next roll busts: **{chance}** ({busting} of {rolls} rolls of {n} die).",
        "Chance the next roll busts: **{chance}** ({busting} of {rolls} rolls of {n} dice).",
        dice_left,
        chance=lang.percent(float(odds.bust)),
        busting=lang.number(int(odds.bust * rolls)),
        rolls=lang.number(rolls),
    )
    average = lang.number(odds.roll_on, digits=1)
    if state.phase is Phase.ROLL:
        return (
            line
            + "\n"
            + lang._("This turn, played well, takes **{average}** on average.", average=average)
        )
    return (
        line
        + "\n"
        + lang._(
            "Taking now: **{take}** · rolling on (best play): **{average}** on average.",
            take=lang.number(odds.take_now),
            average=average,
        )
    )


def time_out_rule(state: GameState, deadline: str, lang: Language) -> str:
    """What the clock will play for this turn, and when."""
    if state.phase is Phase.ROLL:
        return lang._(
            "⏰ The turn ends by itself {deadline} (passing, with nothing taken).",
            deadline=deadline,
        )
    if state.phase is Phase.SET_ASIDE:
        return lang._(
            "⏰ The turn ends by itself {deadline} "
            "(setting aside the most valuable choice and taking from the centre).",
            deadline=deadline,
        )
    return lang._(
        "⏰ The turn ends by itself {deadline} (taking {value} from the centre).",
        deadline=deadline,
        value=lang.number(min(state.value, state.centre)),
    )


def table(view: NuggetsView, names: Sequence[str], lang: Language) -> str:
    """What the table picture of ``view`` shows, in words (its description): whose dice
    and what they do, the dice set aside and their value and lassos, the roll, the
    centre, each player's nuggets and the last take; at game over the winners and the
    final standing. ``names`` by seat, as ``described_name`` gives them."""
    if view.over:
        return "\n".join([_winners(view, names, lang), *_standing(view, names, lang)])
    lines = [_doing(view, names, lang)]
    if view.bonus and not view.bust:
        lines.append(lang._("It is a bonus turn, for setting aside all seven dice."))
    if view.aside:
        lines.append(_aside(view, lang))
    lines.append(
        lang.ngettext("The centre holds {n} nugget.", "The centre holds {n} nuggets.", view.centre)
    )
    held = lang.list(
        f"{names[seat]} {lang.number(count)}" for seat, count in enumerate(view.nuggets)
    )
    lines.append(lang._("Nuggets held: {players}.", players=held))
    if view.took is not None:
        lines.append(_took(view.took, names, lang))
    return "\n".join(lines)


def _faces(faces: Iterable[str]) -> Counts:
    return Counts.of(Face(face) for face in faces)


def _doing(view: NuggetsView, names: Sequence[str], lang: Language) -> str:
    """The picture's status: whose dice, and what the roll or the dice set aside allow."""
    player = names[view.turn]
    rolled = counts(_faces(view.rolled), lang)
    if view.closed:
        return lang._("The game was cancelled; the table as it stood, with nobody to move.")
    if view.bust:
        if view.aside:
            return lang.ngettext(
                "{player} rolled {dice}: nothing to set aside, bust! The {n} die set aside "
                "this turn is lost.",
                "{player} rolled {dice}: nothing to set aside, bust! The {n} dice set aside "
                "this turn are lost.",
                len(view.aside),
                player=player,
                dice=rolled,
            )
        return lang._(
            "{player} rolled {dice}: nothing to set aside, bust!", player=player, dice=rolled
        )
    if view.rolled and not view.rolled_used:
        return lang._(
            "{player} rolled {dice} and chooses what to set aside.", player=player, dice=rolled
        )
    if len(view.aside) == DICE:
        return lang._(
            "{player} has set aside all seven dice: they take {value}, then play a bonus turn.",
            player=player,
            value=lang.number(view.value),
        )
    if view.aside:
        line = lang.ngettext(
            "{player} rolls the {n} die left or takes {value}.",
            "{player} rolls the {n} dice left or takes {value}.",
            DICE - len(view.aside),
            player=player,
            value=lang.number(view.value),
        )
        if view.rolled and view.kept:
            line += " " + lang._(
                "From the roll {dice}, set aside {kept}.",
                dice=rolled,
                kept=counts(_faces(view.kept), lang),
            )
        elif view.rolled:
            line += " " + lang._("The last roll: {dice}.", dice=rolled)
        return line
    return lang._("{player} rolls the seven dice.", player=player)


def _aside(view: NuggetsView, lang: Language) -> str:
    """The dice set aside this turn, their value, and (unless a bust lost them) the lassos
    against the three a steal needs."""
    line = lang._(
        "Set aside this turn: {dice}, worth {value}.",
        dice=counts(_faces(view.aside), lang),
        value=lang.number(view.value),
    )
    lassos = view.lassos
    if view.bust:
        # Lost with the rest: what they would have allowed is no longer said.
        return line
    if lassos >= STEAL_LASSOS:
        line += " " + lang.ngettext(
            "{n} lasso: a steal is possible.", "{n} lassos: a steal is possible.", lassos
        )
    elif lassos:
        line += " " + lang._(
            "{lassos} of the {needed} lassos a steal needs.",
            lassos=lang.number(lassos),
            needed=lang.number(STEAL_LASSOS),
        )
    return line


def _took(took: tuple[int, int | None, int], names: Sequence[str], lang: Language) -> str:
    seat, source, amount = took
    if source is None:
        return lang.ngettext(
            "{player} took {n} nugget from the centre.",
            "{player} took {n} nuggets from the centre.",
            amount,
            player=names[seat],
        )
    return lang.ngettext(
        "{player} stole {n} nugget from {victim}.",
        "{player} stole {n} nuggets from {victim}.",
        amount,
        player=names[seat],
        victim=names[source],
    )


def _winners(view: NuggetsView, names: Sequence[str], lang: Language) -> str:
    if len(view.winners) > 1:
        return lang._(
            "Game over, the centre is empty: {players} share the win.",
            players=lang.list(names[seat] for seat in view.winners),
        )
    return lang._("Game over, the centre is empty: {player} wins.", player=names[view.winners[0]])


def _standing(view: NuggetsView, names: Sequence[str], lang: Language) -> list[str]:
    """Each player's place and nuggets, most first."""
    ranked = sorted(range(view.players), key=lambda seat: (-view.nuggets[seat], seat))
    return [
        lang.ngettext(
            "{place}. {player}: {n} nugget",
            "{place}. {player}: {n} nuggets",
            view.nuggets[seat],
            place=lang.number(1 + sum(n > view.nuggets[seat] for n in view.nuggets)),
            player=names[seat],
        )
        for seat in ranked
    ]


def results(game: Game, results: Sequence[Result], lang: Language) -> str:
    """The final standing, most nuggets first: one line per player, plain text that wraps
    on a phone instead of a table's columns that would need scrolling."""
    lines = []
    for r in sorted(results, key=lambda r: (r.place, r.seat)):
        nuggets = r.figures.get("nuggets", 0)
        standing = lang.ngettext(
            "{place}. {player}: {n} nugget",
            "{place}. {player}: {n} nuggets",
            nuggets,
            place=lang.number(r.place),
            player=f"**{name(game.seats[r.seat], lang)}**",
        )
        lines.append(f"🏆 {standing}" if r.won else standing)
    won = [
        (f"**{name(game.seats[r.seat], lang)}**", (r.figures.get("nuggets", 0),))
        for r in sorted(results, key=lambda r: (r.place, r.seat))
        if r.won
    ]
    shared = decided((lang.pgettext("nuggets", "nuggets"),), won, None, lang)
    return "\n".join([*lines, *([] if shared is None else ["", shared])])
