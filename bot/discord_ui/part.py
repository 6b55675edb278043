"""What a Discord part is, and what the core hands it.

A part is the Discord side of a feature (the package ``discord`` of its folder,
``bot/features/<name>/discord/``) or one of the core's own (``bot/discord_ui/core/``),
and declares itself in its ``__init__``::

    PART = Declaration(Ladder, commands=commands)

``Ladder`` (a ``Part``) is built with the ``Context``, the narrow part of the core a
feature may ask things of (``bot.discord_ui.context``). It says

- which components' presses are its own (``controls``: each class knows its custom_id,
  reads a press back and handles it, ``bot.discord_ui.components.Pressable``), and which
  controls a game's face describes it draws (``Declaration.draws``);
- what it adds under the core's messages: a lobby, a table, a result, a ping, a turn's
  direct message (the slots of ``bot.discord_ui.message_hooks.Adds``, which a part
  adding to them inherits beside ``Part``);
- which game events it follows (its ``game_shown``, ``game_ended`` and
  ``place_unknown`` methods, ``bot.discord_ui.game_events.Follows``) and which of
  Discord's events (methods named ``on_<event>``, as discord.py names them);
- and what it starts and stops with the bot, which with its presses and its board
  actions is all ``Part`` itself holds.

What it adds to the core's messages and which events it follows, its feature's
``FEATURE`` names (``DiscordPart``), and ``check_parts`` holds the names against the
class as the bot starts.

``commands`` gives its slash commands in each game's group. The core names no feature:
``bot.discord_ui.part_registry`` finds their parts, and ``Parts`` builds each and hands
it its presses, hooks and events. Every command and press is answered through
``bot.discord_ui.interactions.guarded``, the one place a failed handler is answered.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self, TypeVar

import discord
from discord import app_commands

from bot import discovery
from bot.background.looks import Looks
from bot.declared_slots import Misdeclared, implemented, mismatches
from bot.discord_ui.card_layout import Rows
from bot.discord_ui.command_parts import Command
from bot.discord_ui.components import Pressable
from bot.discord_ui.context import Context
from bot.discord_ui.conversations import place_of
from bot.discord_ui.game_events import EVENTS, Follows, GameEvents
from bot.discord_ui.message_hooks import SLOTS, Adds, ControlDrawing, Drawer, MessageHooks
from bot.discord_ui.new_options import NewOptions
from bot.feature_folders import FOLDER, ORDER
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from bot.service.errors import ServerOnly
from bot.service.feature_registry import DiscordPart, Feature
from bot.storage.shards import Shards
from i18n import Language, Message

Listener = Callable[..., Coroutine[Any, Any, None]]
"""A feature's handler of one of Discord's events (its ``on_<event>`` method)."""
Built = TypeVar("Built", bound="Part")
BUTTON = Message("That button")
"""What a press refused in a conversation is called (a menu's pick as well)."""


class Part:
    """A Discord feature, built once per bot with the ``Context``."""

    controls: ClassVar[tuple[type[Pressable[Any]], ...]] = ()
    """The components whose presses are this feature's (each handles its own)."""
    board_actions: ClassVar[tuple[str, ...]] = ()
    """The names of its feature's board actions (``bot.service.board_actions``) it shows
    in the channel (``board_acted``)."""
    in_conversations: ClassVar[bool] = False
    """Whether its controls work in a conversation (a group DM, a server the bot is not
    in: ``conversations``); a press there of a part that doesn't say so is refused."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.service = context.service
        self.games = context.games
        self.languages = context.languages
        self.clock = context.clock
        self.client = context.client

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Self:
        """This feature in the bot an interaction came to (for its commands)."""
        parts = getattr(interaction.client, "parts", None)  # no runtime protocol's walk
        if not isinstance(parts, Parts):
            raise TypeError(f"{type(interaction.client).__name__} hosts no parts")
        return parts.get(cls)

    async def prepare(self) -> None:
        """Before the bot connects: what must be ready by its first interaction."""

    def start(self) -> None:
        """The bot is connected: background work begins (before the table catches up
        what the games' messages are behind)."""

    async def resumed(self, shards: Shards) -> None:
        """The table caught up this process's games (of ``shards``) after the start."""

    async def stop(self) -> None:
        """The bot stops: background work ends (the work under way has finished)."""

    async def board_acted(
        self, action: str, game_id: int, made: Callable[[], Awaitable[object]]
    ) -> None:
        """One of its ``board_actions`` was asked for on the board: ``made`` takes it
        (through the feature's service, refused as a press is), and the channel shows
        it as after a press there."""
        await made()


def no_commands(rules: AnyRules, face: GameFace) -> Sequence[Command]:
    """The commands of a feature that has none."""
    return ()


def no_own_commands() -> Sequence[app_commands.Group]:
    """The commands of a feature that has none beside the games' groups."""
    return ()


def no_my_commands() -> Sequence[Command]:
    """The commands of a feature that adds none to ``/my``."""
    return ()


def no_rules_rows(kind: str, lang: Language) -> Rows:
    """What a feature that adds nothing under a game's rules adds there."""
    return ()


class LookingPart(Part):
    """A feature whose background work is one ``Looks`` (``looks``, made by its
    ``__init__``): it starts and stops with the bot, and looks at once after a start or
    a shard taken over, for what a stopped process left due."""

    looks: Looks

    def start(self) -> None:
        self.looks.start()

    async def resumed(self, shards: Shards) -> None:
        self.looks.moved.set()

    async def stop(self) -> None:
        await self.looks.stop()


@dataclass(frozen=True)
class Declaration:
    """A part's package declares itself with one of these, as ``PART``; where it comes
    among the parts (its commands in each game's group, its rows under a message, its
    events) is ``CORE`` in ``bot.discord_ui.core`` for the core's, the features'
    ``ORDER`` in ``bot.feature_folders`` for a feature's."""

    part: type[Part]
    commands: Callable[[AnyRules, GameFace], Sequence[Command]] = field(default=no_commands)
    """Its slash commands in one game's group, from the game's rules and face."""
    own_commands: Callable[[], Sequence[app_commands.Group]] = field(default=no_own_commands)
    """Its command groups of its own, beside the games' (one for every game, such as
    ``/my``)."""
    my_commands: Callable[[], Sequence[Command]] = field(default=no_my_commands)
    """Its commands in ``/my``, a player's own across the games (``/my lessons``)."""
    rules_rows: Callable[[str, Language], Rows] = field(default=no_rules_rows)
    """What it adds under a game's rules (``/<game> rules``), by the game's kind."""
    draws: Mapping[type, Drawer] = field(default_factory=dict)
    """The kinds of control a game's face describes that it draws (its presses are the
    feature's), each with how: ``bot.games.face.Choice``, ``Menu``, ``OpenPrivate``,
    and a choice in a hand, ``bot.discord_ui.message_hooks.HandChoice``."""
    new_options: NewOptions = field(default_factory=NewOptions)
    """The options it adds to each game's ``/new``, and what their values ask of its
    feature as the lobby is made (``bot.discord_ui.new_options``)."""


def features_parts() -> tuple[Declaration, ...]:
    """The features' Discord parts, found in their folders in the features' order (read
    afresh, so that a feature put beside them, a test's, is found too)."""
    return tuple(_parts_by_name().values())


def _parts_by_name() -> dict[str, Declaration]:
    return discovery.declared(FOLDER, "PART", Declaration, ORDER, part="discord")


def check_parts() -> None:
    """Raises ``Misdeclared`` where a feature's Discord part is not what its ``FEATURE``
    names (``check_part``): asked as the bot starts, not at each use of the parts."""
    parts = _parts_by_name()
    named = discovery.declared(FOLDER, "FEATURE", Feature, ORDER)
    problems = [
        f"{name} {problem}"
        for name, feature in named.items()
        for problem in check_part(feature.discord, parts.get(name))
    ]
    if problems:
        raise Misdeclared(problems)


def check_part(named: DiscordPart | None, declared: Declaration | None) -> list[str]:
    """What is wrong with a feature's Discord part (``declared``: its ``PART``, if it has
    one) against what its ``FEATURE`` names of it (``named``): empty when all is right."""
    if named is None or declared is None:
        if named is None and declared is None:
            return []
        return [
            "has a Discord part its FEATURE doesn't name (discord=DiscordPart(...))"
            if named is None
            else "names a Discord part (discord=...) but has no discord package declaring PART"
        ]
    part = declared.part
    problems = [
        *([] if not named.slots or issubclass(part, Adds) else [f"{part.__name__} isn't Adds"]),
        *mismatches("slots", named.slots, part, Adds, Adds, SLOTS),
        *mismatches("events", named.events, part, Part, Follows, EVENTS),
    ]
    listening = sorted(name[3:] for name in dir(part) if name.startswith("on_"))
    if listening != sorted(named.listens):
        problems.append(
            f"{part.__name__} handles Discord's events {', '.join(listening) or 'none'}, "
            f"not those named: {', '.join(named.listens) or 'none'}"
        )
    return problems


def drawing(declared: Sequence[Declaration]) -> ControlDrawing:
    """How the controls a face describes are drawn, by the features ``declared``."""
    draws: dict[type, Drawer] = {}
    for declaration in declared:
        for kind, drawer in declaration.draws.items():
            if kind in draws:
                raise TypeError(f"two features draw {kind.__name__}")
            draws[kind] = drawer
    return ControlDrawing(draws)


def added_to(part: Part) -> tuple[str, ...]:
    """The slots of the core's messages ``part`` adds to: those its class implements (the
    others it answers with ``Adds``' nothing)."""
    return implemented(type(part), Adds, SLOTS)


class Parts:
    """Every feature of one bot, built with its context in the order they are declared:
    each one's rows are added to the core's ``hooks``, and the game ``events`` it follows
    are told to it."""

    def __init__(
        self,
        declared: Sequence[Declaration],
        context: Context,
        hooks: MessageHooks,
        events: GameEvents,
    ) -> None:
        self._built: dict[type[Part], Part] = {}
        self._controls: dict[type[Pressable[Any]], Part] = {}
        self._listeners: dict[str, list[Listener]] = {}
        self._acting: dict[str, Part] = {}
        for declaration in declared:
            feature = declaration.part(context)
            self._built[declaration.part] = feature
            if isinstance(feature, Adds):
                hooks.add(feature, added_to(feature))
            elif added_to(feature):
                raise TypeError(f"{declaration.part.__name__} adds to messages but isn't Adds")
            for action in feature.board_actions:
                if action in self._acting:
                    raise TypeError(f"two features show the board action {action}")
                self._acting[action] = feature
            for control in feature.controls:
                if control in self._controls:
                    raise TypeError(f"two features take presses of {control.__name__}")
                self._controls[control] = feature
            for event in EVENTS:
                follower = getattr(feature, event, None)
                if follower is not None:
                    events.follow(event, follower)
            for name in dir(feature):
                if name.startswith("on_"):
                    self._listeners.setdefault(name[3:], []).append(getattr(feature, name))

    def __iter__(self) -> Iterator[Part]:
        """Every part, in the features' order: a front end finds those it serves by what
        they are (a protocol of its own), naming none."""
        return iter(self._built.values())

    async def board_acted(
        self, action: str, game_id: int, made: Callable[[], Awaitable[object]]
    ) -> None:
        """A feature's board action, taken and shown by the part that shows it (only
        taken where none does)."""
        acting = self._acting.get(action)
        if acting is None:
            await made()
        else:
            await acting.board_acted(action, game_id, made)

    def get(self, feature: type[Built]) -> Built:
        """The bot's own ``feature``."""
        built = self._built.get(feature)
        if not isinstance(built, feature):
            raise TypeError(f"the bot has no {feature.__name__} feature")
        return built

    @property
    def components(self) -> tuple[type[Pressable[Any]], ...]:
        """Every component a feature takes presses of: the bot's own, which each parse
        their custom_ids."""
        return tuple(self._controls)

    async def press(self, interaction: discord.Interaction, pressed: Pressable[Any]) -> None:
        """A press on ``pressed``, handled by its class with the feature declaring it; in a
        conversation only by a feature made for one, else refused before anything is read
        (a copied or hand-made custom_id: the bot offers none of the others there)."""
        feature = self._controls[type(pressed)]
        if not feature.in_conversations and place_of(interaction).interaction_only:
            raise ServerOnly(BUTTON)
        await pressed.pressed(interaction, feature)

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
        """Each feature's ``stop``, in the reverse of the features' order: a feature may
        read an earlier one's service (drills read the reports) until it has stopped."""
        for feature in reversed(self._built.values()):
            await feature.stop()
