"""The player settings a feature declares in its own folder: each setting's name, its
choices (what a player picks in ``/my settings``, and how the settings card says it), its
default, and the line the card shows it on. The core keeps every declared value in one
database table (``declared_player_settings``), checks a choice with the declarations, and
shows them; it names no feature.

A feature's value is read from a player's settings by its declaration
(``FOLLOWING.of(settings)``), as a server setting's is (``Declared``): a value no longer
among its choices gives the default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, TypeVar

from bot.service.declared_settings import Choice, Declared, refuse_unknown
from bot.storage.records import PlayerSettings
from i18n import Language

V = TypeVar("V", bound=str)


@dataclass(frozen=True)
class PlayerChoice(Choice):
    """One of a player setting's choices: the value kept, its label in ``/my settings``
    and what the settings card says of it (message ids)."""

    shown: str


@dataclass(frozen=True)
class PlayerSetting(Declared[V]):
    """A player setting a feature declares: one of its choices, the same in every
    server."""

    kind: ClassVar[type[str]] = str
    """What its option takes: a text, one of its choices."""
    read: Callable[[str], V]
    """A choice's value as the feature uses it (its enum)."""
    choices: tuple[PlayerChoice, ...]
    title: str
    """The name of its line on the settings card (a message id)."""
    wide: bool = False
    """Whether its line has a row of the card to itself (its words are long), rather than
    sharing one."""

    def read_kept(self, kept: Any) -> V:
        if not any(choice.value == kept for choice in self.choices):
            raise ValueError(f"{kept!r} is none of the choices of {self.name}")
        return self.read(kept)

    def choice(self, value: V) -> PlayerChoice:
        """The choice ``value`` is."""
        return next(choice for choice in self.choices if choice.value == value)


def player_choice(
    name: str,
    description: str,
    title: str,
    choices: Mapping[V, tuple[str, str]],
    *,
    wide: bool = False,
) -> PlayerSetting[V]:
    """A player setting whose values are an enum's, each with its label in ``/my settings``
    and what the settings card says of it (``choices``, message ids), the first the
    default."""
    default = next(iter(choices))
    return PlayerSetting[V](
        name=name,
        description=description,
        default=default,
        read=type(default),
        choices=tuple(PlayerChoice(value, *words) for value, words in choices.items()),
        title=title,
        wide=wide,
    )


class CardLine(NamedTuple):
    """A line of the settings card, in the reader's language."""

    title: str
    value: str
    wide: bool


@dataclass(frozen=True)
class DeclaredPlayerSettings:
    """Every feature's player settings, in the features' order."""

    settings: tuple[PlayerSetting[Any], ...] = ()

    def changed(self, asked: Mapping[str, str | None]) -> dict[str, str]:
        """The values ``asked`` chooses, by name (``None`` keeps a value), each one of its
        setting's choices."""
        refuse_unknown(asked, self.settings, "player")
        known = {setting.name: setting for setting in self.settings}
        chosen: dict[str, str] = {}
        for name, value in asked.items():
            if value is None:
                continue
            if value not in {choice.value for choice in known[name].choices}:
                # The command refuses a value none of the choices offer before this.
                raise ValueError(f"{value!r} is none of the choices of {name}")
            chosen[name] = value
        return chosen

    def lines(self, settings: PlayerSettings, lang: Language) -> list[CardLine]:
        """Each setting's line on the player's settings card, in the features' order."""
        return [
            CardLine(
                lang._(setting.title),
                lang._(setting.choice(setting.of(settings)).shown),
                setting.wide,
            )
            for setting in self.settings
        ]
