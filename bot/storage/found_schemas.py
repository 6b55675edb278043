"""Which features' tables a database is made with: their modules
(``bot/features/<name>/schema.py``) by name, as the feature registry last found them.
Kept apart from the declaration, which the bot's process never loads (``schema_sql``)."""

from __future__ import annotations


class SchemaIncomplete(RuntimeError):
    """A database was to be made or migrated before the features were found: it would
    be marked at the latest version without their tables."""


_found: list[tuple[str, ...]] = []
"""The features' table modules (``bot/features/<name>/schema.py``) by name, as last
found (``schemas_found``)."""


def schemas_found(modules: tuple[str, ...]) -> None:
    """Says which table modules the features have (the feature registry says so once it
    has found every feature): those the database is made with."""
    _found[:] = [tuple(sorted(modules))]


def found_schemas() -> tuple[str, ...]:
    """The features' table modules, once the features were found."""
    if not _found:
        raise SchemaIncomplete(
            "the features' tables have not joined the schema: "
            "call bot.service.feature_registry.discovered() before opening a database"
        )
    return _found[0]
