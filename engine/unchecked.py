"""An engine's immutable position set field by field, past its checks: the rules derive
positions that are valid by construction (each game's property tests hold them to it), and
checking each again would cost the computer players their search."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar, Protocol, TypeVar


class Slotted(Protocol):
    """A slotted dataclass: its ``__slots__`` are its fields, in the order it declares them."""

    __slots__: ClassVar[tuple[str, ...]]


P = TypeVar("P", bound=Slotted)


@cache
def _setters(cls: type[Slotted]) -> tuple[Callable[[Any, Any], None], ...]:
    # The slots' own descriptors, found once a class: setting through them passes a frozen
    # dataclass's refusal without looking each name up again, which the searches feel.
    return tuple(getattr(cls, name).__set__ for name in cls.__slots__)


def fill(made: Slotted, *values: Any) -> None:
    """Sets ``made``'s fields to ``values``, in the order its slotted dataclass declares them,
    past the refusal of a frozen one."""
    for put, value in zip(_setters(type(made)), values, strict=True):
        put(made, value)


def unchecked(cls: type[P], *values: Any) -> P:
    """A ``cls`` of ``values`` (``fill``'s order) that its checks never saw."""
    made = object.__new__(cls)
    # The loop of fill, not a call of it: one call fewer a position, which the searches feel.
    for put, value in zip(_setters(cls), values, strict=True):
        put(made, value)
    return made
