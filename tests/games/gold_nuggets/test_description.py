"""Gold Nuggets' table in words, the pictures' descriptions (their alt text): whose dice,
the dice set aside and rolled, their value, the centre and everyone's nuggets, enough to
play from without seeing the table; within Discord's limit with five players, the longest
names, in every language."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest

from bot.games import shared_words
from bot.games.face import described_name
from bot.games.gold_nuggets.face import NUGGETS_FACE
from bot.games.gold_nuggets.words import counts
from bot.games.gold_nuggets.words import table as table_words
from bot.games.limits import DESCRIPTION
from bot.games.outcome import Outcome
from bot.storage import Game, Result, Seat
from bot.storage.game_values import Level
from engine.gold_nuggets import Counts, GameState, Phase, Roll, SetAside, Take, Took
from i18n import LANGUAGES, english, language
from render.gold_nuggets import NuggetsView
from tests.engine.gold_nuggets.play import faces
from tests.games.gold_nuggets.tables import outcome, random_game
from tests.games.stored import BIG_ID
from tests.games.undrawn import tables_undrawn

EN = english()


@pytest.fixture
def no_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """The words alone: the images are left undrawn, so that whole games go quickly."""
    tables_undrawn(monkeypatch)


def names(game: Game) -> list[str]:
    return [described_name(shared_words.seat_name(seat, EN)) for seat in game.seats]


def check_table(game: Game, state: GameState, description: str, *, bust: bool = False) -> None:
    """What every picture of the table tells: the dice set aside with their value and
    lassos (unless a bust lost them), the centre, and everyone's nuggets."""
    named = names(game)
    if state.aside.total:
        aside = f"Set aside this turn: {counts(state.aside, EN)}, worth {state.value}."
        assert aside in description
        if state.can_steal and not bust:
            assert "lassos: a steal is possible." in description
        elif state.aside.lasso and not bust:
            assert f"{state.aside.lasso} of the 3 lassos a steal needs." in description
        else:
            assert "steal" not in description
    else:
        assert "Set aside this turn" not in description
    centre = "nugget." if state.centre == 1 else "nuggets."
    assert f"The centre holds {state.centre} {centre}" in description
    held = EN.list(f"{named[seat]} {n}" for seat, n in enumerate(state.nuggets))
    assert f"Nuggets held: {held}." in description


def check_turn(game: Game, state: GameState, description: str) -> None:
    """A turn's picture also tells whose dice they are and what they may do."""
    first = description.split("\n")[0]
    player = names(game)[state.turn]
    assert first.startswith(player)
    if state.phase is Phase.ROLL:
        assert first == f"{player} rolls the seven dice."
    elif state.phase is Phase.SET_ASIDE:
        assert state.roll is not None
        rolled = counts(Counts.of(state.roll), EN)
        assert first == f"{player} rolled {rolled} and chooses what to set aside."
    elif state.phase is Phase.DECIDE:
        left = state.dice_left
        dice = "die" if left == 1 else "dice"
        assert first.startswith(f"{player} rolls the {left} {dice} left or takes {state.value}.")
    else:
        assert first == (
            f"{player} has set aside all seven dice: they take {state.value}, then play a "
            "bonus turn."
        )
    check_table(game, state, description)


@pytest.mark.usefixtures("no_images")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_picture_of_random_games_tells_the_table(players: int) -> None:
    rng = random.Random(f"described {players}")
    for _ in range(3):
        for played in random_game(rng, players):
            after = outcome(played.before, played.action)
            state: GameState = after.state
            if state.phase is Phase.OVER:
                continue
            picture = asyncio.run(NUGGETS_FACE.turn(after.game, "…", after, EN))
            check_turn(after.game, state, picture.description)
            if after.turn_over:
                ended = asyncio.run(NUGGETS_FACE.turn_end(after, "…", EN)).description
                check_ended(after, ended)


def check_ended(after: Outcome, description: str) -> None:
    """The last picture of a turn: a bust tells what it lost; a take, who took what."""
    named = names(after.game)
    took = next((e for e in after.events if isinstance(e, Took)), None)
    if isinstance(after.action, Roll):
        before: GameState = after.before
        rolled = counts(Counts.of(after.action.faces), EN)
        first = f"{named[after.seat]} rolled {rolled}: nothing to set aside, bust!"
        assert description.startswith(first)
        lost = before.aside.total
        if lost:
            dice = "die" if lost == 1 else "dice"
            assert f"The {lost} {dice} set aside this turn" in description
        check_table(after.game, before, description, bust=True)
    elif took is not None and took.amount:
        nuggets = "nugget" if took.amount == 1 else "nuggets"
        if took.source is None:
            told = f"{named[took.seat]} took {took.amount} {nuggets} from the centre."
        else:
            told = f"{named[took.seat]} stole {took.amount} {nuggets} from {named[took.source]}."
        assert description.endswith(told)


