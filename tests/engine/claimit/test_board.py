"""Board notation and geometry."""

from __future__ import annotations

import pytest

from engine.claimit import SPACES, Space
from engine.claimit.board import groups, largest_group, spaces


def test_a_space_is_named_column_comma_row() -> None:
    assert str(Space(5, 2)) == "5,2"
    assert Space.parse("5,2") == Space(col=5, row=2)


@pytest.mark.parametrize("name", ["7,1", "0,3", "1,7", "1, 2", "12", "a,b", "1,2,3", ""])
def test_anything_else_is_not_a_space(name: str) -> None:
    with pytest.raises(ValueError, match="not a space"):
        Space.parse(name)


def test_there_are_36_spaces_each_with_its_own_bit() -> None:
    assert len(SPACES) == 36
    assert len({s.bit for s in SPACES}) == 36
    assert all(SPACES[s.bit_index] == s for s in SPACES)


def test_groups_split_a_set_into_orthogonally_connected_parts() -> None:
    def mask(*names: str) -> int:
        return sum(Space.parse(n).bit for n in names)

    found = groups(mask("1,1", "2,1", "2,2", "4,4", "5,5", "6,2", "6,3"))
    assert sorted(sorted(map(str, spaces(g))) for g in found) == [
        ["1,1", "2,1", "2,2"],
        ["4,4"],
        ["5,5"],
        ["6,2", "6,3"],
    ]
    assert largest_group(0) == 0
