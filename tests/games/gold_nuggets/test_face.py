"""Gold Nuggets' face: every set-aside reachable from the buttons of every roll there is,
within Discord's limits; the buttons of each phase; the pictures and their messages."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from dataclasses import replace
from itertools import product
from typing import Any

import discord
import pytest

from bot.discord_ui import face_drawing, game_notes
from bot.discord_ui.card_layout import Rows, balanced
from bot.discord_ui.components import INTENT
from bot.discord_ui.core.turns.controls import TurnButton, TurnSelect
from bot.discord_ui.part_registry import controls_drawn
from bot.games import table_pictures
from bot.games.face import Picture
from bot.games.gold_nuggets.face import BUTTONS_PER_ROW, NUGGETS_FACE, usual_choices
from bot.games.gold_nuggets.game import NUGGETS, parse_set
from bot.games.outcome import Outcome
from bot.storage import LadderEntry, PlayerRecord, RatingChange, Result
from bot.storage.ratings import Rating
from emulator import message_problems
from engine.gold_nuggets import (
    EMPTY,
    Counts,
    GameState,
    Phase,
    Roll,
    SetAside,
    Take,
    TimeOut,
    apply,
)
from engine.gold_nuggets.dice import DICE, legal_set_asides
from engine.gold_nuggets.policy import distinct_rolls
from i18n import english
from render.gold_nuggets import NuggetsView
from tests.engine.gold_nuggets.play import faces
from tests.games.gold_nuggets.tables import NAMES, outcome, table
from tests.layouts import controls_card, items, sent_body

DRAWN = controls_drawn()
"""The controls a game's face describes, drawn by the bot's features."""

EN = english()


def intents(rows: Rows) -> list[str]:
    """What each button, and each option of each menu, of ``rows`` plays."""
    found: list[str] = []
    for control in items(rows):
        if isinstance(control, TurnButton):
            found.append(control.intent)
        else:
            assert isinstance(control, TurnSelect)
            found.extend(option.value for option in control.item.options)
    return found


def buttons_only(rows: Rows) -> list[str]:
    return [control.intent for control in items(rows) if isinstance(control, TurnButton)]


def within_limits(body: dict[str, Any]) -> None:
    assert message_problems(body) == [], [str(p) for p in message_problems(body)]


def asides() -> Iterator[Counts]:
    """Every set of dice a turn can have set aside while a roll waits: up to six dice, each
    number either not at all or three or more."""
    number_counts = (0, 3, 4, 5, 6)
    for lasso, nugget, *numbers in product(range(DICE), range(DICE), *[number_counts] * 4):
        aside = Counts(lasso, nugget, *numbers)
        if aside.total < DICE:
            yield aside


def waiting(aside: Counts, roll: Counts) -> GameState:
    dice = tuple(face for face, n in roll.items() for _ in range(n))
    return GameState(3, 1, Phase.SET_ASIDE, 70, (3, 0, 4), aside, dice)


def test_every_set_aside_of_every_roll_is_reachable_within_discords_limits() -> None:
    positions, most = 0, 0
    for aside in asides():
        for roll, _ in distinct_rolls(DICE - aside.total):
            if not legal_set_asides(aside, roll):
                continue  # a bust: no roll waits for a set-aside
            state = waiting(aside, roll)
            positions += 1
            most = max(most, len(state.pending_choices()))
            rows = face_drawing.buttons(table(state), EN, DRAWN)
            within_limits(sent_body(controls_card(rows)))
            shown = intents(rows)
            assert all(re.fullmatch(INTENT, intent) for intent in shown)
            reached = [parse_set(intent) for intent in shown]
            legal = set(state.pending_choices())
            assert set(reached) == legal, (aside, roll)
            # The usual choices are one click away.
            one_click = {parse_set(intent) for intent in buttons_only(rows)}
            assert set(usual_choices(state)) <= one_click
            # Five buttons at most, on the presenter's balanced rows, and the menu below.
            assert len(rows) <= len(balanced(BUTTONS_PER_ROW)) + 1
    assert positions > 4_000
    # What lets one menu list every choice (a menu holds 25): LLLLNNN allows 19.
    assert most == len(waiting(EMPTY, Counts(lasso=4, nugget=3)).pending_choices()) == 19


def test_the_usual_set_asides_are_buttons() -> None:
    state = apply(GameState.new(2), Roll(faces("LN33333"))).state
    assert set(buttons_only(face_drawing.buttons(table(state), EN, DRAWN))) == {
        "set=LN33333",
        "set=L",
        "set=N",
        "set=33333",
        "set=333",
    }
    # Few choices: each is a button, and no menu.
    few = apply(GameState.new(2), Roll(faces("LN23455"))).state
    rows = face_drawing.buttons(table(few), EN, DRAWN)
    assert all(isinstance(control, TurnButton) for control in items(rows))
    assert intents(rows) == ["set=N", "set=LN", "set=L"]


def test_the_menu_lists_the_most_valuable_first() -> None:
    state = apply(GameState.new(2), Roll(faces("LLNN333"))).state
    rows = face_drawing.buttons(table(state), EN, DRAWN)
    (menu,) = [control for control in items(rows) if isinstance(control, TurnSelect)]
    values = [
        state.aside.plus(c).value for c in (parse_set(o.value) for o in menu.item.options) if c
    ]
    assert values == sorted(values, reverse=True)
    assert len(menu.item.options) == len(state.pending_choices()) == 17
    first = menu.item.options[0]
    assert first.value == "set=NN333"
    assert first.label == "Set aside 2 nuggets, 3× 3"
    assert first.description == "value 5 (+5) · 2 dice left"


def test_each_phase_has_its_buttons() -> None:
    start = GameState.new(3)
    assert intents(face_drawing.buttons(table(start), EN, DRAWN)) == ["roll"]
    deciding = apply(apply(start, Roll(faces("LN23455"))).state, SetAside(Counts(nugget=1))).state
    rows = face_drawing.buttons(table(deciding), EN, DRAWN)
    assert intents(rows) == ["roll", "take"]
    labels = [control.item.label for control in items(rows) if isinstance(control, TurnButton)]
    assert labels == ["Roll the rest (6 dice)", "Take 1"]
    seven = apply(start, Roll(faces("NNN3333"))).state
    seven = apply(seven, SetAside(Counts(nugget=3, three=4))).state
    (take,) = items(face_drawing.buttons(table(seven), EN, DRAWN))
    assert isinstance(take, TurnButton) and take.intent == "take"
    assert take.item.label == "Take 6, then a bonus turn"


def test_the_last_nuggets_are_taken_without_a_bonus_turn() -> None:
    seven = GameState(2, 0, Phase.TAKE, 4, (40, 33), Counts(nugget=3, three=4))
    (take,) = items(face_drawing.buttons(table(seven), EN, DRAWN))
    assert isinstance(take, TurnButton) and take.item.label == "Take the last 4"


def steal_position(players: int, phase: Phase) -> GameState:
    nuggets = tuple(range(2, 2 + players))
    centre = 77 - sum(nuggets)
    if phase is Phase.TAKE:
        return GameState(players, 0, phase, centre, nuggets, Counts(lasso=3, nugget=1, four=3))
    return GameState(players, 0, phase, centre, nuggets, Counts(lasso=3, four=3))


def test_three_lassos_offer_every_opponent_and_the_centre() -> None:
    for players in range(2, 6):
        for phase in (Phase.DECIDE, Phase.TAKE):
            state = steal_position(players, phase)
            rows = face_drawing.buttons(table(state), EN, DRAWN)
            within_limits(sent_body(controls_card(rows)))
            takes = {"take", *(f"take={seat}" for seat in state.opponents())}
            assert set(intents(rows)) - {"roll"} == takes
            assert ("roll" in intents(rows)) == (phase is Phase.DECIDE)
            for intent in takes:
                action = NUGGETS.action(state, 0, intent, random.Random())
                NUGGETS.apply(state, 0, action)
    two = face_drawing.buttons(table(steal_position(2, Phase.DECIDE)), EN, DRAWN)
    steal = [c for c in items(two) if isinstance(c, TurnButton) and c.intent == "take=1"]
    assert steal[0].item.label == "Steal 3 from *Bo* (holds 3)"
    five = face_drawing.buttons(table(steal_position(5, Phase.DECIDE)), EN, DRAWN)
    (menu,) = [c for c in items(five) if isinstance(c, TurnSelect)]
    assert menu.item.placeholder == "Take 4 from…"
    labels = [(o.label, o.description) for o in menu.item.options]
    assert labels[0] == ("The centre (57 left)", "you take 4")
    assert labels[1] == ("*Bo* (holds 3)", "you steal 3")


def test_a_take_worth_nothing_comes_last_muted_and_says_what_it_does() -> None:
    """Only lassos set aside, or an opponent holding none: the rules allow the take, which
    ends the turn and moves nothing."""
    only_lassos = GameState(2, 0, Phase.DECIDE, 70, (0, 7), Counts(lasso=3))
    rows = face_drawing.buttons(table(only_lassos), EN, DRAWN)
    shown = [c for c in items(rows) if isinstance(c, TurnButton)]
    assert [c.intent for c in shown] == ["roll", "take", "take=1"]
    empty = shown[1].item
    assert empty.label == "End the turn, taking nothing"
    assert empty.style is discord.ButtonStyle.secondary
    assert shown[2].item.label == "Take nothing from *Bo* (holds 7)"
    assert shown[2].item.style is discord.ButtonStyle.secondary

    bo_holds_none = GameState(2, 0, Phase.DECIDE, 72, (5, 0), Counts(lasso=3, four=3))
    rows = face_drawing.buttons(table(bo_holds_none), EN, DRAWN)
    shown = [c for c in items(rows) if isinstance(c, TurnButton)]
    assert [c.intent for c in shown] == ["roll", "take", "take=1"]
    take, nothing = (c.item for c in shown[1:])
    assert (take.label, take.style) == ("Take 4", discord.ButtonStyle.success)
    assert nothing.label == "Take nothing from *Bo* (holds 0)"
    assert nothing.style is discord.ButtonStyle.secondary

    three = GameState(3, 0, Phase.DECIDE, 70, (0, 7, 0), Counts(lasso=3, four=3))
    (menu,) = [
        c for c in items(face_drawing.buttons(table(three), EN, DRAWN)) if isinstance(c, TurnSelect)
    ]
    options = [(o.value, o.description) for o in menu.item.options]
    assert options == [
        ("take", "you take 4"),
        ("take=1", "you steal 4"),
        ("take=2", "you take nothing, and the turn ends"),
    ]


def test_no_buttons_for_a_computer_player_or_a_finished_game() -> None:
    state = apply(GameState.new(3, first=2), Roll(faces("LLNN333"))).state
    assert items(face_drawing.buttons(table(state, bots=1), EN, DRAWN)) == []
    assert items(face_drawing.buttons(table(state, bots=0), EN, DRAWN)) != []
    over = GameState(3, 1, Phase.OVER, 0, (20, 30, 27))
    assert items(face_drawing.buttons(table(over), EN, DRAWN)) == []


def card_text(picture: Picture) -> str:
    """The words the picture's card shows beside it."""
    return face_drawing.drawn(picture).text


