"""The storage and service tests' fixtures, kept in ``tests/bot/service_fixtures.py``
because the features' own tests of their service (``tests/features/``) take them too."""

from tests.bot.service_fixtures import (
    clock,
    database,
    dice,
    service,
    service_clock,
    sqlite_database,
)

__all__ = ["clock", "database", "dice", "service", "service_clock", "sqlite_database"]
