"""The private messages that follow a game: a press on the live hand renews its token,
another message replaces it and is named so that it can say it was replaced."""

from __future__ import annotations

from dataclasses import replace

from bot.service import GameService
from bot.storage import Hand
from tests.bot.fixtures import ANN


async def test_a_press_renews_the_live_hand_and_another_message_replaces_it(
    service: GameService,
) -> None:
    game = await service.create_lobby(kind="claim", guild_id=10, channel_id=1, host=ANN)
    first = Hand(game.id, 0, ANN.user_id, 500, "token-1", "en-US", 100.0)
    assert await service.messages.keep_hand(first) is None
    pressed = replace(first, token="token-2", locale="de", opened_at=160.0)
    assert await service.messages.keep_hand(pressed) is None
    assert await service.messages.hands(game.id) == [pressed]
    other = replace(first, message_id=501, token="token-3", opened_at=200.0)
    assert await service.messages.keep_hand(other) == pressed
    assert await service.messages.hands(game.id) == [other]
    # A press on the older message makes it the live one again, in place of the other.
    assert await service.messages.keep_hand(replace(pressed, token="token-4")) == other
