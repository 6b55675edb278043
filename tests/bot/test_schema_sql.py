"""The schema's statements the bot ships are the declaration's (its process loads neither
SQLAlchemy nor the declaration: ``test_drawing``), and a feature put beside the others
with tables of its own is made from the declaration instead."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service.feature_registry import discovered
from bot.storage import migrations, schema_sql
from bot.storage.schema.columns import SCHEMA
from bot.storage.schema_sql import SHIPPED, current
from bot.storage.schema_statements import SchemaSql
from scripts.schema_sql import made
from tests.features_beside import features_beside

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_statements_are_the_declarations() -> None:
    assert SHIPPED.read_text(encoding="utf-8") == made()


def test_the_shipped_statements_read_back_as_written() -> None:
    shipped = SchemaSql.from_json(SHIPPED.read_text(encoding="utf-8"))
    assert SchemaSql.from_json(shipped.to_json()) == shipped
    assert set(shipped.steps) == set(range(1, shipped.latest))
    reached, statements = shipped.upgrade(0, "postgresql")
    assert reached == shipped.latest
    assert any(statement.startswith("CREATE TABLE games") for statement in statements)


TABLE = """
from bot.storage.migrations import Step, feature_step
from bot.storage.schema.columns import a_count, key, table

toasts = table("toasts", key("user_id"), a_count("toasts"), since=NEXT)
feature_step(NEXT, Step())
"""


@pytest.fixture
def toasting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A feature beside the others, with a table and a step to the version after the
    latest; its table and step leave the schema with it."""
    monkeypatch.setattr(migrations, "STEPS", dict(migrations.STEPS))
    init = (
        '"""Toasts."""\n\nfrom bot.service.feature_registry import Feature\n\nFEATURE = Feature()\n'
    )
    schema = TABLE.replace("NEXT", str(current_latest() + 1))
    try:
        with features_beside(tmp_path, {"toasts": {"__init__.py": init, "schema.py": schema}}):
            yield
    finally:
        if "toasts" in SCHEMA.tables:
            SCHEMA.remove(SCHEMA.tables["toasts"])
        discovered()


def current_latest() -> int:
    discovered()
    return current().latest


@pytest.mark.usefixtures("toasting")
def test_a_feature_beside_the_others_is_made_from_the_declaration() -> None:
    shipped = schema_sql._shipped()
    discovered()
    beside = current()
    assert set(beside.schemas) == {*shipped.schemas, "bot.features.toasts.schema"}
    assert beside.latest == shipped.latest + 1
    reached, statements = beside.upgrade(shipped.latest, "sqlite")
    assert reached == beside.latest
    assert statements[0].startswith("CREATE TABLE toasts")
    assert any(statement.startswith("CREATE TABLE toasts") for statement in beside.new["sqlite"])
