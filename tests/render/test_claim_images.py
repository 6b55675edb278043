"""Claim's table and hand images, read through their scenes (what is pasted where, every
text and its box) and their pixels."""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import random
import typing
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageStat

from i18n import english, language
from render.claim import CardFace, FactionResult, HandView, TableView, geometry, pictures, sprites
from render.claim import colors as claim_colors
from render.claim.gallery import c, cards, hand_views, more_table_views, samples, table_views
from render.claim.hand_image import draw_hand, groups
from render.claim.hand_image import labels as hand_labels
from render.claim.hand_image import scene as hand_scene
from render.claim.pictures import render_hand, render_table
from render.claim.scene import Scene
from render.claim.sprites import Size
from render.claim.table_image import CAPTION_SIZE, draw_table, labels, name_shown, scene
from render.claim.view import FACTIONS
from render.common import palette
from render.common.fonts import text_width
from render.common.names import ELLIPSIS
from render.common.phone import PHONE_WIDTH, phone_preview
from render.common.png import encode

EN = english()
TWO = ("Ann", "Bo")
FOUR = ("Ann", "Bo", "Cy", "Di")


def table(**fields: object) -> TableView:
    """Two seats, phase 1, trick 1, Ann to lead, with ``fields`` changed."""
    players = len(typing.cast("tuple[str, ...]", fields.get("names", TWO)))
    base: dict[str, object] = {
        "names": TWO,
        "factions": ("DOP", "DWA", "GOB", "KNI", "UND"),
        "phase": "p1",
        "step": "play",
        "trick": 1,
        "tricks": 13,
        "leader": 0,
        "to_act": (0,),
        "hand_counts": (13,) * players,
        "follower_counts": (0,) * players,
        "deck_count": 26 - players,
        "prize": cards("KNI7") if players == 2 else cards("KNI7", "GOB2"),
        "lang": EN,
    }
    return TableView(**{**base, **fields})  # type: ignore[arg-type]


def hand(**fields: object) -> HandView:
    base: dict[str, object] = {
        "name": "Ann",
        "seat": 0,
        "hand": cards("DOP3", "DWA4", "GOB0a", "GOB6", "KNI5", "UND7"),
        "lang": EN,
    }
    return HandView(**{**base, **fields})  # type: ignore[arg-type]


def sprite_boxes(s: Scene, what: str) -> list[tuple[int, int, int, int]]:
    return [sprite.box for sprite in s.sprites if sprite.what == what]


def texts(found: list[typing.Any]) -> list[str]:
    return [label.text for label in found]


# Sizes -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_is_640_wide_and_grows_with_the_players(players: int) -> None:
    view = table(names=FOUR[:players])
    image = draw_table(view)
    assert image.size == (geometry.WIDTH, scene(view).height) == (640, image.height)
    if players < 4:
        bigger = draw_table(table(names=FOUR[: players + 1]))
        assert bigger.height > image.height
    assert image.height * PHONE_WIDTH / geometry.WIDTH < 400


def test_every_sample_renders_as_a_png_of_at_most_150_kib() -> None:
    names = []
    for name, image in samples():
        names.append(name)
        assert image.width == geometry.WIDTH
        assert image.mode == "RGB"
        data = encode(image)
        assert data.startswith(b"\x89PNG")
        assert len(data) <= 150 * 1024, name
    assert len(names) == len(set(names)) >= 12


def test_render_functions_return_the_encoded_drawing() -> None:
    view, mine = table(), hand()
    assert render_table(view) == pictures.TABLE.encode(draw_table(view))
    assert render_hand(mine) == pictures.HAND.encode(draw_hand(mine))


def test_the_phone_preview_is_300_px_wide_and_keeps_the_proportions() -> None:
    for _, image in samples():
        preview = phone_preview(image)
        assert preview.width == PHONE_WIDTH
        assert abs(preview.height - image.height * PHONE_WIDTH / image.width) <= 1


# Legibility --------------------------------------------------------------------------------

SCALE = PHONE_WIDTH / geometry.WIDTH
READABLE = 8.0
"""Smallest font size, in pixels on the phone, that any text may have."""


