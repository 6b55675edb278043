"""Gold Nuggets' judge against the solved 2-player game (``engine.gold_nuggets.exact_game``):
what its hints give away, what each computer level gives away, and what a hint and a
computer move take (its ledger, with every game's, is ``bench.judge_truth``'s).

    python -m bench.nuggets_judge [--games 20] [--endgames 300] [--seed 0]

- Hint regret: the exact chance to win of the best option less that of the option the hint
  names first (``Analyst.weighed``), on built close endgames (the centre 1 to 8, scores
  within 8, three lassos or more aside, a take possible) and on every decision of seeded
  2-player games between the computer levels.
- Each level against exact play: its decisions' exact cost per decision, the endgame
  decisions (centre 10 or less) that threw 10 points or more, and the games it lost from
  90% or more at a turn's start in the endgame.
- The wall time of a hint (``Analyst.weighed``) and of the hard player's move (``decide``),
  median, p90 and longest, over the games' positions, each made afresh (its turn's plan
  not kept from the decision before: the most a decision takes).

The exact chances come from the shipped table and the turn's programme alone, whatever the
product's model says, so the same script measures the code before and after a change.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from functools import cache

from bench.analysis import played
from bench.figures import spread
from bench.options import options as command_line
from bot.games.analysis import Played
from bot.games.gold_nuggets.analysis import ANALYST, option
from bot.storage.game_values import Level
from engine.gold_nuggets import (
    Counts,
    GameState,
    Phase,
    SetAside,
    Take,
    apply,
    bots,
    state_from_json,
    win_chance,
)
from engine.gold_nuggets.bots import Level as EngineLevel
from engine.gold_nuggets.bots import decide
from engine.gold_nuggets.exact_game import Ends, Key, Vector, table, turn
from engine.gold_nuggets.judge import Choice
from engine.gold_nuggets.scoring import winners
from engine.gold_nuggets.state import CENTRE_START, STEAL_LASSOS

ENDGAME: int = 10
"""A centre this small or smaller is the endgame."""
THROWN: float = 0.10
"""An endgame decision that gives away this much exact chance throws the game."""
WON: float = 0.90


@cache
def _centre(centre: int) -> tuple[Ends, dict[Key, Vector]]:
    solved = table()
    ends = Ends(centre, solved, solved[centre])
    return ends, turn(ends)


def options(state: GameState) -> list[Choice]:
    """Every option of the seat to act (a set-aside, rolling on, a take from a source)."""
    if state.phase is Phase.SET_ASIDE:
        return list(state.pending_choices())
    found: list[Choice] = ["roll"] if state.phase is Phase.DECIDE else []
    found.append(Take(None))
    if state.can_steal:
        found.extend(Take(seat) for seat in state.opponents())
    return found


def exact(state: GameState, choice: Choice) -> float:
    """The mover's exact chance to win after ``choice`` in a 2-player ``state``."""
    ends, rolls = _centre(state.centre)
    mover = state.nuggets[state.turn]
    other = CENTRE_START - state.centre - mover
    solved = table()

    def after(left: int, aside: Counts) -> float:
        steal = aside.lasso >= STEAL_LASSOS
        if left == 0:
            return ends.end(aside.value, steal, True)[mover]
        key = (left, aside.numbers, aside.value, min(aside.lasso, STEAL_LASSOS))
        return max(ends.end(aside.value, steal, False)[mover], rolls[key][mover])

    if isinstance(choice, Counts):
        aside = state.aside.plus(choice)
        return after(state.dice_left - choice.total, aside)
    seven = state.phase is Phase.TAKE
    value = state.value
    if isinstance(choice, Take):
        if choice.source is None:
            return ends.one(mover, value, False, seven)
        stolen = min(value, other)
        if seven:
            return solved[state.centre][mover + stolen]
        return 1.0 - solved[state.centre][other - stolen]
    aside = state.aside
    return rolls[(state.dice_left, aside.numbers, value, min(aside.lasso, STEAL_LASSOS))][mover]


def hinted(state: GameState) -> Choice | None:
    """The option the hint names first."""
    weighed = ANALYST.weighed(state, state.turn)
    if weighed is None:
        return None
    return next(choice for choice in options(state) if option(choice) == weighed.best)


def regret(state: GameState, choice: Choice) -> float:
    """What ``choice`` gives away against the exact best."""
    return max(exact(state, c) for c in options(state)) - exact(state, choice)


