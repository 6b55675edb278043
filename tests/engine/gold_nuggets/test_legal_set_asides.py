"""Legal set-asides, checked against a naive reading of the rule: every sub-multiset of the
dice rolled, kept when it sets something aside and each number new to the turn has 0 or 3+."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.gold_nuggets import EMPTY, FACES, Counts, Face, legal_set_asides


def naive(aside: Counts, rolled: tuple[Face, ...]) -> list[Counts]:
    found = set()
    for keep in product((False, True), repeat=len(rolled)):
        chosen = Counts.of(face for face, kept in zip(rolled, keep, strict=True) if kept)
        new_numbers_ok = all(
            chosen.get(face) == 0 or chosen.get(face) >= 3 or aside.get(face) > 0
            for face in FACES[2:]
        )
        if chosen.total and new_numbers_ok:
            found.add(chosen)
    return sorted(found, key=tuple)


def aside_with(numbers: int) -> Counts:
    return Counts(0, 0, *(3 if numbers >> bit & 1 else 0 for bit in range(4)))


def test_every_roll_of_up_to_five_dice_with_any_numbers_already_set_aside() -> None:
    for dice in range(1, 6):
        for rolled in combinations_with_replacement(FACES, dice):
            for numbers in range(16):
                aside = aside_with(numbers)
                assert list(legal_set_asides(aside, Counts.of(rolled))) == naive(aside, rolled)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FACES), min_size=6, max_size=7), st.integers(0, 15))
def test_big_rolls_agree_with_the_naive_reading(rolled: list[Face], numbers: int) -> None:
    aside = aside_with(numbers) if len(rolled) == 6 else EMPTY
    assert list(legal_set_asides(aside, Counts.of(rolled))) == naive(aside, tuple(rolled))


def test_the_protocols_example_and_sort_order() -> None:
    rolled = Counts.of(Face(c) for c in "LNN2345")
    assert legal_set_asides(EMPTY, rolled) == (
        Counts(nugget=1),
        Counts(nugget=2),
        Counts(lasso=1),
        Counts(lasso=1, nugget=1),
        Counts(lasso=1, nugget=2),
    )


def test_only_which_numbers_are_set_aside_matters_not_how_many_or_the_rest() -> None:
    rolled = Counts.of(Face(c) for c in "2233LN")
    assert legal_set_asides(Counts(two=3), rolled) == legal_set_asides(
        Counts(lasso=2, nugget=1, two=4), rolled
    )


def test_counts_helpers() -> None:
    counts = Counts.from_mapping({Face.THREE: 3, Face.LASSO: 1})
    assert counts == Counts(lasso=1, three=3)
    assert counts.get(Face.THREE) == 3 and counts.total == 4 and counts.lassos == 1
    assert counts.items() == ((Face.LASSO, 1), (Face.THREE, 3))
    assert counts.plus(Counts(nugget=2)).minus(counts) == Counts(nugget=2)
    assert str(counts) == "1×L 3×3" and str(EMPTY) == "nothing"
    assert tuple(Face) == FACES and [f.value for f in FACES] == ["L", "N", "2", "3", "4", "5"]
