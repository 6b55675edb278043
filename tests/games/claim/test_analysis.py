"""Claim's decisions as the report keeps them: judged from the seat's view in chance to
win, the clock's moves left out, the same whichever process judges which decisions, and
a card nobody saw face up never named; the cards' luck each seat's own, in the same unit."""

from __future__ import annotations

import random
from fractions import Fraction

from bot.games.analysis import ChanceKind, Grade, Played, Unit
from bot.games.claim.analysis import ANALYST
from bot.games.claim.game import CLAIM, Move, intent_of
from bot.games.claim.report_words import UNSEEN, WORDS
from bot.storage.game_values import Level, OptionValue
from engine.claim.actions import Discard, Play, Take
from engine.claim.state import ClaimState
from i18n import english


def played(seed: int, factions: OptionValue = "first-game") -> list[Played]:
    """A seeded two-player game of computer players as the report reads it."""
    chance, minds = random.Random(seed), random.Random(seed + 1)
    options: dict[str, OptionValue] = {"pair": "goblins-knights", "factions": factions}
    state: ClaimState = CLAIM.start(2, 0, options, CLAIM.deal(2, options, chance))
    moves = []
    while not CLAIM.is_over(state):
        seat = CLAIM.to_act(state)[0]
        action = CLAIM.action(state, seat, CLAIM.decide(state, seat, Level.NORMAL, minds), chance)
        moves.append(Played(state, seat, action))
        state = CLAIM.apply(state, seat, action).state
    return moves


def test_a_face_down_discard_is_never_named_and_public_cards_are() -> None:
    for seed in range(6):
        moves = played(seed, CLAIM.options[1].check("automatons, seers, trolls"))

        discards = [i for i, move in enumerate(moves) if isinstance(move.action.action, Discard)]
        if discards:
            break
    else:
        raise AssertionError("no game with an automatic trick")
    public = {
        intent_of(move.action.action) for move in moves if isinstance(move.action.action, Play)
    }
    decided = [i for i in ANALYST.decisions(moves) if i in discards or i < 12]
    judged = ANALYST.judge(moves, decided, seed=1)
    assert judged and all(d.unit is Unit.WIN_CHANCE and not d.exact for d in judged)
    for decision in judged:
        for token in (decision.chosen, decision.best):
            kind, _, card = token.partition("=")
            if kind in ("play", "discard"):
                assert f"play={card}" in public, token
    hidden = [d for d in judged if d.move in discards]
    never_shown = [d for d in hidden if _unseen(moves, d.move)]
    assert never_shown and all(d.chosen == UNSEEN + "discard" for d in never_shown)
    words = WORDS.option(None, UNSEEN + "discard", ("Ann", "Bo"), english())
    assert words == "discarding another card face down (never shown)"


def _unseen(moves: list[Played], index: int) -> bool:
    card = moves[index].action.action.card
    return not any(
        isinstance(move.action.action, Play | Take) and move.action.action.card == card
        for move in moves
    )


def test_the_clocks_moves_are_nobodys_and_shares_judge_alike() -> None:
    moves = played(3)
    decisions = ANALYST.decisions(moves)
    clocked = list(moves)
    first = decisions[0]
    move = clocked[first]
    clocked[first] = Played(move.before, move.seat, Move(move.seat, move.action.action, True))
    assert first not in ANALYST.decisions(clocked)
    some = decisions[:6]
    whole = ANALYST.judge(moves, some, seed=5)
    halves = ANALYST.judge(moves, some[::2], seed=5) + ANALYST.judge(moves, some[1::2], seed=5)
    assert sorted(halves, key=lambda d: d.move) == whole


def test_the_cards_luck_is_each_seats_own_and_graded_on_the_engines_scale() -> None:
    moves = played(4)
    fortunes = ANALYST.luck(moves, seed=2)
    assert [(f.move, f.seat, f.kind) for f in fortunes[:2]] == [
        (-1, 0, ChanceKind.DEAL),
        (-1, 1, ChanceKind.DEAL),
    ]
    assert {f.kind for f in fortunes} == {ChanceKind.DEAL, ChanceKind.PRIZE, ChanceKind.DRAW}
    # A deal and a face-down draw are seen by their seat alone.
    assert all(f.luck[1 - f.seat] == 0 for f in fortunes if f.kind is not ChanceKind.PRIZE)
    assert all(-1 <= luck <= 1 for f in fortunes for luck in f.luck)
    assert ANALYST.luck([], seed=2) == []
    grade = ANALYST.chance_thresholds.grade
    assert [grade(Fraction(p, 100)) for p in (4, 5, 10, 20)] == [
        Grade.GOOD,
        Grade.INACCURACY,
        Grade.MISTAKE,
        Grade.BLUNDER,
    ]
    rates = ANALYST.level_rates
    assert rates[Level.HARD] < rates[Level.NORMAL] < rates[Level.EASY]
