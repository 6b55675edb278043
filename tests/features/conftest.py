"""Each feature's tests, of every layer, take the fixtures they had where the layers keep
theirs: the storage and service tests' (``tests/bot/service_fixtures.py``) and the
end-to-end tests' (``tests/e2e/world_fixtures.py``), the latter's two that apply
without asking included (``hang_report``, ``deferral_scaled``). Both are harmless to a
test that is not end to end: a report of what a test hung on, written only if it hangs,
and a figure only the bot's answers to interactions read. A feature's end-to-end test
file declares its ``e2e`` mark itself, which ``tests/conftest.py`` reads as it reads the
end-to-end folder (on SQLite alone unless ``both_databases``)."""

from tests.bot.service_fixtures import (
    clock,
    database,
    dice,
    service,
    service_clock,
    sqlite_database,
)
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
    "clock",
    "database",
    "deferral_scaled",
    "dice",
    "emulator",
    "hang_report",
    "service",
    "service_clock",
    "session",
    "sqlite_database",
    "threaded",
    "world",
]
