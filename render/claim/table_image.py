"""The public table image: a ``TableView`` in, PNG bytes out.

Pure and thread-safe: every call plans a ``Scene`` and paints it on a copy of a
cached background; the shared sprites are only read, and font use is locked. It
takes a ``TableView`` and nothing else, so nothing private (a hand, a follower pile,
a peeked card) can reach it.

Every text is a ``Label``, the words and the box they must stay in; ``labels``
lists them all, so that tests can check each against its box. The words are in the
view's language (``TableView.lang``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from PIL import Image

from i18n import Language
from render.claim import colors, sprites, status_band
from render.claim.geometry import (
    BAND_BOTTOM,
    CAPTION,
    FOLLOWER_COLUMN,
    GROUP_GAP,
    HAND_COLUMN,
    HEADER,
    ICON,
    ICON_LEFT,
    INFO_BOX,
    INSET,
    MARGIN,
    MARK_LEFT,
    MAX_FACTION_COLUMN,
    MIN_FACTION_COLUMN,
    NAME_LEFT,
    NAME_LINE,
    REMARK_LINE,
    RESULT_ROW,
    RIGHT,
    ROW,
    SMALL_ICON,
    STATUS_BOX,
    STATUS_SPLIT,
    STRIP_GAP,
    STRIP_LINE,
    TALL_ROW,
    TEAM_ROW,
    WIDTH,
    WON_COLUMN,
    card_at,
    felt_box,
    prize_area,
    trick_slots,
)
from render.claim.scene import Scene
from render.claim.sprites import Size
from render.claim.status_band import NOTE_SIZE
from render.claim.view import TEAM_LETTERS, CardFace, FactionResult, TableView, catalogue_order
from render.claim.words import code_name, faction_name
from render.common import palette
from render.common.fonts import Face, text_width
from render.common.label import Box, Label
from render.common.names import display_name, fit, remark
from render.common.palette import Color
from render.common.shapes import player_icon
from render.common.status import Status

STATUS_SIZE = 26
SMALLEST_STATUS = 18
"""What the status's headline shrinks to, to name its player whole: 8.4 px on a phone."""
INFO_SIZE = 24
CAPTION_SIZE = 18
NAME_SIZE = 22
SLOT_NAME_SIZE = 18
COUNT_SIZE = 22
CODE_SIZE = 18
REMARK_SIZE = 18
TURN_CAPTION: Color = (148, 160, 255)
"""The blurple of the place to play, lightened to read as text on the felt."""
EMPTY: Color = (100, 104, 112)
"""The dot of an empty cell."""
PLAYER = "{player}"
"""Where a status headline puts the name of the (single) seat it is about."""


def _ordinal(place: int, lang: Language) -> str:
    """A trick's place, from 0: ``1st`` / ``1.``."""
    return (
        lang.pgettext("place", "1st"),
        lang.pgettext("place", "2nd"),
        lang.pgettext("place", "3rd"),
        lang.pgettext("place", "4th"),
    )[place]


def _why_short(why: str, lang: Language) -> str:
    """Under a faction's winner: why, when it was not simply the most votes (high card, the
    Bards' longest run); nobody: a tie, or no votes at all."""
    words = {
        "high": lang.pgettext("faction won by", "high"),
        "run": lang.pgettext("faction won by", "run"),
        "tie": lang.pgettext("faction won by", "tie"),
        "none": "—",
    }
    return words.get(why, "")


def draw_table(view: TableView) -> Image.Image:
    return scene(view).paint()


def labels(view: TableView) -> list[Label]:
    """Every text the image of ``view`` shows."""
    return scene(view).labels


def name_shown(view: TableView, seat: int, size: int = NAME_SIZE, width: float = 10_000) -> str:
    return display_name(view.names[seat], seat, Face.BOLD, size, round(width), view.lang)


def name_lines(
    view: TableView, seat: int, size: int, width: float, below: float | None = None
) -> tuple[str, str | None]:
    """A seat's name as a place ``width`` wide shows it at ``size``: whole on one line
    where it fits; else, when it ends with a remark in brackets (a computer player's level,
    "(bot)") and that leaves both whole, the name and under it the remark (at
    ``REMARK_SIZE``, in a line ``below`` wide, ``width`` unless given); else shortened on
    one line. So a computer player's name is always drawn whole."""
    whole = name_shown(view, seat, size)
    if text_width(whole, Face.BOLD, size) <= width:
        return whole, None
    parts = remark(whole)
    if (
        parts is not None
        and text_width(parts[0], Face.BOLD, size) <= width
        and text_width(parts[1], Face.REGULAR, REMARK_SIZE) <= (width if below is None else below)
    ):
        return parts
    return name_shown(view, seat, size, width), None


