"""Buttons and menus that survive restarts: each custom_id carries the game, the version
it showed and what it does.

No view or game object is kept in memory; a click is parsed from its custom_id
and handed to the game flow, which asks the service what is true now. Every
game's turn buttons are the same ``TurnButton`` (and menus ``TurnSelect``): what
they do is the game's *intent*, which only the game's rules read.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

import discord

from bot.discord_ui import text
from bot.games.registry import GAMES, rules_for
from bot.service import BOT_LEVELS
from bot.storage import Game
from i18n import Language, english


@runtime_checkable
class Presses(Protocol):
    """What a press on one of the bot's components goes to: the bot, which hands it to
    the feature the component belongs to."""

    async def pressed(
        self, interaction: discord.Interaction, item: discord.ui.Item[Any]
    ) -> None: ...


async def hand_over(interaction: discord.Interaction, item: discord.ui.Item[Any]) -> None:
    client = interaction.client
    if not isinstance(client, Presses):
        raise TypeError(f"{type(client).__name__} takes no presses of the bot's components")
    await client.pressed(interaction, item)


class LobbyAction(StrEnum):
    """What a lobby's buttons and menus do: the last part of their custom_ids."""

    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    CANCEL = "cancel"
    ADD_BOT = "addbot"
    REMOVE_BOT = "removebot"


LOBBY_BUTTONS = (LobbyAction.JOIN, LobbyAction.LEAVE, LobbyAction.START, LobbyAction.CANCEL)
BOT_MENUS = (LobbyAction.ADD_BOT, LobbyAction.REMOVE_BOT)


def either(actions: tuple[LobbyAction, ...]) -> str:
    """A pattern of exactly these actions."""
    return "(?P<action>" + "|".join(actions) + ")"


def whole_up_to(most: int) -> str:
    """A pattern of the whole numbers from 0 to ``most`` as the bot writes them: ASCII
    digits (``\\d`` would take any script's, which ``int`` reads) without leading zeros."""
    digits = str(most)
    alternatives = ["0"]
    if len(digits) > 1:
        alternatives.append(f"[1-9][0-9]{{0,{len(digits) - 2}}}")
    for place, digit in enumerate(digits):
        lowest = 1 if place == 0 else 0
        if int(digit) > lowest:
            rest = len(digits) - place - 1
            alternatives.append(f"{digits[:place]}[{lowest}-{int(digit) - 1}][0-9]{{{rest}}}")
    alternatives.append(digits)
    return "(?:" + "|".join(alternatives) + ")"


