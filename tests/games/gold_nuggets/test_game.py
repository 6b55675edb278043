"""Gold Nuggets as the platform drives it: intents, turns, standings, figures, computer
players, the clock."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from bot.games.gold_nuggets.face import NUGGETS_FACE
from bot.games.gold_nuggets.game import NUGGETS, TurnFigures, parse_set, set_intent, turn_figures
from bot.games.rules import IllegalIntent, Setting
from bot.storage.game_values import Level
from engine.gold_nuggets import (
    FACES,
    Action,
    BonusTurn,
    Bust,
    Counts,
    Face,
    GameState,
    Passed,
    Phase,
    Roll,
    SetAside,
    Take,
    TimeOut,
    Took,
    apply,
)
from tests.engine.gold_nuggets.play import faces
from tests.games.gold_nuggets.tables import random_game


def rolled(state: GameState, text: str) -> GameState:
    return apply(state, Roll(faces(text))).state


def play(state: GameState, intent: str) -> GameState:
    """The position after the seat to move plays ``intent`` (not a roll)."""
    seat = state.turn
    return NUGGETS.apply(state, seat, NUGGETS.action(state, seat, intent, random.Random())).state


def test_the_rules_and_the_face_are_one_game() -> None:
    assert NUGGETS.kind == NUGGETS_FACE.kind == NUGGETS_FACE.command == "nuggets"
    assert NUGGETS.name == NUGGETS_FACE.title == "Gold Nuggets"
    assert (NUGGETS.min_players, NUGGETS.max_players, NUGGETS.options) == (2, 5, ())
    assert NUGGETS.deal(3, {}, random.Random()) is None
    assert NUGGETS.start(4, 2, {}, None) == GameState.new(4, first=2)


def test_a_roll_draws_the_dice_left_from_the_chance() -> None:
    state = GameState.new(2)
    roll = NUGGETS.action(state, 0, "roll", random.Random(1))
    assert isinstance(roll, Roll) and len(roll.faces) == 7
    state = play(rolled(state, "LN23455"), "set=N")
    roll = NUGGETS.action(state, 0, "roll", random.Random(1))
    assert isinstance(roll, Roll) and len(roll.faces) == 6
    thrown: Counter[Face] = Counter()
    for seed in range(100):
        roll = NUGGETS.action(state, 0, "roll", random.Random(seed))
        assert isinstance(roll, Roll)
        thrown.update(roll.faces)
    assert set(thrown) == set(FACES)


def test_a_roll_refused_draws_nothing() -> None:
    waiting = rolled(GameState.new(2), "LN23455")
    chance = random.Random(5)
    before = chance.getstate()
    with pytest.raises(IllegalIntent, match="set aside"):
        NUGGETS.action(waiting, 0, "roll", chance)
    assert chance.getstate() == before


def test_set_aside_intents_name_the_dice_in_any_order() -> None:
    counts = Counts(lasso=1, nugget=2, three=3)
    assert set_intent(counts) == "set=LNN333"
    assert parse_set("set=LNN333") == counts
    assert parse_set("set=3N3L3N") == counts
    for bad in ("set=", "set=LLLLLLLL", "set=6", "set=l", "set=L N", "set:L", "LNN"):
        assert parse_set(bad) is None
    every = [
        Counts(*c)
        for c in [(1, 0, 0, 0, 0, 0), (0, 0, 7, 0, 0, 0), (2, 2, 0, 3, 0, 0), (1, 1, 1, 1, 1, 1)]
    ]
    assert all(parse_set(set_intent(c)) == c for c in every)


def test_intents_become_actions() -> None:
    state = rolled(GameState.new(3), "LN23455")
    assert NUGGETS.action(state, 0, "set=LN", random.Random()) == SetAside(Counts(1, 1))
    assert NUGGETS.action(state, 0, "take", random.Random()) == Take(None)
    assert NUGGETS.action(state, 0, "take=2", random.Random()) == Take(2)
    for bad in ("fold", "take=", "take=x", "take=12", "take=-1", "take=²", "set=Q", "A", "stop"):
        with pytest.raises(IllegalIntent):
            NUGGETS.action(state, 0, bad, random.Random())


def test_the_rules_refuse_in_plain_words() -> None:
    waiting = rolled(GameState.new(3), "LN23455")
    cases = [
        (waiting, "set=2", "a number new this turn needs three dice"),
        (waiting, "take", "choose what to set aside"),
        (GameState.new(3), "take", "roll the dice first"),
        (play(waiting, "set=N"), "set=N", "no roll is waiting"),
        (play(waiting, "set=N"), "take=1", "a steal needs 3 lassos"),
    ]
    for state, intent, words in cases:
        action = NUGGETS.action(state, state.turn, intent, random.Random())
        with pytest.raises(IllegalIntent, match=words) as refused:
            NUGGETS.apply(state, state.turn, action)
        assert "phase" not in str(refused.value)
    lassos = play(rolled(GameState.new(3), "LLL2345"), "set=LLL")
    with pytest.raises(IllegalIntent, match="only steal from an opponent"):
        NUGGETS.apply(lassos, 0, Take(0))


def test_a_turn_ends_with_a_bust_a_take_or_a_pass_and_a_bonus_turn_is_a_new_one() -> None:
    state = GameState.new(2)
    step = NUGGETS.apply(state, 0, Roll(faces("2233445")))
    assert step.turn_over and step.events == (Bust(0),)
    step = NUGGETS.apply(state, 0, Roll(faces("NNN3333")))
    assert not step.turn_over
    step = NUGGETS.apply(step.state, 0, SetAside(Counts(nugget=3, three=4)))
    assert not step.turn_over and step.state.phase is Phase.TAKE
    step = NUGGETS.apply(step.state, 0, Take(None))
    assert step.turn_over and step.events == (Took(0, None, 6, 6), BonusTurn(0))
    assert NUGGETS.to_act(step.state) == (0,)
    step = NUGGETS.apply(step.state, 0, NUGGETS.time_out(step.state, 0))
    assert step.turn_over and step.events == (Passed(0),)
    assert NUGGETS.to_act(step.state) == (1,)


def test_the_clock_sets_aside_the_most_valuable_choice_and_takes() -> None:
    waiting = rolled(GameState.new(2), "LN33345")
    assert NUGGETS.time_out(waiting, 0) == TimeOut()
    step = NUGGETS.apply(waiting, 0, TimeOut())
    assert step.turn_over and step.events == (Took(0, None, 4, 4),)
    deciding = play(waiting, "set=L")
    step = NUGGETS.apply(deciding, 0, TimeOut())
    assert step.turn_over and step.events == (Took(0, None, 0, 0),)


def test_standings_place_by_nuggets_and_ties_share() -> None:
    over = GameState(4, 1, Phase.OVER, 0, (20, 25, 7, 25))
    standings = NUGGETS.standings(over)
    assert [(s.seat, s.won, s.place, s.figures) for s in standings] == [
        (0, False, 3, {"nuggets": 20}),
        (1, True, 1, {"nuggets": 25}),
        (2, False, 4, {"nuggets": 7}),
        (3, True, 1, {"nuggets": 25}),
    ]


def test_standings_of_random_games() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        final = list(random_game(rng, rng.randint(2, 5)))[-1].step.state
        standings = NUGGETS.standings(final)
        most = max(final.nuggets)
        assert [s.seat for s in standings] == list(range(final.players))
        for s in standings:
            assert s.won == (final.nuggets[s.seat] == most) == (s.place == 1)
            assert s.place == 1 + sum(n > final.nuggets[s.seat] for n in final.nuggets)


def test_turn_figures_of_a_game_played_by_hand() -> None:
    script: list[tuple[str, str]] = [
        ("roll", "NN33345"),  # seat 0 takes 5
        ("set=NN333", ""),
        ("take", ""),
        ("roll", "2234455"),  # seat 1 busts
        ("roll", "NNN3333"),  # seat 0 sets aside all seven, takes 6 and plays again
        ("set=NNN3333", ""),
        ("take", ""),
        ("timeout", ""),  # the bonus turn passes
        ("roll", "LLLN234"),  # seat 1 steals 1 from seat 0
        ("set=LLLN", ""),
        ("take=0", ""),
        ("roll", "LLL2345"),  # seat 0 takes nothing
        ("set=LLL", ""),
        ("take", ""),
    ]
    state = GameState.new(2, first=0)
    actions: list[Action] = []
    for intent, dice in script:
        if intent == "timeout":
            action: Action = NUGGETS.time_out(state, state.turn)
        elif intent == "roll":
            action = Roll(faces(dice))
        else:
            action = NUGGETS.action(state, state.turn, intent, random.Random())
        actions.append(action)
        state = NUGGETS.apply(state, state.turn, action).state
    assert state.nuggets == (10, 1)
    assert turn_figures(2, 0, actions) == [
        TurnFigures(turns=4, busts=0, steals=0, bonus_turns=1, taken=11, best_turn=6),
        TurnFigures(turns=2, busts=1, steals=1, bonus_turns=0, taken=1, best_turn=1),
    ]
    # Seat 1 rolled seven dice twice, each roll busting with the chance of three pairs and
    # a single number (2,520 of the 6^7 rolls), and never rolled on instead of taking.
    chance = Fraction(2520, 6**7)
    assert NUGGETS.turn_figures(Setting(2, 0, {}, None), actions)[1] == {
        "turns": 2,
        "busts": 1,
        "steals": 1,
        "bonus_turns": 0,
        "taken": 1,
        "best_turn": 1,
        "rolls": 2,
        "bust_odds": round(2 * chance * 1_000_000),
        "bust_spread": round(2 * chance * (1 - chance) * 1_000_000),
        "roll_ons": 0,
        "roll_on_expected": 0,
        "roll_on_gave": 0,
        "dice_L": 3,
        "dice_N": 1,
        "dice_2": 3,
        "dice_3": 2,
        "dice_4": 3,
        "dice_5": 2,
    }


def test_turn_figures_of_random_games() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        players = rng.randint(2, 5)
        played = list(random_game(rng, players))
        first = played[0].seat
        figures = turn_figures(players, first, [p.action for p in played])
        final = played[-1].step.state
        assert sum(f.turns for f in figures) == sum(p.step.turn_over for p in played)
        for seat, f in enumerate(figures):
            mine = [p for p in played if p.seat == seat]
            assert f.turns == sum(p.step.turn_over for p in mine)
            assert f.busts + f.bonus_turns <= f.turns
            assert f.best_turn <= f.taken
            assert f.taken >= final.nuggets[seat]
        # Every nugget left the centre once; a steal moved some of them again.
        stolen = sum(
            e.amount
            for p in played
            for e in p.step.events
            if isinstance(e, Took) and e.source is not None
        )
        assert sum(f.taken for f in figures) == 77 + stolen
        assert sum(f.steals for f in figures) == sum(
            isinstance(e, Took) and e.source is not None for p in played for e in p.step.events
        )


@pytest.mark.parametrize("level", list(Level))
def test_a_computer_players_intent_is_always_playable(level: Level) -> None:
    rng = random.Random(list(Level).index(level))
    for players in (2, 3, 5):
        state = NUGGETS.start(players, players - 1, {}, None)
        while not NUGGETS.is_over(state):
            (seat,) = NUGGETS.to_act(state)
            intent = NUGGETS.decide(state, seat, level, rng)
            state = NUGGETS.apply(state, seat, NUGGETS.action(state, seat, intent, rng)).state
        assert sum(state.nuggets) == 77


def test_positions_and_actions_keep_their_json_form() -> None:
    for played in random_game(random.Random(3), 3):
        state = played.before
        assert NUGGETS.state_from_json(NUGGETS.state_to_json(state)) == state
        assert NUGGETS.action_from_json(NUGGETS.action_to_json(played.action)) == played.action
    with pytest.raises(ValueError, match="centre"):
        NUGGETS.state_from_json({"players": 2, "turn": 0, "phase": "roll", "nuggets": [0, 0]})


def test_a_position_for_other_seats_is_a_misfit() -> None:
    state = GameState.new(3)
    assert NUGGETS.misfit(state, 3, {}) is None
    assert NUGGETS.misfit(state, 4, {}) == (
        "the saved position is for 3 players, but it has 4 seats"
    )
