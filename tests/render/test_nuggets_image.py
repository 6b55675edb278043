"""Gold Nuggets' table image, read through its geometry: dice, centre, status and players."""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
from PIL import Image, ImageChops, ImageStat

from i18n import language
from render.common import palette
from render.common.fonts import text_sprite
from render.common.label import Box, Label
from render.common.names import ELLIPSIS
from render.common.phone import PHONE_WIDTH
from render.gold_nuggets import NuggetsView, colors, geometry, sprites
from render.gold_nuggets.gallery import views
from render.gold_nuggets.pictures import render_table
from render.gold_nuggets.sprites import Style
from render.gold_nuggets.table_image import (
    MINUS,
    NOTE_SIZE,
    SMALLEST,
    STATUS_SIZE,
    draw_table,
    icon_step,
    labels,
    name_shown,
    sorted_faces,
)
from render.gold_nuggets.view import DICE, FACES

THREE = ("Ann", "Bo", "Cy")
LONGEST_NAMES = ("W" * 32 + " (computer)", "@" * 32, "Щ" * 32, "ÅÉÎÕÜ gjpqy ÿ" * 3, "🎲" * 8)


def table(**fields: object) -> NuggetsView:
    """A three-seat view at a turn's start, with ``fields`` changed."""
    base: dict[str, object] = {"names": THREE, "nuggets": (0, 0, 0), "centre": 77, "turn": 0}
    return NuggetsView(**{**base, **fields})  # type: ignore[arg-type]


