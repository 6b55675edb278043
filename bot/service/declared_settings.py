"""The server settings a feature declares in its own folder: each setting's name, what an
admin may give it (a number within bounds, a text, one of its choices, or on or off), its
default, how it is checked and kept, and the words ``/server settings`` shows it with. The
core keeps every declared value in one database table (``declared_settings``), checks a
change with the declarations, and shows them; it names no feature.

What a server setting and a player setting (``declared_player_settings``) have alike is
``Declared``: a feature's value is read from a server's or a player's settings by its
declaration (``TAKEBACKS.of(settings)``), and a value no longer readable (a setting
changed its kind, a choice withdrawn, a damaged row) gives the default rather than
breaking every read of the settings.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from bot.storage.records import GuildSettings
from i18n import Language

V = TypeVar("V")
E = TypeVar("E", bound=StrEnum)

Given = str | int | bool
"""What an admin gives a setting in ``/server settings`` (and what is kept of it)."""


class TextChannelId(int):
    """The kind of a setting that names one of the server's text channels: its option
    offers only those (Discord's channel option, restricted to text channels), the admin
    gives a channel's id, and it is kept as that number."""


@dataclass(frozen=True)
class Choice:
    """One of a setting's choices: the value kept, and its label (a message id)."""

    value: str
    label: str


class HoldsDeclared(Protocol):
    """A server's or a player's settings, with the declared settings' values kept."""

    @property
    def declared(self) -> Mapping[str, Any]:
        """The declared settings' kept values (JSON read), by their names."""


@dataclass(frozen=True)
class Declared(ABC, Generic[V]):
    """A setting a feature declares, a server's or a player's alike."""

    name: str
    """The option's name in its command and the name it is kept under (a message id: the
    option's name is translated)."""
    description: str
    """The option's description (a message id)."""
    default: V

    @abstractmethod
    def read_kept(self, kept: Any) -> V:
        """A kept value (JSON read) as the feature uses it: raises ``ValueError`` or
        ``TypeError`` when it is no longer one."""

    def kept_as(self, kept: Any) -> V:
        """The value ``kept`` stands for: the default when it is no longer one."""
        try:
            return self.read_kept(kept)
        except (ValueError, TypeError):
            return self.default

    def of(self, settings: HoldsDeclared) -> V:
        """This setting's value on a server, or for a player."""
        if self.name not in settings.declared:
            return self.default
        return self.kept_as(settings.declared[self.name])


def refuse_unknown(asked: Iterable[str], declared: Iterable[Declared[Any]], whose: str) -> None:
    """Raises ``KeyError`` for a setting ``asked`` that none of the ``declared`` is."""
    unknown = set(asked) - {setting.name for setting in declared}
    if unknown:
        # Only the bot's own code names the settings: the command offers the declared.
        raise KeyError(f"no feature declares a {whose} setting {sorted(unknown)[0]!r}")


@dataclass(frozen=True)
class ServerSetting(Declared[V]):
    """A server setting a feature declares."""

    given: Callable[[Any], V]
    """The value an admin gave, checked: raises ``BadSetting`` in plain words."""
    kept: Callable[[V], Given | None]
    """The value as kept (JSON)."""
    read: Callable[[Any], V]
    """A kept value read back: raises ``ValueError`` or ``TypeError`` when it is no longer
    one (the default is used)."""
    kind: type[Given] = str
    """What the option takes: ``int`` (within ``bounds``), ``str`` (one of ``choices``,
    when it has some), ``bool``, or a text channel (``TextChannelId``)."""
    bounds: tuple[int, int] | None = None
    choices: tuple[Choice, ...] = ()

    def read_kept(self, kept: Any) -> V:
        return self.read(kept)


def one_of(name: str, description: str, choices: Mapping[E, str]) -> ServerSetting[E]:
    """A setting whose values are an enum's, offered as ``choices`` (each with its label,
    a message id), the first the default. The command offers only the choices and refuses
    any other value itself, so what an admin gives is taken as it is; it is kept as its
    text."""
    default = next(iter(choices))
    values = type(default)
    offered = tuple(Choice(value, label) for value, label in choices.items())
    return ServerSetting(name, description, default, values, str, values, choices=offered)


def _kept_switch(kept: Any) -> bool:
    """A kept switch, which only a true or false ever was."""
    if not isinstance(kept, bool):
        raise TypeError(kept)
    return kept


def switch(name: str, description: str, *, default: bool) -> ServerSetting[bool]:
    """A setting that is on or off, offered as a true or false and kept as it is."""
    return ServerSetting[bool](
        name, description, default, given=bool, kept=bool, read=_kept_switch, kind=bool
    )


def _given_channel(given: Any) -> int:
    """A channel's id as an admin's option gave it: a Discord id, never a made-up one."""
    if isinstance(given, bool) or not isinstance(given, int) or given <= 0:
        raise TypeError(given)
    return given


def _kept_channel(kept: Any) -> int:
    """A kept channel's id, which only a positive whole number ever was (a setting
    turned off keeps none: the default)."""
    return _given_channel(kept)


def text_channel(name: str, description: str) -> ServerSetting[int | None]:
    """A setting naming one of the server's text channels (none by default: off), given
    as the channel's id and kept as it is; ``channel_mention`` shows it."""
    return ServerSetting[int | None](
        name,
        description,
        None,
        given=_given_channel,
        kept=lambda channel: channel,
        read=_kept_channel,
        kind=TextChannelId,
    )


def channel_mention(channel_id: int) -> str:
    """A channel as Discord shows it in a message: its name, a link to it."""
    return f"<#{channel_id}>"


Values = Mapping[str, Any]
"""Declared settings' values by their names (as ``ServerSetting.given`` makes them)."""


def _as_asked(before: GuildSettings, asked: Values) -> Values:
    """Settings that depend on none of the others: kept as asked."""
    return asked


def _no_lines(
    settings: GuildSettings, lang: Language, now: float | None
) -> Sequence[tuple[str, str]]:
    """Settings the card doesn't show."""
    return ()


CardLines = Callable[[GuildSettings, Language, float | None], Sequence[tuple[str, str]]]
"""The lines the settings card shows for a feature's settings (a label, a value), in the
reader's language; ``now``, when given, is the time it is."""


def shown_as(title: str, setting: ServerSetting[E], words: Mapping[E, str]) -> CardLines:
    """The settings card's line of a feature with one setting of choices: its ``title``,
    and the ``words`` of the server's choice (message ids), one for each choice."""
    if set(words) != {choice.value for choice in setting.choices}:
        raise TypeError(f"the card's words of {setting.name} are not one for each choice")

    def lines(
        settings: GuildSettings, lang: Language, now: float | None
    ) -> Sequence[tuple[str, str]]:
        return ((lang._(title), lang._(words[setting.of(settings)])),)

    return lines


@dataclass(frozen=True)
class FeatureSettings:
    """The server settings of one feature, and how ``/server settings`` shows them."""

    settings: tuple[ServerSetting[Any], ...] = ()
    settled: Callable[[GuildSettings, Values], Values] = _as_asked
    """The values a change asks for (checked one by one) as they are to be kept, the
    server's settings before it given: a feature whose settings depend on each other
    completes or refuses them together (``BadSetting``)."""
    lines: CardLines = _no_lines
    """The lines the settings card shows for them (``CardLines``)."""


@dataclass(frozen=True)
class DeclaredSettings:
    """Every feature's server settings, in the features' order."""

    features: tuple[FeatureSettings, ...] = field(default_factory=tuple)

    @property
    def settings(self) -> tuple[ServerSetting[Any], ...]:
        """Every declared setting, in the features' order."""
        return tuple(setting for feature in self.features for setting in feature.settings)

    def changed(self, before: GuildSettings, asked: Mapping[str, Any]) -> dict[str, Given | None]:
        """The kept values of the settings ``asked`` changes (by name, as an admin gave
        them; ``None`` keeps a value), each checked; raises ``BadSetting`` for the first
        refused."""
        refuse_unknown(asked, self.settings, "server")
        kept: dict[str, Given | None] = {}
        for feature in self.features:
            given = {
                setting.name: setting.given(asked[setting.name])
                for setting in feature.settings
                if asked.get(setting.name) is not None
            }
            if not given:
                continue
            settled = feature.settled(before, given)
            for setting in feature.settings:
                if setting.name in settled:
                    kept[setting.name] = setting.kept(settled[setting.name])
        return kept

    def lines(
        self, settings: GuildSettings, lang: Language, now: float | None
    ) -> list[tuple[str, str]]:
        """Every feature's lines on the settings card, in the features' order."""
        return [line for feature in self.features for line in feature.lines(settings, lang, now)]
