"""What every component of the bot shares: how a custom_id names a game, its version
and an intent, and how a press is read back from it.

No view or game object is kept in memory: a press is parsed from its custom_id and
handled by the component's class with the feature that declares it
(``GameBot.on_interaction``), which asks the service what is true now.

A component's class gives its custom_ids once, as a template with its fields in braces
(``Templated``): the pattern a press is read back with and the custom_id a component is
sent with are both made from it.
"""

from __future__ import annotations

import re
import string
from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Self, TypeVar

import discord

from bot.games.registry import GAMES

NEVER_SHOWN = -1
"""No game's version, nor any seat's decision key."""

F = TypeVar("F")
"""The feature a component's presses go to."""


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


@dataclass(frozen=True)
class Part:
    """A named part of a custom_id: what it may be, how it is read back into the field of
    its name, and how that field is written into the custom_id."""

    pattern: str
    read: Callable[[str], Any] = str
    write: Callable[[Any], str] = str


def number(most: int) -> Part:
    """A whole number from 0 to ``most``."""
    return Part(whole_up_to(most), int)


def choice(among: Iterable[StrEnum]) -> Part:
    """One of an enum's values (all of them, or some), read back as the enum's member."""
    values = tuple(among)
    return Part("|".join(map(re.escape, values)), type(values[0]))


PARTS = MappingProxyType(
    {
        "kind": Part("|".join(map(re.escape, GAMES))),
        "game": number(2**63 - 1),
        "version": number(10**9 - 1),
        "intent": Part(r"[A-Za-z0-9@,.=_+-]{1,60}"),
    }
)
"""The parts most custom_ids have: a registered game's kind (any other is no button of
the bot's), a game's id (a 64-bit integer, as the database keeps it), the game's version
it shows, and an intent (a letter, ``roll``, ``S3@2,5``, ``set:L2N1``). A component with
parts of its own names them beside its template (``parts={"reply": choice(Reply)}``)."""

READERS: Mapping[str, Callable[[str], Any]] = {name: part.read for name, part in PARTS.items()}


def named(name: str) -> str:
    """The pattern of one of ``PARTS``, as a group of its name."""
    return f"(?P<{name}>{PARTS[name].pattern})"


KIND, GAME, INTENT = named("kind"), named("game"), named("intent")
"""Parts of a template written as a pattern, by a component that gives ``DynamicItem``
its template itself (a ``Pressable`` that is not ``Templated``)."""


NO_CUSTOM_ID = "(?!)"
"""The pattern of a base of components (``TemplatedButton``): no custom_id is one of its."""


class Pressable(Generic[F]):
    """Mixed into each of the bot's components (before ``DynamicItem``, whose template
    says what its custom_ids look like): one class knows its custom_id's template, reads a
    press back from the custom_id alone (``parse``) and handles it (``pressed``), with the
    feature (``F``) that declares it among its ``controls``."""

    pattern: ClassVar[re.Pattern[str]]
    """What the component's custom_ids look like (its ``DynamicItem`` template)."""
    readers: ClassVar[Mapping[str, Callable[[str], Any]]] = READERS
    """How each named part of the template is read back into the constructor's argument
    of that name (any other part stays a string)."""
    shown = True
    """Whether the message pressed shows this control. One that doesn't (a stale
    client's, or a hand-made custom_id) changes no game: it is answered as one pressed
    on a table that has moved on (``seen``)."""

    def seen(self, version: int) -> int:
        """The version (or a seat's decision key) this press acts on: the one its
        custom_id names where the message shows it, else one no game is ever at, which
        the service refuses as stale once its other checks (whose game, whose turn)
        have had their say."""
        return version if self.shown else NEVER_SHOWN

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.pattern = re.compile(kwargs.get("template", NO_CUSTOM_ID))

    @classmethod
    def parse(cls, match: re.Match[str]) -> Self:
        """The component a custom_id matching its template names: each part the template
        names, read as ``readers`` says, is the constructor's argument of that name."""
        parts = {
            name: cls.readers.get(name, str)(value) for name, value in match.groupdict().items()
        }
        return cls(**parts)

    @abstractmethod
    async def pressed(self, interaction: discord.Interaction, feature: F) -> None:
        """What a press does, with the feature that declares this component."""