def scene(view: TableView) -> Scene:
    """What the image of ``view`` holds, planned top to bottom."""
    s = Scene(WIDTH)
    _status(s, view)
    top = BAND_BOTTOM + MARGIN
    if view.phase in ("p1", "p2"):
        top = _felt(s, view, top) + MARGIN
    strip = list(_strip_groups(view))
    if strip:
        top = _strip(s, strip, top, view.lang) + MARGIN
    top = _players(s, view, top)
    s.height = top + MARGIN
    return s


# The status band ---------------------------------------------------------------------------


def _status(s: Scene, view: TableView) -> None:
    s.panel(STATUS_BOX, palette.PANEL)
    s.panel(INFO_BOX, palette.PANEL)
    status = _status_of(view)
    left = STATUS_BOX[0] + 12
    step = ICON + 4 if len(status.seats) <= 2 else ICON - 6
    for index, seat in enumerate(status.seats):
        s.paste(player_icon(seat, ICON), left + index * step, status_band.ICON_TOP, f"icon:{seat}")
    text_left = left + (len(status.seats) - 1) * step + ICON + 8 if status.seats else left
    right = STATUS_BOX[2] - INSET
    headline, size = _headline(view, status, right - text_left)
    status_band.headline(s, headline, text_left, right, size, status.color)
    if status.note:
        status_band.note(s, status.note, left, right)
    _info(s, view)


def _headline(view: TableView, status: Status, room: float) -> tuple[str, int]:
    """The status's headline and its size: with its player's name whole, shrunk to
    ``SMALLEST_STATUS`` if it must; a name too long even then is shortened instead."""
    headline = status.headline
    if PLAYER not in headline:
        return fit(headline, Face.BOLD, STATUS_SIZE, room), STATUS_SIZE
    whole = headline.replace(PLAYER, name_shown(view, status.seats[0], STATUS_SIZE))
    for size in range(STATUS_SIZE, SMALLEST_STATUS - 1, -1):
        if text_width(whole, Face.BOLD, size) <= room:
            return whole, size
    rest = text_width(headline.replace(PLAYER, ""), Face.BOLD, STATUS_SIZE)
    name = name_shown(view, status.seats[0], STATUS_SIZE, room - rest)
    return fit(headline.replace(PLAYER, name), Face.BOLD, STATUS_SIZE, room), STATUS_SIZE


def _status_of(view: TableView) -> Status:
    step, acting, lang = view.step, view.to_act, view.lang
    one = len(acting) == 1
    if view.closed:
        return Status((), lang._("Game cancelled"), palette.TEXT, lang._("nobody acts"))
    if view.phase == "over":
        shared = lang.pgettext("headline", "Shared win!")
        if view.teams:
            team = TEAM_LETTERS[view.winners[0] % 2]
            both = len(view.winners) == 4
            headline = shared if both else lang._("Team {team} wins!", team=team)
            return Status(view.winners, headline, palette.GOLD, _won_note(view))
        if len(view.winners) > 1:
            return Status(view.winners, shared, palette.GOLD, _won_note(view))
        return Status(
            view.winners, lang.pgettext("headline", "{player} wins!"), palette.GOLD, _won_note(view)
        )
    if step == "loot":
        headline = (
            lang._("{player} picks a loot faction") if one else lang._("Loot factions to pick")
        )
        note = lang._("loot votes go to a faction of fewest cards")
        return Status(acting, headline, palette.TEXT, note)
    if step == "discard":
        headline = lang._("{player} discards") if one else lang._("Everyone discards")
        note = lang._("automatic trick: one card face down each")
        return Status(acting, headline, palette.TEXT, note)
    if step == "take":
        return Status(acting, lang._("{player} takes a follower"), palette.TEXT, _take_note(view))
    if not view.table:
        return Status(acting, lang._("{player} leads"), palette.TEXT, lang._("any card may lead"))
    lead = view.table[0][1]
    faction = faction_name(lead.faction, lang)
    if "DOP" in view.factions and lead.faction != "DOP":
        note = lang._("follow {faction} (or a Doppelgänger)", faction=faction)
    else:
        note = lang._("follow {faction}", faction=faction)
    return Status(acting, lang._("{player} to play"), palette.TEXT, note)


