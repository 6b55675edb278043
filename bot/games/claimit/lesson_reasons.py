"""Why Claim It!'s judge finds its best move better than a learner's, in a sentence a
teacher would say (``bot.games.lessons.Reasons``): the chance the next roll busts against
the marks a stop keeps (the spaces this turn marked, as the board counts them), and what a
placement does to the mines once the turn settles (it joins or grows the mover's, cuts a
rival's, or wins the tie-break on claimed spaces). Its bust chance is the board's own (the
exact share of the 216 rolls, to a tenth of a percent), worked out from the position
alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.analysis import Judged
from bot.games.claimit import words
from bot.games.claimit.report_words import ROLL, STOP, placement
from engine.claimit import GameState, Place, Placement, Space, Stop, apply, scores, winners
from engine.claimit.board import groups
from engine.claimit.odds import OUTCOMES, roll_odds
from engine.claimit.scoring import Score, visible_spaces
from i18n import Language


def _settled(state: GameState, placed: Placement) -> tuple[Score, ...]:
    """Every seat's score once ``placed`` is made and the turn stops."""
    return scores(apply(apply(state, Place(placed)).state, Stop()).state)


def _rival(found: Sequence[Score], seat: int) -> Score:
    """The best rival of ``seat``: the largest mine, then the most claimed spaces."""
    return max((s for s in found if s.seat != seat), key=lambda s: (s.largest, s.claims))


def _joins(state: GameState, seat: int, placed: Placement) -> bool:
    """Whether the placement's space touches two or more of the seat's groups."""
    bit = Space(placed.col, placed.row).bit
    own = visible_spaces(state, seat)
    return len(groups(own | bit)) < len(groups(own))


class ClaimItReasons:
    """Claim It!'s reasons (``Reasons``)."""

    def why(
        self, before: GameState, judged: Judged, names: Sequence[str], lang: Language
    ) -> str | None:
        """One sentence on what the best move keeps or risks (``Reasons.why``)."""
        chosen, best = judged.chosen, judged.best
        if {chosen, best} == {ROLL, STOP}:
            return self._roll_or_stop(before, best == ROLL, lang)
        if ROLL in (chosen, best) or STOP in (chosen, best):
            return None
        return self._placement(before, placement(chosen), placement(best), names, lang)

    def _roll_or_stop(self, state: GameState, roll: bool, lang: Language) -> str:
        odds = roll_odds(state)
        figures = {
            "chance": lang.percent(float(odds.bust)),
            "busting": lang.number(odds.busting_rolls),
            "rolls": lang.number(OUTCOMES),
        }
        marks = odds.marks_if_stopping
        if roll:
            return lang._(
                "The next roll busts {chance} of the time ({busting} of {rolls} rolls), a risk "
                "worth taking for one more mark on top of the {n} a stop keeps now.",
                n=lang.number(marks),
                **figures,
            )
        stopped = scores(apply(state, Stop()).state)
        if state.last_round is not None and winners(stopped) == (state.turn,):
            return lang.ngettext(
                "The next roll busts {chance} of the time ({busting} of {rolls} rolls) and would "
                "lose this turn's mark, where stopping now wins the game.",
                "The next roll busts {chance} of the time ({busting} of {rolls} rolls) and would "
                "lose this turn's {n} marks, where stopping now wins the game.",
                marks,
                **figures,
            )
        return lang.ngettext(
            "The next roll busts {chance} of the time ({busting} of {rolls} rolls) and would lose "
            "this turn's mark, which stopping keeps.",
            "The next roll busts {chance} of the time ({busting} of {rolls} rolls) and would lose "
            "this turn's {n} marks, which stopping keeps.",
            marks,
            **figures,
        )

    def _placement(
        self,
        state: GameState,
        chosen: Placement,
        best: Placement,
        names: Sequence[str],
        lang: Language,
    ) -> str | None:
        seat = state.turn
        worse, better = _settled(state, chosen), _settled(state, best)
        named = {
            "best": words.placement(best, lang),
            "chosen": words.placement(chosen, lang),
        }
        mine, other = better[seat], worse[seat]
        if mine.largest > other.largest:
            if _joins(state, seat, best):
                return lang._(
                    "The {best} joins your groups into a mine of {mine} spaces once you stop, "
                    "where the {chosen} leaves your largest mine at {other}.",
                    mine=lang.number(mine.largest),
                    other=lang.number(other.largest),
                    **named,
                )
            return lang._(
                "The {best} grows your largest mine to {mine} spaces once you stop, where the "
                "{chosen} leaves it at {other}.",
                mine=lang.number(mine.largest),
                other=lang.number(other.largest),
                **named,
            )
        rival, left = _rival(better, seat), _rival(worse, seat)
        if rival.largest < left.largest:
            return lang._(
                "The {best} cuts {player}'s largest mine to {cut} spaces once you stop, where the "
                "{chosen} leaves it at {whole}.",
                player=names[left.seat],
                cut=lang.number(rival.largest),
                whole=lang.number(left.largest),
                **named,
            )
        if mine.claims > other.claims and mine.largest == rival.largest:
            return lang._(
                "With the largest mines tied at {mine}, the claimed spaces decide: the {best} "
                "gives you {claims} to {player}'s {theirs}, where the {chosen} leaves you {fewer}.",
                mine=lang.number(mine.largest),
                claims=lang.number(mine.claims),
                theirs=lang.number(rival.claims),
                fewer=lang.number(other.claims),
                player=names[rival.seat],
                **named,
            )
        if mine.claims > other.claims:
            return lang._(
                "The {best} makes its space yours for good: nothing can ever be placed on a "
                "claimed space, where a squatter's space can be taken back.",
                **named,
            )
        if mine.spaces > other.spaces:
            return lang._(
                "The {best} gives you {spaces} spaces once you stop, where the {chosen} gives "
                "you {fewer}.",
                spaces=lang.number(mine.spaces),
                fewer=lang.number(other.spaces),
                **named,
            )
        return None


REASONS: Final = ClaimItReasons()
