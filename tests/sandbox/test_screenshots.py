"""The documentation's screenshots (``python -m scripts.screenshots``): one run, with a
sandbox and a Chromium of its own, writes every picture the docs name and nothing else,
each a PNG of the size its kind has."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from scripts import screenshots
from scripts.screenshots import PICTURES, make_pictures

pytestmark = [pytest.mark.browser, pytest.mark.long(seconds=120)]

WHOLE_PAGES = {
    "phone.png": (390, 844),
    "dm-notice-phone.png": (390, 844),
    "my-games-phone.png": (390, 844),
    "lesson-phone.png": (390, 844),
    "sandbox.png": (1280, 800),
    "board-claimit.png": (1280, 800),
    "board-nuggets.png": (1280, 800),
    "board-claim.png": (1280, 800),
    "board-lesson.png": (1280, 800),
    "board-drill.png": (1280, 800),
}
"""The pictures of the whole page: exactly the window they were taken in."""


async def test_every_picture_the_docs_name_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The replay pictured at its first step on, not its sixth: the same pictures of the
    # same sizes, without waiting five more of the animation's steps out (a tenth of the
    # test's time, spent asleep).
    monkeypatch.setattr(screenshots, "REPLAY_STEPS", 1)
    out = tmp_path / "images"
    written = await make_pictures(out)

    assert sorted(path.name for path in out.iterdir()) == sorted(PICTURES)
    assert [picture.name for picture in written] == list(PICTURES)
    for picture in written:
        with Image.open(out / picture.name) as image:
            assert image.format == "PNG", picture
            assert image.size == (picture.width, picture.height), picture
            if picture.name in WHOLE_PAGES:
                assert image.size == WHOLE_PAGES[picture.name], picture
            else:
                # One message: within a desktop's width, and more than a line of text.
                width, height = image.size
                assert 200 <= width <= 1280 and height >= 100, picture
        assert picture.size == (out / picture.name).stat().st_size
