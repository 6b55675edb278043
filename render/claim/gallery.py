"""Claim's gallery: the table and hands at sample moments (see ``render.gallery``)."""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image

from i18n import Language, english, language
from render.claim.hand_image import draw_hand
from render.claim.table_image import draw_table
from render.claim.view import CardFace, FactionResult, HandView, TableView

NAMES = ("Ada", "Björn 🎲", "Zoë the Recruiter With a Very Long Name", "Ольга")
"""A plain name, one with an emoji, one too long, one Cyrillic."""

FIRST_GAME = ("DOP", "DWA", "GOB", "KNI", "UND")
FOUR_GAME = ("AUT", "DRA", "GNO", "GIA", "SEE", "TRO", "UND")
BIG_GAME = ("BAR", "GIA", "GNO", "GRI", "RAC", "TRO", "VIK")


def c(card_id: str) -> CardFace:
    """A card from its id: ``"GOB0a"`` is a Goblin 0."""
    faction = card_id[:3]
    digits = "".join(ch for ch in card_id[3:] if ch.isdigit())
    value = int(digits)
    return CardFace(card_id, faction, value, loot=faction == "RAC" and value <= 4)


def cards(*ids: str) -> tuple[CardFace, ...]:
    return tuple(c(card_id) for card_id in ids)


def table_views(lang: Language) -> Iterator[tuple[str, TableView]]:
    two = NAMES[:2]
    yield (
        "p1-two-players",
        TableView(
            lang=lang,
            names=two,
            factions=FIRST_GAME,
            phase="p1",
            step="play",
            trick=5,
            tricks=13,
            leader=0,
            to_act=(1,),
            hand_counts=(8, 9),
            follower_counts=(4, 4),
            deck_count=17,
            discard_count=6,
            prize=cards("KNI7"),
            table=((0, c("GOB5")),),
            scores=(cards("UND3"), cards("UND0", "UND8")),
            last_trick=((1, c("UND8")), (0, c("UND3"))),
            last_winner=1,
        ),
    )
    yield (
        "p1-four-players-teams",
        TableView(
            lang=lang,
            names=NAMES,
            factions=FOUR_GAME,
            phase="p1",
            step="play",
            trick=3,
            tricks=9,
            leader=2,
            to_act=(0,),
            hand_counts=(7, 7, 6, 6),
            follower_counts=(2, 2, 2, 2),
            deck_count=24,
            discard_count=7,
            prize=cards("DRA9", "SEE2"),
            table=((2, c("TRO4")), (3, c("TRO8"))),
            scores=((), cards("UND5"), (), ()),
            last_trick=((1, c("UND5")), (2, c("AUT3")), (3, c("GNO9")), (0, c("UND1"))),
            last_winner=1,
        ),
    )
    yield (
        "p1-automatic-trick",
        TableView(
            lang=lang,
            names=NAMES[:3],
            factions=FOUR_GAME,
            phase="p1",
            step="discard",
            trick=6,
            tricks=12,
            leader=2,
            to_act=(0, 1),
            hand_counts=(7, 7, 6),
            follower_counts=(5, 5, 5),
            deck_count=19,
            discard_count=16,
            prize=cards("GIA7b", "TRO2"),
            places=(2, 0, 1),
            auto=True,
            discarded=(2,),
            last_trick=((1, c("AUT4")), (2, c("AUT8")), (0, c("DRA2"))),
            last_winner=2,
        ),
    )
    yield (
        "p1-seer-take",
        TableView(
            lang=lang,
            names=NAMES[:3],
            factions=FOUR_GAME,
            phase="p1",
            step="take",
            trick=8,
            tricks=12,
            leader=0,
            to_act=(1,),
            hand_counts=(4, 4, 4),
            follower_counts=(7, 7, 7),
            deck_count=13,
            discard_count=21,
            prize=cards("GNO5b", "UND6"),
            table=((0, c("SEE3")), (1, c("SEE7")), (2, c("GIA1a"))),
            places=(1, 0, 2),
        ),
    )
    p2_scores = (
        cards("BAR3", "BAR4", "BAR5", "GIA3a", "GRI3", "GRI7", "VIK3", "RAC2", "TRO9"),
        cards("BAR9", "GIA5a", "GIA9", "VIK0", "VIK6", "RAC11", "RAC7", "GRI5"),
        cards("BAR1", "BAR2", "VIK8", "RAC3", "GIA1a"),
    )
    yield (
        "p2-score-piles",
        TableView(
            lang=lang,
            names=NAMES[:3],
            factions=BIG_GAME,
            phase="p2",
            step="play",
            trick=7,
            tricks=12,
            leader=1,
            to_act=(2,),
            hand_counts=(6, 5, 6),
            follower_counts=(0, 0, 0),
            deck_count=0,
            discard_count=24,
            table=((1, c("GNO7a")),),
            scores=p2_scores,
            gnomes=(cards("GNO1a", "GNO3b", "GNO3c"), (), cards("GNO9")),
            trolls=cards("TRO2", "TRO6"),
            last_trick=((0, c("GIA7a")), (1, c("TRO5")), (2, c("GRI1"))),
            last_winner=0,
        ),
    )
    yield (
        "game-over-teams",
        TableView(
            lang=lang,
            names=NAMES,
            factions=FOUR_GAME,
            phase="over",
            step="over",
            trick=None,
            tricks=9,
            leader=3,
            to_act=(),
            hand_counts=(0, 0, 0, 0),
            follower_counts=(0, 0, 0, 0),
            deck_count=0,
            discard_count=22,
            scores=(
                cards("AUT1", "AUT5", "DRA3", "SEE1", "SEE4", "UND2", "UND7"),
                cards("AUT7", "DRA7", "DRA8", "GNO3a", "TRO5", "TRO9"),
                cards("GIA3a", "GIA5b", "SEE8", "UND4", "GNO1b"),
                cards("DRA1", "GNO7b", "GNO7c", "TRO1", "SEE6", "UND9"),
            ),
            winners=(0, 2),
            results=(
                FactionResult("AUT", (2, 1), 0),
                FactionResult("DRA", (1, 3), 1),
                FactionResult("GIA", (2, 0), 0),
                FactionResult("GNO", (1, 3), 1),
                FactionResult("SEE", (3, 1), 0),
                FactionResult("TRO", (0, 3), 1),
                FactionResult("UND", (3, 1), 0, "most"),
            ),
            last_trick=((2, c("UND4")), (3, c("TRO1")), (0, c("UND2")), (1, c("TRO9"))),
            last_winner=1,
        ),
    )
    yield (
        "game-over-two",
        TableView(
            lang=lang,
            names=two,
            factions=FIRST_GAME,
            phase="over",
            step="over",
            trick=None,
            tricks=13,
            leader=0,
            to_act=(),
            hand_counts=(0, 0),
            follower_counts=(0, 0),
            deck_count=0,
            discard_count=20,
            scores=(
                cards(
                    "DOP1", "DOP4", "DWA2", "DWA5", "DWA9", "GOB0a", "GOB7", "KNI8", "UND0", "UND5"
                ),
                cards(
                    "DOP2", "DOP8", "DWA3", "DWA4", "DWA6", "GOB0b", "KNI2", "KNI3", "UND6", "UND1"
                ),
            ),
            winners=(0,),
            results=(
                FactionResult("DOP", (2, 2), 1, "high"),
                FactionResult("DWA", (3, 3), 0, "high"),
                FactionResult("GOB", (2, 1), 0),
                FactionResult("KNI", (1, 2), 1),
                FactionResult("UND", (2, 2), 0, "high"),
            ),
            last_trick=((1, c("DWA6")), (0, c("DWA9"))),
            last_winner=0,
        ),
    )