def _take_note(view: TableView) -> str:
    lang = view.lang
    chooser = view.to_act[0] if view.to_act else None
    played = dict(view.table)
    if view.places and chooser is not None and chooser != view.places[0]:
        return lang._("Seer took the top card; 2nd picks a prize")
    if (
        chooser is not None
        and chooser in played
        and played[chooser].faction == "SEE"
        and not view.auto
    ):
        return lang._("Seer: a prize or the top card of the deck")
    if len(view.prize) > 1:
        return lang._("1st chooses a prize, 2nd gets the other")
    return lang._("the winner takes the prize")


def _won_note(view: TableView) -> str:
    lang = view.lang
    won = _factions_won(view)
    best = max(won) if won else 0
    if view.teams:
        return lang.ngettext(
            "{best} of {n} faction won · team rows count votes",
            "{best} of {n} factions won · team rows count votes",
            len(view.factions),
            best=lang.number(best),
        )
    return lang.ngettext(
        "{best} of {n} faction won · the numbers are votes",
        "{best} of {n} factions won · the numbers are votes",
        len(view.factions),
        best=lang.number(best),
    )


def _info(s: Scene, view: TableView) -> None:
    left, top, right, bottom = INFO_BOX
    lang = view.lang
    if view.phase in ("p1", "p2") and view.trick is not None:
        big = lang._(
            "Trick {trick}/{tricks}", trick=lang.number(view.trick), tricks=lang.number(view.tricks)
        )
    elif view.phase == "loot":
        big = lang.pgettext("phase", "Loot")
    else:
        big = lang.pgettext("headline", "Game over")
    if view.phase == "p1":
        small = lang._("phase 1 · deck {count}", count=lang.number(view.deck_count))
    elif view.phase == "p2":
        small = lang._("phase 2")
    else:
        small = lang._("final count")
    big = fit(big, Face.BOLD, INFO_SIZE, right - 8 - (left + 10))
    small = fit(small, Face.REGULAR, NOTE_SIZE, right - 8 - (left + 8))
    s.label(
        Label(
            big, (left + 10, top + 6, right - 8, STATUS_SPLIT), INFO_SIZE, palette.TEXT, align="m"
        )
    )
    s.label(
        Label(
            small,
            (left + 8, STATUS_SPLIT, right - 8, bottom - 6),
            NOTE_SIZE,
            palette.MUTED,
            Face.REGULAR,
            "m",
        )
    )


# The felt ----------------------------------------------------------------------------------


def _felt(s: Scene, view: TableView, top: int) -> int:
    """The felt from ``top``, taller when a name under the trick takes two lines; returns
    its bottom."""
    felt = felt_box(top)
    prizes = (1 if view.players == 2 else 2) if view.phase == "p1" else 0
    left = prize_area(prizes, felt)[2] + 14 if prizes else felt[0] + INSET
    slots = trick_slots(view.players, (left, felt[1], felt[2] - INSET, felt[3]))
    remarks = any(_tag_lines(view, seat, slot)[1] is not None for seat, slot in enumerate(slots))
    felt = felt_box(top, remarks)
    s.panel(felt, colors.FELT)
    if prizes:
        prize_box = prize_area(prizes, felt)
        _prizes(s, view, prize_box, prizes)
        s.panel(
            (prize_box[2] + 6, felt[1] + 12, prize_box[2] + 8, felt[3] - 12), colors.FELT_EDGE, 1
        )
    _trick(s, view, (left, felt[1], felt[2] - INSET, felt[3]))
    return felt[3]


def _prizes(s: Scene, view: TableView, box: Box, prizes: int) -> None:
    caption = view.lang.ngettext("prize", "prizes", prizes)
    s.label(
        Label(
            caption,
            (box[0] + 12, box[1] + 4, box[2], box[1] + 4 + CAPTION),
            CAPTION_SIZE,
            palette.LABEL,
            Face.REGULAR,
        )
    )
    for index in range(prizes):
        x = box[0] + 12 + index * (Size.TABLE.width + 8)
        y = box[1] + 4 + CAPTION
        if index < len(view.prize):
            card = view.prize[index]
            s.paste(sprites.card(card, view.lang, Size.TABLE), x, y, card.id, card.id)
        else:
            s.paste(sprites.slot(Size.TABLE), x, y, "slot")


