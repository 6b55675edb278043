"""Every statement a database is made or migrated with, for one set of features, in
SQLite's and PostgreSQL's words: as shipped (``schema_sql``) or as the declaration makes
them (``schema_made``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

Backend = Literal["sqlite", "postgresql"]
BACKENDS: tuple[Backend, ...] = ("sqlite", "postgresql")


@dataclass(frozen=True)
class SchemaSql:
    """Every statement a database is made or migrated with, for one set of features."""

    schemas: tuple[str, ...]
    """The features' table modules it was made with."""
    latest: int
    new: dict[Backend, tuple[str, ...]]
    """A new database's, made at the latest version at once."""
    steps: dict[int, dict[Backend, tuple[str, ...]]]
    """By the version each step starts from: what takes a database one version on."""
    version_table: str
    """PostgreSQL's record of the last version applied (SQLite keeps it in ``PRAGMA
    user_version``)."""

    def upgrade(self, version: int, backend: Backend) -> tuple[int, list[str]]:
        """The version a database at ``version`` moves to next (0: a new one, made at the
        latest at once), and the statements that take it there."""
        if version == 0:
            return self.latest, list(self.new[backend])
        return version + 1, list(self.steps[version][backend])

    def to_json(self) -> str:
        """As the shipped file keeps it (``schema_sql.json``)."""
        return json.dumps(
            {
                "schemas": self.schemas,
                "latest": self.latest,
                "new": self.new,
                "steps": {str(version): step for version, step in self.steps.items()},
                "version_table": self.version_table,
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> SchemaSql:
        """As ``to_json`` wrote it."""
        data = json.loads(text)
        return cls(
            tuple(data["schemas"]),
            data["latest"],
            {backend: tuple(data["new"][backend]) for backend in BACKENDS},
            {
                int(version): {backend: tuple(step[backend]) for backend in BACKENDS}
                for version, step in data["steps"].items()
            },
            data["version_table"],
        )
