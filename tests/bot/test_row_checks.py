"""A row's values are checked without calling a column's check where the value's type
alone passes it (``PASSED_BY_TYPE``): what is read is the same as calling every check."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.storage.connection import named_rows
from bot.storage.game_rows import _GAME, _SEAT
from bot.storage.row_checks import PASSED_BY_TYPE, Check, Columns, checked, text

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
    st.sampled_from(["lobby", "active", "finished", "easy", "hard", "0"]),
    st.binary(max_size=3),
)


class _DriverRow:
    def __init__(self, names: tuple[str, ...], values: tuple[Any, ...]) -> None:
        self.names, self.values = names, values

    def keys(self) -> tuple[str, ...]:
        return self.names

    def __iter__(self) -> Iterator[Any]:
        return iter(self.values)


def every_check_called(
    columns: Columns, values: tuple[Any, ...]
) -> tuple[dict[str, Any], str | None]:
    clean: dict[str, Any] = {}
    damage = None
    for value, (name, _, check, stand_in) in zip(values, columns.checks, strict=True):
        clean[name] = value if check(value) else stand_in
        if not check(value):
            damage = damage or f"its {name} is damaged ({value!r:.40})"
    return clean, damage


@given(st.sampled_from(list(PASSED_BY_TYPE)), VALUES)
def test_a_value_of_a_type_said_to_pass_a_check_passes_it(check: Check, value: object) -> None:
    if type(value) in PASSED_BY_TYPE[check]:
        assert check(value)


@pytest.mark.parametrize("columns", [_GAME, _SEAT], ids=["game", "seat"])
@given(data=st.data())
def test_checking_a_row_is_calling_every_check(columns: Columns, data: st.DataObject) -> None:
    values = tuple(data.draw(VALUES) for _ in columns.names)
    (row,) = named_rows([_DriverRow(columns.names, values)])
    assert checked(columns, row) == every_check_called(columns, values)


def test_a_str_subclass_passes_text_once_called() -> None:
    class Name(str):
        pass

    (row,) = named_rows([_DriverRow(("name",), (Name("Ann"),))])
    assert checked(Columns(("name", text, "")), row) == ({"name": "Ann"}, None)
