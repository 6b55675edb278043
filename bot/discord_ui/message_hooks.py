"""What features add to the core's messages: the core draws a game's lobby, table,
result, ping and turn notice (and the players feature a member's ``/my games``), and
asks the features, in their order, for the rows of controls each adds under it
(``Adds``), for the fields each adds to a lobby, a table, a result and a player's
stats card, and for the views and fields each adds to a server's leaderboard (both of
which the ladder draws); the controls a game's face describes (a choice, a menu, **My
hand**, a choice in a hand) are drawn by the feature whose presses they are
(``ControlDrawing``), so that a button lives beside what handles it."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

import discord
from discord import app_commands

from bot.discord_ui.card_layout import Card, Line, Rows, flowed
from bot.games.face import Choice
from bot.service.errors import ServiceError
from bot.storage import Game
from i18n import Language


@dataclass(frozen=True)
class HandChoice:
    """A choice on a seat's own message (its hand), counting while the seat decides on
    ``key`` (``HiddenInformation.decision_key``)."""

    key: int
    choice: Choice


Drawer = Callable[[Game, Any], discord.ui.Item[Any]]
"""Draws one control a face describes (of the kind it is declared for) on a game's
message."""


class NothingDraws(LookupError):
    """No feature draws a kind of control a face describes."""


class ControlDrawing:
    """Each kind of control a face describes, drawn by the feature declaring it."""

    def __init__(self, draws: Mapping[type, Drawer]) -> None:
        self._draws = dict(draws)

    def draw(self, game: Game, control: object) -> discord.ui.Item[Any]:
        """``control`` on ``game``'s message."""
        drawer = self._draws.get(type(control))
        if drawer is None:
            raise NothingDraws(f"no feature draws a {type(control).__name__}")
        return drawer(game, control)


class Adds:
    """What a Discord part adds to the core's messages: a part that adds to any inherits
    this beside ``Part`` and implements the slots it adds to, which its feature's
    ``FEATURE`` names (``DiscordPart.slots``); each message asks only the parts adding to
    its slot, and a slot a part doesn't implement answers nothing here."""

    in_conversations: ClassVar[bool]
    """Whether its controls work in a conversation (a group DM, a server without the
    bot), where it adds rows under a game's lobby, table and result only if so (as its
    ``Part`` says)."""

    @property
    def stats_in_conversations(self) -> bool:
        """Whether what it adds to a player's stats card holds in a conversation: as its
        controls do, unless it says otherwise (a player's form, judged there too)."""
        return self.in_conversations

    async def lobby_lines(self, game: Game, lang: Language) -> Sequence[Line]:
        """The fields this feature adds to an open lobby."""
        return ()

    async def seat_notes(self, game: Game, lang: Language) -> Mapping[int, str]:
        """This feature's note after a seated person's name on an open lobby."""
        return {}

    async def lobby_rows(self, game: Game, lang: Language, bots_allowed: bool) -> Rows:
        """What this feature adds under an open lobby."""
        return ()

    async def table_rows(self, game: Game, lang: Language) -> Rows:
        """What this feature adds under a game's table while it is played."""
        return ()

    async def table_lines(self, game: Game, lang: Language) -> Sequence[Line]:
        """The fields this feature adds to a game's table while it is played, and to its
        result (``game.status`` says which)."""
        return ()

    async def result_rows(self, game: Game, lang: Language) -> Rows:
        """What this feature adds under a finished game's result."""
        return ()

    async def replay_rows(self, game: Game, lang: Language) -> Rows:
        """What this feature adds under a finished game's replay shown to one person."""
        return ()

    async def ping_rows(self, game: Game, lang: Language) -> Rows:
        """What this feature adds under a turn's ping."""
        return ()

    async def notice_rows(self, game: Game, user: int, lang: Language) -> Rows:
        """What this feature adds under a turn's direct message to ``user``."""
        return ()

    async def stats_lines(
        self, guild_id: int, kind: str, user_id: int, lang: Language
    ) -> Sequence[Line]:
        """The fields this feature adds to a player's stats card."""
        return ()

    async def history_notes(self, game_ids: Sequence[int], lang: Language) -> Mapping[int, str]:
        """This feature's words after some of these finished games on a server's history."""
        return {}

    async def my_games_lines(
        self, user: int, guild_id: int | None, lang: Language
    ) -> Sequence[Line]:
        """The fields this feature adds to ``user``'s ``/my games`` (asked in a server, or
        in a DM: ``None``, every server)."""
        return ()

    async def my_games_rows(self, user: int, guild_id: int | None, lang: Language) -> Rows:
        """What this feature adds under ``user``'s ``/my games``."""
        return ()

    async def leaderboard_default(self, guild_id: int, kind: str) -> str | None:
        """The view of a server's leaderboard of a game that this feature shows when none
        is asked (a value of its ``leaderboard_views``), if it has one there; the ladder
        of all time otherwise."""
        return None

    async def leaderboard_views(
        self, guild_id: int, kind: str, lang: Language
    ) -> Sequence[app_commands.Choice[str]]:
        """The views of a server's leaderboard of a game that this feature offers beside
        the ladder of all time: each offered by its name as the asker types
        ``/<game> leaderboard season:``, and asked by its value."""
        return ()

    async def leaderboard_view(
        self, guild_id: int, kind: str, asked: str, user_id: int, server: str, lang: Language
    ) -> Card | None:
        """The view ``asked`` (a value of its views, or what the asker typed) as ``user_id``
        sees it in ``server``; ``None`` when it is none of this feature's. Raise a
        ``ServiceError`` for what it can't read as one of its own (a season that isn't
        one): the asker hears it unless another feature's view is the one asked."""
        return None

    async def leaderboard_lines(self, guild_id: int, kind: str, lang: Language) -> Sequence[Line]:
        """The fields this feature adds to a page of a server's ladder of a game."""
        return ()


