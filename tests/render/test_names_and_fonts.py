"""Display names and the bundled fonts."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from PIL import Image

from i18n import english
from render.claim.gallery import samples as claim_samples
from render.claimit.geometry import WIDTH, height
from render.common.fonts import FONT_DIR, Face, _format_4, cmap_code_points, coverage, text_width
from render.common.names import ELLIPSIS, display_name, drawable
from render.common.phone import PHONE_WIDTH
from render.gallery import main as gallery
from render.gold_nuggets.gallery import views as nuggets_views
from render.gold_nuggets.geometry import WIDTH as NUGGETS_WIDTH
from render.gold_nuggets.geometry import height as nuggets_height


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
            assert full.width == WIDTH == NUGGETS_WIDTH
            assert full.height in heights
            assert preview.width == PHONE_WIDTH == 300
            assert abs(preview.height - full.height * PHONE_WIDTH / WIDTH) < 1


def test_the_gallery_needs_an_output_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert gallery([]) == 2
    assert "usage" in capsys.readouterr().err
