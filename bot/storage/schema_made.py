"""The schema's statements made from its declaration (``schema``, ``migrations``) for
the features found: what ``scripts/schema_sql.py`` ships, and what the bot makes at
start where a feature put beside the others has tables the shipped ones lack
(``schema_sql``)."""

from __future__ import annotations

from functools import cache

from bot.storage.found_schemas import found_schemas
from bot.storage.migrations import latest, upgrade
from bot.storage.schema import SCHEMA_VERSION
from bot.storage.schema_ddl import create_table
from bot.storage.schema_statements import BACKENDS, SchemaSql


def schema_sql() -> SchemaSql:
    """Every statement a database of the features found is made or migrated with."""
    return _made(found_schemas())


@cache
def _made(schemas: tuple[str, ...]) -> SchemaSql:
    last = latest()
    return SchemaSql(
        schemas,
        last,
        {backend: tuple(upgrade(0, backend)[1]) for backend in BACKENDS},
        {
            version: {backend: tuple(upgrade(version, backend)[1]) for backend in BACKENDS}
            for version in range(1, last)
        },
        create_table(SCHEMA_VERSION, "postgresql"),
    )
