"""Why Claim's judge finds its best card better than a learner's, in a sentence a teacher
would say (``bot.games.lessons.Reasons``): which of the two wins the trick it completes
and what that trick wins (phase 1's prize; in phase 2 its cards, the Dwarves going to its
loser), or the trick lost on purpose to keep a high card in hand. Worked out by playing
each card on the position the learner saw: a trick the learner does not complete (a
lead, a trick others still play to) has no such reason, and the judge's figure says it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.analysis import Judged
from bot.games.claim.names import card_name, faction_name
from engine.claim import ClaimState, Faction, Phase, Play, TrickDone, apply, teams
from engine.claim.json_form import action_of
from i18n import Language


def _played(token: str) -> Play | None:
    """The card a decision's option plays, if it plays one the report may name."""
    kind, _, value = token.partition("=")
    action = action_of(kind, value)
    return action if isinstance(action, Play) else None


def _won(state: ClaimState, seat: int, play: Play) -> bool | None:
    """Whether ``play`` makes the seat's side win the trick it completes; ``None`` where
    it does not complete one."""
    _, events = apply(state, seat, play)
    done = next((event for event in events if isinstance(event, TrickDone)), None)
    if done is None or done.auto:
        return None
    side = next(team for team in teams(state.players) if seat in team)
    return done.order[0] in side


def _piles(state: ClaimState, seat: int, play: Play, faction: Faction) -> tuple[int, int]:
    """The cards of ``faction`` in the seat's side's score piles, and in the most of any
    other side's, once ``play`` completes the trick."""
    after, _ = apply(state, seat, play)
    counts = [
        sum(card.faction is faction for member in team for card in after.scores[member])
        for team in teams(state.players)
    ]
    side = next(index for index, team in enumerate(teams(state.players)) if seat in team)
    others = [count for index, count in enumerate(counts) if index != side]
    return counts[side], max(others, default=0)


class ClaimReasons:
    """Claim's reasons (``Reasons``)."""

    def why(
        self, before: ClaimState, judged: Judged, names: Sequence[str], lang: Language
    ) -> str | None:
        """One sentence on what the best card keeps or risks (``Reasons.why``)."""
        chosen, best = _played(judged.chosen), _played(judged.best)
        if chosen is None or best is None or chosen == best:
            return None
        seat = judged.seat
        won, lost = _won(before, seat, best), _won(before, seat, chosen)
        if won is None or lost is None:
            return None
        cards = {"best": card_name(best.card, lang), "chosen": card_name(chosen.card, lang)}
        prize = before.prize[0] if before.phase is Phase.P1 and before.prize else None
        dwarves = any(p.card.faction is Faction.DWARVES for p in before.table)
        if won and not lost:
            if prize is not None and before.players == 2:
                return lang._(
                    "The {best} wins this trick and with it the prize, the {prize}, where the "
                    "{chosen} loses it.",
                    prize=card_name(prize, lang),
                    **cards,
                )
            return lang._("The {best} wins this trick, where the {chosen} loses it.", **cards)
        if lost and not won:
            if before.phase is Phase.P2 and dwarves:
                return lang._(
                    "The {best} loses this trick on purpose: its loser takes the Dwarves in it, "
                    "where the {chosen} would win it and give them away.",
                    **cards,
                )
            if prize is not None and before.players == 2:
                return lang._(
                    "The {best} lets this trick go: its loser takes the deck's top card face "
                    "down instead of the {prize}, and your {chosen} stays in your hand for a "
                    "better trick.",
                    prize=card_name(prize, lang),
                    **cards,
                )
            return lang._(
                "The {best} lets this trick go and keeps your {chosen} in your hand for a "
                "better one.",
                **cards,
            )
        if won and before.phase is Phase.P2 and best.card.faction is not chosen.card.faction:
            faction = best.card.faction
            ours, theirs = _piles(before, seat, best, faction)
            level, _ = _piles(before, seat, chosen, faction)
            if ours > theirs >= level:
                return lang._(
                    "Both cards win this trick for your side, but the {best} puts it ahead in "
                    "{faction}, {ours} to {theirs}, where the {chosen} leaves it at {level}.",
                    faction=faction_name(faction, lang),
                    ours=lang.number(ours),
                    theirs=lang.number(theirs),
                    level=lang.number(level),
                    **cards,
                )
        if best.card.value >= chosen.card.value:
            return None
        if won:
            return lang._(
                "Both cards win this trick, but the {best} keeps your {chosen} for later.", **cards
            )
        return lang._(
            "Both cards lose this trick, but the {best} keeps your {chosen} for later.", **cards
        )


REASONS: Final = ClaimReasons()
