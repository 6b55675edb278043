"""Display names and the bundled fonts."""

from __future__ import annotations

import dataclasses
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from bot.games import shared_words
from bot.storage import Seat
from bot.storage.game_values import Level
from i18n import LANGUAGES, Language, english, language
from render.claim import gallery as claim_gallery
from render.claim import hand_image, table_image
from render.claim.gallery import samples as claim_samples
from render.claimit import board_image
from render.claimit import gallery as claimit_gallery
from render.claimit.geometry import WIDTH, height
from render.common.fonts import FONT_DIR, Face, _format_4, cmap_code_points, coverage, text_width
from render.common.label import Label
from render.common.names import ELLIPSIS, display_name, drawable, remark
from render.common.phone import PHONE_WIDTH
from render.gallery import main as gallery
from render.gold_nuggets import table_image as nuggets_image
from render.gold_nuggets.gallery import views as nuggets_views
from render.gold_nuggets.geometry import WIDTH as NUGGETS_WIDTH
from render.gold_nuggets.geometry import height as nuggets_height
from render.league.gallery import samples as league_samples
from render.league.geometry import WIDTH as LEAGUE_WIDTH


def test_the_fonts_are_bundled_with_their_license() -> None:
    for face in Face:
        assert (FONT_DIR / face.value).is_file()
    assert "Bitstream" in (FONT_DIR / "LICENSE").read_text()


def test_both_cmap_formats_read_the_same_basic_plane() -> None:
    data = (FONT_DIR / Face.REGULAR.value).read_bytes()
    (cmap,) = (
        struct.unpack_from(">I", data, 12 + 16 * i + 8)[0]
        for i in range(struct.unpack_from(">H", data, 4)[0])
        if data[12 + 16 * i : 16 + 16 * i] == b"cmap"
    )
    offsets = {
        struct.unpack_from(">HH", data, cmap + 4 + 8 * i): struct.unpack_from(
            ">I", data, cmap + 8 + 8 * i
        )[0]
        for i in range(struct.unpack_from(">H", data, cmap + 2)[0])
    }
    bmp = _format_4(data, cmap + offsets[3, 1])
    full = cmap_code_points(data)
    assert bmp == {c for c in full if c <= 0xFFFF}
    assert {ord(c) for c in "AzÄßΩЖ"} <= full
    assert 0x4E00 not in full


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Alice", "Alice"),
        ("🎲 Bob 🔥", "Bob"),
        ("👨\u200d👩\u200d👧 Fam", "Fam"),
        ("Zoë", "Zoë"),
        ("Zoe\u0308", "Zoë"),
        ("Ольга", "Ольга"),
        ("王小明", "Player 3"),
        ("", "Player 3"),
        ("   \t ", "Player 3"),
        (None, "Player 3"),
        ("a\x00b\u202ec", "abc"),
        ("  two   spaces  ", "two spaces"),
    ],
)
def test_names_keep_only_what_the_font_draws_and_fall_back_to_player_n(
    name: str | None, shown: str
) -> None:
    assert display_name(name, 2, Face.BOLD, 19, 400, english()) == shown


def test_every_character_kept_is_one_the_font_has() -> None:
    text = drawable("Ma\u0301ria 💎 Ωmega 漢字 ★ ☃", Face.BOLD)
    assert all(ord(c) in coverage(Face.BOLD) for c in text)
    assert "漢" not in text
    assert "💎" not in text


def test_long_names_are_shortened_with_an_ellipsis_to_fit() -> None:
    long = "The Unbelievably Lucky Prospector of the Western Hills"
    shown = display_name(long, 0, Face.BOLD, 19, 200, english())
    assert shown.endswith(ELLIPSIS)
    assert long.startswith(shown[:-1])
    assert text_width(shown, Face.BOLD, 19) <= 200
    wide = display_name(long, 0, Face.BOLD, 19, 5000, english())
    assert text_width(wide, Face.BOLD, 19) > 200


def test_a_name_keeps_its_remark_in_brackets_when_shortened() -> None:
    """A computer player that took over a seat stays one: its "(bot)" is kept whole."""
    long = "Zoë the Recruiter With a Very Long Name (bot)"
    shown = display_name(long, 0, Face.BOLD, 19, 200, english())
    assert shown.endswith(ELLIPSIS + " (bot)") and long.startswith(shown[: -len(" (bot)") - 1])
    assert text_width(shown, Face.BOLD, 19) <= 200
    assert display_name(long, 0, Face.BOLD, 19, 60, english()).endswith(ELLIPSIS)
    assert display_name("Bob (he/him)", 0, Face.BOLD, 19, 400, english()) == "Bob (he/him)"


def computer_players(players: int, lang: Language) -> tuple[str, ...]:
    """A host and computer players of every level in the other seats, as a game names
    them in ``lang``."""
    host = Seat(0, 1, None, "Ann", 0)
    levels = list(Level)
    bots = [
        Seat(n, None, levels[n % 3], f"Bot {n} ({levels[n % 3]})", n) for n in range(1, players)
    ]
    return tuple(shared_words.seat_name(seat, lang) for seat in (host, *bots))


