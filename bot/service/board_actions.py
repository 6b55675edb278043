"""What a feature adds to the board (the app's Activity, ``bot.activity``): an action a
viewer may take on a game, beside its moves, such as a rematch of a finished game or a
move taken back.

A feature declares its actions with its ``Feature`` (``bot.service.feature_registry``),
each over its own service: for whom and on which game the board offers it, and whether
it can be taken now, is the service's to say, as what the action does is (in one
transaction, as any of its changes). The board names no feature: it shows each action
offered to its viewer, in the viewer's language, and runs the one asked for by name. An
action may answer its asker alone (``answer``), in lines the board shows beside the
game's choices while the game stays where it was asked (a hint), and then changes nothing
anyone else sees (``others_see``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

from bot.games.face import Tone
from bot.service.feature_service import FeatureService
from bot.service.game_loading import Actor
from bot.storage.records import Game
from i18n import Language, Message

Service = TypeVar("Service", bound=FeatureService)


class Offered(StrEnum):
    """Whether a board offers an action to one viewer of one game."""

    NOT = "not"
    """It doesn't show it."""
    DISABLED = "disabled"
    """It shows it, but it can't be taken now."""
    ENABLED = "enabled"


@dataclass(frozen=True)
class Asked:
    """An action asked for on the board: on which game, by whom (their place the board's
    channel), shown where (``channel_id``), and at which version of the game the viewer
    saw (``None``: they didn't say)."""

    game_id: int
    actor: Actor
    channel_id: int
    version: int | None
    game: Game | None = None
    """The game as the board read it to offer the action: an action that changes nothing
    others see (``BoardAction.others_see``) takes it as it stands rather than read it
    again."""


@dataclass(frozen=True)
class BoardAction(Generic[Service]):
    """One action a feature adds to the board."""

    name: str
    """How the board asks for it (``{"type": "action", "action": name}``): unique among
    the features' actions."""
    label: Message
    """Its words on the board, put into each viewer's language."""
    service: type[Service]
    """The feature's service (its ``Feature.service``), which the calls below are given."""
    offered: Callable[[Service, Game, int], Awaitable[Offered]]
    """Whether the board offers it to the user on the game as they are pushed it. Called
    for every viewer at every push: it reads nothing it can keep (or keeps it)."""
    act: Callable[[Service, Asked], Awaitable[object]]
    """Takes it: refused as the feature's buttons are (``ServiceError``, nothing changed),
    else one transaction of the feature's service. What it returns is for the feature's
    own front ends to show (a Discord part's ``board_acted``), and for ``answer``."""
    icon: str | None = None
    """An emoji shown before its words, if any."""
    tone: Tone = Tone.SECONDARY
    """How it stands out among the board's buttons."""
    answer: Callable[[Any, Language], Sequence[str]] | None = None
    """What its asker alone is shown of what ``act`` returned, as lines (with **bold**
    parts) in their language; ``None``: nothing, the channel and the game show it."""
    others_see: bool = True
    """Whether taking it changes what the game's other viewers see (its channel, every
    board of it), which are then shown it; after one that doesn't (a hint), nothing is
    shown or pushed to anyone but its asker."""
