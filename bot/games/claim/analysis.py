"""Claim's decisions judged: each card choice where the seat had more than one, by
``engine.claim.judge`` from the seat's own view (the cards it had seen then, the rest
dealt anew many times), in chance to win. Estimates, each decision's deals drawn from the
game's seed and its index alone, so that the processes a game's decisions are shared
among judge each the same. A cost below an inaccuracy counts as none: it is within the
noise of the deals. Each card's luck is weighed in the same unit, from each seat's own
view (``engine.claim.card_luck``).

A card nobody saw face up in the whole game is kept as an unseen option, never by name:
the report would otherwise tell a face-down discard.

In a determined endgame (two players in phase 2, the unseen cards exactly the other hand)
the judge solves every option exactly: such a decision and such a hint are marked exact
(``Judged.exact``, ``Weighed.exact``: "These worths are exact").

Each decision also keeps what it cost in factions (``Judged.own``), from the same deals
(``engine.claim.judge.Judgement.factions``): where the game was decided for the mover, a
choice that gave factions away is graded by them too, so it still comes back as a drill."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence, Set
from fractions import Fraction
from typing import Final

from bot.games.analysis import (
    Fortune,
    Judged,
    Played,
    Thresholds,
    Unit,
    Weighed,
    best_first,
    judged_choice,
    kept,
    seen_text,
    weighed_in_own_unit,
)
from bot.games.claim import themes as kinds
from bot.games.claim.game import Move, intent_of
from bot.games.claim.report_words import UNSEEN
from bot.storage.game_values import Level
from engine.claim.actions import Action, Discard, Play, Take
from engine.claim.card_luck import card_luck
from engine.claim.cards import CATALOGUE, Card
from engine.claim.json_form import view_to_json
from engine.claim.judge import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Judgement,
    decision_rng,
    exact,
    judged,
    weighed_factions,
)
from engine.claim.judge import decisions as engine_decisions
from engine.claim.state import ClaimState
from engine.claim.view import SeatView, view

THRESHOLDS: Final = {
    Unit.WIN_CHANCE: Thresholds(kept(INACCURACY), kept(MISTAKE), kept(BLUNDER)),
    Unit.FACTIONS: Thresholds(Fraction(1, 4), Fraction(1, 2), Fraction(1)),
}
"""In win chance, the engine's thresholds (``engine.claim.judge``, where their reasons
are). In factions, what a decided game grades a choice by too: a whole faction is the
margin of a two-player game (five factions, three to win), so giving one away is a
blunder, half of one a mistake and a quarter the least worth naming; around an even
game a faction is worth some half the game's chance (``win_chance.SPREAD``), so these
sit near the win-chance grades' 5, 10 and 20 points."""
CHANCE_THRESHOLDS: Final = THRESHOLDS[Unit.WIN_CHANCE]
"""Claim judges in win chance, so a decision's chance cost is graded as its cost; its
factions grade it too in a decided game (``Judged.own``)."""
LEVEL_RATES: Final = {
    Level.EASY: Fraction(2734, 100_000),
    Level.NORMAL: Fraction(1268, 100_000),
    Level.HARD: Fraction(176, 100_000),
}
"""Each level's chance to win lost per judged decision: ``python -m bench.analysis --only
claim --games 24`` (2 to 4 seats, the levels mixed) measured 2.734 points of win chance for
easy (474 decisions), 1.268 for normal (514) and 0.176 for hard (412), with the win-chance
model recalibrated (``engine.claim.win_chance``). Costs below an
inaccuracy count as none (``NOISE``), so the rates count the clear errors alone."""
NOISE: Final = kept(INACCURACY)
"""Below an inaccuracy a cost can't be told from the luck of the deals drawn: two judgings
with other deals disagree on whether it is there at all."""


