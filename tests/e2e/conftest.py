"""The end-to-end tests' fixtures, kept in ``tests/e2e/world_fixtures.py`` because the
features' end-to-end tests (``tests/features/``) take them too."""

from tests.e2e.world_fixtures import (
    board_world,
    deferral_scaled,
    emulator,
    hang_report,
    session,
    threaded,
    world,
)

__all__ = [
    "board_world",
    "deferral_scaled",
    "emulator",
    "hang_report",
    "session",
    "threaded",
    "world",
]
