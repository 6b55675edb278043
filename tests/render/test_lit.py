"""Pictures with some of their pieces lit, as a lesson's step points at them: each lit
piece gets a gold outline around it and the picture changes nowhere else, and a token
that names nothing the picture shows lights nothing (the picture's bytes are those of
the unlit one)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from dataclasses import replace

from PIL import Image, ImageChops

from bot.games.claim.face import CLAIM_FACE
from bot.games.claim.table_pictures import lit_cards
from bot.games.claim.views import private_view, table_view
from bot.games.claimit.face import CLAIMIT_FACE, lit_pieces
from bot.games.face import lit_dice, seat_names
from bot.games.gold_nuggets.face import NUGGETS_FACE
from engine.claim import state_from_json
from engine.claimit import GameState, Place, Roll, Space, apply
from engine.gold_nuggets import Counts
from engine.gold_nuggets import GameState as NuggetsState
from engine.gold_nuggets import Phase as NuggetsPhase
from i18n import english
from render.claim.gallery import following_goblins, two_players_recruiting
from render.claim.hand_image import scene as hand_scene
from render.claim.pictures import lit_hand, lit_table, render_hand, render_table
from render.claim.scene import Sprite
from render.claim.table_image import scene as table_scene
from render.claimit import View, lettered
from render.claimit.board_image import LIT_SPACE_REACH, LIT_SPACE_WIDTH
from render.claimit.geometry import die_box, space_box
from render.claimit.pictures import render_board
from render.common.label import Box
from render.common.lit import COLOR, REACH, WIDTH, lit_box
from render.gold_nuggets import NuggetsView
from render.gold_nuggets.geometry import roll_die_box
from render.gold_nuggets.pictures import lit_table as nuggets_lit_table
from render.gold_nuggets.pictures import render_table as nuggets_table
from tests.engine.claim.build import position
from tests.engine.claim.positions import MIXED
from tests.engine.gold_nuggets.play import faces
from tests.games.claim.test_german import game as claim_game
from tests.games.claimit.tables import table as claimit_game
from tests.games.gold_nuggets.tables import table as nuggets_game

EN = english()
UNKNOWN = frozenset({"", "die:", "die:x", "die:-1", "die:٣", "7,7", "0,1", "2,5,1", "KNI", "XYZ9"})
"""Tokens that name nothing in any game."""


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def outline(box: Box, reach: int = REACH) -> Box:
    """Where the outline around a piece's ``box`` may draw (right and bottom exclusive)."""
    left, top, right, bottom = lit_box(box, reach)
    return (left, top, right + 1, bottom + 1)


def sides(box: Box, reach: int = REACH) -> list[tuple[int, int]]:
    """A pixel at the outer edge of each side of the outline around ``box``, midway along
    it (clear of its rounded corners)."""
    left, top, right, bottom = lit_box(box, reach)
    middle_x, middle_y = (left + right) // 2, (top + bottom) // 2
    return [(middle_x, top), (middle_x, bottom), (left, middle_y), (right, middle_y)]


def assert_lit(plain: bytes, lit: bytes, pieces: Sequence[Box], reach: int = REACH) -> None:
    """``lit`` is ``plain`` with a gold outline around each of ``pieces``, and no other
    change."""
    before, after = image(plain), image(lit)
    changed = ImageChops.difference(before, after).convert("L").point(lambda v: 255 * (v > 0))
    for piece in pieces:
        region = outline(piece, reach)
        assert changed.crop(region).getbbox() is not None, f"nothing changed around {piece}"
        for point in sides(piece, reach):
            assert after.getpixel(point) == COLOR, (piece, point)
        changed.paste(0, region)
    assert changed.getbbox() is None, "changed outside the lit pieces"


# Claim It! ---------------------------------------------------------------------------------


def waiting_roll() -> GameState:
    """Two players, the first roll (2, 5, 6) waiting to be placed."""
    return apply(GameState.new(2, first=0), Roll((2, 5, 6))).state


def test_claim_it_outlines_its_lit_spaces_and_dice_and_nothing_else() -> None:
    state = waiting_roll()
    candidate = lettered(state)[0][1].space
    view = View(names=("Ann", "Bo"))
    plain = render_board(state, view)
    spaces = render_board(state, replace(view, lit_spaces=frozenset({candidate, Space(6, 6)})))
    reach = LIT_SPACE_REACH
    assert_lit(plain, spaces, [space_box(candidate), space_box(Space(6, 6))], reach)
    assert LIT_SPACE_WIDTH > WIDTH  # a space is larger than a die: its outline is too
    dice = render_board(state, replace(view, lit_dice=frozenset({0, 2})))
    assert_lit(plain, dice, [die_box(0), die_box(2)])


def test_claim_it_lights_only_the_dice_of_a_roll_that_waits() -> None:
    state = waiting_roll()
    view = View(names=("Ann", "Bo"))
    assert render_board(state, replace(view, lit_dice=frozenset({3, 9}))) == render_board(
        state, view
    )
    # The roll just placed from is shown greyed: no longer one to point at.
    placed = apply(state, Place(lettered(state)[0][1])).state
    used = replace(view, rolled=(2, 5, 6))
    assert render_board(placed, replace(used, lit_dice=frozenset({0}))) == render_board(
        placed, used
    )