def pictures(lang: Language) -> Iterator[tuple[str, tuple[str, ...], list[Label]]]:
    """Every sample picture of every game, with computer players in all seats but the
    first: its game, the computer players' names it has, the texts it draws."""
    for _, table in [*claim_gallery.table_views(lang), *claim_gallery.more_table_views(lang)]:
        names = computer_players(table.players, lang)
        yield "claim", names[1:], table_image.labels(dataclasses.replace(table, names=names))
    for _, hand in claim_gallery.hand_views(lang):
        name = computer_players(4, lang)[hand.seat]
        if hand.seat:
            yield "claim", (name,), hand_image.labels(dataclasses.replace(hand, name=name))
    for _, view in nuggets_views():
        names = computer_players(view.players, lang)
        drawn = nuggets_image.labels(dataclasses.replace(view, names=names, lang=lang))
        yield "nuggets", names[1:], drawn
    for _, state, board in [
        *claimit_gallery.rulebook_examples(),
        *claimit_gallery.played_examples(),
    ]:
        names = computer_players(state.players, lang)
        drawn = board_image.labels(state, dataclasses.replace(board, names=names, lang=lang))
        yield "claimit", names[1:], drawn


def drawn_whole(name: str, labels: list[Label]) -> int:
    """How often ``name`` is drawn whole: in one text, or as a name and its remark in
    brackets on the line just under it (``Bot 2`` over ``(hard)``)."""
    once = sum(name in label.text for label in labels)
    parts = remark(name)
    if parts is None:
        return once
    head, tail = parts
    for upper in (label for label in labels if label.text == head):
        left, _, right, bottom = upper.box
        under = [
            label
            for label in labels
            if label.text == tail
            and abs(label.box[1] - bottom) <= 4
            and label.box[0] < right
            and left < label.box[2]
        ]
        once += len(under) == 1
    return once


@pytest.mark.parametrize("code", LANGUAGES)
def test_computer_players_names_are_drawn_whole_in_every_picture(code: str) -> None:
    """In every sample picture of every game, up to its most seats, a computer player's
    name is drawn whole wherever it is drawn (on its row of the players' table at least),
    on one line or with its level on a line under it, and never cut."""
    most: dict[str, int] = {}
    for game, names, labels in pictures(language(code)):
        drawn = [label.text for label in labels]
        most[game] = max(most.get(game, 0), len(names) + 1)
        for name in names:
            assert drawn_whole(name, labels), (game, name, drawn)
            cut = [name[:end].rstrip() + ELLIPSIS for end in range(1, len(name))]
            assert not any(short in words for short in cut for words in drawn), (game, drawn)
            head = name.split(" (")[0]
            alone = [words for words in drawn if words == head]
            assert len(alone) <= drawn_whole(name, labels), (game, name, drawn)
    assert most == {"claim": 4, "nuggets": 5, "claimit": 5}


def test_the_gallery_writes_every_games_samples_and_their_phone_previews(tmp_path: Path) -> None:
    assert gallery([str(tmp_path)]) == 0
    games = {
        "claimit": (
            [
                "example-3-candidates",
                "example-4-bust",
                "example-5-before-stop",
                "example-5-after-stop",
                "example-6-game-over",
                "five-player-mid-game",
                "five-player-bust",
                "five-player-last-round",
                "five-player-game-over",
            ],
            {height(players) for players in range(2, 6)},
        ),
        "gold_nuggets": (
            [name for name, _ in nuggets_views()],
            {nuggets_height(players) for players in range(2, 6)},
        ),
        # Claim's pictures grow with what lies on the table (tests/render/test_claim_images.py).
        "claim": (
            [name for name, _ in claim_samples()],
            {image.height for _, image in claim_samples()},
        ),
        # A tournament's standings grow with its players (tests/render/test_standings.py).
        "league": (
            [name for name, _ in league_samples()],
            {image.height for _, image in league_samples()},
        ),
    }
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(games)
    assert len(games["gold_nuggets"][0]) >= 7
    for game, (samples, heights) in games.items():
        folder = tmp_path / game
        written = sorted(p.name for p in folder.iterdir())
        assert written == sorted(
            [f"{sample}.png" for sample in samples] + [f"{sample}-300px.png" for sample in samples]
        )
        for sample in samples:
            full = Image.open(folder / f"{sample}.png")
            preview = Image.open(folder / f"{sample}-300px.png")
            assert full.width == WIDTH == NUGGETS_WIDTH == LEAGUE_WIDTH
            assert full.height in heights
            assert preview.width == PHONE_WIDTH == 300
            assert abs(preview.height - full.height * PHONE_WIDTH / WIDTH) < 1


def test_the_gallery_needs_an_output_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert gallery([]) == 2
    assert "usage" in capsys.readouterr().err
