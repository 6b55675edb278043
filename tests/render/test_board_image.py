"""The board image, checked on its pixels through the renderer's own geometry."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from engine.claimit import GameState, Place, Roll, Space, apply, scores, state_to_json
from i18n import language
from render.claimit import colors, geometry, sprites
from render.claimit.board_image import draw_board, marker_hint
from render.claimit.pictures import render_board
from render.claimit.view import View, lettered
from render.common import palette
from render.common.palette import Color
from tests.engine.claimit.positions import EXAMPLE_4_BOARD, position

BLUE, ORANGE, GREEN = (palette.PLAYERS[s].color for s in range(3))


def close(pixel: tuple[int, ...], color: Color, tolerance: int = 12) -> bool:
    return all(abs(p - c) <= tolerance for p, c in zip(pixel[:3], color, strict=True))


def face(image: Image.Image, space: Space, layer: int) -> tuple[int, ...]:
    """A pixel of a marker's top face, left of the symbol or number in its middle."""
    x, y = geometry.layer_face_center(space, layer)
    pixel: tuple[int, ...] = image.getpixel((x - geometry.TOKEN // 2 + 6, y))  # type: ignore[assignment]
    return pixel


def edge_below(image: Image.Image, space: Space, layer: int = 0) -> tuple[int, ...]:
    """A pixel of the side of a marker, below whatever is stacked on it."""
    x, y = geometry.layer_face_center(space, layer)
    pixel: tuple[int, ...] = image.getpixel((x, y + geometry.TOKEN_FACE // 2 + 4))  # type: ignore[assignment]
    return pixel


def test_the_png_decodes_at_the_layout_size() -> None:
    data = render_board(GameState.new(3))
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.size == (geometry.WIDTH, geometry.height(3))


def test_row_1_is_at_the_bottom_and_column_1_on_the_left() -> None:
    assert geometry.space_center(Space(1, 1))[1] > geometry.space_center(Space(1, 6))[1]
    assert geometry.space_center(Space(1, 1))[0] < geometry.space_center(Space(6, 1))[0]
    left, top, right, bottom = geometry.space_box(Space(1, 6))
    assert (left, top) == (geometry.BOARD_LEFT, geometry.BOARD_TOP)
    assert right - left == bottom - top == geometry.SPACE


def test_a_stack_of_three_stays_clear_of_the_badge_and_the_outlines_along_the_edges() -> None:
    for space in map(Space.parse, (f"{c},{r}" for c in range(1, 7) for r in range(1, 7))):
        x, y = geometry.stack_origin(space)
        stack = (
            x,
            y - 2 * geometry.LAYER_STEP,
            x + geometry.TOKEN,
            y + geometry.TOKEN_FACE + geometry.TOKEN_EDGE,
        )
        badge = geometry.badge_box(space)
        assert stack[2] <= badge[0] or stack[1] >= badge[3]
        left, top, right, bottom = geometry.space_box(space)
        clear = geometry.CLAIMED_BORDER
        assert stack[0] >= left + clear and stack[1] >= top + clear
        assert stack[2] <= right - clear and stack[3] <= bottom - clear


def test_every_layer_of_a_stack_shows_with_the_right_color_on_top() -> None:
    state = position(
        {
            "1,1": ["P1"],
            "2,1": ["C", "P1"],
            "3,1": ["P1", "S3"],
            "4,1": ["P0", "C"],
            "5,1": ["P1", "S4", "C"],
            "6,1": ["S5"],
        }
    )
    image = draw_board(state, View())
    assert close(face(image, Space(1, 1), 0), ORANGE)
    assert close(face(image, Space(2, 1), 1), ORANGE)
    assert close(face(image, Space(3, 1), 1), colors.SQUATTER)
    assert close(face(image, Space(4, 1), 1), colors.CLAIM)
    assert close(face(image, Space(5, 1), 2), colors.CLAIM)
    assert close(edge_below(image, Space(5, 1), 1), palette.shade(colors.SQUATTER, 0.62))
    assert close(edge_below(image, Space(5, 1), 0), palette.shade(ORANGE, 0.62))
    assert close(face(image, Space(6, 1), 0), colors.SQUATTER)


def test_a_settled_claim_looks_different_from_a_claim_placed_this_turn() -> None:
    state = position({"2,1": ["C", "P0"], "4,1": ["P0", "C"], "6,1": ["P0"]})
    image = draw_board(state, View())
    claim_edge = palette.shade(colors.CLAIM, 0.62)
    own_edge = palette.shade(BLUE, 0.62)
    assert close(face(image, Space(2, 1), 1), BLUE)
    assert close(edge_below(image, Space(2, 1)), claim_edge)
    assert close(face(image, Space(4, 1), 1), colors.CLAIM)
    assert close(edge_below(image, Space(4, 1)), own_edge)
    assert close(edge_below(image, Space(6, 1)), own_edge)


def test_a_squatter_on_an_opponent_shows_both_markers() -> None:
    image = draw_board(position({"3,3": ["P1", "S2"]}), View())
    assert close(face(image, Space(3, 3), 1), colors.SQUATTER)
    assert close(edge_below(image, Space(3, 3)), palette.shade(ORANGE, 0.62))


def pasted(image: Image.Image, overlay: Image.Image, space: Space) -> bool:
    """Every opaque pixel of ``overlay`` is on ``image`` at the space's corner."""
    left, top, _, _ = geometry.space_box(space)
    drawn = image.crop((left, top, left + overlay.width, top + overlay.height))
    opaque = [
        (i % overlay.width, i // overlay.width)
        for i, alpha in enumerate(overlay.getchannel("A").get_flattened_data())
        if alpha == 255
    ]
    assert opaque
    return all(drawn.getpixel(xy)[:3] == overlay.getpixel(xy)[:3] for xy in opaque)  # type: ignore[index]


def test_candidate_letters_are_drawn_on_exactly_the_candidate_spaces_in_button_order() -> None:
    state = apply(position({"4,5": ["P0"], "5,1": ["P1"]}, players=3), Roll((1, 4, 5))).state
    choices = lettered(state)
    assert [letter for letter, _ in choices] == list("ABCDEF"[: len(choices)])
    image = draw_board(state, View()).convert("RGBA")
    chosen = {placement.space for _, placement in choices}
    for space in map(Space.parse, (f"{c},{r}" for c in range(1, 7) for r in range(1, 7))):
        x, y = geometry.badge_center(space)
        assert close(image.getpixel((x - 11, y)), palette.CHOICE) == (space in chosen), space  # type: ignore[arg-type]
    for letter, placement in choices:
        overlay = sprites.candidate(letter, placement.marker)
        assert pasted(image, overlay, placement.space), letter


def test_a_candidate_names_its_marker_by_the_readers_initial() -> None:
    """A German squatter is a Besetzer: B4, not S4; a claim marker is C in both."""
    german = language("de")
    assert [marker_hint(m, german) for m in ("C", "S4")] == ["C", "B4"]
    state = apply(position({"4,5": ["P0"], "5,1": ["P1"]}, players=3), Roll((1, 4, 5))).state
    assert any(p.marker != "C" for p in state.pending_placements())
    shown = draw_board(state, View(lang=german)).convert("RGBA")
    for letter, placement in lettered(state):
        overlay = sprites.candidate(letter, marker_hint(placement.marker, german))
        assert pasted(shown, overlay, placement.space), letter


def die_centers() -> list[tuple[int, int]]:
    return [((b[0] + b[2]) // 2, (b[1] + b[3]) // 2) for b in map(geometry.die_box, range(3))]


def test_the_dice_show_their_faces_and_turn_red_on_a_bust() -> None:
    state = apply(GameState.new(2), Roll((1, 2, 5))).state
    image = draw_board(state, View())
    centers = die_centers()
    assert close(image.getpixel(centers[0]), palette.INK)  # type: ignore[arg-type]
    assert close(image.getpixel(centers[1]), palette.WHITE)  # type: ignore[arg-type]
    assert close(image.getpixel(centers[2]), palette.INK)  # type: ignore[arg-type]
    busted = draw_board(position(EXAMPLE_4_BOARD, players=3), View(rolled=(6, 3, 4), bust=0))
    assert close(busted.getpixel(centers[1]), palette.WHITE)  # type: ignore[arg-type]
    assert close(busted.getpixel((centers[1][0] - 15, centers[1][1])), palette.BUST)  # type: ignore[arg-type]


def row_pixel(image: Image.Image, seat: int, x: int = geometry.PANEL_LEFT + 4) -> tuple[int, ...]:
    pixel: tuple[int, ...] = image.getpixel(
        (x, geometry.table_row_top(seat) + geometry.ROW_HEIGHT // 2)
    )  # type: ignore[assignment]
    return pixel


def test_the_player_to_move_is_highlighted_in_the_panel() -> None:
    image = draw_board(GameState.new(3, first=1), View())
    assert close(row_pixel(image, 1), palette.ROW_TO_MOVE, 2)
    assert close(row_pixel(image, 0), palette.PANEL, 2)
    assert close(row_pixel(image, 2), palette.PANEL, 2)


def test_once_the_last_round_is_called_the_panel_shows_who_plays_last() -> None:
    board = {f"{c},{r}": ["C", "P0"] for r in (1, 2) for c in range(1, 7)} | {"6,6": ["C", "P0"]}
    state = position(board, turn=1, last_round={"caller": 0, "turns_left": 2})
    image = draw_board(state, View())
    left, top, right, bottom = geometry.LAST_ROUND_BOX
    outline = (left + 30, top)
    assert close(image.getpixel(outline), palette.GOLD, 30)  # type: ignore[arg-type]
    box = image.crop((left, top, right, bottom))
    assert any(close(p, BLUE, 6) for p in box.get_flattened_data())  # type: ignore[arg-type]
    assert not any(close(p, ORANGE, 6) for p in box.get_flattened_data())  # type: ignore[arg-type]
    before = draw_board(position(board), View())
    assert not close(before.getpixel(outline), palette.GOLD, 30)  # type: ignore[arg-type]


def test_game_over_highlights_the_winners_and_outlines_every_largest_mine() -> None:
    state = position(
        {"1,1": ["C", "P0"], "1,2": ["P0"], "4,4": ["C", "P1"], "4,5": ["P1"], "6,6": ["P2"]},
        players=3,
        turn=1,
        phase="over",
        last_round={"caller": 1, "turns_left": 0},
    )
    assert [s.largest for s in scores(state)] == [2, 2, 1]
    image = draw_board(state, View())
    assert close(row_pixel(image, 0), palette.ROW_WINNER, 2)
    assert close(row_pixel(image, 1), palette.ROW_WINNER, 2)
    assert close(row_pixel(image, 2), palette.PANEL, 2)
    left, top, _, bottom = geometry.space_box(Space(1, 2))
    assert close(image.getpixel((left, (top + bottom) // 2)), BLUE)  # type: ignore[arg-type]
    left, top, right, _ = geometry.space_box(Space(4, 5))
    assert close(image.getpixel(((left + right) // 2, top)), ORANGE)  # type: ignore[arg-type]
    left, top, right, bottom = geometry.space_box(Space(6, 6))
    assert close(image.getpixel((left, (top + bottom) // 2)), GREEN)  # type: ignore[arg-type]
    _, between, _, _ = geometry.space_box(Space(1, 1))
    assert not close(image.getpixel((left + 20, between)), BLUE)  # type: ignore[arg-type]


def test_each_player_has_a_distinct_color_and_symbol() -> None:
    assert len({p.color for p in palette.PLAYERS}) == len(palette.PLAYERS) == 5
    assert len({p.symbol for p in palette.PLAYERS}) == 5
    icons = [sprites.player_token(seat).tobytes() for seat in range(5)]
    assert len(set(icons)) == 5


def test_rendering_is_deterministic_and_leaves_the_state_alone() -> None:
    state = apply(position(EXAMPLE_4_BOARD, players=3), Roll((1, 2, 5))).state
    snapshot = state_to_json(state)
    view = View(names=("Ann", "Bo", "Cy"))
    assert render_board(state, view) == render_board(state, view)
    assert state_to_json(state) == snapshot


def test_concurrent_renders_from_worker_threads_match_sequential_ones() -> None:
    states = [GameState.new(2)]
    state = GameState.new(5)
    for dice in [(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6), (5, 6, 1), (6, 1, 2)]:
        state = apply(state, Roll(dice)).state
        states.append(state)
        state = apply(state, Place(state.pending_placements()[0])).state
        states.append(state)
    views = [View(names=(f"Name {i} ünïcödé",) * 5) for i in range(len(states))]
    expected = [render_board(s, v) for s, v in zip(states, views, strict=True)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(3):
            assert list(pool.map(render_board, states, views)) == expected


@pytest.mark.parametrize("seed", range(5))
def test_a_busy_five_player_board_stays_under_150_kib(seed: int) -> None:
    from render.claimit.gallery import random_play

    history = list(random_play(seed, 5))
    busiest = max(
        (after for _, _, after in history),
        key=lambda s: len(s.board()) + len(s.pending_placements()),
    )
    view = View(names=("Prospector Ann", "Björn", "Zoë", "Ольга", "Mateus"), rolled=(3, 4, 5))
    assert len(render_board(busiest, view)) <= 150 * 1024
