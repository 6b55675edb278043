"""Takes what the bot's languages need of Babel's data to write numbers, percentages and
lists (``i18n/formats.json``, read by ``i18n.formats``):

    .venv/bin/python -m scripts.formats           # writes it
    .venv/bin/python -m scripts.formats --check   # takes it again, compares

Run it after adding a language or upgrading Babel; ``--check`` (and a test) exits 1
where the kept file differs from Babel's data.
"""

from __future__ import annotations

import json
import sys

from babel import Locale

from i18n.formats import KEPT, taken
from i18n.language import LANGUAGES
from scripts.kept_file import write_or_check


def made() -> str:
    """The kept file's text, as Babel's data gives it now."""
    kept = {code: taken(Locale.parse(code), LANGUAGES) for code in LANGUAGES}
    return json.dumps(kept, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    return write_or_check(argv, __doc__.splitlines()[0], KEPT, made, "Babel's data")


if __name__ == "__main__":
    sys.exit(main())
