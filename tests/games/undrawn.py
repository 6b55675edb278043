"""A game's table pictures left undrawn, for the tests of its words."""

from __future__ import annotations

import pytest

from bot.games import table_pictures


def tables_undrawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game's table pictures painted as nothing: the words alone, so that whole
    games go quickly."""

    async def undrawn(*_: object) -> bytes:
        return b""

    monkeypatch.setattr(table_pictures, "table_png", undrawn)