def test_the_turn_message_shows_the_dice_the_odds_and_the_clock() -> None:
    state = GameState(3, 0, Phase.SET_ASIDE, 60, (5, 12, 0), Counts(lasso=2, four=3), faces("LN"))
    done = outcome(state, SetAside(Counts(lasso=1)))
    picture = asyncio.run(NUGGETS_FACE.turn(done.game, "Set aside.", done, EN))
    words = card_text(picture)
    assert picture.png.startswith(b"\x89PNG")
    assert "3 lassos, 3× 4, value **4**" in words
    assert "**steal possible**" in words
    assert "roll the 1 die left, or take 4" in words
    assert "Chance the next roll busts: **50.0%** (3 of 6 rolls of 1 die)." in words
    assert "Taking now: **4** · rolling on (best play): **" in words
    assert "⏰ The turn ends by itself <t:4102444800:R> (taking 4 from the centre)." in words
    computer = replace(done.game, seats=table(done.state, bots=3).seats)
    robot = card_text(asyncio.run(NUGGETS_FACE.turn(computer, "Set aside.", done, EN)))
    assert "⏰" not in robot
    fresh = card_text(asyncio.run(NUGGETS_FACE.turn(table(GameState.new(2)), "Go.", None, EN)))
    assert "roll the seven dice" in fresh
    # Seven dice bust only as two each of three numbers and one of the fourth:
    # 4 × 7!/(2!·2!·2!) = 2,520 of the 6^7 rolls.
    assert "**0.9%** (2,520 of 279,936 rolls of 7 dice)" in fresh
    assert "This turn, played well, takes **4.7** on average." in fresh
    assert "(passing, with nothing taken)" in fresh
    waiting_roll = apply(GameState.new(2), Roll(faces("LLNN333"))).state
    choose = card_text(asyncio.run(NUGGETS_FACE.turn(table(waiting_roll), "Go.", None, EN)))
    assert "choose what to set aside (17 choices)" in choose
    assert "Chance" not in choose


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[NuggetsView]:
    """The views the face has drawn, instead of drawing them."""
    views: list[NuggetsView] = []

    async def draw(tables: object, game: object, view: NuggetsView, lit: object) -> bytes:
        views.append(view)
        return b"png"

    monkeypatch.setattr(table_pictures, "table_png", draw)
    return views


