"""The standings picture: a ``StandingsView`` in, an image out.

Pure and thread-safe: each call draws on a new image, the shared sprites are only read,
and font use is locked. Every text is a ``Label``, the words and the box they must stay
in; ``labels`` lists them all, so that tests can check each against its box and that no
two of a line overlap. Words shrink to fit their box (German ones are longer), down to a
size still readable on a phone, and are cut with an ellipsis below that; names keep their
size and are cut.
"""

from __future__ import annotations

from functools import cache, lru_cache
from math import ceil

from PIL import Image, ImageDraw

from render.common import palette
from render.common.fonts import FITTED, Face, text_width
from render.common.label import Box, Label, fitted
from render.common.names import drawable, fit, fit_name
from render.common.scene import Scene
from render.common.shapes import SUPERSAMPLE, canvas, finish
from render.league import colors
from render.league.geometry import (
    COLUMNS,
    GAP,
    NAME,
    RANK,
    SUBTITLE_BOX,
    TEXT_LEFT,
    TEXT_RIGHT,
    TITLE_BOX,
    WIDTH,
    cell,
    footer_box,
    header_box,
    height,
    medal_box,
    panel,
    row_box,
    rule_box,
)
from render.league.standings_view import StandingsLine, StandingsView

# Font sizes in pixels of the image; a phone shows it at 300/640 of that, so the
# smallest, 18, is 8.4 px there, as readable as the games' smallest words.
TITLE_SIZE = 28
NAME_SIZE = 24
FIGURE_SIZE = 24
DETAIL_SIZE = 22
"""The figures after the points, which decide less: a size smaller, which also keeps
sixteen lines within 40 KiB."""
NOTE_SIZE = 20
MEDAL_SIZE = 20
SMALLEST = 18
MARK_ROOM = (NAME[1] - NAME[0]) // 2
"""A mark takes at most half the name's column; the name has the rest."""
NO_NAME = "?"
"""A name of which the font can draw nothing (all Chinese, say, or all emoji)."""


def draw_standings(view: StandingsView) -> Image.Image:
    return standings_scene(view).paint()


def standings_scene(view: StandingsView) -> Scene:
    """What the standings of ``view`` show, planned to be painted
    (``render.common.scene``)."""
    scene = Scene(_background(len(view.lines), len(footer_lines(view.footer))))
    for index, line in enumerate(view.lines):
        if line.highlight:
            scene.fill(palette.ROW_WINNER, row_box(index))
        elif index % 2:
            scene.fill(colors.STRIPE, row_box(index))
        place = medal(view, line)
        if place is not None:
            scene.paste(_medal_sprite(place), medal_box(index)[:2])
    for label in labels(view):
        scene.label(label)
    return scene