def _trick_order(view: TableView) -> tuple[int, ...]:
    if view.auto and view.places:
        return view.places
    played = tuple(seat for seat, _ in view.table)
    rest = tuple(
        (view.leader + i) % view.players
        for i in range(view.players)
        if (view.leader + i) % view.players not in played
    )
    return played + rest


def _trick(s: Scene, view: TableView, area: Box) -> None:
    played = dict(view.table)
    order = _trick_order(view)
    slots = trick_slots(view.players, area)
    first_place = view.places[0] if view.places and view.step == "take" else None
    for index, (seat, slot) in enumerate(zip(order, slots, strict=True)):
        x, y = card_at(slot)
        turn = seat in view.to_act and view.step in ("play", "discard")
        if seat == first_place:
            s.frame(
                (x - 4, y - 4, x + Size.TABLE.width + 4, y + Size.TABLE.height + 4),
                None,
                12,
                palette.GOLD,
                4,
            )
        if seat in played:
            card = played[seat]
            s.paste(sprites.card(card, view.lang, Size.TABLE), x, y, card.id, card.id)
        elif view.auto and seat in view.discarded:
            s.paste(sprites.back(Size.TABLE), x, y, "back")
        else:
            s.paste(sprites.slot(Size.TABLE, turn=turn), x, y, "slot")
        parts = []
        lead = index == 0 and not view.auto
        if turn and not view.auto:
            parts.append(view.lang._("to lead") if lead else view.lang._("to play"))
        elif lead:
            parts.append(view.lang.pgettext("the trick's first card", "lead"))
        if view.places and seat in view.places:
            parts.append(_ordinal(view.places.index(seat), view.lang))
        color = TURN_CAPTION if turn else palette.GOLD if lead else palette.LABEL
        caption_box = (slot[0] + 2, slot[1] + 4, slot[2] - 2, slot[1] + 4 + CAPTION)
        room = caption_box[2] - caption_box[0]
        # Once the trick is complete its place matters more than who led it.
        while len(parts) > 1 and text_width(" · ".join(parts), Face.BOLD, CAPTION_SIZE) > room:
            parts.pop(0)
        if parts:
            words = fit(" · ".join(parts), Face.BOLD, CAPTION_SIZE, room)
            s.label(Label(words, caption_box, CAPTION_SIZE, color, align="m"))
        _seat_tag(s, view, seat, slot, y + Size.TABLE.height + 4)


def _tag_lines(view: TableView, seat: int, slot: Box) -> tuple[str, str | None]:
    """The name under a trick's card in ``slot``, after the seat's icon; a remark that
    takes a line of its own has the slot's width."""
    width = slot[2] - slot[0] - 4
    return name_lines(view, seat, SLOT_NAME_SIZE, width - SMALL_ICON - 4, width)


def _seat_tag(s: Scene, view: TableView, seat: int, slot: Box, top: int) -> None:
    """A seat's icon and name, centred under its card from ``top``; the remark at the end
    of a name too wide for one line centred under it."""
    left, right = slot[0] + 2, slot[2] - 2
    name, below = _tag_lines(view, seat, slot)
    bottom = top + NAME_LINE
    width = SMALL_ICON + 4 + text_width(name, Face.BOLD, SLOT_NAME_SIZE)
    x = left + (right - left - width) / 2
    s.paste(player_icon(seat, SMALL_ICON), x, (top + bottom - SMALL_ICON) / 2, f"icon:{seat}")
    s.label(
        Label(name, (round(x) + SMALL_ICON + 4, top, right, bottom), SLOT_NAME_SIZE, palette.TEXT)
    )
    if below is not None:
        box = (left, bottom - 2, right, bottom + REMARK_LINE)
        s.label(Label(below, box, REMARK_SIZE, palette.MUTED, Face.REGULAR, "m"))


# The strip of smaller cards ----------------------------------------------------------------


class _Token(NamedTuple):
    """One thing in the strip: a caption, a seat's icon, or a small card (with the seat
    that played it, for the last trick)."""

    kind: str
    """"caption", "icon" or "card"."""
    text: str = ""
    seat: int = -1
    card: CardFace | None = None
    won: bool = False
    new_group: bool = False

    @property
    def width(self) -> int:
        if self.kind == "caption":
            return round(text_width(self.text, Face.REGULAR, CAPTION_SIZE)) + 8
        if self.kind == "icon":
            return SMALL_ICON + 4
        extra = SMALL_ICON + 2 if self.seat >= 0 else 0
        return extra + Size.MINI.width


