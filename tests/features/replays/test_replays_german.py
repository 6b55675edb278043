"""What a press of Share is told once a replay was shared (or is being), in German, as
``tests/discord_ui/test_platform_german.py`` checks the platform's messages."""

from __future__ import annotations

from collections.abc import Iterator

from bot.features.replays.discord.handlers import ALREADY_SHARED
from bot.storage import GameStatus, SharedReplay
from i18n import Language
from tests.discord_ui.test_platform_german import lobby, says_it_all_in_german


def replays_texts(lang: Language) -> Iterator[str]:
    finished = lobby(GameStatus.FINISHED)
    for message_id in (None, 99):
        yield ALREADY_SHARED(finished, SharedReplay(2, message_id, 11, 1.0), lang)


def test_replays_say_everything_in_german() -> None:
    says_it_all_in_german(replays_texts)
