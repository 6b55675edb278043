"""What a Discord feature is, and what the core hands it.

A feature is one package under ``bot/discord_ui/features/`` that declares itself in its
``__init__``::

    FEATURE = Declaration(Ladder, position=5, commands=commands)

``Ladder`` (a ``Feature``) says what its presses do (methods marked ``@takes(...)``
with the components they answer), which of Discord's events it listens to (methods named
``on_<event>``, as discord.py names them), and what it starts and stops with the bot;
``commands`` gives its slash commands in each game's group. The core (the client, the
live table, the presenter) names no feature: ``bot.discord_ui.feature_registry`` finds
them, builds each with the ``Core`` and hands it its presses, commands and events. Every
command and press is answered through ``bot.discord_ui.interactions.guarded``, the one
place a failed handler is answered.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self, TypeVar, runtime_checkable

import discord
from discord import app_commands

from bot.clock import Clock
from bot.discord_ui.command_parts import Command
from bot.discord_ui.components import HandedOver
from bot.discord_ui.table import GameTable
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from bot.storage import Database
from bot.storage.shards import Shards

Press = Callable[[discord.Interaction, Any], Awaitable[None]]
"""What a press on a component does: the feature's method, bound."""
Listener = Callable[..., Coroutine[Any, Any, None]]
"""A feature's handler of one of Discord's events (its ``on_<event>`` method)."""
Handler = TypeVar("Handler", bound=Callable[..., Awaitable[None]])
Built = TypeVar("Built", bound="Feature")


@dataclass(frozen=True)
class Core:
    """What the core hands each feature as the bot starts."""

    table: GameTable
    """The one live table every change of a game goes through (and through it the
    service, the client and the work in flight)."""
    database: Database
    """For a feature's own service (the ladder's, the replays')."""
    clock: Clock
    features: Features
    """The other features, for what one hands to another (a turn that times out on a
    player who left the server is the leaving feature's to handle)."""


class Feature:
    """A Discord feature, built once per bot with the ``Core``."""

    presses: ClassVar[Mapping[type[HandedOver], str]] = {}
    """Each component this feature answers presses of, and the method that does."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        presses = dict(cls.presses)
        for name, value in vars(cls).items():
            for component in getattr(value, "takes", ()):
                presses[component] = name
        cls.presses = presses

    def __init__(self, core: Core) -> None:
        self.core = core
        self.table = core.table

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Self:
        """This feature in the bot an interaction came to (for its commands)."""
        client = interaction.client
        if not isinstance(client, HostsFeatures):
            raise TypeError(f"{type(client).__name__} hosts no features")
        return client.features.get(cls)

    async def prepare(self) -> None:
        """Before the bot connects: what must be ready by its first interaction."""

    def start(self) -> None:
        """The bot is connected: background work begins (before the table catches up
        what the games' messages are behind)."""

    async def resumed(self, shards: Shards) -> None:
        """The table caught up this process's games (of ``shards``) after the start."""

    async def stop(self) -> None:
        """The bot stops: background work ends (the work under way has finished)."""


def takes(*components: type[HandedOver]) -> Callable[[Handler], Handler]:
    """Marks a feature's method as what a press on any of ``components`` does; it is
    called with the interaction and the component read back from its custom_id."""

    def marked(method: Handler) -> Handler:
        method.takes = components  # type: ignore[attr-defined]
        return method

    return marked


def no_commands(rules: AnyRules, face: GameFace) -> Sequence[Command]:
    """The commands of a feature that has none."""
    return ()


def no_own_commands() -> Sequence[app_commands.Group]:
    """The commands of a feature that has none beside the games' groups."""
    return ()


@dataclass(frozen=True)
class Declaration:
    """A feature's package declares itself with one of these, as ``FEATURE``."""

    feature: type[Feature]
    position: int
    """Where its commands come in each game's group (and its events, among the
    features'): the order features came to the bot."""
    commands: Callable[[AnyRules, GameFace], Sequence[Command]] = field(default=no_commands)
    """Its slash commands in one game's group, from the game's rules and face."""
    own_commands: Callable[[], Sequence[app_commands.Group]] = field(default=no_own_commands)
    """Its command groups of its own, beside the games' (one for every game, such as
    ``/my``)."""


@runtime_checkable
class HostsFeatures(Protocol):
    """The bot, as a feature's command reaches it."""

    features: Features


class Features:
    """Every feature of one bot, built with its core in the order they are declared."""

    def __init__(
        self,
        declared: Sequence[Declaration],
        table: GameTable,
        database: Database,
        clock: Clock,
    ) -> None:
        core = Core(table, database, clock, self)
        self._built: dict[type[Feature], Feature] = {}
        self._presses: dict[type[HandedOver], Press] = {}
        self._listeners: dict[str, list[Listener]] = {}
        for declaration in declared:
            feature = declaration.feature(core)
            self._built[declaration.feature] = feature
            for component, name in feature.presses.items():
                if component in self._presses:
                    raise TypeError(f"two features take presses of {component.__name__}")
                self._presses[component] = getattr(feature, name)
            for name in dir(feature):
                if name.startswith("on_"):
                    self._listeners.setdefault(name[3:], []).append(getattr(feature, name))

    def get(self, feature: type[Built]) -> Built:
        """The bot's own ``feature``."""
        built = self._built.get(feature)
        if not isinstance(built, feature):
            raise TypeError(f"the bot has no {feature.__name__} feature")
        return built

    @property
    def components(self) -> tuple[type[HandedOver], ...]:
        """Every component a feature takes presses of: the bot's own, which each parse
        their custom_ids."""
        return tuple(self._presses)

    def press(self, item: HandedOver) -> Press:
        """What a press on ``item`` does."""
        return self._presses[type(item)]

    def listeners(self, event: str) -> Sequence[Listener]:
        """The features' handlers of one of Discord's events (``raw_message_delete``)."""
        return self._listeners.get(event, ())

    async def prepare(self) -> None:
        """Each feature's ``prepare``, in the features' order."""
        for feature in self._built.values():
            await feature.prepare()

    def start(self) -> None:
        """Each feature's ``start``, in the features' order."""
        for feature in self._built.values():
            feature.start()

    async def resumed(self, shards: Shards) -> None:
        """Each feature's ``resumed``, in the features' order."""
        for feature in self._built.values():
            await feature.resumed(shards)

    async def stop(self) -> None:
        """Each feature's ``stop``, in the features' order."""
        for feature in self._built.values():
            await feature.stop()