SLOTS: Final = tuple(
    name for name, value in vars(Adds).items() if inspect.iscoroutinefunction(value)
)
"""What a feature may add to (``Adds``' methods), each asked only of the features that
add to it."""

MY_GAMES = "my games"
"""The panel of a player's ``/my games``, which features add lines and buttons to."""
Panel = Callable[[discord.Interaction], Awaitable[Card]]
"""Draws a private message another feature added to, afresh, for the one it answers."""


class MessageHooks:
    """Every feature's additions to the core's messages, gathered in the features' order;
    and the private messages features add to (a player's ``/my games``), drawn again by
    whichever feature draws them when a press on what another added changes them."""

    def __init__(self, drawing: ControlDrawing, adding: Sequence[Adds] = ()) -> None:
        self.drawing = drawing
        self._adding: dict[str, list[Adds]] = {slot: list(adding) for slot in SLOTS}
        """By slot, the features that add to it, in their order."""
        self._panels: dict[str, Panel] = {}

    def draws_panel(self, name: str, panel: Panel) -> None:
        """The feature that draws the panel ``name`` (``MY_GAMES``) draws it with ``panel``."""
        if name in self._panels:
            raise TypeError(f"two features draw the panel {name!r}")
        self._panels[name] = panel

    async def panel(self, name: str, interaction: discord.Interaction) -> Card:
        """The panel ``name`` drawn afresh for ``interaction``'s presser."""
        return await self._panels[name](interaction)

    def add(self, adds: Adds, slots: Collection[str] = SLOTS) -> None:
        """``adds`` adds to the messages from now on, after those before it: to
        ``slots`` alone (asked for the others, it would answer nothing, a call and an
        await each at every message drawn)."""
        unknown = set(slots) - set(SLOTS)
        if unknown:
            raise TypeError(f"no message has the slots {sorted(unknown)}")
        for slot in slots:
            self._adding[slot].append(adds)

    def _playing(self, game: Game, slot: str) -> list[Adds]:
        """The features adding to ``slot`` of ``game``'s own message: in a
        conversation, only those that work there (a rematch, a share or a follow posts
        in a channel the bot may not reach), so that nothing offered is refused."""
        adding = self._adding[slot]
        if not game.interaction_only:
            return adding
        return [adds for adds in adding if adds.in_conversations]

    async def lobby_lines(self, game: Game, lang: Language) -> tuple[Line, ...]:
        """The fields every feature adds to an open lobby, in the features' order: in a
        conversation, only those that work there (a take-back's allowance says nothing
        where no take-back is offered)."""
        lines: list[Line] = []
        for adds in self._playing(game, "lobby_lines"):
            lines.extend(await adds.lobby_lines(game, lang))
        return tuple(lines)

    async def seat_notes(self, game: Game, lang: Language) -> dict[int, str]:
        """Every feature's notes after a seated person's name, joined in the features'
        order (in a conversation, those that work there)."""
        notes: dict[int, list[str]] = {}
        for adds in self._playing(game, "seat_notes"):
            for user, note in (await adds.seat_notes(game, lang)).items():
                notes.setdefault(user, []).append(note)
        return {user: " · ".join(each) for user, each in notes.items()}

    async def lobby_rows(self, game: Game, lang: Language, bots_allowed: bool) -> Rows:
        """The rows every feature adds under an open lobby."""
        playing = self._playing(game, "lobby_rows")
        return await _gathered(adds.lobby_rows(game, lang, bots_allowed) for adds in playing)

    async def table_rows(self, game: Game, lang: Language) -> Rows:
        """The rows every feature adds under a game's table."""
        return await _gathered(
            adds.table_rows(game, lang) for adds in self._playing(game, "table_rows")
        )

    async def table_lines(self, game: Game, lang: Language) -> tuple[Line, ...]:
        """The fields every feature adds to a game's table or its result, in the
        features' order (in a conversation, those that work there)."""
        lines: list[Line] = []
        for adds in self._playing(game, "table_lines"):
            lines.extend(await adds.table_lines(game, lang))
        return tuple(lines)

    async def result_rows(self, game: Game, lang: Language) -> Rows:
        """The rows every feature adds under a finished game's result."""
        return await _gathered(
            adds.result_rows(game, lang) for adds in self._playing(game, "result_rows")
        )

    async def replay_rows(self, game: Game, lang: Language) -> Rows:
        """The rows every feature adds under a finished game's replay shown to one person."""
        return await _gathered(adds.replay_rows(game, lang) for adds in self._adding["replay_rows"])

    async def ping_rows(self, game: Game, lang: Language) -> Rows:
        """The rows every feature adds under a turn's ping."""
        return await _gathered(adds.ping_rows(game, lang) for adds in self._adding["ping_rows"])

    async def notice_rows(self, game: Game, user: int, lang: Language) -> Rows:
        """The rows every feature adds under a turn's direct message to ``user``."""
        return await _gathered(
            adds.notice_rows(game, user, lang) for adds in self._adding["notice_rows"]
        )

    async def stats_lines(
        self, guild_id: int, kind: str, user_id: int, lang: Language, *, conversation: bool
    ) -> tuple[Line, ...]:
        """The fields every feature adds to a player's stats card, in the features' order:
        asked in a ``conversation``, only those of the features that hold there (a
        reliability never asked there says nothing of it; a player's form, of games judged
        there too, does)."""
        adding = [
            adds
            for adds in self._adding["stats_lines"]
            if adds.stats_in_conversations or not conversation
        ]
        lines: list[Line] = []
        for adds in adding:
            lines.extend(await adds.stats_lines(guild_id, kind, user_id, lang))
        return tuple(lines)

    async def history_notes(self, game_ids: Sequence[int], lang: Language) -> dict[int, str]:
        """Every feature's words after the games of a server's history, joined game by game
        in the features' order."""
        notes: dict[int, list[str]] = {}
        for adds in self._adding["history_notes"]:
            for game_id, words in (await adds.history_notes(game_ids, lang)).items():
                notes.setdefault(game_id, []).append(words)
        return {game_id: " · ".join(words) for game_id, words in notes.items()}

    async def my_games_lines(
        self, user: int, guild_id: int | None, lang: Language
    ) -> tuple[Line, ...]:
        """The fields every feature adds to ``user``'s ``/my games``, in the features'
        order."""
        lines: list[Line] = []
        for adds in self._adding["my_games_lines"]:
            lines.extend(await adds.my_games_lines(user, guild_id, lang))
        return tuple(lines)

    async def my_games_rows(self, user: int, guild_id: int | None, lang: Language) -> Rows:
        """The rows every feature adds under ``user``'s ``/my games``."""
        return await _gathered(
            adds.my_games_rows(user, guild_id, lang) for adds in self._adding["my_games_rows"]
        )

    async def leaderboard_default(self, guild_id: int, kind: str) -> str | None:
        """The view of a server's leaderboard of a game shown when none is asked: the
        first feature's that has one, in the features' order."""
        for adds in self._adding["leaderboard_default"]:
            default = await adds.leaderboard_default(guild_id, kind)
            if default is not None:
                return default
        return None

    async def leaderboard_views(
        self, guild_id: int, kind: str, lang: Language
    ) -> tuple[app_commands.Choice[str], ...]:
        """The views every feature offers of a server's leaderboard of a game, in the
        features' order."""
        views: list[app_commands.Choice[str]] = []
        for adds in self._adding["leaderboard_views"]:
            views.extend(await adds.leaderboard_views(guild_id, kind, lang))
        return tuple(views)

    async def leaderboard_view(
        self, guild_id: int, kind: str, asked: str, user_id: int, server: str, lang: Language
    ) -> Card | None:
        """The view ``asked`` of a server's leaderboard of a game, by the first feature
        whose it is; ``None`` when it is nobody's. A feature that can't read it as one of
        its own refuses it (a season that isn't one), which the asker hears only if no
        other feature's view is the one asked."""
        refused: ServiceError | None = None
        for adds in self._adding["leaderboard_view"]:
            try:
                card = await adds.leaderboard_view(guild_id, kind, asked, user_id, server, lang)
            except ServiceError as error:
                refused = refused or error
                continue
            if card is not None:
                return card
        if refused is not None:
            raise refused
        return None

    async def leaderboard_lines(self, guild_id: int, kind: str, lang: Language) -> tuple[Line, ...]:
        """The fields every feature adds to a page of a server's ladder, in the features'
        order."""
        lines: list[Line] = []
        for adds in self._adding["leaderboard_lines"]:
            lines.extend(await adds.leaderboard_lines(guild_id, kind, lang))
        return tuple(lines)


async def _gathered(added: Iterable[Awaitable[Rows]]) -> Rows:
    """Each feature's rows in turn, flowed together (``flowed``)."""
    rows: list[tuple[discord.ui.Item[Any], ...]] = []
    for adding in added:
        rows.extend(await adding)
    return flowed(tuple(rows))