_Unit = list[_Token]
"""Tokens kept on one line where they fit: a caption with what it names first, a seat's
icon with its cards."""


def _strip_groups(view: TableView) -> Iterator[list[_Unit]]:
    lang = view.lang
    if view.last_trick:
        played = [
            _Token("card", seat=seat, card=card, won=seat == view.last_winner)
            for seat, card in view.last_trick
        ]
        caption = _Token("caption", lang._("last trick"), new_group=True)
        units: list[_Unit] = [[caption, *played]]
        if view.last_winner is not None:
            won_by = _Token("caption", lang.pgettext("trick", "won by"))
            # The icon's colour alone names nobody for a colour-blind reader, nor in grey.
            winner = _Token("caption", name_shown(view, view.last_winner, CAPTION_SIZE, 240))
            units.append([won_by, _Token("icon", seat=view.last_winner), winner])
        yield units
    if view.trolls:
        trolls = [_Token("card", card=card) for card in sorted(view.trolls, key=lambda c: -c.value)]
        yield [[_Token("caption", lang._("Trolls lying out"), new_group=True), *trolls]]
    displays = [(seat, view.display(seat)) for seat in range(view.players) if view.display(seat)]
    if displays:
        yield _per_seat(lang._("Gnome displays"), displays)
    griffins = [
        (seat, tuple(card for card in view.score_pile(seat) if card.faction == "GRI"))
        for seat in range(view.players)
    ]
    griffins = [(seat, cards) for seat, cards in griffins if cards]
    if griffins and view.phase == "p2":
        yield _per_seat(lang._("Griffins: +5"), griffins)


def _per_seat(caption: str, piles: Iterable[tuple[int, tuple[CardFace, ...]]]) -> list[_Unit]:
    units: list[_Unit] = []
    for seat, cards in piles:
        unit = [_Token("icon", seat=seat, new_group=bool(units))]
        unit += [_Token("card", card=card) for card in sorted(cards, key=catalogue_order)]
        units.append(unit)
    units[0].insert(0, _Token("caption", caption, new_group=True))
    return units


def _gap(token: _Token) -> int:
    if token.new_group:
        return GROUP_GAP if token.kind == "caption" else 10
    return STRIP_GAP


def _flow(groups: list[list[_Unit]], width: int) -> list[list[tuple[int, _Token]]]:
    """The tokens in lines of at most ``width``: (x offset, token). A unit moves to a new
    line rather than split, unless it is wider than a line; then a caption or an icon
    never ends a line."""
    lines: list[list[tuple[int, _Token]]] = [[]]
    x = 0
    for group in groups:
        tokens = [token for unit in group for token in unit]
        whole = sum(token.width for token in tokens) + sum(_gap(token) for token in tokens[1:])
        if lines[-1] and x + _gap(tokens[0]) + whole > width and whole <= width:
            lines.append([])
            x = 0
        for unit in group:
            x = _flow_unit(lines, unit, x, width)
    return lines


def _flow_unit(lines: list[list[tuple[int, _Token]]], unit: _Unit, x: int, width: int) -> int:
    """Adds one unit to the lines from ``x``; returns where the last line now ends."""
    span = sum(token.width for token in unit) + sum(_gap(token) for token in unit[1:])
    if lines[-1] and x + _gap(unit[0]) + span > width and span <= width:
        lines.append([])
        x = 0
    for index, token in enumerate(unit):
        gap = _gap(token) if lines[-1] else 0
        needed = gap + token.width
        if token.kind != "card" and index + 1 < len(unit):
            needed += _gap(unit[index + 1]) + unit[index + 1].width
        if lines[-1] and x + needed > width:
            lines.append([])
            x, gap = 0, 0
        lines[-1].append((x + gap, token))
        x += gap + token.width
    return x