@lru_cache(maxsize=64)
def _background(lines: int, footer: int) -> Image.Image:
    """The panel and its rule under the headings, for this many lines."""
    image = Image.new("RGB", (WIDTH, height(lines, footer)), palette.BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle(panel(lines), radius=12, fill=palette.PANEL)
    image.paste(colors.STRIPE, rule_box())
    return image


def medal(view: StandingsView, line: StandingsLine) -> int | None:
    """The medal a line is drawn with (0 gold, 1 silver, 2 bronze), if any."""
    return _medal(line.rank, view.podium)


def _medal(rank: int, podium: bool) -> int | None:
    return rank - 1 if podium and 1 <= rank <= len(colors.MEDALS) else None


def labels(view: StandingsView) -> list[Label]:
    """Every text the picture of ``view`` shows."""
    found = [_fitted(Label(_shown(view.title, Face.BOLD), TITLE_BOX, TITLE_SIZE))]
    if view.subtitle:
        subtitle = _shown(view.subtitle, Face.REGULAR)
        found.append(_fitted(Label(subtitle, SUBTITLE_BOX, NOTE_SIZE, palette.MUTED, Face.REGULAR)))
    for column, header in zip(COLUMNS, view.headers, strict=True):
        found.append(
            _fitted(
                Label(
                    _shown(header, Face.REGULAR),
                    header_box(column),
                    NOTE_SIZE,
                    palette.MUTED,
                    Face.REGULAR,
                    "l" if column == NAME else "m",
                )
            )
        )
    for index in range(len(view.lines)):
        found += line_labels(view, index)
    lines = len(view.lines)
    for number, words in enumerate(footer_lines(view.footer)):
        box = footer_box(lines, number)
        found.append(Label(words, box, NOTE_SIZE, palette.MUTED, Face.REGULAR))
    return found


def line_labels(view: StandingsView, index: int) -> list[Label]:
    """The texts of the ``index``-th line (from 0): its rank, name, mark and figures."""
    return list(_line_labels(view.lines[index], index, view.podium))


@lru_cache(maxsize=FITTED)
def _line_labels(line: StandingsLine, index: int, podium: bool) -> tuple[Label, ...]:
    """Cached: most lines are as they were, or only moved, since the picture before."""
    place = _medal(line.rank, podium)
    if place is None:
        rank = Label(f"{line.rank}.", cell(RANK, index), FIGURE_SIZE, palette.MUTED, align="m")
    else:
        rank = Label(str(line.rank), medal_box(index), MEDAL_SIZE, palette.INK, align="m")
    found = [_fitted(rank)]
    name_box = cell(NAME, index)
    mark = _shown(line.mark, Face.REGULAR)
    if mark:
        shown = _mark(mark, name_box)
        found.append(shown)
        name_box = (name_box[0], name_box[1], shown.box[0] - GAP, name_box[3])
    found.append(_name(line.name, name_box))
    figures = (
        (line.points, Face.BOLD, FIGURE_SIZE),
        (line.tiebreak, Face.REGULAR, DETAIL_SIZE),
        (str(line.wins), Face.REGULAR, DETAIL_SIZE),
        (str(line.games), Face.REGULAR, DETAIL_SIZE),
    )
    for column, (text, face, size) in zip(COLUMNS[2:], figures, strict=True):
        found.append(
            _fitted(Label(_shown(text, face), cell(column, index), size, face=face, align="m"))
        )
    return tuple(found)


def _fitted(label: Label) -> Label:
    return fitted(label, SMALLEST)


def _mark(words: str, name_box: Box) -> Label:
    """A line's mark at the right of its name's column, in at most ``MARK_ROOM``."""
    _, top, right, bottom = name_box
    fitted = _fitted(
        Label(
            words,
            (right - MARK_ROOM, top, right, bottom),
            NOTE_SIZE,
            palette.MUTED,
            Face.REGULAR,
        )
    )
    width = ceil(text_width(fitted.text, fitted.face, fitted.size)) + 2
    return fitted._replace(box=(right - width, top, right, bottom))


def _name(name: str, box: Box) -> Label:
    left, _, right, _ = box
    shown = _shown(name, Face.BOLD) or NO_NAME
    return Label(fit_name(shown, Face.BOLD, NAME_SIZE, right - left - 2), box, NAME_SIZE)


@lru_cache(maxsize=4096)
def _shown(text: str, face: Face) -> str:
    """``text`` without what the font cannot draw. Cached: a tournament's pictures show
    the same names and words again and again."""
    return drawable(text, face)


@lru_cache(maxsize=256)
def footer_lines(footer: str) -> tuple[str, ...]:
    """The footer's words wrapped to the picture's width, a word too long for a line cut."""
    width = TEXT_RIGHT - TEXT_LEFT - 2
    found: list[str] = []
    current = ""
    for word in _shown(footer, Face.REGULAR).split():
        longer = f"{current} {word}" if current else word
        if current and text_width(longer, Face.REGULAR, NOTE_SIZE) > width:
            found.append(current)
            current = word
        else:
            current = longer
    if current:
        found.append(current)
    return tuple(fit(words, Face.REGULAR, NOTE_SIZE, width) for words in found)


@cache
def _medal_sprite(place: int) -> Image.Image:
    """A medal of ``colors.MEDALS[place]``: a disc with a dark rim, its rank drawn on it."""
    size = medal_box(0)[2] - medal_box(0)[0]
    image, draw = canvas(size, size)
    draw.ellipse(
        (0, 0, size * SUPERSAMPLE - 1, size * SUPERSAMPLE - 1),
        fill=colors.MEDALS[place],
        outline=colors.MEDAL_EDGE,
        width=SUPERSAMPLE,
    )
    return finish(image)
