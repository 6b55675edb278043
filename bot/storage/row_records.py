"""A table's record read from its row: each field from the column of its name, made the
field's type, so that a record is declared once, as its dataclass, and a query doesn't
spell the row out field by field.

A field's type says how its column is read: ``int``, ``float``, ``str`` and ``bool`` as
themselves (a driver may hand a flag over as 0 or 1, a time as a whole number), an enum
by its value, a mapping from its JSON text; ``X | None`` is ``None`` where the column is
NULL. A field whose column is named otherwise, or read some other way, the caller gives."""

from __future__ import annotations

import functools
import json
import types
from collections.abc import Callable, Mapping
from dataclasses import fields
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar, Union, get_args, get_origin, get_type_hints

from bot.storage.connection import Row

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Record = TypeVar("Record", bound="DataclassInstance")
Read = Callable[[Any], Any]


def read_row(record: type[Record], row: Row, **given: Any) -> Record:
    """``record`` of ``row``: the fields in ``given`` as given, every other from the
    column of its name, read as its type says."""
    return record(
        **{
            name: given[name] if name in given else read(row[name])
            for name, read in _readers(record)
        }
    )


@functools.cache
def _readers(record: type[DataclassInstance]) -> tuple[tuple[str, Read], ...]:
    """Each field of ``record`` with what reads its column (the type hints are resolved
    once a record, not at every row)."""
    hints = get_type_hints(record)
    return tuple((field.name, _reader(hints[field.name])) for field in fields(record))


def _reader(hint: Any) -> Read:
    """What reads a column into a field of type ``hint``."""
    if get_origin(hint) in (Union, types.UnionType):
        (kept,) = (arg for arg in get_args(hint) if arg is not type(None))
        read = _reader(kept)
        return lambda value: None if value is None else read(value)
    origin = get_origin(hint) or hint
    if isinstance(origin, type) and issubclass(origin, Mapping):
        return json.loads
    if isinstance(origin, type) and issubclass(origin, (int, float, str, bool, Enum)):
        return origin

    def given_only(value: Any) -> Any:
        raise TypeError(f"a field of type {hint!r} is given by the caller, not read")

    return given_only
