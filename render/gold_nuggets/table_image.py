"""The table image: a ``NuggetsView`` in, PNG bytes out.

Pure and thread-safe: every call draws on its own copy of the pre-rendered
background, the shared sprites are only read, and font use is locked.

Every text is a ``Label``, the words and the box they must stay in; ``labels``
lists them all, so that tests can check each against its box. Words, in the view's
language, shrink to fit their box (German ones are longer), down to a size still
readable on a phone.
"""

from __future__ import annotations

from functools import cache
from math import ceil
from typing import Literal, NamedTuple

from PIL import Image, ImageDraw

from i18n import Language
from render.common import palette
from render.common.fonts import Face
from render.common.label import Box, Label, fitted, put
from render.common.lit import outline
from render.common.names import display_name
from render.common.palette import Color
from render.common.scene import Scene
from render.common.shapes import player_icon
from render.common.status import Status
from render.gold_nuggets import colors, sprites
from render.gold_nuggets.geometry import (
    BAND_BOTTOM,
    BAND_TOP,
    CENTRE_BOX,
    CENTRE_DELTA_LEFT,
    CENTRE_SPLIT,
    CENTRE_TEXT_LEFT,
    DICE_PANEL,
    FRAME,
    HEADER_HEIGHT,
    HEADER_TOP,
    ICON,
    ICON_LEFT,
    INSET,
    LASSO_BOX,
    LASSO_ICON,
    LASSO_SPLIT,
    NAME_LEFT,
    NAME_RIGHT,
    NUGGETS_COLUMN_LEFT,
    PANEL_LEFT,
    PANEL_RIGHT,
    PILE_ORIGIN,
    ROLL_AREA,
    ROW_HEIGHT,
    STATUS_BOX,
    STATUS_ICON_LEFT,
    STATUS_ICON_TOP,
    STATUS_SPLIT,
    TRAY,
    VALUE_BOX,
    WIDTH,
    caption_box,
    change_box,
    height,
    nuggets_box,
    panel,
    roll_die_box,
    row_box,
    row_top,
    tray_die_box,
)
from render.gold_nuggets.sprites import PILE_LEVELS, Style
from render.gold_nuggets.view import DICE, FACES, STEAL_LASSOS, NuggetsView

TOTAL_NUGGETS = 77
"""The centre's nuggets at the start; the pile is drawn in proportion to it."""

# Font sizes in pixels of the image, as in Claim It!'s board: the smallest, 20,
# is still 9.4 px on a phone.
COUNT_SIZE = 40
STATUS_SIZE = 28
NAME_SIZE = 24
FIGURE_SIZE = 24
MARK_SIZE = 20
NOTE_SIZE = 20
SMALLEST = 20
"""The size words shrink to at most: 9.4 px on a phone."""
MINUS = "\N{MINUS SIGN}"
"""Wider than a hyphen, as wide as the plus it stands beside."""


def draw_table(view: NuggetsView) -> Image.Image:
    return table_scene(view).paint()


