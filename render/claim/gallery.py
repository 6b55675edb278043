"""Claim's gallery: the table and hands at sample moments (see ``render.gallery``).

Each sample is built by a function named by the moment it shows (see
``render.common.samples``): a game's seating and piles come from ``table_at`` and
``after_the_tricks``, what is special to the moment is added to them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from PIL import Image

from i18n import Language
from render.claim.hand_image import draw_hand
from render.claim.table_image import draw_table
from render.claim.view import CardFace, FactionResult, HandView, TableView
from render.common.samples import Samples, each_language

NAMES = ("Ada", "Björn 🎲", "Zoë the Recruiter With a Very Long Name", "Ольга")
"""A plain name, one with an emoji, one too long, one Cyrillic."""

FIRST_GAME = ("DOP", "DWA", "GOB", "KNI", "UND")
FOUR_GAME = ("AUT", "DRA", "GNO", "GIA", "SEE", "TRO", "UND")
BIG_GAME = ("BAR", "GIA", "GNO", "GRI", "RAC", "TRO", "VIK")

TRICKS = {2: 13, 3: 12, 4: 9}
"""How many tricks a phase has, by the number of players."""


def c(card_id: str) -> CardFace:
    """A card from its id: ``"GOB0a"`` is a Goblin 0."""
    faction = card_id[:3]
    digits = "".join(ch for ch in card_id[3:] if ch.isdigit())
    value = int(digits)
    return CardFace(card_id, faction, value, loot=faction == "RAC" and value <= 4)


def cards(*ids: str) -> tuple[CardFace, ...]:
    return tuple(c(card_id) for card_id in ids)


@dataclass(frozen=True)
class Seating:
    """Who plays a sample game, and with which factions."""

    names: tuple[str, ...]
    factions: tuple[str, ...]


@dataclass(frozen=True)
class Piles:
    """How many cards lie in each hand, on each follower pile, in the deck, on the discard."""

    hands: tuple[int, ...]
    followers: tuple[int, ...]
    deck: int
    discard: int


TWO = Seating(NAMES[:2], FIRST_GAME)
THREE = Seating(NAMES[:3], FOUR_GAME)
FOUR = Seating(NAMES, FOUR_GAME)
THREE_BIG = Seating(NAMES[:3], BIG_GAME)
LOOTERS = Seating(("Ada", "王小明", "Ольга"), BIG_GAME)


def table_at(
    lang: Language,
    seats: Seating,
    moment: tuple[str, str, int | None],
    piles: Piles,
    *,
    leader: int,
    to_act: tuple[int, ...],
    winners: tuple[int, ...] = (),
) -> TableView:
    """The table at ``moment``: the phase, the step and the trick under way."""
    phase, step, trick = moment
    return TableView(
        lang=lang,
        names=seats.names,
        factions=seats.factions,
        phase=phase,
        step=step,
        trick=trick,
        tricks=TRICKS[len(seats.names)],
        leader=leader,
        to_act=to_act,
        hand_counts=piles.hands,
        follower_counts=piles.followers,
        deck_count=piles.deck,
        discard_count=piles.discard,
        winners=winners,
    )


def after_the_tricks(
    lang: Language,
    seats: Seating,
    phase: str,
    discard: int,
    *,
    leader: int,
    to_act: tuple[int, ...] = (),
    winners: tuple[int, ...] = (),
) -> TableView:
    """Loot choices pending (``phase`` "loot") or the game over ("over"): every hand,
    follower pile and the deck empty."""
    empty = (0,) * len(seats.names)
    piles = Piles(empty, empty, 0, discard)
    moment = (phase, phase, None)
    return table_at(lang, seats, moment, piles, leader=leader, to_act=to_act, winners=winners)


def after_trick(view: TableView, winner: int, *plays: tuple[int, str]) -> TableView:
    """``view`` showing the trick completed last: ``plays`` (seat, card id), won by
    ``winner``."""
    return replace(
        view, last_trick=tuple((seat, c(card)) for seat, card in plays), last_winner=winner
    )


table_views = Samples[TableView]()
more_table_views = Samples[TableView]()
hand_views = Samples[HandView]()


@table_views.add("p1-two-players")
def two_players_recruiting(lang: Language) -> TableView:
    piles = Piles((8, 9), (4, 4), 17, 6)
    view = table_at(lang, TWO, ("p1", "play", 5), piles, leader=0, to_act=(1,))
    view = replace(
        view,
        prize=cards("KNI7"),
        table=((0, c("GOB5")),),
        scores=(cards("UND3"), cards("UND0", "UND8")),
    )
    return after_trick(view, 1, (1, "UND8"), (0, "UND3"))


@table_views.add("p1-four-players-teams")
def four_players_recruiting(lang: Language) -> TableView:
    piles = Piles((7, 7, 6, 6), (2, 2, 2, 2), 24, 7)
    view = table_at(lang, FOUR, ("p1", "play", 3), piles, leader=2, to_act=(0,))
    view = replace(
        view,
        prize=cards("DRA9", "SEE2"),
        table=((2, c("TRO4")), (3, c("TRO8"))),
        scores=((), cards("UND5"), (), ()),
    )
    return after_trick(view, 1, (1, "UND5"), (2, "AUT3"), (3, "GNO9"), (0, "UND1"))


@table_views.add("p1-automatic-trick")
def automatic_trick(lang: Language) -> TableView:
    piles = Piles((7, 7, 6), (5, 5, 5), 19, 16)
    view = table_at(lang, THREE, ("p1", "discard", 6), piles, leader=2, to_act=(0, 1))
    view = replace(view, prize=cards("GIA7b", "TRO2"), places=(2, 0, 1), auto=True, discarded=(2,))
    return after_trick(view, 2, (1, "AUT4"), (2, "AUT8"), (0, "DRA2"))


@table_views.add("p1-seer-take")
def seer_takes(lang: Language) -> TableView:
    piles = Piles((4, 4, 4), (7, 7, 7), 13, 21)
    view = table_at(lang, THREE, ("p1", "take", 8), piles, leader=0, to_act=(1,))
    table = ((0, c("SEE3")), (1, c("SEE7")), (2, c("GIA1a")))
    return replace(view, prize=cards("GNO5b", "UND6"), table=table, places=(1, 0, 2))


@table_views.add("p2-score-piles")
def score_piles(lang: Language) -> TableView:
    piles = Piles((6, 5, 6), (0, 0, 0), 0, 24)
    view = table_at(lang, THREE_BIG, ("p2", "play", 7), piles, leader=1, to_act=(2,))
    view = replace(
        view,
        table=((1, c("GNO7a")),),
        scores=(
            cards("BAR3", "BAR4", "BAR5", "GIA3a", "GRI3", "GRI7", "VIK3", "RAC2", "TRO9"),
            cards("BAR9", "GIA5a", "GIA9", "VIK0", "VIK6", "RAC11", "RAC7", "GRI5"),
            cards("BAR1", "BAR2", "VIK8", "RAC3", "GIA1a"),
        ),
        gnomes=(cards("GNO1a", "GNO3b", "GNO3c"), (), cards("GNO9")),
        trolls=cards("TRO2", "TRO6"),
    )
    return after_trick(view, 0, (0, "GIA7a"), (1, "TRO5"), (2, "GRI1"))


@table_views.add("game-over-teams")
def teams_game_over(lang: Language) -> TableView:
    view = after_the_tricks(lang, FOUR, "over", 22, leader=3, winners=(0, 2))
    view = replace(
        view,
        scores=(
            cards("AUT1", "AUT5", "DRA3", "SEE1", "SEE4", "UND2", "UND7"),
            cards("AUT7", "DRA7", "DRA8", "GNO3a", "TRO5", "TRO9"),
            cards("GIA3a", "GIA5b", "SEE8", "UND4", "GNO1b"),
            cards("DRA1", "GNO7b", "GNO7c", "TRO1", "SEE6", "UND9"),
        ),
        results=(
            FactionResult("AUT", (2, 1), 0),
            FactionResult("DRA", (1, 3), 1),
            FactionResult("GIA", (2, 0), 0),
            FactionResult("GNO", (1, 3), 1),
            FactionResult("SEE", (3, 1), 0),
            FactionResult("TRO", (0, 3), 1),
            FactionResult("UND", (3, 1), 0, "most"),
        ),
    )
    return after_trick(view, 1, (2, "UND4"), (3, "TRO1"), (0, "UND2"), (1, "TRO9"))


@table_views.add("game-over-two")
def two_players_game_over(lang: Language) -> TableView:
    view = after_the_tricks(lang, TWO, "over", 20, leader=0, winners=(0,))
    view = replace(
        view,
        scores=(
            cards("DOP1", "DOP4", "DWA2", "DWA5", "DWA9", "GOB0a", "GOB7", "KNI8", "UND0", "UND5"),
            cards("DOP2", "DOP8", "DWA3", "DWA4", "DWA6", "GOB0b", "KNI2", "KNI3", "UND6", "UND1"),
        ),
        results=(
            FactionResult("DOP", (2, 2), 1, "high"),
            FactionResult("DWA", (3, 3), 0, "high"),
            FactionResult("GOB", (2, 1), 0),
            FactionResult("KNI", (1, 2), 1),
            FactionResult("UND", (2, 2), 0, "high"),
        ),
    )
    return after_trick(view, 0, (1, "DWA6"), (0, "DWA9"))


@more_table_views.add("p2-four-players-new-trick")
def four_players_new_trick(lang: Language) -> TableView:
    piles = Piles((6, 6, 6, 6), (0, 0, 0, 0), 0, 37)
    view = table_at(lang, FOUR, ("p2", "play", 4), piles, leader=0, to_act=(0,))
    # Björn's Giant 7 and Ольга's Giant 1 smashed Zoë's Gnome 1; Ada's Dragon came last,
    # so Ada leads.
    view = after_trick(view, 1, (1, "GIA7a"), (2, "GNO5a"), (3, "GIA1b"), (0, "DRA9"))
    return replace(
        view,
        scores=(
            cards("AUT1", "DRA3", "SEE4", "UND2"),
            cards("AUT7", "DRA7", "TRO5"),
            cards("GIA3a", "GIA5b", "SEE8", "UND4"),
            cards("DRA1", "TRO1", "SEE6"),
        ),
        gnomes=((), cards("GNO3a", "GNO5a"), (), cards("GNO7b", "GNO7c")),
        trolls=cards("TRO8"),
    )


LOOT = (
    cards("BAR3", "BAR4", "BAR5", "GIA3a", "GNO3a", "GRI3", "VIK3", "VIK7", "RAC2", "TRO9"),
    cards("BAR1", "BAR2", "BAR6", "BAR9", "GIA5a", "GIA9", "GNO1a", "VIK0", "RAC11", "RAC7"),
    cards("BAR7", "GIA1a", "GNO9", "GRI5", "GRI8", "RAC3", "TRO2", "TRO6", "VIK8"),
)
"""The score piles of the game whose end waits for a loot choice."""


@more_table_views.add("loot-choice")
def loot_choice(lang: Language) -> TableView:
    view = after_the_tricks(lang, LOOTERS, "loot", 31, leader=2, to_act=(0,))
    return after_trick(replace(view, scores=LOOT), 0, (2, "TRO6"), (0, "TRO9"), (1, "GIA9"))


@more_table_views.add("game-over-three")
def game_over_after_loot(lang: Language) -> TableView:
    view = after_the_tricks(lang, LOOTERS, "over", 31, leader=2, winners=(0,))
    view = replace(
        view,
        scores=LOOT,
        results=(
            FactionResult("BAR", (3, 4, 1), 0, "run"),
            FactionResult("GIA", (1, 2, 1), 1),
            FactionResult("GNO", (1, 1, 1), 2, "high"),
            FactionResult("GRI", (2, 0, 2), None, "tie"),
            FactionResult("RAC", (1, 2, 1), 1),
            FactionResult("TRO", (1, 0, 2), 2),
            FactionResult("VIK", (4, 1, 2), 0),
        ),
    )
    return after_trick(view, 0, (2, "TRO6"), (0, "TRO9"), (1, "GIA9"))


def hand(lang: Language, seat: int, held: tuple[CardFace, ...]) -> HandView:
    """The hand of the player at ``seat``, waiting for their turn."""
    return HandView(lang=lang, name=NAMES[seat], seat=seat, hand=held)


def all_playable(held: tuple[CardFace, ...]) -> frozenset[str]:
    """Every card held, to play or discard."""
    return frozenset(card.id for card in held)


@hand_views.add("hand-13-cards-lead")
def thirteen_cards_to_lead(lang: Language) -> HandView:
    held = cards(
        "DOP3",
        "DOP9",
        "DWA0",
        "DWA4",
        "DWA7",
        "GOB0a",
        "GOB0c",
        "GOB6",
        "GOB9",
        "KNI2",
        "KNI5",
        "UND1",
        "UND7",
    )
    return replace(hand(lang, 0, held), action="play", playable=all_playable(held))


@hand_views.add("hand-follow-goblins")
def following_goblins(lang: Language) -> HandView:
    held = cards("DOP3", "DWA4", "DWA7", "GOB0c", "GOB6", "KNI2", "KNI5", "UND1", "UND7")
    return replace(
        hand(lang, 1, held),
        action="play",
        playable=frozenset({"GOB0c", "GOB6", "DOP3"}),
        lead=c("GOB5"),
        followers=cards("DWA2", "GOB3", "KNI9", "UND4"),
        drawn=cards("KNI9"),
    )


@hand_views.add("hand-seer-peek")
def seer_peeking(lang: Language) -> HandView:
    return replace(
        hand(lang, 3, cards("AUT2", "DRA5", "GIA3b", "SEE1", "TRO0")),
        action="take",
        prize=cards("GNO5b", "UND6"),
        peek=c("DRA8"),
        followers=cards("AUT6", "GIA9", "GNO1c", "SEE5"),
    )


@hand_views.add("hand-automatic-discard")
def automatic_discard(lang: Language) -> HandView:
    held = cards("AUT1", "DRA3", "GIA5a", "GNO7a", "SEE9", "UND2")
    followers = cards("AUT0", "DRA6", "GNO3a", "TRO7", "UND8")
    return replace(
        hand(lang, 2, held), action="discard", playable=all_playable(held), followers=followers
    )


@hand_views.add("hand-phase-2-waiting")
def waiting_in_phase_two(lang: Language) -> HandView:
    held = cards("BAR2", "BAR7", "GIA7a", "GNO5a", "GNO5c", "GRI8", "RAC1", "RAC12", "VIK4", "VIK9")
    return replace(hand(lang, 1, held), phase="p2")


@hand_views.add("hand-loot")
def choosing_loot(lang: Language) -> HandView:
    return replace(hand(lang, 0, ()), phase="loot", action="loot", loot=("GRI", "TRO"))


def samples() -> Iterator[tuple[str, Image.Image]]:
    """Every view in English, then in German (named ``…-de``)."""
    for lang, suffix in each_language():
        for name, view in (*table_views(lang), *more_table_views(lang)):
            yield name + suffix, draw_table(view)
        for name, mine in hand_views(lang):
            yield name + suffix, draw_hand(mine)