def test_the_roll_a_set_aside_was_made_from_is_told() -> None:
    waiting = GameState(3, 1, Phase.SET_ASIDE, 60, (10, 4, 3), Counts(), faces("LN44423"))
    done = outcome(waiting, SetAside(Counts(lasso=1, nugget=1, four=3)))
    picture = asyncio.run(NUGGETS_FACE.turn(done.game, "…", done, EN))
    first = picture.description.split("\n")[0]
    assert first.endswith(
        "From the roll 1 lasso, 1 nugget, 1× 2, 1× 3, 3× 4, set aside 1 lasso, 1 nugget, 3× 4."
    )
    # Two of three lassos: what was set aside, not the roll's whole count of a face.
    waiting = GameState(3, 1, Phase.SET_ASIDE, 60, (10, 4, 3), Counts(), faces("LLLN235"))
    done = outcome(waiting, SetAside(Counts(lasso=2)))
    picture = asyncio.run(NUGGETS_FACE.turn(done.game, "…", done, EN))
    first = picture.description.split("\n")[0]
    assert first.endswith("From the roll 3 lassos, 1 nugget, 1× 2, 1× 3, 1× 5, set aside 2 lassos.")


def test_a_bonus_turn_is_told() -> None:
    seven = GameState(3, 1, Phase.TAKE, 60, (10, 4, 3), Counts(nugget=3, three=4))
    took = outcome(seven, Take())
    description = asyncio.run(NUGGETS_FACE.turn(took.game, "…", took, EN)).description
    assert "It is a bonus turn, for setting aside all seven dice." in description


def test_the_game_over_picture_names_the_winner_and_the_final_standing() -> None:
    last = GameState(3, 1, Phase.DECIDE, 2, (30, 15, 30), Counts(nugget=3))
    ended = outcome(last, Take())
    assert ended.state.phase is Phase.OVER
    results = tuple(Result(seat, None, "", seat in (0, 2), 1, False) for seat in range(3))
    picture = asyncio.run(NUGGETS_FACE.result(replace(ended, results=results), "…", EN))
    named = names(ended.game)
    assert picture.description.split("\n") == [
        f"Game over, the centre is empty: {named[0]} and {named[2]} share the win.",
        f"1. {named[0]}: 30 nuggets",
        f"1. {named[2]}: 30 nuggets",
        f"3. {named[1]}: 17 nuggets",
    ]


LONGEST = "W" * 32


def longest_seats(players: int) -> tuple[Seat, ...]:
    """Seats with the longest names a seat gets: computer players that took over from
    people whose names were as long as Discord allows."""
    return tuple(
        Seat(n, None, Level.HARD, f"{LONGEST} (bot)", n, left_user_id=BIG_ID - n)
        for n in range(players)
    )


def longest(code: str) -> dict[str, str]:
    """The descriptions with the most to tell, five players with the longest names: a bust
    that loses six dice set aside, three lassos among them, beside its roll; a set-aside
    from a roll of every face, leaving a steal possible; a steal, with two-digit nuggets
    everywhere. Every part of a description comes once at most, so these are the longest
    there are, up to a digit."""
    lang = language(code)
    nuggets = (10, 20, 15, 12, 10)
    aside = Counts(lasso=3, five=3)
    bust = outcome(GameState(5, 4, Phase.DECIDE, 10, nuggets, aside), Roll(faces("2")))
    rolled = GameState(5, 4, Phase.SET_ASIDE, 10, nuggets, Counts(), faces("LLLN234"))
    set_aside = outcome(rolled, SetAside(Counts(lasso=3, nugget=1)))
    stealing = GameState(5, 4, Phase.DECIDE, 10, nuggets, Counts(lasso=3, five=3))
    stole = outcome(stealing, Take(3))
    shown = {}
    for name, done in (("bust", bust), ("set aside", set_aside), ("steal", stole)):
        seated = replace(done, game=replace(done.game, seats=longest_seats(5)))
        if done.turn_over:
            picture = asyncio.run(NUGGETS_FACE.turn_end(seated, "…", lang))
        else:
            picture = asyncio.run(NUGGETS_FACE.turn(seated.game, "…", seated, lang))
        shown[name] = picture.description
    return shown


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_longest_pictures_with_the_longest_names_fit_with_room_to_spare(code: str) -> None:
    for name, description in longest(code).items():
        assert description.count("…") >= 5, name
        assert len(description) <= DESCRIPTION // 2, (name, len(description))


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_table_with_every_part_at_once_fits(code: str) -> None:
    """More than any picture shows: a bonus turn, a roll of seven dice set aside from, six
    dice set aside with three lassos, a steal, two-digit nuggets, five of the longest
    names. The description is made from the view alone, so no picture can say more."""
    lang = language(code)
    view = NuggetsView(
        names=(LONGEST,) * 5,
        nuggets=(77, 77, 77, 77, 77),
        centre=77,
        turn=0,
        aside=("L", "L", "L", "N", "5", "5"),
        rolled=("L", "N", "2", "3", "4", "5", "5"),
        rolled_used=True,
        value=77,
        took=(0, 1, 77),
        bonus=True,
        lang=lang,
    )
    description = table_words(view, [described_name(LONGEST)] * 5, lang)
    assert len(description.split("\n")) == 6
    assert len(description) <= DESCRIPTION, len(description)