def more_table_views(lang: Language) -> Iterator[tuple[str, TableView]]:
    yield (
        "p2-four-players-new-trick",
        TableView(
            lang=lang,
            names=NAMES,
            factions=FOUR_GAME,
            phase="p2",
            step="play",
            trick=4,
            tricks=9,
            leader=0,
            to_act=(0,),
            hand_counts=(6, 6, 6, 6),
            follower_counts=(0, 0, 0, 0),
            deck_count=0,
            discard_count=37,
            scores=(
                cards("AUT1", "DRA3", "SEE4", "UND2"),
                cards("AUT7", "DRA7", "TRO5"),
                cards("GIA3a", "GIA5b", "SEE8", "UND4"),
                cards("DRA1", "TRO1", "SEE6"),
            ),
            gnomes=((), cards("GNO3a", "GNO5a"), (), cards("GNO7b", "GNO7c")),
            trolls=cards("TRO8"),
            # Björn's Giant 7 and Ольга's Giant 1 smashed Zoë's Gnome 1; Ada's Dragon came
            # last, so Ada leads.
            last_trick=((1, c("GIA7a")), (2, c("GNO5a")), (3, c("GIA1b")), (0, c("DRA9"))),
            last_winner=1,
        ),
    )
    three = ("Ada", "王小明", "Ольга")
    piles = (
        cards("BAR3", "BAR4", "BAR5", "GIA3a", "GNO3a", "GRI3", "VIK3", "VIK7", "RAC2", "TRO9"),
        cards("BAR1", "BAR2", "BAR6", "BAR9", "GIA5a", "GIA9", "GNO1a", "VIK0", "RAC11", "RAC7"),
        cards("BAR7", "GIA1a", "GNO9", "GRI5", "GRI8", "RAC3", "TRO2", "TRO6", "VIK8"),
    )
    yield (
        "loot-choice",
        TableView(
            lang=lang,
            names=three,
            factions=BIG_GAME,
            phase="loot",
            step="loot",
            trick=None,
            tricks=12,
            leader=2,
            to_act=(0,),
            hand_counts=(0, 0, 0),
            follower_counts=(0, 0, 0),
            deck_count=0,
            discard_count=31,
            scores=piles,
            last_trick=((2, c("TRO6")), (0, c("TRO9")), (1, c("GIA9"))),
            last_winner=0,
        ),
    )
    yield (
        "game-over-three",
        TableView(
            lang=lang,
            names=three,
            factions=BIG_GAME,
            phase="over",
            step="over",
            trick=None,
            tricks=12,
            leader=2,
            to_act=(),
            hand_counts=(0, 0, 0),
            follower_counts=(0, 0, 0),
            deck_count=0,
            discard_count=31,
            scores=piles,
            winners=(0,),
            results=(
                FactionResult("BAR", (3, 4, 1), 0, "run"),
                FactionResult("GIA", (1, 2, 1), 1),
                FactionResult("GNO", (1, 1, 1), 2, "high"),
                FactionResult("GRI", (2, 0, 2), None, "tie"),
                FactionResult("RAC", (1, 2, 1), 1),
                FactionResult("TRO", (1, 0, 2), 2),
                FactionResult("VIK", (4, 1, 2), 0),
            ),
            last_trick=((2, c("TRO6")), (0, c("TRO9")), (1, c("GIA9"))),
            last_winner=0,
        ),
    )


