"""The numbers in the bot's custom_ids are read exactly as the bot writes them: ASCII
digits, no leading zero, no more than the database holds."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from bot.discord_ui.components import whole_up_to

LIMITS = (0, 9, 10, 305, 10**9 - 1, 2**63 - 1)


@given(st.sampled_from(LIMITS), st.integers(min_value=0, max_value=2**70))
def test_a_number_matches_exactly_when_it_is_within_the_limit(most: int, number: int) -> None:
    assert bool(re.fullmatch(whole_up_to(most), str(number))) == (number <= most)


@given(st.sampled_from(LIMITS), st.integers(min_value=0, max_value=2**64))
def test_leading_zeros_signs_and_other_scripts_digits_never_match(most: int, number: int) -> None:
    pattern = whole_up_to(most)
    arabic = "".join(chr(0x0660 + int(d)) for d in str(number))
    for written in ("0" + str(number), f"+{number}", f"-{number}", f" {number}", arabic):
        assert not re.fullmatch(pattern, written), written
