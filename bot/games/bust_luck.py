"""Bust luck, exactly: what a dice game keeps of each seat's rolls, and how it is told.

Each roll's exact chance of busting (the engines' odds) adds up to the busts a seat
should have expected; with the spread of that sum (the sum of p(1-p)) the busts it
had read as lucky, as expected or unlucky. A game keeps them as whole numbers like
every figure: the chances in millionths. The server's dice are told apart by face
(``dice_<face>``) on every seat's result, computer players' included, for the check
that the dice are fair.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, TypeVar

from bot.games.fairness import Fairness, FairnessVerdict
from bot.games.figures import Figure, Fold
from engine.bust_luck import BustLuck, Verdict, verdict
from i18n import Language

MICRO = 1_000_000
"""Chances are kept in millionths of a bust."""

LUCK_FIGURES: tuple[Figure, ...] = (
    Figure("rolls", "rolls", Fold.SUM),
    Figure("bust_odds", "bust_odds", Fold.SUM),
    Figure("bust_spread", "bust_spread", Fold.SUM),
)
"""What a player's record adds up of their luck (a game's ``busts`` it keeps already)."""


def luck_figures(luck: BustLuck) -> dict[str, int]:
    """A seat's luck with the dice as whole numbers a record can keep: rolls, busts, and the
    expected busts and their spread in millionths."""
    return {
        "rolls": luck.rolls,
        "busts": luck.busts,
        "bust_odds": round(luck.expected * MICRO),
        "bust_spread": round(luck.variance * MICRO),
    }


def dice_figures(faces: Sequence[str], rolled: Iterable[str]) -> dict[str, int]:
    """A seat's dice by face, each face of ``faces`` counted (none rolled: 0)."""
    counts = dict.fromkeys(faces, 0)
    for face in rolled:
        counts[face] += 1
    return {f"dice_{face}": count for face, count in counts.items()}


class Turns(Protocol):
    """A dice game's position, as far as its dice need: its seats, and whose turn it is."""

    @property
    def players(self) -> int:
        """How many seats the game has."""
        ...

    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        ...


Position = TypeVar("Position", bound=Turns)
Action = TypeVar("Action")


def rolled_dice(
    start: Position,
    actions: Iterable[Action],
    apply: Callable[[Position, Action], tuple[Position, object]],
    dice: Callable[[Action], Iterable[object]],
) -> list[list[str]]:
    """Each seat's dice, every face as it came up (as ``str`` writes it), replaying the
    game's ``actions`` from ``start``: ``dice`` is what an action rolled (nothing but for
    a roll)."""
    rolled: list[list[str]] = [[] for _ in range(start.players)]
    state = start
    for action in actions:
        rolled[state.turn].extend(str(face) for face in dice(action))
        state, _ = apply(state, action)
    return rolled


def bust_verdict(figures: Mapping[str, int]) -> Verdict:
    """Whether a record's busts were luckier than their odds, as ``luck_figures`` keeps them."""
    return verdict(
        figures.get("busts", 0),
        figures.get("bust_odds", 0) / MICRO,
        figures.get("bust_spread", 0) / MICRO,
    )


def verdict_words(found: Verdict, lang: Language) -> str:
    """A luck verdict in ``lang``."""
    return {
        Verdict.VERY_LUCKY: lang._("very lucky"),
        Verdict.LUCKY: lang._("lucky"),
        Verdict.AS_EXPECTED: lang._("as expected"),
        Verdict.UNLUCKY: lang._("unlucky"),
        Verdict.VERY_UNLUCKY: lang._("very unlucky"),
    }[found]


def busts_line(
    player: str, figures: Mapping[str, int], lang: Language, *, judged: bool = True
) -> str:
    """``Ann busted 4 times where 1.6 were expected (12 rolls): unlucky``; without the
    verdict where not ``judged`` (a report, whose word on luck comes from its points:
    a roll's luck is more than whether it busted)."""
    if not judged:
        return lang.ngettext(
            "{player} busted {n} time where {expected} were expected ({rolls})",
            "{player} busted {n} times where {expected} were expected ({rolls})",
            figures.get("busts", 0),
            player=player,
            **_bust_values(figures, lang),
        )
    return lang.ngettext(
        "{player} busted {n} time where {expected} were expected ({rolls}): {verdict}",
        "{player} busted {n} times where {expected} were expected ({rolls}): {verdict}",
        figures.get("busts", 0),
        player=player,
        **_bust_values(figures, lang),
    )


def record_luck(figures: Mapping[str, int], lang: Language) -> str | None:
    """A player's busts over all their games, against what their rolls made likely."""
    if not figures.get("rolls", 0):
        return None
    return lang.ngettext(
        "Busted {n} time where {expected} were expected ({rolls}): {verdict}",
        "Busted {n} times where {expected} were expected ({rolls}): {verdict}",
        figures.get("busts", 0),
        **_bust_values(figures, lang),
    )


def _bust_values(figures: Mapping[str, int], lang: Language) -> dict[str, str]:
    return {
        "expected": lang.number(figures.get("bust_odds", 0) / MICRO, digits=1),
        "rolls": lang.ngettext("{n} roll", "{n} rolls", figures.get("rolls", 0)),
        "verdict": verdict_words(bust_verdict(figures), lang),
    }


def luck_lines(
    names: Sequence[str], figures: Sequence[Mapping[str, int]], lang: Language
) -> list[str]:
    """One line per seat that rolled, for a game's result (``names`` as markdown)."""
    return [
        busts_line(f"**{name}**", seat, lang)
        for name, seat in zip(names, figures, strict=True)
        if seat.get("rolls", 0)
    ]


def fairness_text(faces: Sequence[str], fairness: Fairness, lang: Language) -> str:
    """The dice of one game rolled where it is asked (a server, a conversation): how many,
    each face's share, and whether fair dice would often come out this uneven, in plain
    words naming no place (the heading names it)."""
    shares = " · ".join(
        f"{face} {lang.percent(share, digits=1)}"
        for face, share in zip(faces, fairness.shares, strict=True)
    )
    rolled = lang.ngettext(
        "{n} die was rolled here in finished games.",
        "{n} dice were rolled here in finished games.",
        fairness.total,
    )
    if fairness.verdict is FairnessVerdict.NOT_ENOUGH:
        verdict = lang._("Too few dice yet to tell anything about their fairness.")
    else:
        chance = lang.percent(fairness.p_value, digits=_digits(fairness.p_value))
        if fairness.verdict is FairnessVerdict.FAIR:
            verdict = lang._(
                "Nothing unusual: fair dice come out at least this uneven {chance} of the time.",
                chance=chance,
            )
        elif fairness.verdict is FairnessVerdict.UNUSUAL:
            verdict = lang._(
                "Somewhat unusual: fair dice come out this uneven only {chance} of the time. "
                "With many servers rolling, some see this now and then.",
                chance=chance,
            )
        else:
            verdict = lang._(
                "Very unusual: fair dice come out this uneven only {chance} of the time.",
                chance=chance,
            )
        verdict += " " + lang._(
            "(chi-square {statistic} with {freedom} degrees of freedom)",
            statistic=lang.number(fairness.chi_square, digits=2),
            freedom=lang.number(fairness.degrees_of_freedom),
        )
    source = lang._("The dice come from the operating system's random source.")
    return f"{rolled}\n{shares}\n{verdict}\n-# {source}"


def _digits(p: float) -> int:
    """Enough digits after the point to show a small chance as more than zero."""
    if p <= 0:
        return 1
    return max(0, min(8, -math.floor(math.log10(p * 100)) + 1))