KIND = "(?P<kind>" + "|".join(map(re.escape, GAMES)) + ")"
"""A registered game's kind; any other is no button of the bot's."""
GAME = f"(?P<game>{whole_up_to(2**63 - 1)})"
"""A game's id, as the database keeps it (a 64-bit integer)."""
VERSION = f"(?P<version>{whole_up_to(10**9 - 1)})"
INTENT = r"(?P<intent>[A-Za-z0-9@,.=_+-]{1,60})"
"""What a game's intents are written with (a letter, ``roll``, ``S3@2,5``, ``set:L2N1``)."""


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:lobby:{GAME}:{VERSION}:{either(LOBBY_BUTTONS)}",
):
    def __init__(
        self,
        kind: str,
        game: int,
        version: int,
        action: LobbyAction,
        *,
        disabled: bool = False,
        lang: Language | None = None,
    ) -> None:
        """``lang`` is the lobby's language; a button read back from its custom_id (to
        dispatch a click) is never shown and needs none."""
        lang = lang or english()
        label, style = {
            LobbyAction.JOIN: (lang.pgettext("lobby button", "Join"), discord.ButtonStyle.primary),
            LobbyAction.LEAVE: (
                lang.pgettext("lobby button", "Leave"),
                discord.ButtonStyle.secondary,
            ),
            LobbyAction.START: (
                lang.pgettext("lobby button", "Start"),
                discord.ButtonStyle.success,
            ),
            LobbyAction.CANCEL: (
                lang.pgettext("lobby button", "Cancel"),
                discord.ButtonStyle.danger,
            ),
        }[action]
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                disabled=disabled,
                custom_id=f"{kind}:lobby:{game}:{version}:{action}",
            )
        )
        self.kind, self.game, self.version, self.action = kind, game, version, action

    @classmethod
    def parse(cls, match: re.Match[str]) -> LobbyButton:
        action = LobbyAction(match["action"])
        return cls(match["kind"], int(match["game"]), int(match["version"]), action)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls.parse(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        await hand_over(interaction, self)


class TurnButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:turn:{GAME}:{VERSION}:{INTENT}",
):
    """A game's button: pressing it plays ``intent`` at the version it showed."""

    def __init__(
        self,
        kind: str,
        game: int,
        version: int,
        intent: str,
        *,
        label: str | None = None,
        emoji: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        custom_id = f"{kind}:turn:{game}:{version}:{intent}"
        super().__init__(_intent_button(custom_id, label or intent, emoji, style, disabled, row))
        self.kind, self.game, self.version, self.intent = kind, game, version, intent

    @classmethod
    def parse(cls, match: re.Match[str]) -> TurnButton:
        return cls(match["kind"], int(match["game"]), int(match["version"]), match["intent"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TurnButton:
        return cls.parse(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        await hand_over(interaction, self)


class TurnSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=f"{KIND}:pick:{GAME}:{VERSION}:" + r"(?P<menu>[a-z]{1,10})",
):
    """A game's menu: each option's value is the intent choosing it plays."""

    def __init__(
        self,
        kind: str,
        game: int,
        version: int,
        menu: str,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{kind}:pick:{game}:{version}:{menu}",
                placeholder=placeholder,
                # Parsed back from a click, the menu's options are not needed.
                options=options or [discord.SelectOption(label="-", value="-")],
                row=row,
            )
        )
        self.kind, self.game, self.version = kind, game, version

    @classmethod
    def parse(cls, match: re.Match[str]) -> TurnSelect:
        return cls(match["kind"], int(match["game"]), int(match["version"]), match["menu"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TurnSelect:
        return cls.parse(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        await hand_over(interaction, self)


class PrivateOpen(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:mine:{GAME}",
):
    """On the public game message of a game with secrets: opens the presser's own private
    message (their hand), whatever the game's version, since it always shows it as it is."""

    def __init__(
        self, kind: str, game: int, *, label: str = "My hand", emoji: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=discord.ButtonStyle.primary,
                custom_id=f"{kind}:mine:{game}",
            )
        )
        self.kind, self.game = kind, game

    @classmethod
    def parse(cls, match: re.Match[str]) -> PrivateOpen:
        return cls(match["kind"], int(match["game"]))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PrivateOpen:
        return cls.parse(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        await hand_over(interaction, self)


class PrivateButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:seat:{GAME}:(?P<key>{whole_up_to(10**18 - 1)}):{INTENT}",
):
    """A button on a seat's private message: plays ``intent`` if what the seat decides on is
    still what the message showed (its ``key``, ``HiddenInformation.decision_key``)."""

    def __init__(
        self,
        kind: str,
        game: int,
        key: int,
        intent: str,
        *,
        label: str | None = None,
        emoji: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        custom_id = f"{kind}:seat:{game}:{key}:{intent}"
        super().__init__(_intent_button(custom_id, label or intent, emoji, style, disabled, row))
        self.kind, self.game, self.key, self.intent = kind, game, key, intent

    @classmethod
    def parse(cls, match: re.Match[str]) -> PrivateButton:
        return cls(match["kind"], int(match["game"]), int(match["key"]), match["intent"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PrivateButton:
        return cls.parse(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        await hand_over(interaction, self)


class BotSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=f"{KIND}:lobby:{GAME}:{VERSION}:{either(BOT_MENUS)}",
):
    """The host's menus to add a computer player (by level) or remove one (by seat)."""

    def __init__(
        self,
        kind: str,
        game: int,
        version: int,
        action: LobbyAction,
        *,
        lobby: Game | None = None,
        lang: Language | None = None,
    ) -> None:
        """``lang`` as for ``LobbyButton``."""
        lang = lang or english()
        if action is LobbyAction.ADD_BOT:
            options = [
                discord.SelectOption(
                    label=lang._("Add a computer player: {level}", level=text.level(level, lang)),
                    value=level,
                )
                for level in BOT_LEVELS
            ]
            placeholder = lang._("Add a computer player…")
        else:
            bots = [s for s in (lobby.seats if lobby else ()) if s.is_bot]
            options = [
                discord.SelectOption(
                    label=lang._("Remove {player}", player=text.seat_name(s, lang)),
                    value=str(s.seat),
                )
                for s in bots
            ] or [discord.SelectOption(label=lang._("No computer players"), value="-1")]
            placeholder = lang._("Remove a computer player…")
        super().__init__(
            discord.ui.Select(
                custom_id=f"{kind}:lobby:{game}:{version}:{action}",
                placeholder=placeholder,
                options=options,
            )
        )
        self.kind, self.game, self.version, self.action = kind, game, version, action

    @classmethod
    def parse(cls, match: re.Match[str]) -> BotSelect:
        action = LobbyAction(match["action"])
        return cls(match["kind"], int(match["game"]), int(match["version"]), action)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BotSelect:
        return cls.parse(match)

    async def callback(self, interaction: discord.Interaction) -> None:
        await hand_over(interaction, self)


def _intent_button(
    custom_id: str,
    label: str,
    emoji: str | None,
    style: discord.ButtonStyle,
    disabled: bool,
    row: int | None,
) -> discord.ui.Button[Any]:
    """A button playing an intent, public (``TurnButton``) or private (``PrivateButton``)."""
    return discord.ui.Button(
        label=label, emoji=emoji, style=style, disabled=disabled, custom_id=custom_id, row=row
    )


def custom_ids(message: discord.Message | None) -> set[str]:
    """The custom_ids of a message's buttons and menus."""
    if message is None:
        return set()
    return {
        child.custom_id
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.Button | discord.SelectMenu) and child.custom_id
    }


def selected(interaction: discord.Interaction) -> str:
    """The value chosen in a menu."""
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values") or [""]
    return str(values[0])


def lobby_view(game: Game, lang: Language, *, bots_allowed: bool = True) -> discord.ui.View:
    rules = rules_for(game.kind)
    view = discord.ui.View(timeout=None)
    for action in LOBBY_BUTTONS:
        disabled = action is LobbyAction.START and len(game.seats) < rules.min_players
        view.add_item(
            LobbyButton(game.kind, game.id, game.version, action, disabled=disabled, lang=lang)
        )
    if bots_allowed and len(game.seats) < rules.max_players:
        view.add_item(BotSelect(game.kind, game.id, game.version, LobbyAction.ADD_BOT, lang=lang))
    if any(s.is_bot for s in game.seats):
        view.add_item(
            BotSelect(
                game.kind, game.id, game.version, LobbyAction.REMOVE_BOT, lobby=game, lang=lang
            )
        )
    return view
