"""A lobby's buttons (join, leave, start, cancel) and the host's menus of computer
players; each custom_id carries the game, the version it showed and the action. A press
is the lobby's change (``Lobbies.pressed``). Last on the row, **How to play** changes
nothing: it shows the presser the game's rules."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Protocol

import discord

from bot.discord_ui.card_layout import Rows
from bot.discord_ui.components import Look, Offer, TemplatedButton, TemplatedSelect, choice
from bot.games import shared_words
from bot.games.registry import rules_for
from bot.service import BOT_LEVELS
from bot.storage import Game
from i18n import Language, english


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


class LobbyButton(
    TemplatedButton["LobbyKeeper"],
    template="{kind}:lobby:{game}:{version}:{action}",
    parts={"action": choice(LOBBY_BUTTONS)},
):
    """Join, leave, start or cancel a lobby; its custom_id carries the game, the version the
    lobby showed and the action."""

    calls = "pressed"

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
        self.kind, self.game, self.version, self.action = kind, game, version, action
        super().__init__(Look(label, style=style, disabled=disabled))


class HowToPlay(TemplatedButton["LobbyKeeper"], template="{kind}:rules"):
    """❓ **How to play**, last on a lobby's row: the game's rules to the presser alone, as
    ``/<game> rules`` answers them. Its custom_id names the game only: anyone may press
    it, joined or not, and it changes no lobby."""

    calls = "how_to_play"

    def __init__(self, kind: str, lang: Language | None = None) -> None:
        """``lang`` as for ``LobbyButton``."""
        lang = lang or english()
        self.kind = kind
        label = lang.pgettext("lobby button", "How to play")
        super().__init__(Look(label, "❓", discord.ButtonStyle.secondary))


class BotSelect(
    TemplatedSelect["LobbyKeeper"],
    template="{kind}:lobby:{game}:{version}:{action}",
    parts={"action": choice(BOT_MENUS)},
):
    """The host's menus to add a computer player (by level) or remove one (by seat)."""

    calls = "pressed"

    def __init__(self, kind: str, game: int, version: int, action: LobbyAction) -> None:
        self.kind, self.game, self.version, self.action = kind, game, version, action
        super().__init__()


def _adding(lang: Language) -> Offer:
    """The host's menu to add a computer player: a level each."""
    options = [
        discord.SelectOption(
            label=lang._("Add a computer player: {level}", level=shared_words.level(level, lang)),
            value=level,
        )
        for level in BOT_LEVELS
    ]
    return Offer(options, lang._("Add a computer player…"))


def _removing(lobby: Game, lang: Language) -> Offer:
    """The host's menu to remove a computer player: one of the lobby's each."""
    options = [
        discord.SelectOption(
            label=lang._("Remove {player}", player=shared_words.seat_name(s, lang)),
            value=str(s.seat),
        )
        for s in lobby.seats
        if s.is_bot
    ] or [discord.SelectOption(label=lang._("No computer players"), value="-1")]
    return Offer(options, lang._("Remove a computer player…"))


def lobby_rows(game: Game, lang: Language, bots_allowed: bool) -> Rows:
    """The lobby's buttons on a row, **How to play** last, each bot menu on a row of its
    own."""
    rules = rules_for(game.kind)
    joining = (
        LobbyButton(
            game.kind,
            game.id,
            game.version,
            action,
            disabled=(action is LobbyAction.START and len(game.seats) < rules.min_players)
            or (action is LobbyAction.JOIN and len(game.seats) >= rules.max_players),
            lang=lang,
        )
        for action in LOBBY_BUTTONS
    )
    rows: list[tuple[discord.ui.Item[Any], ...]] = [(*joining, HowToPlay(game.kind, lang))]
    if bots_allowed and len(game.seats) < rules.max_players:
        add = LobbyAction.ADD_BOT
        rows.append((BotSelect(game.kind, game.id, game.version, add).offering(_adding(lang)),))
    if any(s.is_bot for s in game.seats):
        remove = LobbyAction.REMOVE_BOT
        rows.append(
            (BotSelect(game.kind, game.id, game.version, remove).offering(_removing(game, lang)),)
        )
    return tuple(rows)


class LobbyKeeper(Protocol):
    """What a press of a lobby's control asks of the feature that keeps lobbies."""

    async def pressed(
        self, interaction: discord.Interaction, pressed: LobbyButton | BotSelect
    ) -> None:
        """The lobby's change the control names."""

    async def how_to_play(self, interaction: discord.Interaction, pressed: HowToPlay) -> None:
        """The game's rules, to the presser alone."""