def test_the_image_shows_the_waiting_roll_then_greys_it(drawn: list[NuggetsView]) -> None:
    state = GameState(3, 0, Phase.SET_ASIDE, 60, (5, 12, 0), Counts(lasso=2, four=3), faces("LN"))
    asyncio.run(NUGGETS_FACE.turn(table(state), "Rolled.", None, EN))
    done = outcome(state, SetAside(Counts(lasso=1)))
    asyncio.run(NUGGETS_FACE.turn(done.game, "Set aside.", done, EN))
    waiting_roll, set_aside = drawn
    assert (waiting_roll.rolled, waiting_roll.rolled_used) == (("L", "N"), False)
    assert waiting_roll.aside == ("L", "L", "4", "4", "4") and waiting_roll.value == 4
    assert (set_aside.rolled, set_aside.rolled_used) == (("L", "N"), True)
    assert set_aside.aside == ("L", "L", "L", "4", "4", "4") and set_aside.lassos == 3
    assert set_aside.names == NAMES[:3] and set_aside.nuggets == (5, 12, 0)
    assert set_aside.centre == 60 and set_aside.turn == 0


def test_the_image_shows_a_bust_a_take_a_bonus_turn_and_the_end(drawn: list[NuggetsView]) -> None:
    deciding = GameState(2, 1, Phase.DECIDE, 60, (10, 7), Counts(nugget=2, five=3))
    asyncio.run(NUGGETS_FACE.turn_end(outcome(deciding, Roll(faces("34"))), "Bust.", EN))
    seven = GameState(2, 1, Phase.TAKE, 60, (10, 7), Counts(nugget=3, three=4))
    took = outcome(seven, Take(None))
    asyncio.run(NUGGETS_FACE.turn_end(took, "Took.", EN))
    asyncio.run(NUGGETS_FACE.turn(took.game, "Took.", took, EN))
    done, results = final_outcome()
    asyncio.run(NUGGETS_FACE.result(replace(done, results=results), "Over.", EN))
    bust, take, bonus, final = drawn
    assert bust.bust and bust.rolled == ("3", "4") and bust.aside == ("N", "N", "5", "5", "5")
    assert bust.turn == 1 and bust.value == 7
    assert take.took == (1, None, 6) and take.bonus and take.aside == () and take.turn == 1
    assert bonus.bonus and bonus.rolled == ()
    assert final.over and final.winners == (0, 2, 4) and final.took == (4, None, 3)


