"""Why Gold Nuggets' judge finds its best move better than a learner's, in a sentence a
teacher would say (``bot.games.lessons.Reasons``): the chance the dice left bust and what
rolling on takes on average against the take now, what a set-aside keeps to roll or is
worth, three lassos and a bonus turn, and whom a steal hurts. Its figures are the ones the
board shows (the exact bust chance to a tenth of a percent, the average to a tenth of a
nugget), worked out from the position alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.analysis import Judged
from bot.games.gold_nuggets import words
from bot.games.gold_nuggets.game import ROLL, STEAL_PREFIX, TAKE, parse_set
from engine.gold_nuggets import Counts, GameState
from engine.gold_nuggets.odds import bust_chance, roll_odds
from engine.gold_nuggets.state import STEAL_LASSOS
from i18n import Language


def _busts(dice: int, aside: Counts, lang: Language) -> str:
    """The chance that rolling ``dice`` dice busts, with ``aside`` set aside, as the board
    shows it."""
    return lang.percent(float(bust_chance(dice, aside.numbers)))


def _source(token: str) -> int | None:
    """The seat a take names (``None``: the centre)."""
    return int(token.removeprefix(STEAL_PREFIX)) if token.startswith(STEAL_PREFIX) else None


def _leader(state: GameState) -> int | None:
    """The opponent holding the most nuggets, if one holds more than the mover."""
    rivals = state.opponents()
    top = max(rivals, key=lambda seat: state.nuggets[seat])
    return top if state.nuggets[top] > state.nuggets[state.turn] else None


class NuggetsReasons:
    """Gold Nuggets' reasons (``Reasons``)."""

    def why(
        self, before: GameState, judged: Judged, names: Sequence[str], lang: Language
    ) -> str | None:
        """One sentence on what the best move keeps or risks (``Reasons.why``)."""
        chosen, best = judged.chosen, judged.best
        if best == ROLL:
            return self._roll_on(before, chosen, names, lang)
        if chosen == ROLL:
            return self._take_now(before, best, names, lang)
        if best == TAKE or best.startswith(STEAL_PREFIX):
            return self._source(before, chosen, best, names, lang)
        counts, better = parse_set(chosen), parse_set(best)
        if counts is None or better is None:
            return None
        return self._set_aside(before, counts, better, lang)

    def _roll_on(self, state: GameState, chosen: str, names: Sequence[str], lang: Language) -> str:
        """Rolling on beats the take that was made."""
        odds = roll_odds(state)
        figures = {
            "n": lang.number(state.dice_left),
            "chance": _busts(state.dice_left, state.aside, lang),
            "value": lang.number(state.value),
        }
        lassos = state.aside.lasso
        leader = _leader(state)
        if 0 < lassos < STEAL_LASSOS and leader is not None:
            return lang._(
                "The {n} dice left bust {chance} of the time, and one more lasso would make "
                "three: you could take your {value} from {leader}, who leads.",
                leader=names[leader],
                **figures,
            )
        if odds.roll_on > state.value:
            return lang._(
                "The {n} dice left bust {chance} of the time, and rolling them on, "
                "played well, takes {average} on average, more than the {value} you took.",
                average=lang.number(odds.roll_on, digits=1),
                **figures,
            )
        if leader is not None:
            return lang._(
                "The {n} dice left bust {chance} of the time, a risk worth taking while "
                "{leader} leads: {value} would not be enough to catch up.",
                leader=names[leader],
                **figures,
            )
        return lang._(
            "The {n} dice left bust {chance} of the time, a risk worth taking for more than "
            "{value}.",
            **figures,
        )

    def _take_now(self, state: GameState, best: str, names: Sequence[str], lang: Language) -> str:
        """Taking (from the centre or a player) beats rolling on."""
        odds = roll_odds(state)
        chance = _busts(state.dice_left, state.aside, lang)
        source = _source(best)
        value = state.value
        if source is None and value >= state.centre and _ahead_after(state, None):
            return lang._(
                "Rolling on busts {chance} of the time and would lose the {value} set aside, "
                "where taking them now empties the centre and wins the game.",
                chance=chance,
                value=lang.number(value),
            )
        if source is not None:
            return lang._(
                "Rolling on busts {chance} of the time and would lose the {value} set aside "
                "and your three lassos, where taking {value} from {player} now keeps them.",
                chance=chance,
                value=lang.number(value),
                player=names[source],
            )
        if odds.roll_on < value:
            return lang._(
                "Rolling on busts {chance} of the time and would lose the {value} set aside: "
                "played well, it takes {average} on average, less than the {value} you take now.",
                chance=chance,
                value=lang.number(value),
                average=lang.number(odds.roll_on, digits=1),
            )
        return lang._(
            "Rolling on busts {chance} of the time and would lose the {value} set aside, "
            "which taking now keeps.",
            chance=chance,
            value=lang.number(value),
        )

    def _source(
        self, state: GameState, chosen: str, best: str, names: Sequence[str], lang: Language
    ) -> str | None:
        """Whom to take from: the centre or a player."""
        value = state.value
        taken, better = _source(chosen), _source(best)
        if better is not None:
            # A steal moves the gap to that player twice as far as a take from the centre.
            return lang._(
                "Taking your {value} from {player} makes them lose what you gain, which closes "
                "the gap to them twice as fast as taking from the centre.",
                value=lang.number(value),
                player=names[better],
            )
        if taken is None:
            return None
        held = state.nuggets[taken]
        if held < value:
            return lang._(
                "{player} holds only {held}, so taking from them gives you {held}, where the "
                "centre gives you all {value}.",
                player=names[taken],
                held=lang.number(held),
                value=lang.number(value),
            )
        if value >= state.centre and _ahead_after(state, None):
            return lang._(
                "Taking from the centre empties it and ends the game with you ahead.",
            )
        return None

    def _set_aside(
        self, state: GameState, chosen: Counts, best: Counts, lang: Language
    ) -> str | None:
        """Which dice to set aside."""
        after, better = state.aside.plus(chosen), state.aside.plus(best)
        left, kept = state.dice_left - chosen.total, state.dice_left - best.total
        named = {"best": words.counts(best, lang), "chosen": words.counts(chosen, lang)}
        if kept == 0 < left:
            return lang._(
                "Setting aside {best} puts all seven dice aside: you take {value} and play a "
                "bonus turn at once, where setting aside {chosen} leaves dice to roll that bust "
                "{chance} of the time.",
                value=lang.number(better.value),
                chance=_busts(left, after, lang),
                **named,
            )
        if better.lasso >= STEAL_LASSOS > after.lasso:
            return lang._(
                "Setting aside {best} makes three lassos this turn, so you may take from a "
                "player instead of the centre.",
                **named,
            )
        if better.value > after.value:
            return lang._(
                "Setting aside {best} makes your dice worth {better}, where setting aside "
                "{chosen} makes them worth only {worse}.",
                better=lang.number(better.value),
                worse=lang.number(after.value),
                **named,
            )
        if STEAL_LASSOS > better.lasso > after.lasso:
            return lang._(
                "Setting aside {best} keeps {lassos} lassos toward the three that let you take "
                "from a player, where setting aside {chosen} keeps {fewer}.",
                lassos=lang.number(better.lasso),
                fewer=lang.number(after.lasso),
                **named,
            )
        if kept > left > 0 or (kept > 0 == left):
            return lang._(
                "Setting aside {best} keeps {n} dice to roll, which bust {chance} of the time, "
                "where setting aside {chosen} keeps {fewer}.",
                n=lang.number(kept),
                chance=_busts(kept, better, lang),
                fewer=lang.number(left),
                **named,
            )
        return None


def _ahead_after(state: GameState, source: int | None) -> bool:
    """Whether the mover holds the most nuggets once they take the value from ``source``."""
    nuggets = list(state.nuggets)
    amount = min(state.value, state.centre if source is None else nuggets[source])
    nuggets[state.turn] += amount
    if source is not None:
        nuggets[source] -= amount
    return all(
        nuggets[state.turn] > held for seat, held in enumerate(nuggets) if seat != state.turn
    )


REASONS: Final = NuggetsReasons()
