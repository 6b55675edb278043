"""The board image: a game position (plus view data) in, PNG bytes out.

Pure and thread-safe: every call draws on its own copy of the pre-rendered
background, the shared sprites are only read, and font use is locked.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engine.claimit import SPACES, GameState, Phase, Score, Space, scores, winners
from engine.claimit.board import spaces
from render import palette, sprites
from render.fonts import Face, TextSprite, text_sprite
from render.geometry import (
    BOARD_BOTTOM,
    BOARD_LEFT,
    BOARD_RIGHT,
    BOARD_TOP,
    COLUMN_LABEL_Y,
    HEIGHT,
    LAYER_STEP,
    ROW_HEIGHT,
    ROW_LABEL_X,
    SIDE,
    SPACE,
    TABLE,
    TABLE_HEADER,
    WIDTH,
    die_box,
    space_box,
    stack_origin,
    table_row_top,
)
from render.names import display_name
from render.view import LETTERS, View, lettered

PNG_COMPRESS_LEVEL = 3
"""zlib level 3 makes files ~15% smaller than level 1 for about the same time."""

NAME_SIZE = 19
COLUMNS = {"spaces": 430, "claims": 510, "largest mine": 596}
_SIDE_MIDDLE = (SIDE[0] + SIDE[2]) // 2


def render_board(state: GameState, view: View | None = None) -> bytes:
    return encode(draw_board(state, view or View()))


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def draw_board(state: GameState, view: View) -> Image.Image:
    image = _background().copy()
    table = scores(state)
    won = winners(table) if state.phase is Phase.OVER else ()
    for space, stack in state.board().items():
        _draw_space(image, state, space, stack)
    if state.phase is Phase.OVER:
        _outline_mines(image, [s.largest_mine for s in table])
    for letter, placement in lettered(state):
        overlay = sprites.candidate(letter, placement.marker)
        image.paste(overlay, space_box(placement.space)[:2], overlay)
    if view.bust is not None:
        _draw_bust_banner(image, _name(view, view.bust, 300))
    _draw_side_panel(image, state, view, won)
    _draw_rows(image, state, view, table, won)
    return image


def _name(view: View, seat: int, width: int, size: int = NAME_SIZE) -> str:
    name = view.names[seat] if seat < len(view.names) else None
    return _display_name(name, seat, size, width)


@lru_cache(maxsize=1024)
def _display_name(name: str | None, seat: int, size: int, width: int) -> str:
    return display_name(name, seat, Face.BOLD, size, width)


def _draw_space(image: Image.Image, state: GameState, space: Space, stack: tuple[str, ...]) -> None:
    contents = state.contents(space)
    if contents.owner >= 0:
        color = palette.PLAYERS[contents.owner].color
        left, top, right, bottom = space_box(space)
        image.paste(
            palette.tint(color, 0.5 if contents.claimed else 0.3),
            (left + 1, top + 1, right, bottom),
        )
        _coordinate(space).paste_on(image, left + 4, top + 3)
    x, y = stack_origin(space)
    for layer, token in enumerate(stack):
        sprite = _token_sprite(token)
        image.paste(sprite, (x, y - layer * LAYER_STEP), sprite)


def _token_sprite(token: str) -> Image.Image:
    if token == "C":
        return sprites.claim_token()
    if token[0] == "S":
        return sprites.squatter_token(int(token[1]))
    return sprites.player_token(int(token[1]))


def _coordinate(space: Space) -> TextSprite:
    return text_sprite(str(space), Face.REGULAR, 10, palette.COORDINATE, "lt")


def _outline_mines(image: Image.Image, mines: list[int]) -> None:
    draw = ImageDraw.Draw(image)
    for seat, mine in enumerate(mines):
        color = palette.PLAYERS[seat].color
        for width, ink in ((7, palette.INK), (4, color)):
            for space in spaces(mine):
                for edge in _open_edges(space, mine, width // 2):
                    draw.line(edge, fill=ink, width=width)


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


def _draw_bust_banner(image: Image.Image, name: str) -> None:
    banner = _bust_banner()
    top = (BOARD_TOP + BOARD_BOTTOM - banner.height) // 2
    image.paste(banner, (BOARD_LEFT, top), banner)
    line = text_sprite(f"{name} loses this turn's marks", Face.BOLD, 17, palette.WHITE)
    line.paste_on(image, (BOARD_LEFT + BOARD_RIGHT) / 2, top + banner.height - 20)


@cache
def _bust_banner() -> Image.Image:
    banner = Image.new("RGBA", (BOARD_RIGHT - BOARD_LEFT, 112), (*palette.BUST, 225))
    draw = ImageDraw.Draw(banner)
    draw.rectangle((0, 0, banner.width - 1, banner.height - 1), outline=palette.WHITE, width=3)
    text_sprite("BUST!", Face.BOLD, 52, palette.WHITE).paste_on(banner, banner.width / 2, 44)
    return banner


def _draw_side_panel(
    image: Image.Image, state: GameState, view: View, won: tuple[int, ...]
) -> None:
    left = SIDE[0] + 6
    y = SIDE[1] + 44
    if state.phase is Phase.OVER:
        heading, seats = "GAME OVER", won
    elif view.bust is not None:
        heading, seats = "BUSTED", (view.bust,)
    else:
        heading, seats = "TO MOVE", (state.turn,)
    _text(image, heading, left, y, size=13, color=palette.MUTED, anchor="lm")
    for index, seat in enumerate(seats):
        icon = sprites.player_icon(seat)
        image.paste(icon, (left + index * 32, y + 12), icon)
    if len(seats) == 1:
        _text(image, _name(view, seats[0], 150, 17), left + 34, y + 25, size=17, anchor="lm")

    if state.phase is not Phase.OVER:
        dice = state.dice if state.dice is not None else view.rolled
        for index in range(3):
            box = die_box(index)
            face = sprites.die(dice[index], view.bust is not None) if dice else sprites.empty_die()
            image.paste(face, box[:2], face)

    status, color = _status(state, view, won)
    _text(image, status, _SIDE_MIDDLE, SIDE[1] + 176, size=18, color=color, face=Face.BOLD)
    if state.placed_this_turn:
        marks = state.marks_this_turn
        _text(
            image,
            f"this turn: {marks} mark{'s' * (marks != 1)}",
            _SIDE_MIDDLE,
            SIDE[1] + 200,
            size=14,
            color=palette.MUTED,
        )

    supply_y = SIDE[1] + 234
    claim = sprites.claim_token()
    image.paste(claim, (left, supply_y - 22), claim)
    _text(image, f"{state.claim_supply} claim", left + 54, supply_y - 10, size=16, anchor="lm")
    _text(
        image, "markers left", left + 54, supply_y + 10, size=14, color=palette.MUTED, anchor="lm"
    )

    if state.last_round is not None and state.phase is not Phase.OVER:
        box = (SIDE[0] + 2, supply_y + 40, SIDE[2] - 2, supply_y + 104)
        ImageDraw.Draw(image).rounded_rectangle(box, radius=8, outline=palette.GOLD, width=2)
        _text(
            image,
            "LAST ROUND",
            _SIDE_MIDDLE,
            box[1] + 17,
            size=15,
            color=palette.GOLD,
            face=Face.BOLD,
        )
        caller = state.last_round.caller
        icon = sprites.player_icon(caller, 22)
        image.paste(icon, (box[0] + 8, box[1] + 32), icon)
        _text(
            image,
            f"{_name(view, caller, 110, 15)} plays last",
            box[0] + 36,
            box[1] + 43,
            size=15,
            anchor="lm",
        )


def _status(state: GameState, view: View, won: tuple[int, ...]) -> tuple[str, palette.Color]:
    if state.phase is Phase.OVER:
        return ("Shared win!" if len(won) > 1 else "Wins the game!"), palette.GOLD
    if view.bust is not None:
        return "BUST!", palette.BUST
    if state.phase is Phase.PLACE:
        return f"Choose A–{LETTERS[len(state.pending_placements()) - 1]}", palette.TEXT
    if state.placed_this_turn:
        return "Roll or stop", palette.TEXT
    return "Roll the dice", palette.TEXT


def _draw_rows(
    image: Image.Image, state: GameState, view: View, table: tuple[Score, ...], won: tuple[int, ...]
) -> None:
    for score in table:
        seat = score.seat
        top = table_row_top(seat)
        middle = top + ROW_HEIGHT // 2
        if seat in won:
            image.paste(palette.ROW_WINNER, (TABLE[0], top + 1, TABLE[2], top + ROW_HEIGHT - 1))
        elif seat == state.turn and state.phase is not Phase.OVER:
            image.paste(palette.ROW_TO_MOVE, (TABLE[0], top + 1, TABLE[2], top + ROW_HEIGHT - 1))
            _text(image, "▶", TABLE[0] + 12, middle, size=15, color=palette.GOLD)
        icon = sprites.player_icon(seat)
        image.paste(icon, (TABLE[0] + 26, middle - icon.height // 2), icon)
        _text(image, _name(view, seat, 330), TABLE[0] + 62, middle, size=NAME_SIZE, anchor="lm")
        for column, value in zip(
            COLUMNS.values(), (score.spaces, score.claims, score.largest), strict=True
        ):
            _text(image, str(value), column, middle, size=19, face=Face.BOLD)
        tags = []
        if seat in won:
            tags.append(sprites.pill("WINNER", palette.GOLD, palette.INK))
        if view.bust == seat:
            tags.append(sprites.pill("BUST", palette.BUST, palette.WHITE))
        if (
            state.last_round is not None
            and state.last_round.caller == seat
            and state.phase is not Phase.OVER
        ):
            tags.append(sprites.pill("PLAYS LAST", palette.GOLD, palette.INK))
        right = TABLE[2] - 8
        for tag in tags:
            right -= tag.width
            image.paste(tag, (right, middle - tag.height // 2), tag)
            right -= 6


def _text(
    image: Image.Image,
    text: str,
    x: float,
    y: float,
    *,
    size: int,
    color: palette.Color = palette.TEXT,
    face: Face = Face.BOLD,
    anchor: str = "mm",
) -> None:
    text_sprite(text, face, size, color, anchor).paste_on(image, x, y)


@cache
def _background() -> Image.Image:
    """Everything that never changes: frame, spaces, labels, headings, legend."""
    image = Image.new("RGB", (WIDTH, HEIGHT), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (BOARD_LEFT - 8, BOARD_TOP - 8, BOARD_RIGHT + 8, BOARD_BOTTOM + 8),
        radius=10,
        fill=palette.FRAME,
    )
    for space in SPACES:
        left, top, right, bottom = space_box(space)
        light = (space.col + space.row) % 2 == 0
        draw.rectangle(
            (left, top, right, bottom),
            fill=palette.SPACE_LIGHT if light else palette.SPACE_DARK,
            outline=palette.GRID,
        )
        _coordinate(space).paste_on(image, left + 4, top + 3)
    for n in range(1, 7):
        _text(
            image,
            str(n),
            ROW_LABEL_X,
            BOARD_TOP + (6 - n) * SPACE + SPACE // 2,
            size=18,
            color=palette.LABEL,
        )
        _text(
            image,
            str(n),
            BOARD_LEFT + (n - 1) * SPACE + SPACE // 2,
            COLUMN_LABEL_Y,
            size=18,
            color=palette.LABEL,
        )
    draw.rounded_rectangle(SIDE, radius=10, fill=palette.PANEL)
    _text(image, "CLAIM IT!", (SIDE[0] + SIDE[2]) / 2, SIDE[1] + 18, size=20, color=palette.GOLD)
    _draw_legend(image)
    draw.rounded_rectangle(TABLE, radius=10, fill=palette.PANEL)
    header_y = TABLE[1] + TABLE_HEADER // 2 + 2
    _text(
        image,
        "player",
        TABLE[0] + 62,
        header_y,
        size=13,
        color=palette.MUTED,
        anchor="lm",
        face=Face.REGULAR,
    )
    for label, x in COLUMNS.items():
        _text(image, label, x, header_y, size=13, color=palette.MUTED, face=Face.REGULAR)
    return image


def _draw_legend(image: Image.Image) -> None:
    """Three sample stacks explaining the markers, at the foot of the side panel."""
    samples = (
        ("squatter", [sprites.squatter_token(3)]),
        ("claim, this turn", [sprites.player_token(0), sprites.claim_token()]),
        ("claimed", [sprites.claim_token(), sprites.player_token(0)]),
    )
    y = SIDE[3] - 150
    for label, layers in samples:
        for layer, sprite in enumerate(layers):
            small = sprite.resize(
                (sprite.width * 2 // 3, sprite.height * 2 // 3), Image.Resampling.LANCZOS
            )
            image.paste(small, (SIDE[0] + 10, y - layer * 7), small)
        _text(
            image,
            label,
            SIDE[0] + 52,
            y + 16,
            size=13,
            color=palette.MUTED,
            anchor="lm",
            face=Face.REGULAR,
        )
        y += 46