def test_the_last_pictures_of_a_turn() -> None:
    deciding = GameState(2, 1, Phase.DECIDE, 60, (10, 7), Counts(nugget=2, five=3))
    bust = outcome(deciding, Roll(faces("34")))
    assert bust.turn_over
    picture = asyncio.run(NUGGETS_FACE.turn_end(bust, "Bust.", EN))
    assert card_text(picture) == "Bust."
    took = outcome(deciding, Take(None))
    picture = asyncio.run(NUGGETS_FACE.turn_end(took, "Took.", EN))
    assert card_text(picture) == "Took." and picture.png.startswith(b"\x89PNG")


def final_outcome() -> tuple[Outcome, tuple[Result, ...]]:
    late = GameState(5, 4, Phase.DECIDE, 3, (18, 12, 18, 11, 15), Counts(nugget=3))
    done = outcome(late, Take(None))
    results = tuple(
        Result(
            s.seat, done.game.seats[s.seat].user_id, NAMES[s.seat], s.won, s.place, False, s.figures
        )
        for s in NUGGETS.standings(done.state)
    )
    return done, results


def test_the_result_shows_the_winners_the_table_and_the_ratings() -> None:
    done, results = final_outcome()
    changes = tuple(
        RatingChange(r.seat, NAMES[r.seat], None, Rating(25.0 + r.seat, 8.0), 1) for r in results
    )
    finished = replace(done, results=results, rating_changes=changes)
    picture = asyncio.run(NUGGETS_FACE.result(finished, NUGGETS_FACE.happened(finished, EN), EN))
    words = card_text(picture)
    assert "The centre is empty: **game over!**" in words
    assert "Shared win: Ann, @\u200beveryone, and \\\\" in words
    standing = [line for line in words.splitlines() if re.match(r"(🏆 )?\d\. ", line)]
    assert standing[0] == "🏆 1. **Ann**: 18 nuggets"
    assert standing[-2:] == ["4. **\\*Bo\\***: 12 nuggets", "5. **\\_Zoë\\_**: 11 nuggets"]
    assert "```" not in words
    card = face_drawing.drawn(picture)
    assert card.lines[0].name == "Ratings"
    within_limits(sent_body(card))