def close_endgames(count: int, seed: int) -> list[GameState]:
    """Built 2-player endgames: the centre 1 to 8, the scores within 8 of each other,
    three lassos or more aside with a number or nuggets, one to three dice left."""
    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < count:
        centre = rng.randint(1, 8)
        rest = CENTRE_START - centre
        mover = rng.randint((rest - 8 + 1) // 2, (rest + 8) // 2)
        lassos = rng.randint(3, 5)
        aside: dict[str, int] = {"L": lassos}
        room = 7 - lassos - rng.randint(1, 3)
        if room >= 3 and rng.random() < 0.6:
            aside[rng.choice("2345")] = 3
            room -= 3
        if room > 0:
            aside["N"] = rng.randint(0, room)
        state = state_from_json(
            {
                "players": 2,
                "turn": 0,
                "phase": "decide",
                "centre": centre,
                "nuggets": [mover, rest - mover],
                "aside": aside,
            }
        )
        if state.value and _known(state):
            found.append(state)
    return found


def _known(state: GameState) -> bool:
    """Whether the turn's programme reaches this position (every position of play does)."""
    try:
        exact(state, "roll")
    except KeyError:
        return False
    return True


def games(count: int) -> list[tuple[list[Level], int]]:
    """Seeded 2-player games, every pair of levels in turn."""
    pairs = [(a, b) for a in Level for b in Level]
    return [(list(pairs[n % len(pairs)]), 3000 + n) for n in range(count)]


def final(moves: Sequence[Played]) -> GameState:
    last = moves[-1]
    return apply(last.before, last.action).state


def main() -> None:
    arguments = command_line(__doc__.split("\n\n")[0], games=20, endgames=300, seed=0)

    built = close_endgames(arguments.endgames, arguments.seed)
    regrets = [regret(state, hinted(state) or "roll") for state in built]
    wrong = [r for r in regrets if r > 1e-9]
    print(
        f"close endgames (seed {arguments.seed}): the hint is not the best in "
        f"{len(wrong)} of {len(built)}; regret mean {statistics.mean(regrets) * 100:.3f}, "
        f"worst {max(regrets) * 100:.2f} points"
    )

    hint_regret: list[float] = []
    hint_times: list[float] = []
    move_times: list[float] = []
    costs: dict[Level, list[float]] = defaultdict(list)
    thrown: dict[Level, int] = defaultdict(int)
    lost_won: dict[Level, int] = defaultdict(int)
    for levels, seed in games(arguments.games):
        moves = played("nuggets", levels, seed)
        won = winners(final(moves))
        was_won = [False, False]
        for move in moves:
            state = move.before
            if state.phase is Phase.ROLL and state.centre <= ENDGAME:
                mine = exact(state, "roll")
                was_won[state.turn] |= mine >= WON
            if len(options(state)) < 2 or state.phase is Phase.ROLL:
                continue
            _forget()
            started = time.perf_counter()
            hint = hinted(state)
            hint_times.append(time.perf_counter() - started)
            if hint is not None:
                hint_regret.append(regret(state, hint))
            level = levels[state.turn]
            if level is Level.HARD:
                _forget()
                started = time.perf_counter()
                decide(state, EngineLevel.HARD, random.Random(seed))
                move_times.append(time.perf_counter() - started)
            taken = chosen(move)
            cost = regret(state, taken)
            costs[level].append(cost)
            if state.centre <= ENDGAME and cost >= THROWN:
                thrown[level] += 1
        for seat in range(2):
            if was_won[seat] and seat not in won:
                lost_won[levels[seat]] += 1
    wrong_hints = [r for r in hint_regret if r > 1e-9]
    print(
        f"{arguments.games} 2-player games between the levels: the hint is not the best in "
        f"{len(wrong_hints)} of {len(hint_regret)} decisions "
        f"({len(wrong_hints) / len(hint_regret):.1%}); regret mean "
        f"{statistics.mean(hint_regret) * 100:.4f}, worst {max(hint_regret) * 100:.2f} points"
    )
    for level in Level:
        if costs[level]:
            print(
                f"  {level.value}: {statistics.mean(costs[level]) * 100:.3f} points of exact "
                f"win chance lost per decision ({len(costs[level])}); endgame decisions "
                f"throwing {THROWN:.0%} or more: {thrown[level]}; games lost from "
                f"{WON:.0%} or more in the endgame: {lost_won[level]}"
            )
    print(f"  a hint: {spread(hint_times)}")
    print(f"  a hard player's move: {spread(move_times)}")


def _forget() -> None:
    """Empties the plans kept between decisions, so that each one timed makes its turn's
    plan as the first decision of a turn does: the longest a decision takes."""
    for cached in (bots._win_plan, win_chance._turn_plan, win_chance.between_turns):
        cached.cache_clear()


def chosen(move: Played) -> Choice:
    """The option the move took."""
    action = move.action
    if isinstance(action, SetAside):
        return action.counts
    if isinstance(action, Take):
        return action
    return "roll"


if __name__ == "__main__":
    main()
