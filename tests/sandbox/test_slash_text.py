from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord_ui.commands import all_commands
from emulator import Channel, User
from emulator.server import DEFAULT_BOT_PERMISSIONS
from sandbox.slash_text import SlashTextError, command_specs, focused_input, named, parse

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
CHANNEL = Channel(9, 1, "games", DEFAULT_BOT_PERMISSIONS)


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
    assert read("/claimit settings allow_channel:#games") == (
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


def every_game() -> list[dict[str, Any]]:
    """The command groups as the bot registers them: one per game, and the features' own."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    return [group.to_dict(tree) for group in all_commands()]


def read_any(text: str) -> tuple[str, dict[str, Any]]:
    return parse(text, command_specs(every_game()), [User(6, "Ann"), BO], [CHANNEL])


def test_each_games_group_is_read_with_its_own_options() -> None:
    names = [s.name for s in command_specs(every_game())]
    assert {"claimit new", "nuggets new", "nuggets rules", "nuggets stats"} <= set(names)
    assert read_any("/nuggets new bots:2 bot_level:easy turn_timeout:30") == (
        "nuggets new",
        {"bots": 2, "bot_level": "easy", "turn_timeout": 30},
    )
    assert read_any("/nuggets new") == ("nuggets new", {})
    assert read_any("/claimit new variant:true bots:1") == (
        "claimit new",
        {"variant": True, "bots": 1},
    )
    assert read_any("/nuggets stats user:@Bo") == ("nuggets stats", {"user": BO})
    assert read_any("/server settings threads:true allow_channel:#games") == (
        "server settings",
        {"threads": True, "allow_channel": CHANNEL},
    )


def test_an_options_text_runs_on_to_the_next_option_as_in_discords_box() -> None:
    """The documented form of Claim's factions, with spaces after its commas."""
    assert read_any("/claim new factions:seers, trolls, dragons bots:1") == (
        "claim new",
        {"factions": "seers, trolls, dragons", "bots": 1},
    )
    with pytest.raises(SlashTextError, match="bots is a number"):
        read_any("/claim new bots:1 2")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        # Claim It!'s own option is not Gold Nuggets'.
        ("/nuggets new variant:true", "/nuggets new has no option 'variant:true'"),
        ("/nuggets new bots:5", "bots is from 0 to 4"),
        ("/nuggets new bot_level:genius", "bot_level is one of: easy, normal, hard"),
        ("/nuggets new turn_timeout:0", "turn_timeout is from 1 to 10080"),
        ("/nuggets", "/nuggets needs one of its commands: /nuggets new, /nuggets rules"),
        # Only the group's own commands, not every game's.
        ("/nuggets dance", r"There is no /nuggets dance\. Try one of: (?!.*claimit)/nuggets new, "),
        (
            "/dance",
            r"There is no /dance\. Try one of: /claimit …, /nuggets …, /claim …, /server …, "
            r"/my …, /tournament …\.$",
        ),
        ("nuggets new", "start with /, e.g. /claimit new"),
    ],
)
def test_what_cannot_be_sent_to_a_game_is_said_plainly(text: str, says: str) -> None:
    with pytest.raises(SlashTextError, match=says):
        read_any(text)


def test_a_group_named_like_the_start_of_another_is_its_own() -> None:
    """``/claim`` (a game to come) beside ``/claimit``: neither takes the other's commands."""
    claim = {**REGISTERED[0], "name": "claim"}
    specs = command_specs([*REGISTERED, claim])
    users = [BO]
    assert parse("/claim new bots:1", specs, users, [CHANNEL]) == ("claim new", {"bots": 1})
    assert parse("/claimit new bots:1", specs, users, [CHANNEL]) == ("claimit new", {"bots": 1})
    with pytest.raises(SlashTextError, match=r"Try one of: /claim new, /claim stats"):
        parse("/claim dance", specs, users, [CHANNEL])


TRAVEL: dict[str, Any] = {
    "name": "travel",
    "description": "Go places",
    "contexts": [0, 1],
    "options": [
        {
            "type": 1,
            "name": "to",
            "description": "Go somewhere",
            "options": [
                {"type": 3, "name": "city", "description": "", "autocomplete": True},
                {
                    "type": 4,
                    "name": "nights",
                    "description": "",
                    "autocomplete": True,
                    "min_value": 1,
                    "max_value": 9,
                },
                {"type": 5, "name": "late", "description": ""},
            ],
        }
    ],
}
OFFERED = {
    "city": [
        {"name": "Berlin · 14:03", "value": "Europe/Berlin"},
        {"name": "N'Djamena · 13:03", "value": "Africa/Ndjamena"},
    ]
}