class Templated(Pressable[F]):
    """A component whose class gives its custom_ids as a template with its fields in
    braces (``template="{kind}:rematch:{game}"``), each field one of its ``parts``: the
    pattern a press is read back with, and the custom_id of a component made (from the
    fields it holds, set before ``DynamicItem.__init__``), both come from that one
    template, so the two never disagree. A press calls the feature's method the class
    names (``calls``) with the component."""

    parts: ClassVar[Mapping[str, Part]] = PARTS
    """What each field of the template may be, and how it is read and written: ``PARTS``,
    and the class's own, named beside its template (``parts=``)."""
    calls: ClassVar[str]
    """The feature's method a press calls, with the interaction and the component."""
    _template: ClassVar[str]
    _fields: ClassVar[tuple[str, ...]]

    def __init_subclass__(
        cls,
        *,
        template: str | None = None,
        parts: Mapping[str, Part] | None = None,
        **kwargs: Any,
    ) -> None:
        if parts is not None:
            cls.parts = {**cls.parts, **parts}
        if template is None:
            # DynamicItem wants a template of every subclass, a base's too.
            super().__init_subclass__(template=NO_CUSTOM_ID, **kwargs)
            return
        pieces = list(string.Formatter().parse(template))
        pattern = "".join(
            re.escape(text) + ("" if name is None else f"(?P<{name}>{cls.parts[name].pattern})")
            for text, name, _, _ in pieces
        )
        super().__init_subclass__(template=pattern, **kwargs)
        cls._template = template
        cls._fields = tuple(name for _, name, _, _ in pieces if name is not None)
        cls.readers = {name: part.read for name, part in cls.parts.items()}

    def _custom_id(self) -> str:
        """The template with this component's fields written in."""
        return self._template.format_map(
            {name: self.parts[name].write(getattr(self, name)) for name in self._fields}
        )

    async def pressed(self, interaction: discord.Interaction, feature: F) -> None:
        await getattr(feature, self.calls)(interaction, self)


@dataclass(frozen=True)
class Look:
    """How a button shows: its words, emoji and style, whether it can be pressed, and its
    row. A button read back from its custom_id (to dispatch a click) is never shown and
    needs none."""

    label: str | None = None
    emoji: str | None = None
    style: discord.ButtonStyle = discord.ButtonStyle.primary
    disabled: bool = False
    row: int | None = None

    @classmethod
    def either(cls, label: str, yes: bool, emoji: str, no_emoji: str | None = None) -> Look:
        """One of a pair of buttons that answer yes or no (accept or decline, join or
        leave): the yes one green, with ``emoji``, the other grey, with ``no_emoji``."""
        if yes:
            return cls(label, emoji, discord.ButtonStyle.success)
        return cls(label, no_emoji, discord.ButtonStyle.secondary)

    def labelled(self, words: str) -> Look:
        """This look, with ``words`` for its label where it has none (a button playing an
        intent shows the intent)."""
        # Every button of a table is made at every move: no copy where nothing changes.
        return self if self.label else replace(self, label=words)


UNSEEN = Look()
"""The look of a button read back from its custom_id."""


class TemplatedButton(Templated[F], discord.ui.DynamicItem[discord.ui.Button[Any]]):
    """A button of the bot's: its fields, set first, and its look make it.

    It goes out as the JSON its look and custom_id make (``to_component_dict``, the
    same as discord.py's ``Button`` of them sends: a test compares the two), and
    discord.py's ``Button`` is made only for whoever asks for it (``item``): a table's
    buttons are made anew at every move, and a press is read back into one, where making
    each ``Button`` (its component, its emoji parsed, its custom_id checked against
    the template it was written from) took five times as long as the rest."""

    def __init__(self, look: Look) -> None:
        # ``Item``'s own start, past ``DynamicItem``'s, which wants the ``Button`` made.
        super(discord.ui.DynamicItem, self).__init__()  # type: ignore[no-untyped-call]
        self._look = look
        self._button: discord.ui.Button[Any] | None = None

    @property
    def item(self) -> discord.ui.Button[Any]:
        """discord.py's button of this one, made at the first asking."""
        if self._button is None:
            look = self._look
            self._button = discord.ui.Button(
                label=look.label,
                emoji=look.emoji,
                style=look.style,
                disabled=look.disabled,
                custom_id=self._custom_id(),
                row=look.row,
            )
        return self._button

    @item.setter
    def item(self, button: discord.ui.Button[Any]) -> None:
        self._button = button

    @property
    def custom_id(self) -> str:
        """The template with the button's fields written in (or as changed since)."""
        return self._custom_id() if self._button is None else str(self._button.custom_id)

    @custom_id.setter
    def custom_id(self, value: str) -> None:
        self.item.custom_id = value

    @property
    def type(self) -> discord.ComponentType:
        """A button's, known without making discord.py's ``Button``."""
        return discord.ComponentType.button

    def to_component_dict(self) -> dict[str, Any]:
        """The button as a message's components carry it."""
        if self._button is not None:
            # Asked for, it may have been changed since (a label led by a title).
            return dict(self._button.to_component_dict())
        look = self._look
        made: dict[str, Any] = {
            "type": BUTTON,
            "style": look.style.value,
            "disabled": look.disabled,
        }
        if look.label:
            made["label"] = look.label
        made["custom_id"] = self._custom_id()
        if look.emoji:
            made["emoji"] = dict(_emoji(look.emoji))
        return made


