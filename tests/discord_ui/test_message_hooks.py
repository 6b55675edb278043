"""What features add to the core's messages: each message's rows gathered from every
feature in the features' order, and the face's controls drawn by the feature declaring
them, or refused by name when none does."""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

import discord
import pytest
from discord import app_commands

from bot.discord_ui import message_hooks
from bot.discord_ui.card_layout import Card, Line, Rows, flowed
from bot.discord_ui.lobby_card import lobby_card
from bot.discord_ui.message_hooks import SLOTS, Adds, HandChoice, MessageHooks, NothingDraws
from bot.discord_ui.part import Declaration, Part, added_to, drawing
from bot.games.face import Choice
from bot.storage import Game, GameStatus, Seat
from bot.storage.game_values import Level
from i18n import Language, english
from tests.games.stored import stored


def button(label: str) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label, custom_id=label)


class Adding(Adds):
    """A feature's additions, each row named after it and the message."""

    in_conversations: ClassVar[bool] = False

    def __init__(self, name: str, *, stats_too: bool | None = None) -> None:
        self.name = name
        self.stats_too = stats_too

    @property
    def stats_in_conversations(self) -> bool:
        return self.in_conversations if self.stats_too is None else self.stats_too

    def rows(self, where: str) -> Rows:
        return ((button(f"{self.name} {where}"),),)

    async def lobby_lines(self, game: Game, lang: Language) -> Sequence[Line]:
        return (Line(self.name, "a field"),)

    async def seat_notes(self, game: Game, lang: Language) -> Mapping[int, str]:
        return {seat.user_id: f"{self.name} note" for seat in game.seats if seat.user_id}

    async def lobby_rows(self, game: Game, lang: Language, bots_allowed: bool) -> Rows:
        return self.rows("lobby" if bots_allowed else "lobby, no bots")

    async def table_rows(self, game: Game, lang: Language) -> Rows:
        return self.rows("table")

    async def table_lines(self, game: Game, lang: Language) -> Sequence[Line]:
        return (Line(self.name, f"{game.status} game {game.id}"),)

    async def result_rows(self, game: Game, lang: Language) -> Rows:
        return self.rows("result")

    async def replay_rows(self, game: Game, lang: Language) -> Rows:
        return self.rows("replay")

    async def ping_rows(self, game: Game, lang: Language) -> Rows:
        return self.rows("ping")

    async def notice_rows(self, game: Game, user: int, lang: Language) -> Rows:
        return self.rows(f"notice {user}")

    async def stats_lines(
        self, guild_id: int, kind: str, user_id: int, lang: Language
    ) -> Sequence[Line]:
        return (Line(self.name, f"{kind} of {user_id} in {guild_id}"),)

    async def history_notes(self, game_ids: Sequence[int], lang: Language) -> Mapping[int, str]:
        return {game_id: f"{self.name} of {game_id}" for game_id in game_ids if game_id % 2}

    async def my_games_lines(
        self, user: int, guild_id: int | None, lang: Language
    ) -> Sequence[Line]:
        return (Line(self.name, f"games of {user} in {guild_id}"),)

    async def my_games_rows(self, user: int, guild_id: int | None, lang: Language) -> Rows:
        return self.rows(f"my games {user} in {guild_id}")

    async def leaderboard_default(self, guild_id: int, kind: str) -> str | None:
        return None

    async def leaderboard_views(
        self, guild_id: int, kind: str, lang: Language
    ) -> Sequence[app_commands.Choice[str]]:
        return ()

    async def leaderboard_view(
        self, guild_id: int, kind: str, asked: str, user_id: int, server: str, lang: Language
    ) -> Card | None:
        return None

    async def leaderboard_lines(self, guild_id: int, kind: str, lang: Language) -> Sequence[Line]:
        return (Line(self.name, f"{kind} in {guild_id}"),)


class AddingHere(Adding):
    """One whose controls work in a conversation."""

    in_conversations = True


def labels(rows: Rows) -> list[str | None]:
    return [item.label for row in rows for item in row if isinstance(item, discord.ui.Button)]


async def test_every_message_gathers_each_features_rows_in_their_order() -> None:
    hooks = MessageHooks(drawing(()), [Adding("first")])
    hooks.add(Adding("second"))
    game, lang = stored("claimit", None, (), over=False), english()
    assert labels(await hooks.lobby_rows(game, lang, False)) == [
        "first lobby, no bots",
        "second lobby, no bots",
    ]
    assert labels(await hooks.table_rows(game, lang)) == ["first table", "second table"]
    assert labels(await hooks.result_rows(game, lang)) == ["first result", "second result"]
    assert labels(await hooks.replay_rows(game, lang)) == ["first replay", "second replay"]
    assert labels(await hooks.ping_rows(game, lang)) == ["first ping", "second ping"]
    assert labels(await hooks.notice_rows(game, 5, lang)) == ["first notice 5", "second notice 5"]


