"""The bot only reads the built page: without it, the error says what to do; in a
checkout whose page was edited since it was built, the log says how to build it again."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from bot.activity import page_build


@pytest.fixture
def page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A page's folder with its sources, built at time 1000 (its sources at 500)."""
    folder = tmp_path / "page"
    for name in ("package.json", "package-lock.json", "build.ts", "index.html", "src/main.ts"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("source")
        os.utime(folder / name, (500, 500))
    (folder / "dist").mkdir()
    for name in page_build.OUTPUTS:
        (folder / "dist" / name).write_text("built")
        os.utime(folder / "dist" / name, (1000, 1000))
    monkeypatch.setattr(page_build, "PAGE", folder)
    monkeypatch.setattr(page_build, "DIST", folder / "dist")
    monkeypatch.setattr(page_build, "INSTALLED", folder / "node_modules" / ".package-lock.json")
    return folder


def test_the_built_page_is_read_as_it_is(page: Path, caplog: pytest.LogCaptureFixture) -> None:
    assert page_build.built_page() == page / "dist"
    assert caplog.records == []


def test_a_package_without_its_page_says_how_to_get_it(page: Path) -> None:
    (page / "dist" / "app.js").unlink()
    with pytest.raises(page_build.PageMissing) as missing:
        page_build.built_page()
    said = str(missing.value)
    assert said.startswith(f"the Activity's page is not built: {page / 'dist'} lacks ")
    assert "Install the package again" in said and "\n" not in said


def test_a_checkout_whose_page_changed_since_its_build_says_to_build_it_again(
    page: Path, caplog: pytest.LogCaptureFixture
) -> None:
    os.utime(page / "src" / "main.ts", (2000, 2000))
    # An installed package has no tools to build with: its sources' times say nothing.
    with caplog.at_level(logging.WARNING):
        assert page_build.built_page() == page / "dist"
    assert caplog.records == []
    (page / "node_modules").mkdir()
    (page / "node_modules" / ".package-lock.json").write_text("{}")
    with caplog.at_level(logging.WARNING):
        assert page_build.built_page() == page / "dist"
    (record,) = caplog.records
    assert "older than its sources: python -m bot.activity.page_build" in record.getMessage()