class ClaimAnalyst:
    """Claim's judge: a search per decision, so a game's decisions are shared among the
    judging processes."""

    thresholds = THRESHOLDS
    themes = kinds.THEMES
    chance_thresholds = CHANCE_THRESHOLDS
    level_rates = LEVEL_RATES
    parts = 2

    def decisions(self, moves: Sequence[Played]) -> list[int]:
        """The moves with more than one option whoever holds the seat made
        (``Analyst.decisions``)."""
        if not moves:
            return []
        actions = [_move(played).action for played in moves]
        return [
            index
            for index in engine_decisions(moves[0].before, actions)
            if moves[index].own and not _move(moves[index]).timed_out
        ]

    def judge(
        self,
        moves: Sequence[Played],
        only: Collection[int],
        seed: int,
        *,
        for_the_mover: bool = False,
    ) -> list[Judged]:
        """The decisions among ``only``, judged (``Analyst.judge``); for the mover, each
        option named (their own cards)."""
        shown = CATALOGUE if for_the_mover else _shown(moves)
        found = []
        for index in sorted(only):
            played = moves[index]
            action = _move(played).action
            judgement = judged(played.before, played.seat, action, decision_rng(seed, index))
            if judgement is not None:
                found.append(_judged(played, index, judgement, shown))
        return found

    def luck(
        self, moves: Sequence[Played], seed: int, part: int = 0, parts: int = 1
    ) -> list[Fortune]:
        """Every card's luck (``Analyst.luck``): the deal, each prize turned up and each
        card drawn, each seat's weighed from its own view (``engine.claim.card_luck``),
        on deals drawn from ``seed``; a part weighs its events alone."""
        if not moves:
            return []
        actions = [_move(played).action for played in moves]
        events = card_luck(moves[0].before, actions, seed, part, parts)
        return [Fortune.of(event) for event in events]

    def seen(self, state: ClaimState, seat: int) -> str:
        """The seat's view (``engine.claim.view``: its own hand and followers, the public
        piles, how many cards lie where it can't see), as sorted JSON: nothing of a card
        the seat has not seen (``Analyst.seen``)."""
        return _seen(view(state, seat))

    def weighed(self, state: ClaimState, seat: int) -> Weighed | None:
        """Every option of ``seat`` (``Analyst.weighed``), in chance to win, named as for
        the mover (its own cards by name). Cards of the same faction and value are one
        option, as the judge counts them, named by the first of them the seat holds (the
        report names the card chosen). Every option is judged, not only the few a report
        searches beside the one chosen (``engine.claim.judge.weighed``), on deals drawn
        from the view alone: the same whatever the cards the seat has not seen, and the
        same each time it is asked. Costs within ``noise`` count as none, as in the
        report. Exact in a determined endgame. Where the game is decided for the seat and
        no option's chance stands out, weighed in factions (a quarter of one the noise),
        as the report grades a decided game."""
        seen = view(state, seat)
        found = weighed_factions(seen, random.Random(f"claim-weighed:{_seen(seen)}"))
        if found is None:
            return None
        chances = [(_token(group[0], CATALOGUE), chance) for group, chance, _ in found]
        best, worst = found[0][1], found[-1][1]
        if weighed_in_own_unit(best, worst, NOISE):
            # A decided game where no option's chance stands out: the factions tell them
            # apart, as the report grades a decided game too.
            won = [(_token(group[0], CATALOGUE), won) for group, _, won in found]
            noise = THRESHOLDS[Unit.FACTIONS].inaccuracy
            return best_first(won, Unit.FACTIONS, exact=False, chances=chances, noise=noise)
        return best_first(chances, Unit.WIN_CHANCE, exact=exact(seen), chances=chances, noise=NOISE)

    def theme(self, state: ClaimState, seat: int, options: Set[str]) -> str:
        """What kind of decision it is (``Analyst.theme``)."""
        return kinds.theme(state, seat, options)


def _seen(seen: SeatView) -> str:
    return seen_text(view_to_json(seen))


def _move(played: Played) -> Move:
    move = played.action
    assert isinstance(move, Move), move
    return move


def _shown(moves: Sequence[Played]) -> frozenset[Card]:
    """The cards everybody saw face up during the game: played, or taken as a face-up
    prize."""
    shown = set()
    for played in moves:
        action = _move(played).action
        if isinstance(action, Play) or (isinstance(action, Take) and action.card is not None):
            assert action.card is not None
            shown.add(action.card)
    return frozenset(shown)


def _token(action: Action, shown: Collection[Card]) -> str:
    """An option as the report keeps it: its intent, or only its kind for a card nobody
    saw."""
    card = action.card if isinstance(action, Play | Discard | Take) else None
    if card is not None and card not in shown:
        kinds = {Play: "play", Discard: "discard", Take: "take"}
        return UNSEEN + kinds[type(action)]
    return intent_of(action)


def _judged(played: Played, index: int, judgement: Judgement, shown: Collection[Card]) -> Judged:
    factions = kept(judgement.factions_cost)
    # Below a quarter of a faction the deals can't tell a cost from their own luck.
    own_cost = factions if factions >= THRESHOLDS[Unit.FACTIONS].inaccuracy else Fraction(0)
    return judged_choice(
        played,
        index,
        judgement,
        lambda action: _token(action, shown),
        Unit.WIN_CHANCE,
        exact=judgement.exact,
        chances=judgement.worths,
        noise=NOISE,
        chance_noise=NOISE,
        own=(Unit.FACTIONS, own_cost) if judgement.factions else None,
    )


ANALYST: Final = ClaimAnalyst()
