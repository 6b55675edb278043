"""What the image says about the turn: a bust, the roll, the prompt, and every text in its box."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image

from bot.service import BOT_LEVELS
from bot.storage.records import TAKEOVER_SUFFIX
from engine.claimit import GameState, Place, Roll, Space, apply
from engine.claimit.board import spaces
from i18n import english, language
from render.claimit import colors, geometry
from render.claimit.board_image import draw_board, labels, name_shown
from render.claimit.view import View
from render.common import palette
from render.common.fonts import text_sprite
from render.common.label import Label
from render.common.names import ELLIPSIS
from tests.engine.claimit.positions import EXAMPLE_4_BOARD, position

DISCORD_NAME = 32
"""Discord's longest display name (global or server nickname)."""
WIDEST = ("W" * DISCORD_NAME, "@" * DISCORD_NAME, "Щ" * DISCORD_NAME, "ÅÉÎÕÜ gjpqy ÿ" * 3)
"""Names of the widest letters, and of the tallest accents with the deepest descenders."""
LONGEST_NAMES = (*(name[:DISCORD_NAME] + TAKEOVER_SUFFIX for name in WIDEST), "🎲" * 8)
COMPUTER_NAMES = tuple(f"Bot {n} ({level})" for n in range(1, 6) for level in BOT_LEVELS)
"""As ``bot.service.game_service`` names the computer players it seats."""


def close(pixel: tuple[int, ...], color: palette.Color, tolerance: int = 12) -> bool:
    return all(abs(p - c) <= tolerance for p, c in zip(pixel[:3], color, strict=True))


def pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    found: tuple[int, ...] = image.getpixel(xy)  # type: ignore[assignment]
    return found


def stack_box(space: Space, layers: int) -> geometry.Box:
    """Where a stack's sprites are pasted."""
    x, y = geometry.stack_origin(space)
    top = y - (layers - 1) * geometry.LAYER_STEP
    return (x, top, x + geometry.TOKEN, y + geometry.TOKEN_FACE + geometry.TOKEN_EDGE)