def hand_views(lang: Language) -> Iterator[tuple[str, HandView]]:
    thirteen = cards(
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
    yield (
        "hand-13-cards-lead",
        HandView(
            lang=lang,
            name=NAMES[0],
            seat=0,
            hand=thirteen,
            action="play",
            playable=frozenset(card.id for card in thirteen),
        ),
    )
    follow = cards("DOP3", "DWA4", "DWA7", "GOB0c", "GOB6", "KNI2", "KNI5", "UND1", "UND7")
    yield (
        "hand-follow-goblins",
        HandView(
            lang=lang,
            name=NAMES[1],
            seat=1,
            hand=follow,
            action="play",
            playable=frozenset({"GOB0c", "GOB6", "DOP3"}),
            lead=c("GOB5"),
            followers=cards("DWA2", "GOB3", "KNI9", "UND4"),
            drawn=cards("KNI9"),
        ),
    )
    yield (
        "hand-seer-peek",
        HandView(
            lang=lang,
            name=NAMES[3],
            seat=3,
            hand=cards("AUT2", "DRA5", "GIA3b", "SEE1", "TRO0"),
            action="take",
            prize=cards("GNO5b", "UND6"),
            peek=c("DRA8"),
            followers=cards("AUT6", "GIA9", "GNO1c", "SEE5"),
        ),
    )
    yield (
        "hand-automatic-discard",
        HandView(
            lang=lang,
            name=NAMES[2],
            seat=2,
            hand=cards("AUT1", "DRA3", "GIA5a", "GNO7a", "SEE9", "UND2"),
            action="discard",
            playable=frozenset({"AUT1", "DRA3", "GIA5a", "GNO7a", "SEE9", "UND2"}),
            followers=cards("AUT0", "DRA6", "GNO3a", "TRO7", "UND8"),
        ),
    )
    yield (
        "hand-phase-2-waiting",
        HandView(
            lang=lang,
            name=NAMES[1],
            seat=1,
            phase="p2",
            hand=cards(
                "BAR2", "BAR7", "GIA7a", "GNO5a", "GNO5c", "GRI8", "RAC1", "RAC12", "VIK4", "VIK9"
            ),
        ),
    )
    yield (
        "hand-loot",
        HandView(
            lang=lang,
            name=NAMES[0],
            seat=0,
            phase="loot",
            hand=(),
            action="loot",
            loot=("GRI", "TRO"),
        ),
    )


def samples() -> Iterator[tuple[str, Image.Image]]:
    """Every view in English, then in German (named ``…-de``), whose longer words must fit
    as well."""
    for lang, suffix in ((english(), ""), (language("de"), "-de")):
        for name, view in (*table_views(lang), *more_table_views(lang)):
            yield name + suffix, draw_table(view)
        for name, hand in hand_views(lang):
            yield name + suffix, draw_hand(hand)
