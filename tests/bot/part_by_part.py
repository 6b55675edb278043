"""Two readings of a database (one copied, or upgraded, from the other) compared part by
part, so that a failure says which part differs."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any


def assert_same_parts(got: Any, expected: Any, part: str = "") -> None:
    """``got`` equals ``expected``: a dataclass field by field (one within it the same
    way), a dict its keys and then each value, each failure naming its part."""
    if is_dataclass(expected):
        for field in fields(expected):
            name = f"{part}.{field.name}"
            assert_same_parts(getattr(got, field.name), getattr(expected, field.name), name)
    elif isinstance(expected, dict):
        assert got.keys() == expected.keys(), part
        for key, value in expected.items():
            assert got[key] == value, f"{part}[{key!r}]"
    assert got == expected, part