def test_every_text_is_at_least_8_px_on_a_phone_and_card_values_much_larger() -> None:
    for _, view in (*table_views(EN), *more_table_views(EN)):
        for label in labels(view):
            assert label.size * SCALE >= READABLE, label
    for _, mine in hand_views(EN):
        for label in hand_labels(mine):
            assert label.size * SCALE >= READABLE, label
    assert Size.TABLE.value.value_size * SCALE >= 19
    assert Size.HAND.value.value_size * SCALE >= 18
    assert Size.MINI.value.value_size * SCALE >= 12
    assert Size.TABLE.width * SCALE >= 39


def test_every_text_fits_its_box() -> None:
    views = [view for _, view in (*table_views(EN), *more_table_views(EN))]
    found = [*(label for view in views for label in labels(view))]
    found += [label for _, mine in hand_views(EN) for label in hand_labels(mine)]
    for label in found:
        left, _, right, _ = label.box
        assert text_width(label.text, label.face, label.size) <= right - left + 1, label


def rgb(image: Image.Image) -> list[tuple[int, int, int]]:
    pixels = list(image.convert("RGB").get_flattened_data())
    return typing.cast("list[tuple[int, int, int]]", pixels)


def near(pixel: tuple[int, int, int], color: palette.Color, tolerance: int) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(pixel, color, strict=True))


def ink_mask(image: Image.Image, ink: palette.Color, tolerance: int) -> Image.Image:
    """White where ``image`` has the colour ``ink``."""
    mask = Image.new("L", image.size)
    mask.putdata([255 if near(pixel, ink, tolerance) else 0 for pixel in rgb(image)])
    return mask


def ink_height(image: Image.Image, box: tuple[int, int, int, int], ink: palette.Color) -> int:
    bounds = ink_mask(image.crop(box), ink, 60).getbbox()
    assert bounds is not None
    return bounds[3] - bounds[1]


@pytest.mark.parametrize("faction", ["UND", "PEA", "KNI", "DRA"])
def test_a_card_value_on_the_table_is_at_least_12_px_tall_on_a_phone(faction: str) -> None:
    card = sprites.card(CardFace(f"{faction}8", faction, 8), EN)
    digits = ink_height(card, (10, 6, card.width - 10, 44), claim_colors.ink(sprites.body(faction)))
    assert digits * SCALE >= 12


def test_every_faction_has_ink_that_contrasts_4_to_1_with_its_card() -> None:
    for faction in FACTIONS:
        body = claim_colors.FACTION[faction]
        assert claim_colors.contrast(body, claim_colors.ink(body)) >= 4.2, faction


def test_the_faction_colours_spread_over_light_and_dark() -> None:
    lightness = sorted(claim_colors.luminance(claim_colors.FACTION[f]) for f in FACTIONS)
    assert lightness[0] < 0.05 and lightness[-1] > 0.7
    dark = sum(value < 0.2 for value in lightness)
    assert 5 <= dark <= 12, "both dark cards with white ink and light ones with black ink"


