"""A game's table pictures left undrawn, for the tests of its words."""

from __future__ import annotations

from types import ModuleType

import pytest


def tables_undrawn(monkeypatch: pytest.MonkeyPatch, *modules: ModuleType) -> None:
    """Each of ``modules`` (a game's face, its table pictures) given a ``table_png`` that
    draws nothing: the words alone, so that whole games go quickly."""

    async def undrawn(*_: object) -> bytes:
        return b""

    for module in modules:
        monkeypatch.setattr(module, "table_png", undrawn)
