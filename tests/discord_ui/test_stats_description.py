"""``/<game> stats`` as Discord lists it speaks of the server's dice only in a game that has
dice (Claim's stats show none), in every language the bot speaks."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.faces import face_for
from bot.games.registry import GAMES, rules_for
from tests.discord_ui.test_command_names import registered

DICE = {None: "dice", "de": "Würfel"}


def said(thing: dict[str, Any], locale: str | None) -> str:
    if locale is None:
        return str(thing["description"])
    return str(thing["description_localizations"][locale])


@pytest.mark.parametrize("locale", [None, "de"])
async def test_stats_speaks_of_dice_only_in_a_game_with_dice(locale: str | None) -> None:
    payload = await registered()
    dice_games = set()
    for kind in GAMES:
        group = next(c for c in payload if c["name"] == face_for(kind).command)
        stats = next(o for o in group["options"] if o["name"] == "stats")
        (user,) = stats["options"]
        texts = [said(stats, locale), said(user, locale)]
        assert all("record" in t or "Bilanz" in t for t in texts)
        if all(DICE[locale] in t for t in texts):
            dice_games.add(kind)
        else:
            assert not any(DICE[locale] in t for t in texts), texts
    assert dice_games == {kind for kind in GAMES if rules_for(kind).dice}
    assert dice_games and dice_games != set(GAMES)
