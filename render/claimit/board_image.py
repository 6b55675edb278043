"""The board image: a game position (plus view data) in, PNG bytes out.

Pure and thread-safe: every call draws on its own copy of the pre-rendered
background, the shared sprites are only read, and font use is locked.

Every text is a ``Label``, the words and the box they must stay in; ``labels``
lists them all, so that tests can check each against its box.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.claimit import SPACES, GameState, Phase, Score, Space, scores, winners
from engine.claimit.board import spaces
from i18n import Language
from render.claimit import colors, sprites
from render.claimit.geometry import (
    BOARD_BOTTOM,
    BOARD_LEFT,
    BOARD_RIGHT,
    BOARD_TOP,
    CLAIMED_BORDER,
    COLUMN_LABELS_TOP,
    FRAME,
    HEADER_HEIGHT,
    HEADER_TOP,
    ICON,
    ICON_LEFT,
    INSET,
    LAST_ROUND_BOX,
    LAST_ROUND_ICON,
    LAST_ROUND_SPLIT,
    LAYER_STEP,
    NAME_LEFT,
    NAME_RIGHT,
    PANEL_LEFT,
    PANEL_RIGHT,
    PANEL_TOP,
    ROW_HEIGHT,
    SPACE,
    STATUS_LEFT,
    STRIP_HEIGHT,
    STRIP_MIDDLE,
    STRIP_SPLIT,
    STRIP_TOP,
    WIDTH,
    column_box,
    die_box,
    height,
    panel,
    space_box,
    stack_origin,
    table_row_top,
)
from render.claimit.view import LETTERS, View, lettered
from render.common import palette
from render.common.fonts import FITTED, Face, text_extent
from render.common.label import Label, put
from render.common.lit import outline
from render.common.names import display_name
from render.common.palette import Color
from render.common.scene import Scene
from render.common.shapes import player_icon
from render.common.status import Status

# Font sizes in pixels of the image; on a phone (render.common.phone) they come
# out at 300/640 of that, so the smallest here, 20, is still 9.4 px.
COORDINATE_SIZE = 24
STATUS_SIZE = 28
NAME_SIZE = 24
FIGURE_SIZE = 24
MARK_SIZE = 20
NOTE_SIZE = 20
SMALLEST_SIZE = 18
"""What a text may shrink to to stay in its box (German words run longer): 8.4 px on a
phone."""
LIT_SPACE_WIDTH = 4
LIT_SPACE_REACH = 2
"""A lit space's outline lies over its grid line, a pixel or two either side of it: the
spaces touch, and the candidate's dashes just inside stay in sight."""


def draw_board(state: GameState, view: View) -> Image.Image:
    return board_scene(state, view).paint()


def board_scene(state: GameState, view: View) -> Scene:
    """What the board of ``state`` shows, planned to be painted (``render.common.scene``)."""
    scene = Scene(_background(state.players, view.lang))
    panel = _panel(state, view)
    for space, stack in state.board().items():
        _draw_space(scene, state, space, stack)
    if state.phase is Phase.OVER:
        _outline_mines(scene, [s.largest_mine for s in panel.table])
    for letter, placement in lettered(state):
        overlay = sprites.candidate(letter, marker_hint(placement.marker, view.lang))
        scene.paste(overlay, space_box(placement.space)[:2])
    if view.bust is not None:
        _mark_losses(scene, state)
    _draw_panel(scene, panel)
    for label in _panel_labels(view, panel):
        scene.label(label)
    _light(scene, state, view)
    return scene


def labels(state: GameState, view: View) -> list[Label]:
    """Every text the image of ``state`` shows."""
    return [*_fixed_labels(view.lang), *_panel_labels(view, _panel(state, view))]


def marker_hint(marker: str, lang: Language) -> str:
    """A candidate's marker under its letter: ``C`` for a claim marker, ``S4`` for
    squatter 4, in ``lang``'s initials."""
    if marker == "C":
        return lang.pgettext("claim marker, initial", "C")
    return lang.pgettext("squatter, initial", "S{number}", number=marker[1])


def name_shown(view: View, seat: int) -> str:
    """A seat's name as the image shows it (only in its row of the table)."""
    name = view.names[seat] if seat < len(view.names) else None
    return display_name(name, seat, Face.BOLD, NAME_SIZE, NAME_RIGHT - NAME_LEFT, view.lang)


@lru_cache(maxsize=FITTED)
def _fitted(label: Label) -> Label:
    """The label at the largest size, down to ``SMALLEST_SIZE``, at which its text stays
    inside its box."""
    size = label.size
    while size > SMALLEST_SIZE and not _fits(label._replace(size=size)):
        size -= 1
    return label._replace(size=size)