def _strip(s: Scene, groups: list[list[_Unit]], top: int, lang: Language) -> int:
    inner = RIGHT - INSET - (MARGIN + INSET)
    lines = _flow(groups, inner)
    bottom = top + 2 * 4 + len(lines) * STRIP_LINE
    s.panel((MARGIN, top, RIGHT, bottom), palette.PANEL)
    for number, line in enumerate(lines):
        line_top = top + 4 + number * STRIP_LINE
        middle = line_top + STRIP_LINE // 2
        for offset, token in line:
            x = MARGIN + INSET + offset
            if token.kind == "caption":
                box = (x, line_top, x + token.width, line_top + STRIP_LINE)
                s.label(Label(token.text, box, CAPTION_SIZE, palette.LABEL, Face.REGULAR))
            elif token.kind == "icon":
                s.paste(
                    player_icon(token.seat, SMALL_ICON),
                    x,
                    middle - SMALL_ICON // 2,
                    f"icon:{token.seat}",
                )
            else:
                assert token.card is not None
                card_x = x
                if token.seat >= 0:
                    s.paste(
                        player_icon(token.seat, SMALL_ICON),
                        x,
                        middle - SMALL_ICON // 2,
                        f"icon:{token.seat}",
                    )
                    card_x += SMALL_ICON + 2
                card_y = middle - Size.MINI.height // 2
                if token.won:
                    s.frame(
                        (
                            x - 4,
                            card_y - 4,
                            card_x + Size.MINI.width + 3,
                            card_y + Size.MINI.height + 3,
                        ),
                        None,
                        8,
                        palette.GOLD,
                        3,
                    )
                card = token.card
                s.paste(sprites.card(card, lang, Size.MINI), card_x, card_y, card.id, card.id)
    return bottom


# The players' table ------------------------------------------------------------------------


class _Columns(NamedTuple):
    counts: tuple[tuple[str, str, Box], ...]
    """The count columns: what each counts ("hand", "followers", "won"), its header and
    its x range (top and bottom unused)."""
    factions: tuple[str, ...]
    faction_left: int
    faction_width: int
    name_right: int

    def faction_box(self, index: int, top: int, bottom: int) -> Box:
        left = self.faction_left + index * self.faction_width
        return (left, top, left + self.faction_width, bottom)


