"""A game's nonces: within Discord's 25 characters for the largest ids, under the last
name ``send_once`` tries too, and defined for a damaged game's negative version."""

from __future__ import annotations

from dataclasses import replace

from bot.discord_ui.nonces import NONCE_TRIES, nonce, seat_nonce
from tests.discord_ui.test_message_limits import game

NONCE_LENGTH = 25
"""Create Message's ``nonce``, at most, in Discord's description."""


def test_the_largest_games_nonces_fit_discords_limit_under_every_name_tried() -> None:
    largest = game()
    for name in (nonce("t", largest), seat_nonce("d", largest, 4)):
        assert len(f"{name}:{NONCE_TRIES - 1}") <= NONCE_LENGTH, name


def test_a_damaged_games_negative_version_has_a_nonce_of_its_own() -> None:
    damaged = replace(game(), version=-1)
    assert nonce("t", damaged) != nonce("t", replace(damaged, version=1))
    assert nonce("t", damaged).endswith(".-1")
