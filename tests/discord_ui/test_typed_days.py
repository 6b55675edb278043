"""``/my away until:`` takes any text a player types: a day, or a refusal in plain words,
never a failure (a year of twenty digits overflowed a date)."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from bot.discord_ui.core.players.typed_days import typed_day
from bot.service.errors import BadSetting
from i18n import LANGUAGES, english, language

HUGE = "9" * 20

DATE_LIKE = st.from_regex(r"\s?[0-9\u0660-\u0669]{0,25}([./-][0-9]{0,25}){0,3}\s?", fullmatch=True)
"""Numbers as dates are written, of any size, other scripts' digits among them."""


@given(st.one_of(st.text(), DATE_LIKE), st.sampled_from(LANGUAGES))
@example(f"1/1/{HUGE}", "en")
@example(f"{HUGE}-01-01", "en")
@example(f"1.1.{HUGE}", "de")
@example(f"1/{HUGE}/1", "en")
@example("1", "en")
def test_any_text_is_a_day_or_a_plain_refusal(typed: str, code: str) -> None:
    try:
        day = typed_day(typed, language(code))
    except BadSetting as refused:
        assert "is no day I can read" in str(refused)
    else:
        assert isinstance(day, dt.date)


@pytest.mark.parametrize(
    ("typed", "code", "day"),
    [
        ("2030-03-01", "en", dt.date(2030, 3, 1)),
        (" 2030-03-01 ", "de", dt.date(2030, 3, 1)),
        ("3/1/30", "en", dt.date(2030, 3, 1)),
        ("1.3.2030", "de", dt.date(2030, 3, 1)),
    ],
)
def test_a_day_reads_in_iso_or_as_the_language_writes_it(
    typed: str, code: str, day: dt.date
) -> None:
    assert typed_day(typed, language(code)) == day


def test_a_refusal_quotes_what_was_typed_shortened() -> None:
    with pytest.raises(BadSetting) as refused:
        typed_day("**next** week" + "!" * 500, english())
    said = english().say(refused.value.words)
    assert "'\\*\\*next\\*\\* week!!!" in said and "…' is no day I can read" in said
    assert len(said) < 200