def _fits(label: Label) -> bool:
    # Measured, not drawn: a sprite drawn at every size tried was kept by the sprites'
    # cache, at four bytes a pixel, beside the mask the label is drawn with.
    dx, dy, width, height = text_extent(label.text, label.face, label.size, label.align + "m")
    x, y = label.anchor
    left, top = round(x) + dx, round(y) + dy
    box_left, box_top, box_right, box_bottom = label.box
    return (
        left >= box_left
        and top >= box_top
        and left + width <= box_right
        and top + height <= box_bottom
    )


def _draw_space(scene: Scene, state: GameState, space: Space, stack: tuple[str, ...]) -> None:
    contents = state.contents(space)
    if contents.owner >= 0:
        color = palette.PLAYERS[contents.owner].color
        left, top, right, bottom = space_box(space)
        if contents.claimed:
            scene.fill(colors.CLAIM, (left + 1, top + 1, right, bottom))
            b = CLAIMED_BORDER
            scene.fill(
                palette.tint(color, colors.CLAIMED_TINT, colors.SPACE_LIGHT),
                (left + b, top + b, right + 1 - b, bottom + 1 - b),
            )
        else:
            scene.fill(
                palette.tint(color, colors.SETTLED_TINT, colors.SPACE_LIGHT),
                (left + 1, top + 1, right, bottom),
            )
    x, y = stack_origin(space)
    for layer, token in enumerate(stack):
        scene.paste(_token_sprite(token), (x, y - layer * LAYER_STEP))


def _token_sprite(token: str) -> Image.Image:
    if token == "C":
        return sprites.claim_token()
    if token[0] == "S":
        return sprites.squatter_token(int(token[1]))
    return sprites.player_token(int(token[1]))


