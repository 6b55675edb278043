"""A new SQLite database for a test: a copy of one the bot made once in this process.

The bot makes a new database by running its whole schema (``SQLiteDatabase.connect`` on a
new file): about 20 ms of CPU, most of it SQLite's own, where a copy of the result and its
opening take 6; a thousand tests each start on one. What a new file goes through is tested
where it is the point: the migrations' tests, and the bot and the sandbox started on an
empty folder.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

from bot.storage.sqlite import SQLiteDatabase

_made: Path | None = None
"""The database the bot made, once made."""


async def new_sqlite(path: Path) -> str:
    """A new database at ``path`` (which must not be there yet), as the bot makes one."""
    global _made
    if _made is None:
        folder = Path(tempfile.mkdtemp(prefix="claimit-new-database-"))
        atexit.register(shutil.rmtree, folder, True)
        made = folder / "new.sqlite3"
        database = await SQLiteDatabase.connect(made)
        await database.close()
        _made = made
    if path.exists():
        raise FileExistsError(path)
    shutil.copyfile(_made, path)
    return str(path)
