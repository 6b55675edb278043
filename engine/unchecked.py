"""An engine's immutable position set field by field, past its checks: the rules derive
positions that are valid by construction (each game's property tests hold them to it), and
checking each again would cost the computer players their search."""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, TypeVar


class Slotted(Protocol):
    """A slotted dataclass: its ``__slots__`` are its fields, in the order it declares them."""

    __slots__: ClassVar[tuple[str, ...]]


P = TypeVar("P", bound=Slotted)


def fill(made: Slotted, *values: Any) -> None:
    """Sets ``made``'s fields to ``values``, in the order its slotted dataclass declares them,
    past the refusal of a frozen one."""
    for name, value in zip(made.__slots__, values, strict=True):
        object.__setattr__(made, name, value)


def unchecked(cls: type[P], *values: Any) -> P:
    """A ``cls`` of ``values`` (``fill``'s order) that its checks never saw."""
    made = object.__new__(cls)
    fill(made, *values)
    return made