BUTTON = discord.ComponentType.button.value


@lru_cache(maxsize=256)
def _emoji(emoji: str) -> Mapping[str, Any]:
    """An emoji as a component carries it, parsed as discord.py parses one given by name."""
    return MappingProxyType(dict(discord.PartialEmoji.from_str(emoji).to_dict()))


class GameButton(TemplatedButton[F]):
    """A button naming a game (its kind and id), which looks as its class says (``look``)
    but for its words and whether it can be pressed."""

    look: ClassVar[Look]

    def __init__(
        self, kind: str, game: int, *, label: str | None = None, disabled: bool = False
    ) -> None:
        self.kind, self.game = kind, game
        look, label = self.look, label or self.look.label
        if label != look.label or disabled != look.disabled:
            look = replace(look, label=label, disabled=disabled)
        super().__init__(look)


R = TypeVar("R", bound=StrEnum)
"""The replies a ``GameReply`` gives."""


class GameReply(TemplatedButton[F], Generic[F, R]):
    """A button answering on a game (its kind and id) with one of a few replies, its
    template's ``{reply}``; a press calls the feature's ``reply``. Each reply looks as the
    class's ``looks`` say, labelled with the words given, else the reply itself."""

    looks: ClassVar[Mapping[StrEnum, Look]]
    """How each reply's button shows, but for its words: the replies it may give."""
    calls = "reply"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        if "looks" in cls.__dict__:
            kwargs["parts"] = {"reply": choice(cls.looks)}
        super().__init_subclass__(**kwargs)

    def __init__(self, kind: str, game: int, reply: R, *, label: str = "") -> None:
        self.kind, self.game, self.reply = kind, game, reply
        super().__init__(self.looks[reply].labelled(label or reply.value))


@dataclass(frozen=True)
class Offer:
    """What a menu shows: its options, and its words before one is picked. A menu read
    back from its custom_id (to dispatch a pick) is never shown and needs none."""

    options: Sequence[discord.SelectOption] = ()
    placeholder: str | None = None


class TemplatedSelect(Templated[F], discord.ui.DynamicItem[discord.ui.Select[Any]]):
    """A menu of the bot's: its fields, set first, make it; what it offers is given where
    it is shown (``offering``)."""

    def __init__(self) -> None:
        # Discord wants a menu to hold an option: one read back from a pick never shows.
        unseen = discord.SelectOption(label="-", value="-")
        super().__init__(discord.ui.Select(custom_id=self._custom_id(), options=[unseen]))

    def offering(self, offer: Offer) -> Self:
        """This menu, offering ``offer`` (one offering no option keeps the one it holds)."""
        if offer.options:
            self.item.options = list(offer.options)
        self.item.placeholder = offer.placeholder
        return self


def custom_ids(message: discord.Message | None) -> set[str]:
    """The custom_ids of a message's buttons and menus, wherever its layout holds them:
    in a row, a container, or beside a section's text."""
    return {custom_id for _, custom_id in shown_controls(message)}


def shown_controls(message: discord.Message | None) -> set[tuple[int, str]]:
    """Each button and menu of a message as its component type (2, a button; 3, a menu)
    and custom_id: what a press on the message may carry."""
    if message is None:
        return set()
    return {
        (control.type.value, control.custom_id)
        for control in _controls(message.components)
        if control.custom_id
    }


def _controls(
    components: Iterable[discord.Component | None],
) -> Iterator[discord.Button | discord.SelectMenu]:
    for component in components:
        match component:
            case discord.Button() | discord.SelectMenu():
                yield component
            case discord.ActionRow() | discord.components.Container():
                yield from _controls(component.children)
            case discord.components.SectionComponent():
                yield from _controls([component.accessory])


def selected(interaction: discord.Interaction) -> str:
    """The value chosen in a menu."""
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values") or [""]
    return str(values[0])
