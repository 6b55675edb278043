"""Makes the schema's statements the bot ships (``bot/storage/schema_sql.json``, read by
``bot.storage.schema_sql``) from the declaration, for the features in the repository:

    .venv/bin/python -m scripts.schema_sql           # writes them
    .venv/bin/python -m scripts.schema_sql --check   # makes them, compares

Run it after changing a table, a migration step or a feature's tables; ``--check`` (and
a test) exits 1 where the shipped statements differ from the declaration's.
"""

from __future__ import annotations

import argparse
import sys

from bot.service.feature_registry import discovered
from bot.storage.schema_made import schema_sql
from bot.storage.schema_sql import SHIPPED


def made() -> str:
    """The shipped file's text, as the declaration makes it now."""
    discovered()
    return schema_sql().to_json() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args(argv)
    text = made()
    if args.check:
        if SHIPPED.read_text(encoding="utf-8") != text:
            print(f"{SHIPPED} differs from the declaration: run python -m scripts.schema_sql")
            return 1
        print(f"{SHIPPED} is as the declaration makes it")
        return 0
    SHIPPED.write_text(text, encoding="utf-8")
    print(f"wrote {SHIPPED} ({len(text):,} characters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