def test_an_option_offering_the_bots_choices_reads_as_typed_or_as_a_choice_picked() -> None:
    specs = command_specs([TRAVEL])
    assert parse("/travel to city:Europe/Oslo nights:2", specs, [], []) == (
        "travel to",
        {"city": "Europe/Oslo", "nights": 2},
    )
    # A picked choice shows its name, quoted where the reading needs it; its value goes.
    assert parse("/travel to city:Berlin · 14:03 late:no", specs, [], [], OFFERED) == (
        "travel to",
        {"city": "Europe/Berlin", "late": False},
    )
    assert parse('/travel to city:"N\'Djamena · 13:03"', specs, [], [], OFFERED) == (
        "travel to",
        {"city": "Africa/Ndjamena"},
    )
    assert parse("/travel to city:Berlin · 14:03", specs, [], []) == (
        "travel to",
        {"city": "Berlin · 14:03"},
    )
    # A number option that offers choices still sends a number, as its type says.
    with pytest.raises(SlashTextError, match="nights is a number"):
        parse("/travel to nights:two", specs, [], [])


def test_while_an_option_is_typed_the_box_so_far_is_read() -> None:
    specs = command_specs([TRAVEL])
    assert focused_input("/travel to nights:2 city:Ber", "city", specs, [], []) == (
        "travel to",
        "Ber",
        {"nights": 2},
    )
    # Nothing typed yet; the other options only where they read as their type, as Discord's
    # client sends them.
    assert focused_input("/travel to city: late:maybe nights:x", "city", specs, [], []) == (
        "travel to",
        "",
        {},
    )
    assert focused_input("/travel to nights:1", "nights", specs, [], []) == ("travel to", "1", {})
    with pytest.raises(SlashTextError, match="no option late that offers choices"):
        focused_input("/travel to late:y", "late", specs, [], [])


def test_a_command_is_offered_where_its_contexts_and_installs_reach() -> None:
    """Servers (0), the bot's DM (1) and group DMs (2) by a command's ``contexts``; the
    server install reaches a server the bot is in and its DM, a user's own install every
    place, a group DM only that one."""
    server_only = {**TRAVEL, "name": "host", "contexts": [0]}
    guilds_own = {**TRAVEL, "name": "board", "guild_id": "1"}
    everywhere = {**TRAVEL, "name": "roam", "contexts": [0, 1, 2], "integration_types": [0, 1]}
    specs = command_specs([TRAVEL, server_only, guilds_own, {**TRAVEL, "name": "old"}, everywhere])
    in_server, in_dm, in_group = (0, True, False), (1, True, False), (2, False, True)
    assert [
        (s.name, s.command, s.offered(*in_server), s.offered(*in_dm), s.offered(*in_group))
        for s in specs
    ] == [
        ("travel to", "travel", True, True, False),
        ("host to", "host", True, False, False),
        ("board to", "board", True, False, False),
        ("old to", "old", True, True, False),
        ("roam to", "roam", True, True, True),
    ]
    # Installed to the member's account alone: a user-installed command everywhere.
    assert [s.offered(0, False, True) for s in specs] == [False, False, False, False, True]
    assert [s.offered(2, False, False) for s in specs] == [False] * 5
    assert [s.places() for s in specs] == [
        "in servers and DMs with the app",
        "in servers only",
        "in servers only",
        "in servers and DMs with the app",
        "in servers, DMs with the app and group DMs",
    ]
    assert named("/host to city:x", specs) == specs[1]
    assert named("/nowhere", specs) is None


def test_only_slash_commands_are_typed() -> None:
    """The app's Entry Point (type 4) opens from the app launcher, and context menus from a
    member's or message's menu: none is typed in the box."""
    launch = {"name": "launch", "type": 4, "handler": 2, "description": "Open the board"}
    menu = {"name": "Profile", "type": 2, "description": ""}
    specs = command_specs([TRAVEL, launch, menu, {**TRAVEL, "name": "typed", "type": 1}])
    assert [s.name for s in specs] == ["travel to", "typed to"]


def test_a_choice_is_named_as_discords_picker_finds_it() -> None:
    """By its value or its name in any case, or by the start of one name alone, as the
    guide writes ``format:Swiss``."""
    rest = "game:claimit name:Cup starts:+1d table_size:2"
    assert read_any(f"/tournament create format:Swiss {rest}")[1]["format"] == "swiss"
    robin = read_any(f"/tournament create format:round robin {rest}")
    assert robin[1]["format"] == "round_robin"
    assert read_any("/claimit new bot_level:HARD")[1]["bot_level"] == "hard"
    with pytest.raises(SlashTextError, match="format is one of: swiss, round_robin"):
        read_any(f"/tournament create format:knockout {rest}")