def pixel(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    found: tuple[int, int, int] = image.getpixel(xy)  # type: ignore[assignment]
    return found


def close(found: tuple[int, int, int], color: palette.Color, tolerance: int = 12) -> bool:
    return all(abs(p - c) <= tolerance for p, c in zip(found, color, strict=True))


def body(box: Box) -> tuple[int, int]:
    """A point on a die's body, left of any face's glyph."""
    return (box[0] + 5, (box[1] + box[3]) // 2)


def dice_in(image: Image.Image, boxes: list[Box], color: palette.Color) -> int:
    return sum(close(pixel(image, body(box)), color) for box in boxes)


TRAY = [geometry.tray_die_box(i) for i in range(DICE)]
ROLL = [geometry.roll_die_box(i) for i in range(DICE)]


def test_the_image_is_as_wide_as_claim_its_and_grows_a_row_per_player() -> None:
    for players in range(2, 6):
        view = NuggetsView(names=THREE[:1] * players, nuggets=(0,) * players, centre=77, turn=0)
        image = draw_table(view)
        assert image.size == (geometry.WIDTH, geometry.height(players)) == (640, image.height)
    assert geometry.height(3) - geometry.height(2) == geometry.ROW_HEIGHT
    assert geometry.height(5) * PHONE_WIDTH / geometry.WIDTH < 260


def test_the_set_aside_dice_lie_in_the_tray_and_the_roll_apart() -> None:
    view = table(aside=("N", "3", "3", "3"), rolled=("L", "2", "5"), value=4)
    image = draw_table(view)
    assert dice_in(image, TRAY, colors.DIE) == 4
    assert dice_in(image, TRAY, colors.SLOT) == 3
    assert dice_in(image, ROLL, colors.DIE) == 3
    assert dice_in(image, ROLL, colors.TABLE) == 4
    fresh = draw_table(table())
    assert dice_in(fresh, TRAY, colors.SLOT) == DICE
    assert dice_in(fresh, ROLL, colors.TABLE) == DICE


def test_a_used_roll_is_grey_and_a_busted_one_red_with_the_set_aside_dice_marked_lost() -> None:
    used = draw_table(table(aside=("L", "L"), rolled=("L", "L", "3", "4", "N"), rolled_used=True))
    assert dice_in(used, ROLL, palette.USED_DIE) == 5
    assert dice_in(used, TRAY, colors.DIE) == 2
    aside = ("N", "N", "5", "5", "5")
    busted = draw_table(table(aside=aside, rolled=("2", "3"), value=7, bust=True))
    assert dice_in(busted, ROLL, palette.BUST) == 2
    for index, box in enumerate(TRAY):
        badge = (box[2] - 1 - sprites.LOST_BADGE // 2, box[1] + 1 + sprites.LOST_BADGE // 4)
        assert close(pixel(busted, badge), palette.BUST, 30) == (index < len(aside)), index


def test_a_bust_frames_the_dice_in_red() -> None:
    left, top, right, bottom = geometry.DICE_PANEL
    edges = [(left + 2, (top + bottom) // 2), ((left + right) // 2, bottom - 2)]
    busted = draw_table(table(aside=("N",), rolled=("2", "3"), value=1, bust=True))
    plain = draw_table(table(aside=("N",), rolled=("2", "3"), value=1))
    for edge in edges:
        assert close(pixel(busted, edge), palette.BUST)
        assert close(pixel(plain, edge), palette.PANEL)
    bust_labels = [label.text for label in labels(table(aside=("N",), rolled=("2",), bust=True))]
    assert "BUST!" in bust_labels and "loses 1 die" in bust_labels


def unlike(one: Image.Image, other: Image.Image) -> float:
    """The share of pixels whose grey levels differ by more than a third of the range."""
    difference = ImageChops.difference(one.convert("L"), other.convert("L"))
    return ImageStat.Stat(difference.point(lambda level: 255 * (level > 85))).mean[0] / 255


def test_every_face_is_drawn_differently_even_without_color() -> None:
    for style in Style:
        shapes = [sprites.die(face, style) for face in FACES]
        for (a, one), (b, other) in itertools.combinations(zip(FACES, shapes, strict=True), 2):
            assert unlike(one, other) > 0.04, (style, a, b)
    drawn = [draw_table(table(aside=(face,))).crop(TRAY[0]) for face in FACES]
    for one, other in itertools.combinations(drawn, 2):
        assert unlike(one, other) > 0.04


def test_a_lasso_is_an_open_loop_and_a_nugget_solid_gold() -> None:
    image = draw_table(table(aside=("L", "N")))
    lasso, nugget = TRAY[0], TRAY[1]
    loop_middle = (lasso[0] + round(geometry.DIE * 0.6), lasso[1] + round(geometry.DIE * 0.38))
    assert close(pixel(image, loop_middle), colors.DIE)
    middle = ((nugget[0] + nugget[2]) // 2, (nugget[1] + nugget[3]) // 2 + 4)
    assert close(pixel(image, middle), palette.GOLD, 30)


def test_the_dice_are_shown_sorted_lassos_first() -> None:
    assert sorted_faces(("5", "N", "2", "L", "3", "L")) == ("L", "L", "N", "2", "3", "5")
    one_way = draw_table(table(rolled=("5", "L", "N")))
    other_way = draw_table(table(rolled=("N", "5", "L")))
    assert one_way.tobytes() == other_way.tobytes()


def test_the_centre_shows_its_count_and_a_pile_that_shrinks_to_an_empty_dish() -> None:
    def gold(view: NuggetsView) -> int:
        x, y = geometry.PILE_ORIGIN
        pile = draw_table(view).crop((x, y, x + geometry.PILE[0], y + geometry.PILE[1])).tobytes()
        pixels = zip(pile[0::3], pile[1::3], pile[2::3], strict=True)
        return sum(close(found, palette.GOLD, 40) for found in pixels)

    assert gold(table(centre=77)) > gold(table(centre=30)) > gold(table(centre=1)) > 0
    assert gold(table(centre=0, nuggets=(40, 37, 0), over=True, winners=(0,))) == 0
    assert "42" in [label.text for label in labels(table(centre=42))]


def test_the_lassos_are_counted_and_three_mark_a_possible_steal() -> None:
    left, top, _, bottom = geometry.LASSO_BOX
    edge = (left + 1, (top + bottom) // 2)
    two = table(aside=("L", "L", "N"), value=1)
    three = table(aside=("L", "L", "N", "L"), value=1)
    assert not close(pixel(draw_table(two), edge), palette.GOLD, 30)
    assert close(pixel(draw_table(three), edge), palette.GOLD, 30)
    assert {"2", "steal at 3"} <= {label.text for label in labels(two)}
    assert {"3", "may steal"} <= {label.text for label in labels(three)}


def texts_in(view: NuggetsView, box: Box) -> list[str]:
    return [label.text for label in labels(view) if label.box == box]


def test_the_status_says_what_to_do_and_the_value_is_the_views() -> None:
    def headline(view: NuggetsView) -> str:
        found = [
            label.text
            for label in labels(view)
            if inside(label.box, geometry.STATUS_BOX) and label.size > NOTE_SIZE
        ]
        assert len(found) == 1
        return found[0]

    assert headline(table()) == "Roll the dice"
    assert headline(table(rolled=("L", "2", "2", "2", "3", "4", "N"))) == "Set aside"
    assert headline(
        table(aside=("4", "4", "4"), rolled=("4", "4", "4", "2"), rolled_used=True, value=4)
    ) == ("Roll or take 4")
    seven = ("N", "3", "3", "3", "N", "3", "3")
    assert headline(table(aside=seven, value=5)) == "Take 5"
    assert texts_in(table(aside=seven, value=5), geometry.VALUE_BOX) == ["5"]
    assert "bonus turn" in [label.text for label in labels(table(bonus=True))]


def row_fill(image: Image.Image, seat: int) -> tuple[int, int, int]:
    _, top, right, bottom = geometry.row_box(seat)
    return pixel(image, (right - 3, (top + bottom) // 2))


def test_the_player_to_move_the_one_who_busted_and_the_winners_stand_out() -> None:
    playing = draw_table(table(turn=1))
    assert [close(row_fill(playing, s), palette.ROW_TO_MOVE) for s in range(3)] == [
        False,
        True,
        False,
    ]
    busted = draw_table(table(turn=2, aside=("N",), rolled=("2",), bust=True))
    assert close(row_fill(busted, 2), palette.ROW_BUST)
    over = table(nuggets=(30, 17, 30), centre=0, turn=1, over=True, winners=(0, 2))
    image = draw_table(over)
    assert [close(row_fill(image, s), palette.ROW_WINNER) for s in range(3)] == [True, False, True]
    assert "Shared win!" in [label.text for label in labels(over)]
    marks = [label.text for label in labels(over) if label.text == "★"]
    assert len(marks) == 2
    for index, seat in enumerate((0, 2)):
        x = geometry.STATUS_ICON_LEFT + index * icon_step(2) + geometry.ICON // 2
        y = geometry.STATUS_ICON_TOP + geometry.ICON // 2
        assert close(pixel(image, (x + 9, y)), palette.PLAYERS[seat].color, 30)


def test_each_player_shows_their_nuggets_and_the_last_take_moves_them() -> None:
    view = table(nuggets=(9, 4, 12), centre=52, turn=2, took=(2, 1, 3))
    assert texts_in(view, geometry.nuggets_box(0)) == ["9"]
    assert texts_in(view, geometry.change_box(2)) == ["+3"]
    assert texts_in(view, geometry.change_box(1)) == [f"{MINUS}3"]
    from_centre = [label.text for label in labels(table(centre=70, took=(0, None, 7)))]
    assert f"{MINUS}7" in from_centre and "+7" in from_centre


def drawn_box(label: Label) -> Box:
    sprite = text_sprite(label.text, label.face, label.size, label.color, label.align + "m")
    x, y = label.anchor
    left, top = round(x) + sprite.dx, round(y) + sprite.dy
    return (left, top, left + sprite.image.width, top + sprite.image.height)


def inside(inner: Box, outer: Box) -> bool:
    return all(a >= b for a, b in zip(inner[:2], outer[:2], strict=True)) and all(
        a <= b for a, b in zip(inner[2:], outer[2:], strict=True)
    )


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("names", [LONGEST_NAMES, ("", "", "", "", "")])
def test_every_text_fits_its_box_and_names_are_fitted(names: tuple[str, ...]) -> None:
    for _, sample in views():
        players = sample.players
        winners = (0, 1, 2, 3, 4)[:players] if sample.over else ()
        view = replace(sample, names=names[:players], winners=winners)
        image = draw_table(view)
        drawn = labels(view)
        for label in drawn:
            assert inside(drawn_box(label), label.box), label
            assert inside(label.box, (0, 0, image.width, image.height)), label
            assert label.size * PHONE_WIDTH / geometry.WIDTH >= 9, label
        for a, b in itertools.combinations(drawn, 2):
            assert not overlap(a.box, b.box), (a, b)
        for seat in range(players):
            shown = name_shown(view, seat)
            unnamed = view.lang.pgettext(
                "image, a name it cannot draw", "Player {number}", number=seat + 1
            )
            assert shown.endswith((ELLIPSIS, ELLIPSIS + " (computer)")) or shown == unnamed, shown
            assert shown in [label.text for label in drawn]


def test_the_longest_german_words_fit_whole_and_stay_readable() -> None:
    german = language("de")
    widest = [
        table(
            aside=("L", "L", "L", "4", "4", "4"),
            rolled=("L", "4", "4", "4", "2"),
            rolled_used=True,
            value=77,
            bonus=True,
        ),
        table(aside=("N", "N", "N", "3", "3", "3", "3"), value=77),
        table(aside=("N", "N", "5", "5", "5"), rolled=("2", "3"), value=7, bust=True),
        table(rolled=("L", "N", "2", "3", "4", "5", "5"), bonus=True),
        NuggetsView(
            names=THREE[:1] * 5,
            nuggets=(15,) * 5,
            centre=0,
            turn=0,
            over=True,
            winners=(0, 1, 2, 3, 4),
        ),
    ]
    for english in widest:
        view = replace(english, lang=german)
        for label in labels(view):
            assert ELLIPSIS not in label.text, label
            assert label.size >= SMALLEST, label
            assert inside(drawn_box(label), label.box), label
    # Only the words too long for their box shrink: English keeps its sizes.
    roll_or_take = [label for label in labels(widest[0]) if label.text == "Roll or take 77"]
    assert [label.size for label in roll_or_take] == [STATUS_SIZE]
    in_german = labels(replace(widest[0], lang=german))
    (headline,) = [label for label in in_german if label.text == "Würfeln oder 77 nehmen"]
    assert SMALLEST <= headline.size < STATUS_SIZE


def test_names_drop_what_the_font_cannot_draw() -> None:
    view = NuggetsView(
        names=("Björn 🎲", "王小明", None, "Zoë the Prospector With a Very Long Name"),
        nuggets=(0, 0, 0, 0),
        centre=77,
        turn=0,
    )
    shown = [name_shown(view, seat) for seat in range(4)]
    assert shown[:3] == ["Björn", "Player 2", "Player 3"]
    assert shown[3].endswith(ELLIPSIS) and shown[3].startswith("Zoë the Prospector")
    german = replace(view, lang=language("de"))
    assert [name_shown(german, seat) for seat in range(3)] == ["Björn", "Spieler 2", "Spieler 3"]


def test_the_view_refuses_what_cannot_be_drawn() -> None:
    with pytest.raises(ValueError):
        table(aside=("6",))
    with pytest.raises(ValueError):
        table(rolled=("N",) * 8)
    with pytest.raises(ValueError):
        NuggetsView(names=("Ann",), nuggets=(0,), centre=77, turn=0)
    with pytest.raises(ValueError):
        table(nuggets=(0, 0))
    with pytest.raises(ValueError):
        table(turn=3)
    with pytest.raises(ValueError):
        table(centre=0, over=True)
    with pytest.raises(ValueError):
        table(winners=(0,))


def test_rendering_is_deterministic_and_safe_in_threads() -> None:
    samples = [view for _, view in views()]
    expected = [render_table(view) for view in samples]
    assert all(data.startswith(b"\x89PNG") for data in expected)
    with ThreadPoolExecutor(max_workers=8) as pool:
        again = list(pool.map(render_table, samples * 4))
    assert again == expected * 4