def test_every_message_of_a_five_player_game_stays_within_discords_limits() -> None:
    ping = " ".join(f"<@{2**63 - 1}>" for _ in range(5)) + ", it's your turn."
    for state, action in _one_of_each_action():
        done = outcome(state, action)
        headline = NUGGETS_FACE.happened(done, EN)
        headline += "\n\n" + game_notes.takeover_note(
            done.game, done.game.seats[0], game_notes.Departure.AWAY, EN
        )
        if done.turn_over:
            picture = asyncio.run(NUGGETS_FACE.turn_end(done, headline, EN))
        else:
            picture = asyncio.run(NUGGETS_FACE.turn(done.game, headline, done, EN))
        card = face_drawing.drawn(picture, face_drawing.buttons(done.game, EN, DRAWN))
        within_limits(sent_body(replace(card, note=ping)))


def _one_of_each_action() -> Iterator[tuple[GameState, Roll | SetAside | Take | TimeOut]]:
    start = GameState(5, 0, Phase.ROLL, 57, (4, 4, 4, 4, 4))
    yield start, Roll(faces("LLLN444"))
    yield start, Roll(faces("2233445"))
    waiting_roll = apply(start, Roll(faces("LLLN444"))).state
    yield waiting_roll, SetAside(Counts(lasso=3, four=3))
    yield waiting_roll, TimeOut()
    steal = apply(waiting_roll, SetAside(Counts(lasso=3, four=3))).state
    yield steal, Take(3)
    yield steal, Roll(faces("N"))
    yield start, TimeOut()


def test_the_ladder_and_stats_figures() -> None:
    entry = LadderEntry(1, 5, "Ann", Rating(30.0, 5.0), 9, 4, {"best": 31}, 7)
    assert NUGGETS_FACE.ladder_figure(entry, EN) == "best 31 nuggets"
    figures = {
        "nuggets": 90,
        "best": 31,
        "turns": 40,
        "taken": 100,
        "busts": 10,
        "steals": 3,
        "bonus_turns": 2,
        "best_turn": 12,
    }
    record = PlayerRecord(1, "nuggets", 5, "Ann", 5, 2, 1, figures, 1.0, None, 0)
    assert dict(NUGGETS_FACE.stats_fields(record, EN)) == {
        "Nuggets": "22.5 per game on average, best 31",
        "Per turn": "2.5 nuggets taken (40 turns)",
        "Busts": "0.25 per turn (10 in 40)",
        "Steals": "3 in all",
        "Bonus turns": "2 in all",
        "Best take": "12 nuggets in one take",
    }
    assert NUGGETS_FACE.option_fields({}, EN) == []
    assert NUGGETS_FACE.title == "Gold Nuggets" and NUGGETS_FACE.command == "nuggets"
