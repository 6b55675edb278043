from __future__ import annotations

from typing import Any

import pytest

from bot.emulator import Channel, User
from bot.emulator.server import DEFAULT_BOT_PERMISSIONS
from bot.sandbox.slash_text import SlashTextError, command_specs, parse

REGISTERED: list[dict[str, Any]] = [
    {
        "name": "claimit",
        "description": "Play",
        "options": [
            {
                "type": 1,
                "name": "new",
                "description": "Open a lobby",
                "options": [
                    {"type": 4, "name": "bots", "description": "", "min_value": 0, "max_value": 4},
                    {
                        "type": 3,
                        "name": "bot_level",
                        "description": "",
                        "choices": [{"name": n, "value": n} for n in ("easy", "normal", "hard")],
                    },
                    {"type": 5, "name": "variant", "description": ""},
                ],
            },
            {
                "type": 1,
                "name": "stats",
                "description": "A record",
                "options": [{"type": 6, "name": "user", "description": ""}],
            },
            {
                "type": 1,
                "name": "settings",
                "description": "Settings",
                "options": [{"type": 7, "name": "allow_channel", "description": ""}],
            },
            {"type": 1, "name": "rules", "description": "Rules"},
        ],
    }
]
BO = User(7, "Bo")
CHANNEL = Channel(9, 1, "claim-it", DEFAULT_BOT_PERMISSIONS)


def read(text: str) -> tuple[str, dict[str, Any]]:
    return parse(text, command_specs(REGISTERED), [User(6, "Ann"), BO], [CHANNEL])


def test_sub_commands_are_spelled_out_with_their_options() -> None:
    specs = command_specs(REGISTERED)
    assert [s.name for s in specs] == [
        "claimit new",
        "claimit stats",
        "claimit settings",
        "claimit rules",
    ]
    assert [o["name"] for o in specs[0].options] == ["bots", "bot_level", "variant"]


def test_options_are_read_by_their_types() -> None:
    assert read("/claimit rules") == ("claimit rules", {})
    assert read("  /claimit new bots:2 bot_level:hard variant:yes ") == (
        "claimit new",
        {"bots": 2, "bot_level": "hard", "variant": True},
    )
    assert read("/claimit stats user:@bo") == ("claimit stats", {"user": BO})
    assert read("/claimit stats user:<@7>") == ("claimit stats", {"user": BO})
    assert read("/claimit settings allow_channel:#claim-it") == (
        "claimit settings",
        {"allow_channel": CHANNEL},
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("claimit new", "start with /"),
        ("/claimit dance", "There is no /claimit dance"),
        ("/claimit new bots:9", "bots is from 0 to 4"),
        ("/claimit new bots:many", "bots is a number"),
        ("/claimit new bot_level:genius", "bot_level is one of: easy, normal, hard"),
        ("/claimit new variant:maybe", "variant is true or false"),
        ("/claimit new colour:red", "has no option 'colour:red'. Its options: bots, bot_level"),
        ("/claimit stats user:Zed", "No member called 'Zed'"),
        ("/claimit settings allow_channel:#nowhere", "No channel called '#nowhere'"),
        ('/claimit new "bots:1', "Can't read that"),
    ],
)
def test_what_cannot_be_sent_is_said_plainly(text: str, says: str) -> None:
    with pytest.raises(SlashTextError, match=says):
        read(text)