def test_a_bust_leaves_every_marker_in_sight_and_outlines_the_lost_ones_in_red() -> None:
    state = position(EXAMPLE_4_BOARD, players=3)
    plain = draw_board(state, View(rolled=(6, 3, 4)))
    busted = draw_board(state, View(rolled=(6, 3, 4), bust=0))
    for space, stack in state.board().items():
        box = stack_box(space, len(stack))
        assert busted.crop(box).tobytes() == plain.crop(box).tobytes(), space
    lost = set(spaces(state.marks_mask))
    assert lost == {Space(4, 2), Space(6, 3), Space(2, 1), Space(4, 4)}
    for space, _ in state.board().items():
        left, top, _, bottom = geometry.space_box(space)
        edge = (left + 4, (top + bottom) // 2)
        assert close(pixel(busted, edge), palette.BUST, 30) == (space in lost), space
        badge = geometry.badge_box(space)
        assert close(pixel(busted, (badge[0] + 4, badge[3] - 8)), palette.BUST, 30) == (
            space in lost
        )
    frame = (geometry.BOARD_LEFT - geometry.FRAME // 2, geometry.space_center(Space(1, 3))[1])
    assert close(pixel(busted, frame), palette.BUST)
    assert close(pixel(plain, frame), colors.FRAME)


def test_a_bust_says_so_with_the_marks_lost() -> None:
    state = position(EXAMPLE_4_BOARD, players=3)
    texts = [label.text for label in labels(state, View(rolled=(6, 3, 4), bust=0))]
    assert "BUST!" in texts
    assert "loses 4 marks" in texts


def die_centers() -> list[tuple[int, int]]:
    return [((b[0] + b[2]) // 2, (b[1] + b[3]) // 2) for b in map(geometry.die_box, range(3))]


def test_after_a_placement_the_roll_just_used_is_shown_greyed() -> None:
    rolled = apply(GameState.new(2), Roll((1, 2, 5))).state
    placed = apply(rolled, Place(rolled.pending_placements()[0])).state
    image = draw_board(placed, View(rolled=(1, 2, 5)))
    one, two, five = die_centers()
    assert close(pixel(image, one), palette.INK)
    assert close(pixel(image, two), palette.USED_DIE)
    assert close(pixel(image, five), palette.INK)
    assert close(pixel(image, (one[0] - 15, one[1])), palette.USED_DIE)
    texts = [label.text for label in labels(placed, View(rolled=(1, 2, 5)))]
    assert "Roll or stop" in texts
    assert "this turn: 1 mark" in texts


def test_with_no_roll_to_show_there_are_no_empty_dice() -> None:
    image = draw_board(GameState.new(2), View())
    for left, top, right, bottom in map(geometry.die_box, range(3)):
        # An empty die would be an outline; the status text may run through the middle.
        for y in (top + 2, bottom - 3):
            assert all(close(pixel(image, (x, y)), palette.PANEL, 0) for x in range(left, right))
    assert "Roll the dice" in [label.text for label in labels(GameState.new(2), View())]


@pytest.mark.parametrize(
    ("dice", "prompt"),
    [((1, 1, 1), "Choose A"), ((2, 2, 5), "Choose A–C"), ((1, 2, 3), "Choose A–F")],
)
def test_the_prompt_names_the_letters_there_are(dice: tuple[int, int, int], prompt: str) -> None:
    state = apply(GameState.new(2), Roll(dice)).state
    texts = [label.text for label in labels(state, View())]
    assert prompt in texts
    assert not any("A–A" in text for text in texts)


def every_kind_of_panel() -> list[tuple[GameState, View]]:
    """Each phase, a bust in the last round, and a five-way shared win."""
    mid_turn = position(EXAMPLE_4_BOARD, players=3, last_round={"caller": 0, "turns_left": 1})
    many_marks = position(
        {f"{c},1": ["P0"] for c in range(1, 7)} | {f"{c},2": [f"S{c}"] for c in range(1, 7)},
        players=5,
    )
    many_marks = apply(many_marks, Roll((1, 1, 2))).state
    return [
        (GameState.new(5), View()),
        (apply(GameState.new(5), Roll((1, 2, 3))).state, View()),
        (many_marks, View()),
        (mid_turn, View(rolled=(6, 3, 4))),
        (mid_turn, View(rolled=(6, 3, 4), bust=0)),
        (
            position(
                {f"{2 * (s % 3) + 1},{2 * (s // 3) + 1}": [f"P{s}"] for s in range(5)},
                players=5,
                phase="over",
                last_round={"caller": 0, "turns_left": 0},
            ),
            View(),
        ),
    ]


def drawn_box(label: Label) -> geometry.Box:
    """Where the renderer pastes the label's text, exactly."""
    sprite = text_sprite(label.text, label.face, label.size, label.color, label.align + "m")
    x, y = label.anchor
    left, top = round(x) + sprite.dx, round(y) + sprite.dy
    return (left, top, left + sprite.image.width, top + sprite.image.height)


def inside(inner: geometry.Box, outer: geometry.Box) -> bool:
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def overlap(a: geometry.Box, b: geometry.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("code", ["en", "de"])
@pytest.mark.parametrize("names", [LONGEST_NAMES, COMPUTER_NAMES[-5:], ()])
def test_every_text_fits_its_box_for_the_longest_names(names: tuple[str, ...], code: str) -> None:
    """German words run longer: they fit too (shrunk where they must be)."""
    for state, sample in every_kind_of_panel():
        view = View(names, sample.rolled, sample.bust, language(code))
        image = draw_board(state, view)
        canvas = (0, 0, image.width, image.height)
        drawn = labels(state, view)
        shown = {name_shown(view, seat) for seat in range(state.players)}
        for label in drawn:
            assert inside(drawn_box(label), label.box), label
            assert inside(label.box, canvas), label
            assert label.text in shown or not label.text.endswith(ELLIPSIS), label
        for a, b in itertools.combinations(drawn, 2):
            assert not overlap(a.box, b.box), (a, b)
        if state.dice is not None or view.rolled is not None:
            dice = [geometry.die_box(i) for i in range(3)]
            assert not any(overlap(d, label.box) for d in dice for label in drawn)


def test_a_name_is_shown_once_the_same_way_and_computer_players_in_full() -> None:
    for name in COMPUTER_NAMES:
        assert name_shown(View(names=(name,)), 0) == name
    view = View(names=LONGEST_NAMES[:5])
    state = position(EXAMPLE_4_BOARD, players=5, last_round={"caller": 2, "turns_left": 3})
    for drawn in (labels(state, view), labels(state, View(view.names, (6, 3, 4), bust=0))):
        for seat in range(5):
            shown = name_shown(view, seat)
            assert shown.endswith((ELLIPSIS, ELLIPSIS + " (bot)")) or shown == "Player 5"
            stem = shown.removesuffix(ELLIPSIS)[:6]
            assert [label.text for label in drawn if stem in label.text] == [shown]


def test_a_name_the_image_cannot_draw_is_the_players_number_in_the_readers_language() -> None:
    names = ("🎲" * 8, None)
    assert [name_shown(View(names), seat) for seat in range(2)] == ["Player 1", "Player 2"]
    german = View(names, lang=language("de"))
    assert [name_shown(german, seat) for seat in range(2)] == ["Spieler 1", "Spieler 2"]
    assert name_shown(View(("Anke",), lang=english()), 0) == "Anke"


def test_the_german_status_says_the_same_in_german() -> None:
    state = position(EXAMPLE_4_BOARD, players=3, last_round={"caller": 1, "turns_left": 2})
    german = language("de")
    busted = [label.text for label in labels(state, View(rolled=(6, 3, 4), bust=0, lang=german))]
    assert {"FEHLWURF!", "verliert 4 Marker", "LETZTE RUNDE", "zieht zuletzt"} <= set(busted)
    rolled = apply(GameState.new(2), Roll((2, 2, 5))).state
    assert "A–C wählen" in [label.text for label in labels(rolled, View(lang=german))]