def table_scene(view: NuggetsView, lit: frozenset[int] = frozenset()) -> Scene:
    """What the table of ``view`` shows, planned to be painted (``render.common.scene``);
    ``lit``: the dice of its last roll outlined in gold, by their place in ``rolled``."""
    scene = Scene(_background(view.players, view.lang))
    status = _status(view)
    rows = _rows(view)
    scene.paste(sprites.pile(ceil(view.centre * PILE_LEVELS / TOTAL_NUGGETS)), PILE_ORIGIN)
    _draw_dice(scene, view)
    _light(scene, view, lit)
    step = icon_step(len(status.seats))
    for index, seat in enumerate(status.seats):
        scene.paste(player_icon(seat, ICON), (STATUS_ICON_LEFT + index * step, STATUS_ICON_TOP))
    for seat, row in enumerate(rows):
        if row is not None:
            scene.fill(row.fill, row_box(seat))
        scene.paste(player_icon(seat, ICON), (ICON_LEFT, row_top(seat) + (ROW_HEIGHT - ICON) // 2))
    for label in _view_labels(view, status, rows):
        scene.label(label)
    return scene


def labels(view: NuggetsView) -> list[Label]:
    """Every text the image of ``view`` shows."""
    return [*_fixed_labels(view.lang), *_view_labels(view, _status(view), _rows(view))]


def name_shown(view: NuggetsView, seat: int) -> str:
    """A seat's name as the image shows it (only in its row of the table)."""
    width = NAME_RIGHT - NAME_LEFT
    return display_name(view.names[seat], seat, Face.BOLD, NAME_SIZE, width, view.lang)


def _fitted(label: Label) -> Label:
    return fitted(label, SMALLEST)


def sorted_faces(faces: tuple[str, ...]) -> tuple[str, ...]:
    """Dice in the order the image shows them: lassos, nuggets, then the numbers up."""
    return tuple(sorted(faces, key=FACES.index))


def _draw_dice(scene: Scene, view: NuggetsView) -> None:
    aside = sorted_faces(view.aside)
    for index in range(DICE):
        if index < len(aside):
            die = sprites.die(aside[index], Style.LOST if view.bust else Style.FRESH)
        else:
            die = sprites.empty_slot()
        scene.paste(die, tray_die_box(index)[:2])
    style = Style.BUST if view.bust else Style.USED if view.rolled_used else Style.FRESH
    for index, face in enumerate(sorted_faces(view.rolled)):
        scene.paste(sprites.die(face, style), roll_die_box(index)[:2])
    if view.lassos >= STEAL_LASSOS and not view.bust:
        scene.rounded_rectangle(LASSO_BOX, radius=8, outline=palette.GOLD, width=3)
    if view.bust:
        scene.rounded_rectangle(DICE_PANEL, radius=12, outline=palette.BUST, width=FRAME)


def _light(scene: Scene, view: NuggetsView, lit: frozenset[int]) -> None:
    """An outline around each lit die of the roll, where the image sorts it."""
    shown = sorted(range(len(view.rolled)), key=lambda index: FACES.index(view.rolled[index]))
    for place, index in enumerate(shown):
        if index in lit:
            outline(scene, roll_die_box(place))


def _status(view: NuggetsView) -> Status:
    lang = view.lang
    if view.over:
        if len(view.winners) > 1:
            headline = lang.pgettext("nuggets image", "Shared win!")
        else:
            headline = lang.pgettext("nuggets image", "Wins the game!")
        return Status(
            view.winners,
            headline,
            palette.GOLD,
            lang.pgettext("nuggets image", "the centre is empty"),
        )
    if view.closed:
        return Status(
            (),
            lang.pgettext("nuggets image", "Game cancelled"),
            palette.TEXT,
            lang.pgettext("nuggets image", "nobody moves"),
        )
    turn = (view.turn,)
    if view.bust:
        lost = len(view.aside)
        if lost:
            note = lang.ngettext("loses {n} die", "loses {n} dice", lost)
        else:
            note = lang.pgettext("nuggets image", "nothing to set aside")
        return Status(turn, lang.pgettext("nuggets image", "BUST!"), palette.BUST, note)
    bonus = (lang.pgettext("nuggets image", "bonus turn"),) if view.bonus else ()
    if view.rolled and not view.rolled_used:
        headline = lang.pgettext("nuggets image", "Set aside")
        return Status(turn, headline, palette.TEXT, " · ".join(bonus))
    if len(view.aside) == DICE:
        return Status(
            turn,
            lang.pgettext("nuggets image", "Take {value}", value=view.value),
            palette.TEXT,
            lang.pgettext("nuggets image", "then a bonus turn"),
        )
    if view.aside:
        left = DICE - len(view.aside)
        note = " · ".join((*bonus, lang.ngettext("{n} die left", "{n} dice left", left)))
        headline = lang.pgettext("nuggets image", "Roll or take {value}", value=view.value)
        return Status(turn, headline, palette.TEXT, note)
    return Status(
        turn, lang.pgettext("nuggets image", "Roll the dice"), palette.TEXT, " · ".join(bonus)
    )


def icon_step(seats: int) -> int:
    """How far apart the status's icons stand: overlapping a little beyond two, which leaves
    "Shared win!" room beside five winners."""
    return ICON + 4 if seats <= 2 else ICON - 6


def _status_left(status: Status) -> int:
    seats = len(status.seats)
    return STATUS_ICON_LEFT + (seats - 1) * icon_step(seats) + ICON + 8


class _Row(NamedTuple):
    """How a player's row stands out: ▶ to move, ✖ busted, ★ won."""

    fill: Color
    mark: str
    ink: Color


def _rows(view: NuggetsView) -> tuple[_Row | None, ...]:
    return tuple(_row(view, seat) for seat in range(view.players))


def _row(view: NuggetsView, seat: int) -> _Row | None:
    if view.over:
        return _Row(palette.ROW_WINNER, "★", palette.GOLD) if seat in view.winners else None
    if seat != view.turn or view.closed:
        return None
    if view.bust:
        return _Row(palette.ROW_BUST, "✖", palette.WHITE)
    return _Row(palette.ROW_TO_MOVE, "▶", palette.GOLD)


def _view_labels(view: NuggetsView, status: Status, rows: tuple[_Row | None, ...]) -> list[Label]:
    found = [
        Label(
            str(view.centre),
            (CENTRE_TEXT_LEFT, BAND_TOP + 4, CENTRE_DELTA_LEFT, CENTRE_SPLIT),
            COUNT_SIZE,
            palette.GOLD,
        ),
        *_status_labels(status),
        *_figure_labels(view),
    ]
    for seat, row in enumerate(rows):
        top = row_top(seat)
        bottom = top + ROW_HEIGHT
        if row is not None:
            mark_box = (PANEL_LEFT + INSET, top, ICON_LEFT - 2, bottom)
            found.append(Label(row.mark, mark_box, MARK_SIZE, row.ink, align="m"))
        found.append(Label(name_shown(view, seat), (NAME_LEFT, top, NAME_RIGHT, bottom), NAME_SIZE))
        found.append(Label(str(view.nuggets[seat]), nuggets_box(seat), FIGURE_SIZE, align="m"))
    if view.took is not None:
        taker, source, amount = view.took
        found.append(Label(f"+{amount}", change_box(taker), FIGURE_SIZE, palette.GOLD, align="m"))
        taken = f"{MINUS}{amount}"
        if source is None:
            box = (CENTRE_DELTA_LEFT, BAND_TOP + 4, CENTRE_BOX[2] - INSET, CENTRE_SPLIT)
            found.append(Label(taken, box, FIGURE_SIZE, colors.TAKEN, align="m"))
        else:
            found.append(Label(taken, change_box(source), FIGURE_SIZE, colors.TAKEN, align="m"))
    return found


def _status_labels(status: Status) -> list[Label]:
    left = _status_left(status)
    right = STATUS_BOX[2] - INSET
    if not status.note:
        return [
            _fitted(
                Label(
                    status.headline, (left, BAND_TOP, right, BAND_BOTTOM), STATUS_SIZE, status.color
                )
            )
        ]
    return [
        _fitted(
            Label(
                status.headline,
                (left, BAND_TOP + 4, right, STATUS_SPLIT),
                STATUS_SIZE,
                status.color,
            )
        ),
        _fitted(
            Label(
                status.note,
                (STATUS_BOX[0] + 12, STATUS_SPLIT, right, BAND_BOTTOM - 6),
                NOTE_SIZE,
                palette.MUTED,
                Face.REGULAR,
            )
        ),
    ]


def _figure_labels(view: NuggetsView) -> list[Label]:
    """The value of the dice set aside and the lassos among them, right of the dice."""
    left, top, right, bottom = VALUE_BOX
    value_color = palette.BUST if view.bust else palette.GOLD if view.aside else palette.MUTED
    lassos = view.lassos
    steal = lassos >= STEAL_LASSOS and not view.bust
    lasso_left = LASSO_BOX[0] + 14 + LASSO_ICON + 6
    lang = view.lang
    return [
        Label(str(view.value), (left, top, right, bottom), COUNT_SIZE, value_color, align="m"),
        Label(
            str(lassos),
            (lasso_left, LASSO_BOX[1] + 4, LASSO_BOX[2] - INSET, LASSO_SPLIT),
            COUNT_SIZE - 8,
        ),
        _fitted(
            Label(
                lang.pgettext("nuggets image", "may steal")
                if steal
                else lang.pgettext("nuggets image", "steal at {lassos}", lassos=STEAL_LASSOS),
                (LASSO_BOX[0] + 4, LASSO_SPLIT, LASSO_BOX[2] - 4, LASSO_BOX[3] - 4),
                NOTE_SIZE,
                palette.GOLD if steal else palette.MUTED,
                Face.BOLD if steal else Face.REGULAR,
                "m",
            )
        ),
    ]


@cache
def _fixed_labels(lang: Language) -> tuple[Label, ...]:
    """The words that name each part of the table, drawn once into the background."""
    captions: tuple[tuple[str, Box, Literal["l", "m"]], ...] = (
        (lang.pgettext("nuggets image", "set aside"), TRAY, "l"),
        (lang.pgettext("nuggets image", "rolled"), ROLL_AREA, "l"),
        (lang.pgettext("nuggets image", "value"), VALUE_BOX, "m"),
        (lang.pgettext("nuggets image", "lassos"), LASSO_BOX, "m"),
    )
    found = (
        Label(
            lang.pgettext("nuggets image", "in the centre"),
            (CENTRE_TEXT_LEFT, CENTRE_SPLIT, CENTRE_BOX[2] - 4, BAND_BOTTOM - 6),
            NOTE_SIZE,
            palette.MUTED,
            Face.REGULAR,
        ),
        *(
            Label(words, caption_box(box), NOTE_SIZE, palette.MUTED, Face.REGULAR, align)
            for words, box, align in captions
        ),
        Label(
            lang.pgettext("nuggets image", "nuggets"),
            (NUGGETS_COLUMN_LEFT, HEADER_TOP, PANEL_RIGHT - INSET, HEADER_TOP + HEADER_HEIGHT),
            NOTE_SIZE,
            palette.MUTED,
            Face.REGULAR,
            "m",
        ),
    )
    return tuple(_fitted(label) for label in found)


@cache
def _background(players: int, lang: Language) -> Image.Image:
    """Everything that never changes for this many players in ``lang``: panels, tray,
    captions."""
    image = Image.new("RGB", (WIDTH, height(players)), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    for box in (CENTRE_BOX, STATUS_BOX, DICE_PANEL, panel(players)):
        draw.rounded_rectangle(box, radius=12, fill=palette.PANEL)
    draw.rounded_rectangle(TRAY, radius=12, fill=colors.TRAY, outline=colors.TRAY_EDGE, width=3)
    draw.rounded_rectangle(ROLL_AREA, radius=12, fill=colors.TABLE)
    for box in (VALUE_BOX, LASSO_BOX):
        draw.rounded_rectangle(box, radius=8, fill=colors.FIGURE_BOX)
    icon = sprites.lasso_icon(LASSO_ICON)
    image.paste(icon, (LASSO_BOX[0] + 14, (LASSO_BOX[1] + LASSO_SPLIT - LASSO_ICON) // 2 + 2), icon)
    for label in _fixed_labels(lang):
        put(image, label)
    return image
