"""Makes the schema's statements the bot ships (``bot/storage/schema_sql.json``, read by
``bot.storage.schema_sql``) from the declaration, for the features in the repository:

    .venv/bin/python -m scripts.schema_sql           # writes them
    .venv/bin/python -m scripts.schema_sql --check   # makes them, compares

Run it after changing a table, a migration step or a feature's tables; ``--check`` (and
a test) exits 1 where the shipped statements differ from the declaration's.
"""

from __future__ import annotations

import sys

from bot.service.feature_registry import discovered
from bot.storage.schema_made import schema_sql
from bot.storage.schema_sql import SHIPPED
from scripts.kept_file import write_or_check


def made() -> str:
    """The shipped file's text, as the declaration makes it now."""
    discovered()
    return schema_sql().to_json() + "\n"


def main(argv: list[str] | None = None) -> int:
    return write_or_check(argv, __doc__.splitlines()[0], SHIPPED, made, "the declaration")


if __name__ == "__main__":
    sys.exit(main())
