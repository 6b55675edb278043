"""Interaction tokens never reach the log, even at DEBUG, where discord.py logs every
gateway event and route in full."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager

from bot.log_setup import FORMAT, REDACTED, RedactingFormatter, redacted
from tests.e2e.world import World


@contextmanager
def captured(formatter: logging.Formatter) -> Iterator[io.StringIO]:
    """Everything logged meanwhile, discord.py's DEBUG lines included, as formatted."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    root, library = logging.getLogger(), logging.getLogger("discord")
    levels = root.level, library.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    library.setLevel(logging.DEBUG)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        root.setLevel(levels[0])
        library.setLevel(levels[1])


async def test_interaction_tokens_are_redacted_from_debug_lines(world: World) -> None:
    with captured(RedactingFormatter(FORMAT)) as kept, captured(logging.Formatter(FORMAT)) as raw:
        table = await world.start_game(2)
        mover = await world.human_to_move()
        assert mover is not None
        await world.click(mover, table, "Roll")
        await world.command(world.players[1], "claimit rules")
    tokens = [i.token for i in world.discord.interactions.values()]
    assert len(tokens) >= 5
    # Without redaction the lines would carry them: the test looks where they are.
    assert all(token in raw.getvalue() for token in tokens)
    assert not any(token in kept.getvalue() for token in tokens)
    assert REDACTED in kept.getvalue()


async def test_the_tokens_that_keep_live_hands_are_redacted_too(world: World) -> None:
    """A Claim hand follows the game through the token of the click that opened it, long
    after that click was answered: the bot keeps the token, and its edits' routes carry
    it."""
    ann, bo = world.players[:2]
    with captured(RedactingFormatter(FORMAT)) as kept, captured(logging.Formatter(FORMAT)) as raw:
        lobby = await world.answered(ann, "claim new")
        await world.click(bo, lobby, "Join")
        await world.click(ann, lobby, "Start")
        opened = {user.id: await world.click(user, lobby, "My hand") for user in (ann, bo)}
        mover = await world.human_to_move()
        assert mover is not None
        hand = opened[mover.id].response_message
        assert hand is not None
        (play, *_) = [b for b in hand.buttons() if not b.get("disabled")]
        before = len(raw.getvalue())
        await world.click(mover, hand, str(play["custom_id"]))
        game = await world.bots[0].service.current_game(world.channel.id)
        assert game is not None
        await world.settled(game.id)
    waiting = opened[ann.id if mover is bo else bo.id]
    route = f"/webhooks/{world.discord.application_id}/{waiting.token}/messages/"
    # The other player's hand was edited through its token after the move.
    assert route in raw.getvalue()[before:]
    tokens = [i.token for i in world.discord.interactions.values()]
    leaks = [line for line in kept.getvalue().splitlines() if any(t in line for t in tokens)]
    assert leaks == []


def test_redaction_covers_routes_payloads_and_json() -> None:
    lines = {
        "POST http://x/api/v10/interactions/123/aW50ZXJhY3Rpb24.x-y_z/callback with None": (
            "POST http://x/api/v10/interactions/123/[token]/callback with None"
        ),
        "PATCH http://x/api/v10/webhooks/9/tok3n/messages/@original has returned 200": (
            "PATCH http://x/api/v10/webhooks/9/[token]/messages/@original has returned 200"
        ),
        "Event: {'id': '1', 'token': 'secret-token', 'type': 3}": (
            "Event: {'id': '1', 'token': '[token]', 'type': 3}"
        ),
        '{"token": "secret-token"}': '{"token": "[token]"}',
        "nothing secret here": "nothing secret here",
    }
    for line, expected in lines.items():
        assert redacted(line) == expected
