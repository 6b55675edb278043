"""The schema's statements as the bot runs them: for the features in the repository,
read from ``schema_sql.json``, which ``scripts/schema_sql.py`` makes from the
declaration (``schema``, ``migrations``) and a test keeps equal to it. The bot's
process so never imports SQLAlchemy and the tables' declaration, some 17 MiB it would
hold for good for the few statements of its start.

Where the features found are other than those the file was made for (a feature put
beside the others, with tables of its own), the statements are made from the
declaration at start, as the file's are.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from bot.storage.found_schemas import found_schemas
from bot.storage.schema_statements import SchemaSql

SHIPPED = Path(__file__).with_name("schema_sql.json")


@cache
def _shipped() -> SchemaSql:
    return SchemaSql.from_json(SHIPPED.read_text(encoding="utf-8"))


def current() -> SchemaSql:
    """The statements for the features found: the shipped ones where they were made for
    these features, else made from the declaration now."""
    found = found_schemas()
    shipped = _shipped()
    if shipped.schemas == found:
        return shipped
    # Imported only here, where a feature beside the others has tables the shipped
    # statements lack: SQLAlchemy and the declaration are otherwise never loaded.
    from bot.storage.schema_made import schema_sql

    return schema_sql()