def _columns(view: TableView) -> _Columns:
    right = RIGHT - INSET
    lang = view.lang
    hand = ("hand", lang.pgettext("column", "hand"), HAND_COLUMN)
    wanted: tuple[tuple[str, str, int], ...] = ()
    if view.phase == "p1":
        wanted = (hand, ("followers", lang.pgettext("column", "followers"), FOLLOWER_COLUMN))
    elif view.phase == "p2":
        wanted = (hand,)
    elif view.phase == "over":
        wanted = (("won", lang.pgettext("column", "won"), WON_COLUMN),)
    # A header wider than its column widens it: the names give way, not the words.
    widths = [
        (key, title, max(least, round(text_width(title, Face.REGULAR, CAPTION_SIZE)) + 8))
        for key, title, least in wanted
    ]
    factions = tuple(sorted(view.factions))
    fixed = sum(width for _, _, width in widths)
    room = right - NAME_LEFT - 120 - fixed
    faction_width = max(MIN_FACTION_COLUMN, min(MAX_FACTION_COLUMN, room // max(1, len(factions))))
    faction_left = right - faction_width * len(factions)
    counts = []
    x = faction_left - fixed
    for key, title, width in widths:
        counts.append((key, title, (x, 0, x + width, 0)))
        x += width
    return _Columns(tuple(counts), factions, faction_left, faction_width, faction_left - fixed - 6)


class _Row(NamedTuple):
    kind: str
    """"seat", "team" or "result"."""
    key: int
    """The seat, the team, or 0."""
    top: int
    bottom: int


class _Panel(NamedTuple):
    """What each row of the players' panel is drawn from."""

    view: TableView
    columns: _Columns
    results: dict[str, FactionResult]
    """At game over, each faction's count, by faction."""
    won: list[int]
    """Factions won per unit (``_factions_won``)."""


def _rows(view: TableView, top: int, tall: set[int]) -> list[_Row]:
    """The rows from ``top``; the seats in ``tall`` have their names on two lines."""
    rows = []
    y = top
    for team, seats in enumerate(view.units):
        if view.teams:
            rows.append(_Row("team", team, y, y + TEAM_ROW))
            y += TEAM_ROW
        for seat in seats:
            height = TALL_ROW if seat in tall else ROW
            rows.append(_Row("seat", seat, y, y + height))
            y += height
    if view.phase == "over" and view.results:
        rows.append(_Row("result", 0, y + 2, y + 2 + RESULT_ROW))
    return rows


def _players(s: Scene, view: TableView, top: int) -> int:
    columns = _columns(view)
    room = columns.name_right - NAME_LEFT
    tall = {
        seat
        for seat in range(view.players)
        if name_lines(view, seat, NAME_SIZE, room)[1] is not None
    }
    rows = _rows(view, top + HEADER, tall)
    bottom = rows[-1].bottom + 6
    s.panel((MARGIN, top, RIGHT, bottom), palette.PANEL)
    _header(s, columns, top, view.lang)
    results = {result.faction: result for result in view.results}
    panel = _Panel(view, columns, results, _factions_won(view))
    for row in rows:
        if row.kind == "seat":
            _seat_row(s, panel, row)
        elif row.kind == "team":
            _team_row(s, panel, row)
        else:
            _result_row(s, panel, row)
    return bottom


def _header(s: Scene, columns: _Columns, top: int, lang: Language) -> None:
    for index, faction in enumerate(columns.factions):
        left, _, right, _ = columns.faction_box(index, 0, 0)
        x = (left + right - sprites.TILE) // 2
        s.paste(sprites.tile(faction), x, top + 6, f"tile:{faction}")
        s.label(
            Label(
                code_name(faction, lang),
                (left, top + 6 + sprites.TILE, right, top + HEADER - 2),
                CODE_SIZE,
                palette.LABEL,
                Face.REGULAR,
                "m",
            )
        )
    for _, title, (left, _, right, _) in columns.counts:
        s.label(
            Label(
                title,
                (left, top + HEADER - 26, right, top + HEADER - 2),
                CAPTION_SIZE,
                palette.MUTED,
                Face.REGULAR,
                "m",
            )
        )


def _counts(cards: Iterable[CardFace]) -> dict[str, int]:
    found: dict[str, int] = {}
    for card in cards:
        found[card.faction] = found.get(card.faction, 0) + 1
    return found


def _factions_won(view: TableView) -> list[int]:
    """Factions won per unit, from the results."""
    won = [0] * len(view.units)
    for result in view.results:
        if result.winner is not None and result.winner < len(won):
            won[result.winner] += 1
    return won


def _unit_of(view: TableView, seat: int) -> int:
    return seat % 2 if view.teams else seat


def _seat_row(s: Scene, panel: _Panel, row: _Row) -> None:
    view, columns, results, won = panel
    seat = row.key
    acting = seat in view.to_act and view.phase != "over"
    winner = view.phase == "over" and seat in view.winners
    box = (MARGIN + 2, row.top + 1, RIGHT - 2, row.bottom - 1)
    if winner and not view.teams:
        s.frame(box, palette.ROW_WINNER, 6)
    elif acting:
        s.frame(box, palette.ROW_TO_MOVE, 6)
    mark = "★" if winner and not view.teams else "▶" if acting else ""
    if mark:
        s.label(
            Label(
                mark, (MARK_LEFT, row.top, ICON_LEFT - 1, row.bottom), 20, palette.GOLD, align="m"
            )
        )
    s.paste(player_icon(seat, ICON), ICON_LEFT, (row.top + row.bottom - ICON) // 2, f"icon:{seat}")
    name, below = name_lines(view, seat, NAME_SIZE, columns.name_right - NAME_LEFT)
    if below is None:
        s.label(Label(name, (NAME_LEFT, row.top, columns.name_right, row.bottom), NAME_SIZE))
    else:
        middle = row.top + ROW - 12
        s.label(Label(name, (NAME_LEFT, row.top + 2, columns.name_right, middle), NAME_SIZE))
        s.label(
            Label(
                below,
                (NAME_LEFT, middle, columns.name_right, row.bottom - 2),
                REMARK_SIZE,
                palette.MUTED,
                Face.REGULAR,
            )
        )
    for key, _, (left, _, right, _) in columns.counts:
        if key == "hand":
            value = view.lang.number(view.hand_counts[seat])
        elif key == "followers":
            value = view.lang.number(view.follower_counts[seat])
        elif not view.teams:
            value = view.lang.number(won[_unit_of(view, seat)])
        else:
            continue
        s.label(Label(value, (left, row.top, right, row.bottom), COUNT_SIZE, align="m"))
    counts = _counts(view.score_pile(seat))
    votes = bool(results) and not view.teams
    for index, faction in enumerate(columns.factions):
        cell = columns.faction_box(index, row.top, row.bottom)
        if votes and faction in results:
            _vote_cell(s, cell, results[faction], seat)
        else:
            displayed = len(view.display(seat)) if faction == "GNO" else 0
            _count_cell(s, cell, counts.get(faction, 0), muted=bool(results), displayed=displayed)


def _team_row(s: Scene, panel: _Panel, row: _Row) -> None:
    view, columns, results, won = panel
    team = row.key
    seats = view.units[team]
    winner = view.phase == "over" and seats[0] in view.winners
    s.frame(
        (MARGIN + 2, row.top + 2, RIGHT - 2, row.bottom - 1),
        palette.ROW_WINNER if winner else colors.TEAM_ROW,
        6,
    )
    if winner:
        s.label(
            Label("★", (MARK_LEFT, row.top, ICON_LEFT - 1, row.bottom), 20, palette.GOLD, align="m")
        )
    small = SMALL_ICON + 2
    y = (row.top + row.bottom - small) // 2
    for index, seat in enumerate(seats):
        s.paste(player_icon(seat, small), ICON_LEFT + index * 14, y, f"icon:{seat}")
    left = ICON_LEFT + 14 + small + 8
    # The team's row has no hand counts: its name may run over their columns.
    right = columns.name_right if view.phase == "over" else columns.faction_left - 6
    s.label(
        Label(
            view.lang._("Team {team}", team=TEAM_LETTERS[team]),
            (left, row.top, right, row.bottom),
            NAME_SIZE - 2,
            palette.LABEL,
        )
    )
    for key, _, (cleft, _, cright, _) in columns.counts:
        if key == "won":
            s.label(
                Label(str(won[team]), (cleft, row.top, cright, row.bottom), COUNT_SIZE, align="m")
            )
    counts = _counts(card for seat in seats for card in view.score_pile(seat))
    for index, faction in enumerate(columns.factions):
        cell = columns.faction_box(index, row.top, row.bottom)
        if faction in results:
            _vote_cell(s, cell, results[faction], team)
        else:
            displayed = sum(len(view.display(seat)) for seat in seats) if faction == "GNO" else 0
            _count_cell(s, cell, counts.get(faction, 0), displayed=displayed)


def _count_cell(s: Scene, cell: Box, count: int, muted: bool = False, displayed: int = 0) -> None:
    """A score pile's cards of one faction; Gnomes on display, which join the pile at the
    end unless smashed, in brackets."""
    if displayed and not count:
        s.label(Label(f"({displayed})", cell, COUNT_SIZE - 2, palette.MUTED, Face.REGULAR, "m"))
    elif count:
        s.label(
            Label(str(count), cell, COUNT_SIZE, palette.MUTED if muted else palette.TEXT, align="m")
        )
    else:
        s.label(Label("·", cell, COUNT_SIZE, EMPTY, align="m"))


def _vote_cell(s: Scene, cell: Box, result: FactionResult, unit: int) -> None:
    votes = result.votes[unit] if unit < len(result.votes) else 0
    left, top, right, bottom = cell
    if result.winner == unit:
        s.frame((left + 3, top + 3, right - 3, bottom - 3), colors.WON_CELL, 6, palette.GOLD, 2)
        s.label(Label(str(votes), cell, COUNT_SIZE, palette.GOLD, align="m"))
    else:
        _count_cell(s, cell, votes)


def _result_row(s: Scene, panel: _Panel, row: _Row) -> None:
    view, columns, results, _ = panel
    s.frame((MARGIN + 2, row.top, RIGHT - 2, row.bottom - 1), colors.TEAM_ROW, 6)
    s.label(
        Label(
            view.lang.pgettext("faction", "won by"),
            (NAME_LEFT, row.top, columns.name_right, row.bottom),
            NAME_SIZE - 2,
            palette.LABEL,
        )
    )
    for index, faction in enumerate(columns.factions):
        result = results.get(faction)
        if result is None:
            continue
        left, top, right, bottom = columns.faction_box(index, row.top, row.bottom)
        middle = (left + right) // 2
        word = fit(_why_short(result.why, view.lang), Face.REGULAR, CAPTION_SIZE, right - left - 2)
        icon_top = top + 5 if word else (top + bottom - SMALL_ICON) // 2
        if result.winner is not None:
            seats = view.units[result.winner] if result.winner < len(view.units) else ()
            offsets = (-7, 7) if len(seats) == 2 else (0,)
            for seat, offset in zip(seats, offsets, strict=False):
                s.paste(
                    player_icon(seat, SMALL_ICON),
                    middle + offset - SMALL_ICON // 2,
                    icon_top,
                    f"icon:{seat}",
                )
        if word:
            box = (
                left,
                top + 5 + (SMALL_ICON if result.winner is not None else 0),
                right,
                bottom - 3,
            )
            s.label(Label(word, box, CAPTION_SIZE, palette.LABEL, Face.REGULAR, "m"))
