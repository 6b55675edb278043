"""A lobby's **How to play** through the real bot and the emulator: whoever presses it,
joined or not, is shown the game's rules alone, in their language, with 🎓 **Learn to
play** under them, exactly as ``/<game> rules`` answers; the lobby stays as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import lesson_play
from bot.games.faces import face_for
from emulator import Interaction, Message
from i18n import language
from tests.e2e.world import describe, make_world, moves


def private_answer(asked: Interaction) -> Message:
    """The message an interaction answered with, the asker's alone."""
    message = asked.response_message
    assert message is not None and message.ephemeral
    assert message.visible_to == asked.user.id
    return message


@pytest.mark.parametrize("locale", [None, "de"])
async def test_how_to_play_shows_the_presser_the_rules_and_changes_no_lobby(
    tmp_path: Path, database_target: str, locale: str | None
) -> None:
    lang = language(locale)
    async with await make_world(tmp_path, 2, database=database_target, locale=locale) as world:
        await world.start_bot()
        host, outsider = world.players[:2]
        lobby = (await world.command(host, f"claimit {lang._('new')}")).response_message
        assert lobby is not None and not lobby.ephemeral
        how = lang.pgettext("lobby button", "How to play")
        assert (how == "How to play") is (locale is None)
        assert lobby.button_labels()[-1] == how
        assert how not in [c.get("label") for c in moves(lobby)], "no player's move"
        service = world.bots[0].service
        before = await service.current_game(world.channel.id)
        assert before is not None
        shown = describe(lobby)

        rules = private_answer(await world.command(outsider, f"claimit {lang._('rules')}"))
        first = face_for("claimit").rules(lang).split("\n\n")[0].strip()
        assert first in describe(rules)
        learn = lang._("Learn to play")
        # Someone who has not joined, then the host: the same answer, theirs alone.
        for presser in (outsider, host):
            answer = private_answer(await world.click(presser, lobby, how))
            assert describe(answer) == describe(rules)
            assert answer.buttons() == rules.buttons()
            (button,) = answer.buttons()
            assert button["custom_id"] == "claimit:learn" and button["label"] == learn
            assert "🎓" in str(button["emoji"])

        after = await service.game(before.id)
        assert (after.version, after.seats, after.status) == (
            before.version,
            before.seats,
            before.status,
        )
        assert describe(lobby) == shown and lobby.button_labels()[-1] == how

        # Its Learn to play starts the game's lesson, for the presser alone.
        step = private_answer(await world.click(outsider, answer, learn))
        assert lang.say(lesson_play.lesson("claimit").steps[0].say) in describe(step)