# Factions told apart without colour ----------------------------------------------------------


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two grey pictures, 0-255."""
    return float(ImageStat.Stat(ImageChops.difference(a, b)).mean[0])


def test_the_17_emblems_differ_pairwise_in_shape() -> None:
    masks = {faction: sprites.emblem_mask(faction, 48) for faction in FACTIONS}
    for a, b in itertools.combinations(FACTIONS, 2):
        assert difference(masks[a], masks[b]) >= 25, (a, b)


def test_cards_of_equal_value_differ_in_grey_even_where_colour_is_lost() -> None:
    # The ink shapes (emblem, letters) alone, which is what a colour-blind eye reads.
    def shapes(faction: str) -> Image.Image:
        card = sprites.card(CardFace(f"{faction}5", faction, 5), EN)
        return ink_mask(card, claim_colors.ink(sprites.body(faction)), 70)

    masks = {faction: shapes(faction) for faction in FACTIONS}
    for a, b in itertools.combinations(FACTIONS, 2):
        assert difference(masks[a], masks[b]) >= 12, (a, b)


def test_a_loot_raccoon_shows_its_coin() -> None:
    plain = sprites.card(CardFace("RAC3", "RAC", 3), EN)
    loot = sprites.card(CardFace("RAC3", "RAC", 3, loot=True), EN)
    corner = (plain.width - 24, 0, plain.width, 24)
    assert difference(plain.convert("L").crop(corner), loot.convert("L").crop(corner)) > 20
    assert any(near(pixel, claim_colors.LOOT, 20) for pixel in rgb(loot.crop(corner)))


# Nothing private on the table --------------------------------------------------------------


def test_the_table_image_takes_only_the_public_view() -> None:
    for function in (draw_table, render_table, scene, labels):
        parameters = inspect.signature(function).parameters
        # An album is the game's id, to draw its table where it changed: no game data.
        assert list(parameters) == (["view", "album"] if function is render_table else ["view"])
        assert typing.get_type_hints(function)["view"] is TableView
    public = {field.name for field in dataclasses.fields(TableView)}
    private = {field.name for field in dataclasses.fields(HandView)} - {
        "name",
        "phase",
        "prize",
        "lang",
    }
    assert not public & private, public & private
    assert not {"hand", "hands", "followers", "peek", "drawn", "deck"} & public


def test_counts_are_all_the_table_says_of_hands_and_follower_piles() -> None:
    view = table(hand_counts=(8, 9), follower_counts=(4, 5))
    rows = {label.text for label in labels(view)}
    assert {"8", "9", "4", "5"} <= rows


# The table ---------------------------------------------------------------------------------


def row_labels(view: TableView, seat: int) -> list[str]:
    """The texts on the line of the seat's name in the players' table."""
    found = labels(view)
    name = next(
        label
        for label in found
        if label.text == name_shown(view, seat, label.size, label.box[2] - label.box[0])
        and label.size == 22
    )
    middle = (name.box[1] + name.box[3]) / 2
    return [label.text for label in found if label.box[1] < middle < label.box[3]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_has_its_name_and_counts_on_its_row(players: int) -> None:
    names = ("Ann", "Bo", "Cy", "Di")[:players]
    view = table(
        names=names,
        hand_counts=tuple(10 + seat for seat in range(players)),
        follower_counts=tuple(3 + seat for seat in range(players)),
    )
    for seat in range(players):
        row = row_labels(view, seat)
        assert names[seat] in row
        assert str(10 + seat) in row and str(3 + seat) in row
    icons = [sprite.what for sprite in scene(view).sprites]
    for seat in range(players):
        assert f"icon:{seat}" in icons


def test_the_trick_is_shown_in_play_order_from_the_lead_with_the_next_place_to_play() -> None:
    view = table(
        names=FOUR,
        factions=("AUT", "DRA", "GIA", "GNO", "SEE", "TRO", "UND"),
        leader=2,
        to_act=(0,),
        prize=cards("DRA9", "SEE2"),
        table=((2, c("TRO4")), (3, c("TRO8"))),
    )
    s = scene(view)
    four, eight = sprite_boxes(s, "TRO4")[0], sprite_boxes(s, "TRO8")[0]
    slots = sprite_boxes(s, "slot")
    assert four[0] < eight[0] < min(box[0] for box in slots)
    assert len(slots) == 2
    found = texts(labels(view))
    assert "lead" in found and "to play" in found
    lead = next(label for label in labels(view) if label.text == "lead")
    assert lead.box[0] <= four[0] and four[2] <= lead.box[2]
    prizes = sprite_boxes(s, "DRA9") + sprite_boxes(s, "SEE2")
    assert len(prizes) == 2 and max(box[2] for box in prizes) < four[0]
    assert "prizes" in found
    assert "follow Trolls" in found, "no Doppelgängers in this game"


def test_the_next_player_s_place_is_outlined_in_blurple() -> None:
    view = table(table=((0, c("GOB5")),), to_act=(1,))
    image = draw_table(view)
    box = sprite_boxes(scene(view), "slot")[-1]
    edge = image.getpixel((box[0] + 2, (box[1] + box[3]) // 2))
    assert edge == palette.CHOICE


def test_four_players_show_teams_with_partners_together() -> None:
    view = table(names=FOUR, to_act=(0,))
    found = labels(view)
    team_a = next(label for label in found if label.text == "Team A")
    team_b = next(label for label in found if label.text == "Team B")
    rows = {
        seat: next(label for label in found if label.text == FOUR[seat] and label.size == 22)
        for seat in range(4)
    }
    assert team_a.box[1] < rows[0].box[1] < rows[2].box[1] < team_b.box[1]
    assert team_b.box[1] < rows[1].box[1] < rows[3].box[1]
    assert "Team A" not in texts(labels(table(names=FOUR[:3])))


def test_phase_2_counts_score_piles_by_faction_in_the_right_columns() -> None:
    view = dict(table_views(EN))["p2-score-piles"]
    s = scene(view)
    found = labels(view)
    tiles = {sprite.what[5:]: sprite.box for sprite in s.sprites if sprite.what.startswith("tile:")}
    assert set(tiles) == set(view.factions)
    ada = next(label for label in found if label.text == "Ada" and label.size == 22)
    middle = (ada.box[1] + ada.box[3]) / 2

    def in_column(faction: str) -> str:
        left, _, right, _ = tiles[faction]
        return next(
            label.text
            for label in found
            if label.box[1] < middle < label.box[3]
            and label.box[0] <= (left + right) / 2 <= label.box[2]
        )

    assert in_column("BAR") == "3"
    assert in_column("GRI") == "2"
    assert in_column("GNO") == "(3)", "the Gnome display, in brackets"
    assert in_column("VIK") == "1"


def test_the_strip_shows_the_last_trick_trolls_gnome_displays_and_griffins() -> None:
    view = dict(table_views(EN))["p2-score-piles"]
    s = scene(view)
    found = texts(labels(view))
    for caption in ("last trick", "won by", "Trolls lying out", "Gnome displays", "Griffins: +5"):
        assert caption in found
    assert view.last_winner is not None
    winner = name_shown(view, view.last_winner, CAPTION_SIZE, 240)
    assert found[found.index("won by") + 1] == winner, "the trick's winner is named"
    for card in ("GIA7a", "TRO5", "GRI1", "TRO2", "TRO6", "GNO1a", "GNO9", "GRI3", "GRI7", "GRI5"):
        assert sprite_boxes(s, card), card
    strip_cards = [sprite for sprite in s.sprites if sprite.image.size == (42, 58)]
    assert all(box.box[2] <= geometry.RIGHT for box in strip_cards)
    trolls = [sprite_boxes(s, troll)[0] for troll in ("TRO6", "TRO2")]
    assert trolls[0][0] < trolls[1][0], "highest Troll first: the next winner takes it"


def test_the_strip_never_draws_outside_its_width_with_many_gnomes() -> None:
    gnomes = cards(
        "GNO1a", "GNO1b", "GNO1c", "GNO3a", "GNO3b", "GNO3c", "GNO5a", "GNO5b", "GNO5c", "GNO7a"
    )
    view = table(
        names=("Ann", "Bo", "Cy"),
        factions=("AUT", "DRA", "GIA", "GNO", "SEE", "TRO", "UND"),
        phase="p2",
        prize=(),
        deck_count=0,
        gnomes=(gnomes, cards("GNO7b", "GNO7c"), cards("GNO9")),
        trolls=cards("TRO0", "TRO1", "TRO2", "TRO3", "TRO4", "TRO5", "TRO6"),
    )
    s = scene(view)
    for sprite in s.sprites:
        assert sprite.box[0] >= geometry.MARGIN and sprite.box[2] <= geometry.RIGHT, sprite.what
    boxes = [sprite.box for sprite in s.sprites if sprite.what.startswith(("GNO", "TRO"))]
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_an_automatic_trick_shows_face_down_discards_in_its_places() -> None:
    view = dict(table_views(EN))["p1-automatic-trick"]
    s = scene(view)
    backs, slots = sprite_boxes(s, "back"), sprite_boxes(s, "slot")
    assert len(backs) == 1 and len(slots) == 2
    assert backs[0][0] < min(box[0] for box in slots), "the Automaton winner first"
    found = texts(labels(view))
    assert {"1st", "2nd", "3rd", "Everyone discards"} <= set(found)


def test_a_take_frames_the_winner_and_names_the_seer_choice() -> None:
    view = dict(table_views(EN))["p1-seer-take"]
    s = scene(view)
    winner = sprite_boxes(s, "SEE7")[0]
    frame = next(frame for frame in s.frames if frame.outline == palette.GOLD)
    assert frame.box[0] < winner[0] and winner[2] < frame.box[2]
    assert "Seer: a prize or the top card of the deck" in texts(labels(view))


def test_game_over_marks_each_faction_s_winner_and_why() -> None:
    view = dict(more_table_views(EN))["game-over-three"]
    found = labels(view)
    assert "Ada wins!" in texts(found)
    assert {"run", "high", "tie", "won by"} <= set(texts(found))
    won = [frame for frame in scene(view).frames if frame.fill == claim_colors.WON_CELL]
    assert len(won) == sum(result.winner is not None for result in view.results)


def test_team_game_over_counts_votes_on_the_team_rows() -> None:
    view = dict(table_views(EN))["game-over-teams"]
    found = labels(view)
    assert "Team A wins!" in texts(found)
    team_a = next(label for label in found if label.text == "Team A")
    middle = (team_a.box[1] + team_a.box[3]) / 2
    on_row = [label.text for label in found if label.box[1] < middle < label.box[3]]
    assert on_row.count("3") >= 2 and "4" in on_row  # SEE and UND votes, 4 factions won


def test_the_status_names_whose_turn_it_is() -> None:
    assert "Ann leads" in texts(labels(table()))
    follow = texts(labels(table(table=((0, c("GOB5")),), to_act=(1,))))
    assert "Bo to play" in follow
    assert "follow Goblins (or a Doppelgänger)" in follow
    assert "Trick 1/13" in texts(labels(table()))


# Names -------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["en", "de"])
def test_every_headline_names_a_computer_player_whole_with_four_seats(code: str) -> None:
    """The status shrinks its headline rather than cut a computer player's name (its
    level in brackets), whatever the seat does: lead, play, take, pick its loot, win."""
    lang = language(code)
    for level in ("easy", "normal", "hard"):
        name = lang._("Bot {number} ({level})", number=4, level=lang.pgettext("level", level))
        names = ("Ann", "Bo", "Cy", name)
        base = table(names=names, leader=3, to_act=(3,), lang=lang)
        trick = ((3, c("SEE5")), (0, c("GOB5")), (1, c("GOB6")), (2, c("GOB7")))
        for view in (
            base,
            dataclasses.replace(base, table=((0, c("GOB5")),), leader=0),
            dataclasses.replace(base, step="take", table=trick, places=(3, 0, 1, 2)),
            dataclasses.replace(base, phase="loot", step="loot", trick=None),
            table(  # With 4 players, a team wins: the 3-player game names its winner.
                names=names[1:],
                phase="over",
                step="over",
                trick=None,
                to_act=(),
                winners=(2,),
                lang=lang,
            ),
        ):
            headline = labels(view)[0]
            assert headline.text.startswith(name), headline
            assert headline.size >= 18


def test_names_are_drawable_and_fitted() -> None:
    view = table(
        names=("Björn 🎲", "王小明", "Zoë the Recruiter With a Very Long Name", "Ольга"),
        hand_counts=(9, 9, 9, 9),
        follower_counts=(0, 0, 0, 0),
    )
    found = texts(labels(view))
    assert "Björn" in found
    assert "Player 2" in found
    assert "Ольга" in found
    assert any(text.startswith("Zoë") and text.endswith(ELLIPSIS) for text in found)
    assert not any("🎲" in text or "王" in text for text in found)


# The hand ----------------------------------------------------------------------------------


def crop(image: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    return image.convert("RGB").crop(box)


def test_the_hand_s_picture_is_the_same_whoever_s_turn_it_is_and_whatever_was_led() -> None:
    """Whose turn it is, the card to follow, what may be played and what was just drawn
    are the message's words and buttons: the picture shows the cards alone, so that it
    changes only when they do."""
    everything = frozenset(card.id for card in hand().hand)
    waiting = hand(followers=cards("KNI9", "VIK4"))
    same = [
        hand(followers=waiting.followers, action="play", playable=everything),
        hand(
            followers=waiting.followers,
            action="play",
            playable=frozenset({"GOB0a", "GOB6", "DOP3"}),
            lead=c("GOB5"),
        ),
        hand(followers=waiting.followers, action="discard", playable=everything),
        hand(followers=waiting.followers, drawn=cards("KNI9")),
    ]
    expected = draw_hand(waiting).tobytes()
    for view in same:
        assert draw_hand(view).tobytes() == expected, view


def test_the_header_says_whose_hand_it_is_and_what_the_phase_is_for() -> None:
    found = texts(hand_labels(hand(action="play", lead=c("GOB5"))))
    assert "Your hand" in found and "Ann · phase 1: win followers" in found
    assert not any("turn" in text or "lead" in text for text in found)
    found = texts(hand_labels(hand(phase="p2")))
    assert "Ann · phase 2: win the factions" in found


def test_the_hand_is_grouped_by_faction_in_catalogue_order() -> None:
    mine = hand(hand=cards("UND7", "GOB6", "DOP3", "GOB0a", "KNI5", "DWA4", "GOB0b"))
    assert [g.faction for g in groups(mine.hand)] == ["DOP", "DWA", "GOB", "KNI", "UND"]
    s = hand_scene(mine)
    order = sorted(
        (sprite.box[1], sprite.box[0], sprite.what)
        for sprite in s.sprites
        if sprite.what[:3] in FACTIONS
    )
    assert [what for _, _, what in order] == [
        "DOP3",
        "DWA4",
        "GOB0a",
        "GOB0b",
        "GOB6",
        "KNI5",
        "UND7",
    ]
    goblins = [sprite_boxes(s, card)[0] for card in ("GOB0a", "GOB0b", "GOB6")]
    within = goblins[1][0] - goblins[0][2]
    between = goblins[0][0] - sprite_boxes(s, "DWA4")[0][2]
    assert between > within
    assert {"Doppelgängers", "Dwarves", "Goblins", "Knights", "Undead"} <= set(
        texts(hand_labels(mine))
    )


def test_thirteen_cards_fit_the_width_without_overlapping() -> None:
    mine = dict(hand_views(EN))["hand-13-cards-lead"]
    s = hand_scene(mine)
    boxes = [sprite.box for sprite in s.sprites if sprite.what[:3] in FACTIONS]
    assert len(boxes) == 13
    for box in boxes:
        assert box[0] > geometry.MARGIN and box[2] < geometry.RIGHT
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    assert len({box[1] for box in boxes}) <= 3


def test_the_seer_s_peek_and_the_prizes_are_offered_side_by_side() -> None:
    mine = dict(hand_views(EN))["hand-seer-peek"]
    s = hand_scene(mine)
    prizes = sprite_boxes(s, "GNO5b") + sprite_boxes(s, "UND6")
    peek = sprite_boxes(s, "peek:DRA8")
    assert len(prizes) == 2 and len(peek) == 1
    assert {box[1] for box in prizes} == {peek[0][1]}
    found = texts(hand_labels(mine))
    assert "top of deck" in found and "only you see the top card" in found


def test_followers_are_shown_to_their_owner() -> None:
    mine = dict(hand_views(EN))["hand-follow-goblins"]
    s = hand_scene(mine)
    for card in mine.followers:
        assert sprite_boxes(s, f"follower:{card.id}")
    assert "followers · 4 face down · your hand in phase 2" in texts(hand_labels(mine))


def test_the_loot_choice_shows_the_offered_factions() -> None:
    mine = dict(hand_views(EN))["hand-loot"]
    what = [sprite.what for sprite in hand_scene(mine).sprites]
    assert "tile:GRI" in what and "tile:TRO" in what
    assert {"Griffins", "Trolls"} <= set(texts(hand_labels(mine)))


# Views and threads -------------------------------------------------------------------------


def test_views_refuse_what_cannot_be_drawn() -> None:
    with pytest.raises(ValueError):
        table(names=("Ann",), hand_counts=(1,), follower_counts=(0,))
    with pytest.raises(ValueError):
        table(to_act=(2,))
    with pytest.raises(ValueError):
        table(phase="p3")
    with pytest.raises(ValueError):
        table(phase="over", step="over")
    with pytest.raises(ValueError):
        CardFace("XYZ1", "XYZ", 1)
    with pytest.raises(ValueError):
        FactionResult("BAR", (1, 1), None, "most")
    with pytest.raises(ValueError):
        hand(playable=frozenset({"VIK9"}))


def test_concurrent_renders_give_identical_images() -> None:
    views = [view for _, view in (*table_views(EN), *more_table_views(EN))]
    expected = [render_table(view) for view in views]
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(3):
            assert list(pool.map(render_table, views)) == expected
    mine = [view for _, view in hand_views(EN)]
    expected = [render_hand(view) for view in mine]
    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(render_hand, mine)) == expected


def random_views(count: int) -> typing.Iterator[TableView | HandView]:
    """Seeded views of every shape: any phase and step, names the font cannot draw, empty
    and crowded piles."""
    rng = random.Random(7)
    deck = [
        CardFace(f"{f}{v}", f, v, loot=f == "RAC" and v <= 4) for f in FACTIONS for v in range(10)
    ]
    names = ("Ann", None, "🎲🎲", "W" * 40, "Ольга Петровна", "王小明")
    for _ in range(count):
        players = rng.randint(2, 4)
        factions = tuple(rng.sample(FACTIONS, 5 if players == 2 else 7))
        phase = rng.choice(("p1", "p2", "loot", "over"))
        step = {"p1": rng.choice(("play", "discard", "take")), "p2": "play"}.get(phase, phase)
        pool = [card for card in deck if card.faction in factions]
        rng.shuffle(pool)
        pool += pool  # enough cards for every pile below; ids may repeat across piles
        seats = tuple(range(players))
        piles = tuple(tuple(pool[i * 12 : i * 12 + rng.randint(0, 12)]) for i in seats)
        played = rng.randint(0, players - 1)
        leader = rng.randrange(players)
        over = phase == "over"
        yield TableView(
            lang=EN,
            names=tuple(rng.choice(names) for _ in seats),
            factions=factions,
            phase=phase,
            step=step,
            trick=None if phase in ("loot", "over") else rng.randint(1, 9),
            tricks=13,
            leader=leader,
            to_act=() if over else (rng.randrange(players),),
            hand_counts=tuple(rng.randint(0, 13) for _ in seats),
            follower_counts=tuple(rng.randint(0, 13) for _ in seats),
            deck_count=rng.randint(0, 36),
            prize=tuple(pool[50 : 50 + rng.randint(0, 2)]) if phase == "p1" else (),
            table=tuple(((leader + i) % players, pool[60 + i]) for i in range(played)),
            places=tuple(rng.sample(seats, players)) if step in ("take", "discard") else (),
            auto=step == "discard",
            discarded=tuple(rng.sample(seats, rng.randint(0, players)))
            if step == "discard"
            else (),
            scores=piles,
            gnomes=tuple(tuple(c for c in pile if c.faction == "GNO") for pile in piles),
            trolls=tuple(c for c in pool if c.faction == "TRO")[: rng.randint(0, 5)],
            last_trick=tuple(((leader + i) % players, pool[70 + i]) for i in range(players)),
            last_winner=leader,
            winners=(rng.randrange(players),) if over else (),
            results=tuple(
                FactionResult(f, (1,) * (2 if players == 4 else players), 0) for f in factions
            )
            if over
            else (),
        )
        hand_cards = tuple(pool[:13][: rng.randint(0, 13)])
        yield HandView(
            lang=EN,
            name=rng.choice(names),
            seat=rng.randrange(4),
            hand=hand_cards,
            action=rng.choice((None, "play", "discard", "take", "loot")),
            playable=frozenset(card.id for card in hand_cards if rng.random() < 0.5),
            lead=rng.choice((None, pool[20])),
            followers=tuple(pool[30 : 30 + rng.randint(0, 13)]),
            peek=rng.choice((None, pool[45])),
            prize=tuple(pool[50 : 50 + rng.randint(0, 2)]),
            drawn=tuple(pool[30:31]) + tuple(pool[59:60]),
            loot=tuple(factions[: rng.randint(0, 3)]),
            phase=rng.choice(("p1", "p2")),
        )


def test_random_views_stay_inside_the_picture_and_their_boxes() -> None:
    for view in random_views(150):
        s = scene(view) if isinstance(view, TableView) else hand_scene(view)
        for sprite in s.sprites:
            left, top, right, bottom = sprite.box
            assert left >= 0 and right <= geometry.WIDTH and top >= 0 and bottom <= s.height
        for label in s.labels:
            left, top, right, bottom = label.box
            assert text_width(label.text, label.face, label.size) <= right - left + 1, label
            assert left >= 0 and right <= geometry.WIDTH and bottom <= s.height, label
        image = s.paint()
        assert image.size == (geometry.WIDTH, s.height)