def test_claim_its_face_reads_spaces_and_dice_and_ignores_every_other_token() -> None:
    assert lit_pieces(frozenset({"2,5", "die:1", "KNI7"}) | UNKNOWN) == (
        frozenset({Space(2, 5)}),
        frozenset({1}),
    )
    game = claimit_game(waiting_roll())
    plain = asyncio.run(CLAIMIT_FACE.turn(game, "Rolled.", None, EN))
    unknown = asyncio.run(CLAIMIT_FACE.turn(game, "Rolled.", None, EN, lit=UNKNOWN))
    assert unknown == plain
    lit = asyncio.run(CLAIMIT_FACE.turn(game, "Rolled.", None, EN, lit=frozenset({"die:1"})))
    assert_lit(plain.png, lit.png, [die_box(1)])
    assert lit.description == plain.description and lit.text == plain.text


# Gold Nuggets ------------------------------------------------------------------------------


def nuggets_view() -> NuggetsView:
    """A roll of five dice waiting for its set-aside, in the engine's order: the image
    sorts it lasso, nugget, 2, 3, 3."""
    return NuggetsView(
        names=("Ann", "Bo", "Cy"),
        nuggets=(0, 0, 0),
        centre=77,
        turn=0,
        aside=("4", "4"),
        rolled=("3", "L", "3", "N", "2"),
    )


def test_gold_nuggets_outlines_its_lit_dice_where_the_image_sorts_them() -> None:
    view = nuggets_view()
    plain = nuggets_table(view)
    lit = nuggets_lit_table(view, frozenset({0, 3}))
    # The first 3 of the roll is drawn fourth, the nugget second.
    assert_lit(plain, lit, [roll_die_box(3), roll_die_box(1)])
    assert nuggets_lit_table(view, frozenset({5, 9})) == plain


def test_gold_nuggets_face_reads_dice_and_ignores_every_other_token() -> None:
    assert lit_dice(frozenset({"die:0", "die:4", "2,5", "KNI7"}) | UNKNOWN) == {0, 4}
    state = NuggetsState(
        3, 0, NuggetsPhase.SET_ASIDE, 60, (5, 12, 0), Counts(four=3), faces("3L3N")
    )
    game = nuggets_game(state)
    plain = asyncio.run(NUGGETS_FACE.turn(game, "Rolled.", None, EN))
    unknown = asyncio.run(NUGGETS_FACE.turn(game, "Rolled.", None, EN, lit=UNKNOWN))
    assert unknown == plain
    lit = asyncio.run(NUGGETS_FACE.turn(game, "Rolled.", None, EN, lit=frozenset({"die:1"})))
    # The lasso, second in the roll, is drawn first.
    assert_lit(plain.png, lit.png, [roll_die_box(0)])


# Claim -------------------------------------------------------------------------------------


def boxes(sprites: Sequence[Sprite], *what: str) -> list[Box]:
    """The boxes of the sprites that show ``what``, one each."""
    found = [sprite.box for sprite in sprites if sprite.what in what]
    assert len(found) == len(what)
    return found


def test_claim_outlines_a_lit_card_wherever_the_table_shows_it() -> None:
    view = two_players_recruiting(EN)
    plain = render_table(view)
    # The prize, the lead on the felt and a card of the last trick.
    cards = ("KNI7", "GOB5", "UND8")
    lit = lit_table(view, frozenset(cards))
    assert_lit(plain, lit, boxes(table_scene(view).sprites, *cards))
    # A card the table does not show (in a hand, in the deck) lights nothing.
    assert lit_table(view, frozenset({"DWA4", "UND1"})) == plain


def test_claim_outlines_a_lit_card_in_the_hand_and_among_the_followers() -> None:
    view = following_goblins(EN)
    plain = render_hand(view)
    lit = lit_hand(view, frozenset({"GOB6", "KNI9"}))
    assert_lit(plain, lit, boxes(hand_scene(view).sprites, "GOB6", "follower:KNI9"))
    assert lit_hand(view, frozenset({"KNI7", "GOB5"})) == plain


def test_claims_face_reads_card_ids_and_ignores_every_other_token() -> None:
    assert lit_cards(frozenset({"KNI7", "GOB0a", "die:0", "2,5"}) | UNKNOWN) == {"KNI7", "GOB0a"}
    # Seat 1 led the Goblin 4 for the Knight 7; seat 0 holds the Automaton 3 and Dragon 2.
    state = state_from_json(
        position(
            2, MIXED, phase="p1", leader=1, hands=["AUT3 DRA2", "DRA9"], table="GOB4", prize="KNI7"
        )
    )
    game = claim_game(state)
    plain = asyncio.run(CLAIM_FACE.turn(game, "", None, EN))
    assert asyncio.run(CLAIM_FACE.turn(game, "", None, EN, lit=UNKNOWN)) == plain
    lit = asyncio.run(CLAIM_FACE.turn(game, "", None, EN, lit=frozenset({"GOB4", "AUT3"})))
    # The hand's card lights nothing on the table: it is not there to be seen.
    table = table_view(seat_names(game, EN), state, None, EN)
    assert_lit(plain.png, lit.png, boxes(table_scene(table).sprites, "GOB4"))
    assert (lit.text, lit.description) == (plain.text, plain.description)

    hand = asyncio.run(CLAIM_FACE.private(game, 0, None, EN))
    assert asyncio.run(CLAIM_FACE.private(game, 0, None, EN, lit=UNKNOWN)) == hand
    own = asyncio.run(CLAIM_FACE.private(game, 0, None, EN, lit=frozenset({"AUT3", "GOB4"})))
    assert hand is not None and own is not None
    shown = private_view(seat_names(game, EN)[0], state, 0, (), EN)
    assert_lit(hand.picture.png, own.picture.png, boxes(hand_scene(shown).sprites, "AUT3"))
    assert replace(own, picture=replace(own.picture, png=hand.picture.png)) == hand