async def test_a_conversations_game_has_only_the_rows_of_features_that_work_there() -> None:
    hooks = MessageHooks(drawing(()), [AddingHere("here"), Adding("server")])
    played = stored("claimit", None, (), over=False)
    there = replace(played, reached_in=0)
    lang = english()
    assert labels(await hooks.lobby_rows(there, lang, True)) == ["here lobby"]
    assert labels(await hooks.table_rows(there, lang)) == ["here table"]
    assert labels(await hooks.result_rows(there, lang)) == ["here result"]
    # Its turn notices go by direct message, where every feature's controls work.
    assert labels(await hooks.notice_rows(there, 5, lang)) == ["here notice 5", "server notice 5"]
    assert labels(await hooks.table_rows(played, lang)) == ["here table", "server table"]


async def test_a_conversations_game_has_only_the_fields_of_features_that_work_there() -> None:
    """A lobby, a table and a stats card there say nothing of what isn't offered there (a
    take-back's allowance, a reliability); a feature whose figures hold there all the same
    (a player's form) is on the stats card."""
    hooks = MessageHooks(
        drawing(()),
        [AddingHere("here"), Adding("server"), Adding("form", stats_too=True)],
    )
    seats = (Seat(0, 7, None, "Ann", 0),)
    played = stored("claimit", None, seats, over=False)
    there = replace(played, reached_in=0)
    lang = english()
    assert [line.name for line in await hooks.lobby_lines(there, lang)] == ["here"]
    assert await hooks.seat_notes(there, lang) == {7: "here note"}
    assert [line.name for line in await hooks.table_lines(there, lang)] == ["here"]
    asked = await hooks.stats_lines(there.guild_id, "claimit", 7, lang, conversation=True)
    assert [line.name for line in asked] == ["here", "form"]
    assert [line.name for line in await hooks.lobby_lines(played, lang)] == [
        "here",
        "server",
        "form",
    ]
    assert await hooks.seat_notes(played, lang) == {7: "here note · server note · form note"}
    asked = await hooks.stats_lines(played.guild_id, "claimit", 7, lang, conversation=False)
    assert [line.name for line in asked] == ["here", "server", "form"]


async def test_a_table_and_a_result_gather_each_features_fields_in_their_order() -> None:
    hooks = MessageHooks(drawing(()), [Adding("first"), Adding("second")])
    game = stored("claimit", None, (), over=True)
    lines = await hooks.table_lines(game, english())
    assert [(line.name, line.value) for line in lines] == [
        ("first", f"finished game {game.id}"),
        ("second", f"finished game {game.id}"),
    ]


async def test_my_games_gathers_each_features_lines_and_rows_in_their_order() -> None:
    hooks = MessageHooks(drawing(()), [Adding("first"), Adding("second")])
    lang = english()
    lines = await hooks.my_games_lines(7, 10, lang)
    assert [(line.name, line.value) for line in lines] == [
        ("first", "games of 7 in 10"),
        ("second", "games of 7 in 10"),
    ]
    assert labels(await hooks.my_games_rows(7, None, lang)) == [
        "first my games 7 in None",
        "second my games 7 in None",
    ]


async def test_a_lobby_shows_each_features_fields_and_notes_after_the_seated_names() -> None:
    hooks = MessageHooks(drawing(()), [Adding("first"), Adding("second")])
    seats = (Seat(0, 7, None, "Ann", 0), Seat(1, None, Level.NORMAL, "Computer", 1))
    game, lang = stored("claimit", None, seats, over=False), english()
    game = replace(game, status=GameStatus.LOBBY, state=None)
    added = await hooks.lobby_lines(game, lang)
    notes = await hooks.seat_notes(game, lang)
    people = [7]
    assert [line.name for line in added] == ["first", "second"]
    assert notes == {user: "first note · second note" for user in people}
    card = lobby_card(game, lang, rows=(), added=added, seat_notes=notes)
    assert [line.name for line in card.lines][-2:] == ["first", "second"]
    assert card.text.count("first note · second note") == len(people)
    closed = lobby_card(game, lang, "It closed.", added=added, seat_notes={})
    assert "first" not in [line.name for line in closed.lines]


async def test_a_feature_adds_nothing_unless_it_says_so() -> None:
    class Quiet(Part, Adds):
        def __init__(self) -> None:
            """Needs no context: it only adds (nothing)."""

    hooks = MessageHooks(drawing(()), [Quiet()])
    game, lang = stored("claimit", None, (), over=True), english()
    assert await hooks.result_rows(game, lang) == ()
    assert await hooks.table_lines(game, lang) == ()
    assert await hooks.lobby_lines(game, lang) == ()
    assert await hooks.seat_notes(game, lang) == {}
    assert await hooks.notice_rows(game, 1, lang) == ()
    assert await hooks.stats_lines(game.guild_id, game.kind, 1, lang, conversation=False) == ()
    assert await hooks.my_games_lines(1, None, lang) == ()
    assert await hooks.history_notes([1, 2], lang) == {}
    assert await hooks.my_games_rows(1, 10, lang) == ()


