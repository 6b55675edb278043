"""The schema, declared once (SQLAlchemy Core's table metadata): every table, column,
index and check as the latest version has it. ``schema_ddl`` renders it in SQLite's and
PostgreSQL's words, both for a new database and for each migration step (``migrations``).

Each table says the schema version that brought it in its present form (``table(...,
since=v)``; 1 if it doesn't say), and what arrived after its table did is marked with
its own (``info=since(v)``): the step to that version adds the column, makes the index,
or puts the check in place. Nothing that was dropped since is kept here; the steps that
once needed it say it in their own words (``migrations``).

Discord's ids (and the games' own) need 64 bits: ``BIGINT`` on PostgreSQL, where
``INTEGER`` has 32, and SQLite's ``INTEGER``, which holds 64 (and makes a single-column
key the row id). Times and ratings need 53 bits: ``DOUBLE PRECISION`` on PostgreSQL,
whose ``REAL`` has 24, and SQLite's ``REAL``. JSON is kept as text on both, so both read
it alike; a flag is an ``INTEGER`` 0 or 1 on both.

The core's tables are declared here, in ``games`` (what the bot plays with) and
``conversations`` (the places reached only through interactions), and ``columns`` holds
what every table is made with. Each feature declares its own tables in
its folder (``bot/features/<name>/schema.py``), which join ``SCHEMA`` once the features
are found (``whole_schema`` imports them). The bot itself runs the statements made from
all this ahead of time (``schema_sql``), and loads none of it.
"""

from __future__ import annotations

from sqlalchemy import Column, Integer, MetaData, Table

from bot.storage.schema.columns import SCHEMA
from bot.storage.schema.conversations import conversation_tokens, conversations
from bot.storage.schema.games import TRIGGERS, games, moves

__all__ = [
    "SCHEMA",
    "SCHEMA_VERSION",
    "TRIGGERS",
    "conversation_tokens",
    "conversations",
    "games",
    "moves",
]

SCHEMA_VERSION = Table("schema_version", MetaData(), Column("version", Integer, nullable=False))
"""PostgreSQL's record of the last version applied (SQLite keeps it in ``PRAGMA
user_version``); outside ``SCHEMA``, as it is no table of the bot's."""