def _outline_mines(scene: Scene, mines: list[int]) -> None:
    for seat, mine in enumerate(mines):
        color = palette.PLAYERS[seat].color
        for width, ink in ((7, palette.INK), (4, color)):
            for space in spaces(mine):
                for edge in _open_edges(space, mine, width // 2):
                    scene.line(edge, ink, width)


def _open_edges(space: Space, mine: int, overshoot: int) -> list[tuple[int, int, int, int]]:
    """The sides of a space that border something outside the mine.

    They run on the grid lines and overshoot by half the line width, so that
    neighbouring sides meet without gaps at the corners.
    """
    left, top, right, bottom = space_box(space)
    o = overshoot
    sides = []
    for (dc, dr), edge in (
        ((-1, 0), (left, top - o, left, bottom + o)),
        ((1, 0), (right, top - o, right, bottom + o)),
        ((0, 1), (left - o, top, right + o, top)),
        ((0, -1), (left - o, bottom, right + o, bottom)),
    ):
        col, row = space.col + dc, space.row + dr
        if not (1 <= col <= 6 and 1 <= row <= 6) or not Space(col, row).bit & mine:
            sides.append(edge)
    return sides


def _light(scene: Scene, state: GameState, view: View) -> None:
    """The lit spaces and dice, outlined last so that nothing covers them: a space's
    outline over its grid line (its neighbours touch it), a die's clear of it."""
    for space in sorted(view.lit_spaces):
        outline(scene, space_box(space), LIT_SPACE_REACH, LIT_SPACE_WIDTH)
    if state.dice is None or state.phase is Phase.OVER:
        return
    for index in sorted(view.lit_dice):
        if 0 <= index < len(state.dice):
            outline(scene, die_box(index))


def _mark_losses(scene: Scene, state: GameState) -> None:
    """A red frame, and each mark the bust takes away outlined, its markers left in sight."""
    scene.rounded_rectangle(
        (BOARD_LEFT - FRAME, BOARD_TOP - FRAME, BOARD_RIGHT + FRAME, BOARD_BOTTOM + FRAME),
        radius=FRAME + 2,
        outline=palette.BUST,
        width=FRAME,
    )
    overlay = sprites.lost()
    for space in spaces(state.marks_mask):
        scene.paste(overlay, space_box(space)[:2])


class _Row(NamedTuple):
    """How a player's row stands out: ▶ to move, ✖ busted, ★ won."""

    fill: Color
    mark: str
    ink: Color


class _Panel(NamedTuple):
    """What the panel shows, worked out once for its drawing and its texts."""

    table: tuple[Score, ...]
    dice: tuple[tuple[int, ...], Color, Color] | None
    """The roll with its face and pip colors."""
    status: Status
    status_left: int
    plays_last: int | None
    rows: tuple[_Row | None, ...]
    claim_supply: int


def _panel(state: GameState, view: View) -> _Panel:
    table = scores(state)
    won = winners(table) if state.phase is Phase.OVER else ()
    dice = _dice(state, view)
    last_round = state.last_round if state.phase is not Phase.OVER else None
    return _Panel(
        table,
        dice,
        _status(state, view, won),
        STATUS_LEFT if dice is not None else PANEL_LEFT + INSET,
        last_round.caller if last_round is not None else None,
        tuple(_row(state, view, won, seat) for seat in range(state.players)),
        state.claim_supply,
    )


def _status(state: GameState, view: View, won: tuple[int, ...]) -> Status:
    lang = view.lang
    if state.phase is Phase.OVER:
        headline = lang._("Shared win!") if len(won) > 1 else lang._("Wins the game!")
        return Status(won, headline, palette.GOLD, lang._("game over"))
    if view.closed:
        return Status((), lang._("Game cancelled"), palette.TEXT, lang._("nobody moves"))
    marks = state.marks_this_turn
    if view.bust is not None:
        lost = lang.ngettext("loses {n} mark", "loses {n} marks", marks)
        return Status((view.bust,), lang._("BUST!"), palette.BUST, lost)
    note = ""
    if state.placed_this_turn:
        note = lang.ngettext("this turn: {n} mark", "this turn: {n} marks", marks)
    if state.phase is Phase.PLACE:
        last = LETTERS[len(state.pending_placements()) - 1]
        choose = lang._("Choose A") if last == "A" else lang._("Choose A–{last}", last=last)
        return Status((state.turn,), choose, palette.TEXT, note)
    if state.placed_this_turn:
        return Status((state.turn,), lang._("Roll or stop"), palette.TEXT, note)
    return Status((state.turn,), lang._("Roll the dice"), palette.TEXT, note)


def _dice(state: GameState, view: View) -> tuple[tuple[int, ...], Color, Color] | None:
    """The roll to show: pending, busted, or already placed (greyed)."""
    if state.phase is Phase.OVER:
        return None
    if state.dice is not None:
        return (state.dice, palette.WHITE, palette.INK)
    if view.rolled is None:
        return None
    if view.bust is not None:
        return (view.rolled, palette.BUST, palette.WHITE)
    return (view.rolled, palette.USED_DIE, palette.INK)


def _row(state: GameState, view: View, won: tuple[int, ...], seat: int) -> _Row | None:
    if seat in won:
        return _Row(palette.ROW_WINNER, "★", palette.GOLD)
    if view.bust == seat:
        return _Row(palette.ROW_BUST, "✖", palette.WHITE)
    if seat == state.turn and state.phase is not Phase.OVER:
        return _Row(palette.ROW_TO_MOVE, "▶", palette.GOLD)
    return None


def _draw_panel(scene: Scene, panel: _Panel) -> None:
    """Everything in the panel but its texts: dice, icons, highlighted rows."""
    if panel.dice is not None:
        values, face, pip = panel.dice
        for index, value in enumerate(values):
            scene.paste(sprites.die(value, face, pip), die_box(index)[:2])
    for index, seat in enumerate(panel.status.seats):
        x = panel.status_left + index * (ICON + 4)
        scene.paste(player_icon(seat, ICON), (x, STRIP_MIDDLE - ICON // 2))
    if panel.plays_last is not None:
        left, top, _, bottom = LAST_ROUND_BOX
        scene.rounded_rectangle(LAST_ROUND_BOX, radius=8, outline=palette.GOLD, width=2)
        middle = (LAST_ROUND_SPLIT + bottom) // 2
        scene.paste(
            player_icon(panel.plays_last, LAST_ROUND_ICON),
            (left + 10, middle - LAST_ROUND_ICON // 2),
        )
    for seat, row in enumerate(panel.rows):
        top = table_row_top(seat)
        if row is not None:
            scene.fill(row.fill, (PANEL_LEFT + 2, top + 1, PANEL_RIGHT - 2, top + ROW_HEIGHT - 1))
        scene.paste(player_icon(seat, ICON), (ICON_LEFT, top + (ROW_HEIGHT - ICON) // 2))


def _panel_labels(view: View, panel: _Panel) -> list[Label]:
    lang = view.lang
    found = []
    status = panel.status
    left = panel.status_left + len(status.seats) * (ICON + 4) + 4
    right = (LAST_ROUND_BOX[0] if panel.plays_last is not None else PANEL_RIGHT) - INSET
    bottom = STRIP_TOP + STRIP_HEIGHT
    if status.note:
        found += [
            Label(
                status.headline, (left, STRIP_TOP, right, STRIP_SPLIT), STATUS_SIZE, status.color
            ),
            Label(
                status.note,
                (left, STRIP_SPLIT, right, bottom),
                NOTE_SIZE,
                palette.MUTED,
                Face.REGULAR,
            ),
        ]
    else:
        found.append(
            Label(status.headline, (left, STRIP_TOP, right, bottom), STATUS_SIZE, status.color)
        )
    if panel.plays_last is not None:
        box_left, box_top, box_right, box_bottom = LAST_ROUND_BOX
        found += [
            Label(
                lang._("LAST ROUND"),
                (box_left + 4, box_top + 2, box_right - 4, LAST_ROUND_SPLIT),
                NOTE_SIZE,
                palette.GOLD,
                align="m",
            ),
            Label(
                lang._("plays last"),
                (box_left + 14 + LAST_ROUND_ICON, LAST_ROUND_SPLIT, box_right - 6, box_bottom - 2),
                NOTE_SIZE,
                face=Face.REGULAR,
            ),
        ]
    supply = panel.claim_supply
    found.append(
        Label(
            lang.ngettext("{n} claim marker left", "{n} claim markers left", supply)
            if supply
            else lang._("no claim markers left"),
            (PANEL_LEFT + INSET, HEADER_TOP, NAME_RIGHT, HEADER_TOP + HEADER_HEIGHT),
            NOTE_SIZE,
            palette.MUTED,
            Face.REGULAR,
        )
    )
    for score, row in zip(panel.table, panel.rows, strict=True):
        top = table_row_top(score.seat)
        bottom = top + ROW_HEIGHT
        if row is not None:
            mark_box = (PANEL_LEFT + INSET, top, ICON_LEFT - 2, bottom)
            found.append(Label(row.mark, mark_box, MARK_SIZE, row.ink, align="m"))
        found.append(
            Label(name_shown(view, score.seat), (NAME_LEFT, top, NAME_RIGHT, bottom), NAME_SIZE)
        )
        for index, value in enumerate((score.spaces, score.claims, score.largest)):
            shown = lang.number(value)
            found.append(Label(shown, column_box(index, top, bottom), FIGURE_SIZE, align="m"))
    return [_fitted(label) for label in found]


@cache
def _fixed_labels(lang: Language) -> tuple[Label, ...]:
    """The coordinates along the board and the table's column headings."""
    found = []
    for n in range(1, 7):
        top = BOARD_TOP + (6 - n) * SPACE
        found.append(
            Label(
                str(n),
                (0, top, BOARD_LEFT - FRAME, top + SPACE),
                COORDINATE_SIZE,
                palette.LABEL,
                align="m",
            )
        )
        left = BOARD_LEFT + (n - 1) * SPACE
        found.append(
            Label(
                str(n),
                (left, COLUMN_LABELS_TOP, left + SPACE, PANEL_TOP),
                COORDINATE_SIZE,
                palette.LABEL,
                align="m",
            )
        )
    for index, heading in enumerate(_headings(lang)):
        found.append(
            Label(
                heading,
                column_box(index, HEADER_TOP, HEADER_TOP + HEADER_HEIGHT),
                NOTE_SIZE,
                palette.MUTED,
                Face.REGULAR,
                "m",
            )
        )
    return tuple(_fitted(label) for label in found)


def _headings(lang: Language) -> tuple[str, str, str]:
    """The table's column headings, in the order of ``COLUMN_WIDTHS``."""
    return (
        lang.pgettext("board column", "spaces"),
        lang.pgettext("board column", "claims"),
        lang.pgettext("board column", "largest mine"),
    )


@cache
def _background(players: int, lang: Language) -> Image.Image:
    """Everything that never changes for this many players: frame, spaces, coordinates, panel."""
    image = Image.new("RGB", (WIDTH, height(players)), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (BOARD_LEFT - FRAME, BOARD_TOP - FRAME, BOARD_RIGHT + FRAME, BOARD_BOTTOM + FRAME),
        radius=FRAME + 2,
        fill=colors.FRAME,
    )
    for space in SPACES:
        light = (space.col + space.row) % 2 == 0
        draw.rectangle(
            space_box(space),
            fill=colors.SPACE_LIGHT if light else colors.SPACE_DARK,
            outline=colors.GRID,
        )
    draw.rounded_rectangle(panel(players), radius=10, fill=palette.PANEL)
    for label in _fixed_labels(lang):
        put(image, label)
    return image
