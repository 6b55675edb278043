"""One player's private picture: a ``HandView`` in, PNG bytes out (sent ephemerally).

From the top: whose hand and which phase; the choice to make, if it is one of cards or
factions (the prize cards and a Seer's peek at the top of the deck, or the loot
factions); the hand grouped by faction; in phase 1 the face-down follower pile that
becomes the phase-2 hand. The words are in the view's language (``HandView.lang``).

What changes with every move of the others is left to the message around the picture:
whose turn it is, the card to follow and which cards may be played now are in its words,
and its buttons grey what may not be played. So the picture changes only when the seat's
own cards or choices do, and a picture process asked for the same hand again finds it
whole in the hand's album (``render.common.png``) instead of drawing it.

Pure and thread-safe like the table (see ``render.claim.scene``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import NamedTuple

from PIL import Image

from i18n import Language
from render.claim import colors, sprites, status_band
from render.claim.geometry import (
    BAND_BOTTOM,
    BAND_TOP,
    CAPTION,
    HAND_GAP,
    HAND_GROUP_GAP,
    ICON,
    INSET,
    MARGIN,
    RIGHT,
    WIDTH,
)
from render.claim.scene import Scene
from render.claim.sprites import Size
from render.claim.status_band import NOTE_SIZE
from render.claim.view import CardFace, HandView, catalogue_order
from render.claim.words import faction_name
from render.common import palette
from render.common.fonts import Face, text_width
from render.common.label import Label
from render.common.names import display_name, fit
from render.common.shapes import player_icon

HEADLINE_SIZE = 26
CAPTION_SIZE = 18
TAG_SIZE = 18
LOOT_TILE = 56
CHOICE_GAP = 14


def draw_hand(view: HandView) -> Image.Image:
    return scene(view).paint()


def labels(view: HandView) -> list[Label]:
    """Every text the image of ``view`` shows."""
    return scene(view).labels


def scene(view: HandView) -> Scene:
    s = Scene(WIDTH)
    _header(s, view)
    top = BAND_BOTTOM + MARGIN
    if view.peek is not None or (view.prize and view.action == "take"):
        top = _choice(s, view, top) + MARGIN
    if view.action == "loot" and view.loot:
        top = _loot(s, view, top) + MARGIN
    if view.hand or view.phase in ("p1", "p2"):
        top = _hand(s, view, top)
    else:
        top -= MARGIN
    if view.phase == "p1" and view.followers:
        top = _followers(s, view, top + MARGIN)
    s.height = top + MARGIN
    return s


# The header --------------------------------------------------------------------------------


class _Prompt(NamedTuple):
    headline: str
    note: str
    acting: bool


def prompt(view: HandView) -> _Prompt:
    """What the header says: the choice to make now if it is drawn below, else whose hand
    it is and what it is for in this phase (never whose turn it is: the message says so)."""
    lang = view.lang
    if view.action == "take":
        take = lang._("Take a follower")
        if view.peek is not None:
            return _Prompt(take, lang._("Seer: a prize, or the top card only you see"), True)
        if len(view.prize) > 1:
            return _Prompt(take, lang._("choose one of the prizes"), True)
        return _Prompt(take, lang._("the prize goes to your followers"), True)
    if view.action == "loot":
        return _Prompt(
            lang._("Pick a loot faction"), lang._("your loot Raccoons vote for it"), True
        )
    if view.phase == "over":
        return _Prompt(lang.pgettext("headline", "Game over"), "", False)
    if view.phase == "p2":
        return _Prompt(
            lang.pgettext("headline", "Your hand"), lang._("phase 2: win the factions"), False
        )
    return _Prompt(lang.pgettext("headline", "Your hand"), lang._("phase 1: win followers"), False)


def _header(s: Scene, view: HandView) -> None:
    box = (MARGIN, BAND_TOP, RIGHT, BAND_BOTTOM)
    s.panel(box, palette.PANEL)
    what = prompt(view)
    left = MARGIN + 12
    s.paste(player_icon(view.seat, ICON), left, status_band.ICON_TOP, f"icon:{view.seat}")
    right = RIGHT - INSET
    text_left = left + ICON + 8
    headline = fit(what.headline, Face.BOLD, HEADLINE_SIZE, right - text_left)
    color = palette.GOLD if what.acting else palette.TEXT
    status_band.headline(s, headline, text_left, right, HEADLINE_SIZE, color)
    name = display_name(view.name, view.seat, Face.BOLD, NOTE_SIZE, 200, view.lang)
    status_band.note(s, " · ".join(part for part in (name, what.note) if part), left, right)


# The choice --------------------------------------------------------------------------------


def _choice(s: Scene, view: HandView, top: int) -> int:
    """The prize card(s) and the peeked card side by side, each named above."""
    lang = view.lang
    offered = view.prize if view.action == "take" else ()
    prize = lang.ngettext("prize", "prizes", 1)
    options: list[tuple[str, CardFace, str]] = [(prize, card, card.id) for card in offered]
    if view.peek is not None:
        options.append((lang._("top of deck"), view.peek, f"peek:{view.peek.id}"))
    width = max(
        Size.HAND.width, *(round(text_width(c, Face.REGULAR, CAPTION_SIZE)) for c, _, _ in options)
    )
    bottom = top + 4 + CAPTION + Size.HAND.height + 4 + CAPTION + 4
    s.panel((MARGIN, top, RIGHT, bottom), colors.FELT)
    x = MARGIN + INSET + 4
    card_top = top + 4 + CAPTION
    for caption, card, what in options:
        slot = (x, top + 4, x + width, card_top)
        s.label(Label(caption, slot, CAPTION_SIZE, palette.LABEL, Face.REGULAR, "m"))
        card_x = x + (width - Size.HAND.width) // 2
        s.paste(sprites.card(card, lang, Size.HAND), card_x, card_top, what, card.id)
        x += width + CHOICE_GAP
    below = lang._("it goes face down onto your followers")
    if view.peek is not None:
        below = lang._("only you see the top card")
    room = RIGHT - INSET - (MARGIN + INSET + 4)
    s.label(
        Label(
            fit(below, Face.REGULAR, CAPTION_SIZE, room),
            (MARGIN + INSET + 4, card_top + Size.HAND.height + 4, RIGHT - INSET, bottom - 4),
            CAPTION_SIZE,
            palette.MUTED,
            Face.REGULAR,
        )
    )
    return bottom


def _loot(s: Scene, view: HandView, top: int) -> int:
    lang = view.lang
    names = [faction_name(faction, lang) for faction in view.loot]
    # As wide as the longest name, unless the factions would not fit side by side.
    widest = max(round(text_width(name, Face.REGULAR, CAPTION_SIZE)) + 8 for name in names)
    room = (RIGHT - INSET) - (MARGIN + INSET)
    column = max(LOOT_TILE + 8, min(max(LOOT_TILE + 34, widest), room // len(names)))
    bottom = top + 4 + CAPTION + LOOT_TILE + 4 + CAPTION + 6
    s.panel((MARGIN, top, RIGHT, bottom), palette.PANEL)
    s.label(
        Label(
            fit(lang._("your loot Raccoons count for"), Face.REGULAR, CAPTION_SIZE, room - 4),
            (MARGIN + INSET + 4, top + 4, RIGHT - INSET, top + 4 + CAPTION),
            CAPTION_SIZE,
            palette.LABEL,
            Face.REGULAR,
        )
    )
    for index, (faction, name) in enumerate(zip(view.loot, names, strict=True)):
        x = MARGIN + INSET + index * column
        tile = sprites.tile(faction, LOOT_TILE)
        s.paste(tile, x + (column - LOOT_TILE) // 2, top + 4 + CAPTION, f"tile:{faction}")
        s.label(
            Label(
                fit(name, Face.REGULAR, CAPTION_SIZE, column - 4),
                (x, top + 4 + CAPTION + LOOT_TILE + 2, x + column, bottom - 4),
                CAPTION_SIZE,
                palette.TEXT,
                Face.REGULAR,
                "m",
            )
        )
    return bottom


# The hand ----------------------------------------------------------------------------------


class _Group(NamedTuple):
    faction: str
    cards: tuple[CardFace, ...]


def groups(cards: Sequence[CardFace]) -> list[_Group]:
    """The cards grouped by faction, in catalogue order."""
    ordered = sorted(cards, key=catalogue_order)
    return [
        _Group(faction, tuple(group))
        for faction, group in groupby(ordered, key=lambda c: c.faction)
    ]


def group_caption(group: _Group, lang: Language) -> str:
    """A hand group's name, which also tells what the Raccoons' coin means."""
    name = faction_name(group.faction, lang)
    if any(card.loot for card in group.cards):
        return lang._("{faction} · coin = loot", faction=name)
    return name


class Placed(NamedTuple):
    card: CardFace
    x: int
    y: int


def _place(
    found: list[_Group], width: int, size: Size, gap: int, group_gap: int, caption: Language | None
) -> tuple[list[list[tuple[int, _Group, list[Placed]]]], int]:
    """Flows the groups into lines: a group moves to a new line rather than split, unless
    it is wider than a line; ``caption``: the language of the groups' captions, if they
    have any. Returns, per line, (caption width, group, cards at x offsets with y the line
    number) and the line count."""
    lines: list[list[tuple[int, _Group, list[Placed]]]] = [[]]
    x = 0
    for group in found:
        label = (
            round(text_width(group_caption(group, caption), Face.REGULAR, CAPTION_SIZE)) + 6
            if caption is not None
            else 0
        )
        span = len(group.cards) * size.width + (len(group.cards) - 1) * gap
        needed = max(span, label)
        start = x + group_gap if lines[-1] else 0
        if lines[-1] and start + needed > width:
            lines.append([])
            start = 0
        placed: list[Placed] = []
        cx = start
        for card in group.cards:
            if placed and cx + size.width > width:
                lines[-1].append(
                    (label, _Group(group.faction, tuple(p.card for p in placed)), placed)
                )
                lines.append([])
                placed, cx, start = [], 0, 0
            placed.append(Placed(card, cx, len(lines) - 1))
            cx += size.width + gap
        lines[-1].append((label, _Group(group.faction, tuple(p.card for p in placed)), placed))
        x = max(cx - gap, start + label)
    return lines, len(lines)


def _hand(s: Scene, view: HandView, top: int) -> int:
    inner_left = MARGIN + INSET + 4
    width = RIGHT - INSET - 4 - inner_left
    found = groups(view.hand)
    lang = view.lang
    lines, count = _place(found, width, Size.HAND, HAND_GAP, HAND_GROUP_GAP, caption=lang)
    line_height = CAPTION + Size.HAND.height + 8
    head = CAPTION + 4
    bottom = top + 4 + head + max(1, count) * line_height + 2
    s.panel((MARGIN, top, RIGHT, bottom), palette.PANEL)
    title = lang.ngettext("in hand · {n} card", "in hand · {n} cards", len(view.hand))
    s.label(
        Label(
            title,
            (inner_left, top + 4, RIGHT - INSET, top + 4 + CAPTION),
            CAPTION_SIZE,
            palette.LABEL,
        )
    )
    if not view.hand:
        s.label(
            Label(
                lang._("no cards"),
                (inner_left, top + 4 + head, RIGHT - INSET, bottom - 4),
                CAPTION_SIZE,
                palette.MUTED,
                Face.REGULAR,
            )
        )
        return bottom
    for number, line in enumerate(lines):
        line_top = top + 4 + head + number * line_height
        for label_width, group, placed in line:
            if not placed:
                continue
            x0 = inner_left + placed[0].x
            s.label(
                Label(
                    group_caption(group, lang),
                    (x0, line_top, x0 + label_width, line_top + CAPTION),
                    CAPTION_SIZE,
                    palette.LABEL,
                    Face.REGULAR,
                )
            )
            for item in placed:
                x = inner_left + item.x
                s.paste(
                    sprites.card(item.card, lang, Size.HAND),
                    x,
                    line_top + CAPTION,
                    item.card.id,
                    item.card.id,
                )
    return bottom


# The followers -----------------------------------------------------------------------------


def _followers(s: Scene, view: HandView, top: int) -> int:
    inner_left = MARGIN + INSET + 4
    width = RIGHT - INSET - 4 - inner_left
    pile = view.followers
    lang = view.lang
    lines, count = _place(groups(pile), width, Size.MINI, 4, 12, caption=None)
    line_height = Size.MINI.height + 8
    head = CAPTION + 4
    bottom = top + 4 + head + count * line_height + 2
    s.panel((MARGIN, top, RIGHT, bottom), palette.PANEL)
    title = lang._(
        "followers · {count} face down · your hand in phase 2", count=lang.number(len(pile))
    )
    s.label(
        Label(
            fit(title, Face.BOLD, CAPTION_SIZE, width),
            (inner_left, top + 4, RIGHT - INSET, top + 4 + CAPTION),
            CAPTION_SIZE,
            palette.LABEL,
        )
    )
    for number, line in enumerate(lines):
        line_top = top + 4 + head + number * line_height
        for _, _, placed in line:
            for item in placed:
                x = inner_left + item.x
                s.paste(
                    sprites.card(item.card, lang, Size.MINI),
                    x,
                    line_top,
                    f"follower:{item.card.id}",
                    item.card.id,
                )
    return bottom