def test_the_slots_are_what_a_feature_may_add_and_adds_answers_each_with_nothing() -> None:
    protocol = {
        name
        for name, member in vars(message_hooks.Adds).items()
        if inspect.iscoroutinefunction(member)
    }
    assert set(SLOTS) == protocol
    assert len(SLOTS) == len(protocol)
    assert all(inspect.iscoroutinefunction(getattr(Adds, slot)) for slot in SLOTS)
    assert not any(hasattr(Part, slot) for slot in SLOTS), "a part adds nothing of itself"


async def test_a_feature_is_asked_only_for_what_its_class_adds() -> None:
    asked: list[str] = []

    class Tables(Part, Adds):
        def __init__(self) -> None:
            """Needs no context: it only adds."""

        async def table_rows(self, game: Game, lang: Language) -> Rows:
            asked.append("table_rows")
            return ((button("tables"),),)

    class MoreTables(Tables):
        async def table_lines(self, game: Game, lang: Language) -> Sequence[Line]:
            asked.append("table_lines")
            return (Line("more", "tables"),)

    assert added_to(Tables()) == ("table_rows",)
    assert added_to(MoreTables()) == ("table_rows", "table_lines")
    hooks = MessageHooks(drawing(()))
    for part in (Tables(), MoreTables()):
        hooks.add(part, added_to(part))
    game, lang = stored("claimit", None, (), over=True), english()
    assert await hooks.result_rows(game, lang) == ()
    assert await hooks.lobby_lines(game, lang) == ()
    assert await hooks.table_lines(game, lang) == (Line("more", "tables"),)
    rows = await hooks.table_rows(game, lang)
    assert [item.to_component_dict()["custom_id"] for row in rows for item in row] == [
        "tables",
        "tables",
    ]
    assert asked == ["table_lines", "table_rows", "table_rows"]


def test_a_slot_no_message_has_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match="table_rowz"):
        MessageHooks(drawing(())).add(Adding("first"), ("table_rows", "table_rowz"))


async def test_a_players_stats_card_gathers_each_features_fields_in_their_order() -> None:
    hooks = MessageHooks(drawing(()), [Adding("first")])
    hooks.add(Adding("second"))
    lines = await hooks.stats_lines(10, "claim", 7, english(), conversation=False)
    assert [(line.name, line.value) for line in lines] == [
        ("first", "claim of 7 in 10"),
        ("second", "claim of 7 in 10"),
    ]


async def test_a_historys_games_carry_each_features_notes_joined_in_their_order() -> None:
    hooks = MessageHooks(drawing(()), [Adding("first"), Adding("second")])
    notes = await hooks.history_notes([1, 2, 3], english())
    assert notes == {1: "first of 1 · second of 1", 3: "first of 3 · second of 3"}


def test_a_control_is_drawn_by_the_feature_declaring_it_and_refused_by_name_otherwise() -> None:
    def drawn(game: Game, choice: Choice) -> discord.ui.Item[Any]:
        return button(f"{choice.intent} of {game.kind}")

    drawings = drawing([Declaration(Part, draws={Choice: drawn})])
    game = stored("claimit", None, (), over=False)
    item = drawings.draw(game, Choice("roll", "Roll"))
    assert isinstance(item, discord.ui.Button) and item.label == "roll of claimit"
    with pytest.raises(NothingDraws, match="no feature draws a HandChoice"):
        drawings.draw(game, HandChoice(3, Choice("roll", "Roll")))
    with pytest.raises(TypeError, match="two features draw Choice"):
        drawing(
            [
                Declaration(Part, draws={Choice: drawn}),
                Declaration(Part, draws={Choice: drawn}),
            ]
        )


def test_the_rows_features_add_flow_together_each_menu_on_its_own() -> None:
    menu = discord.ui.Select[Any](custom_id="menu", options=[discord.SelectOption(label="a")])
    one, two, three = button("one"), button("two"), button("three")
    rows = flowed(((one,), (two,), (menu,), (three,)))
    assert rows == ((one, two), (menu,), (three,))
    five = tuple(button(str(n)) for n in range(5))
    assert [len(row) for row in flowed((five[:2], five[2:]))] == [3, 2]


async def test_a_leaderboard_page_gathers_each_features_lines_in_their_order() -> None:
    hooks = MessageHooks(drawing(()), [Adding("first"), Adding("second")])
    lines = await hooks.leaderboard_lines(10, "nuggets", english())
    assert [(line.name, line.value) for line in lines] == [
        ("first", "nuggets in 10"),
        ("second", "nuggets in 10"),
    ]
