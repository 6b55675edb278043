"""A feature's contributions, named in its ``FEATURE``, held against its classes: pluggy
refuses an implementation that matches no hook's spec, and this is the same check for
the core's slots (a message's rows, a moment of a change, a game event). A name no slot
has, a slot implemented but not named or named but not implemented, or an
implementation not made as the slot is (an async def, its parameters) is a mistake the
bot refuses to start with, rather than a slot the core would silently never call."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any


class CantStart(Exception):
    """The features found can't start together: the bot refuses to, with this as its one
    line, naming every problem."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("the features can't start: " + "; ".join(problems))


class Misdeclared(CantStart, TypeError):
    """A feature names a contribution its classes don't make, or makes one it doesn't name."""


def parameters(method: Callable[..., Any]) -> list[tuple[str, int]]:
    """The names and kinds of ``method``'s parameters: what a call by the core relies on
    (their annotations are mypy's to check)."""
    return [(each.name, int(each.kind)) for each in inspect.signature(method).parameters.values()]


def implemented(cls: type, base: type, slots: Sequence[str]) -> tuple[str, ...]:
    """Of ``slots``, those ``cls`` defines otherwise than ``base`` (whose own, if it has
    one, does nothing), in their order."""
    return tuple(
        slot
        for slot in slots
        if (made := getattr(cls, slot, None)) is not None and made is not getattr(base, slot, None)
    )


def mismatches(
    what: str, named: Sequence[str], cls: type, base: type, spec: type, slots: Sequence[str]
) -> list[str]:
    """What is wrong with ``named``, the ``what`` (slots, moments, events) a feature names
    for its class ``cls``: each name must be one of ``slots`` (``spec``'s methods), each
    named slot defined by ``cls`` otherwise than by ``base`` with ``spec``'s parameters,
    and no other such slot defined. Empty when all is right."""
    unknown = [name for name in named if name not in slots]
    made = implemented(cls, base, slots)
    problems = [f"names {what} that don't exist: {', '.join(unknown)}"] if unknown else []
    if cls is base and len(unknown) < len(named):
        return [*problems, f"names {what} but has no {base.__name__} of its own"]
    unnamed = [slot for slot in made if slot not in named]
    if unnamed:
        problems.append(f"{cls.__name__} implements {what} it doesn't name: {', '.join(unnamed)}")
    missing = [name for name in named if name in slots and name not in made]
    if missing:
        problems.append(f"names {what} {cls.__name__} doesn't implement: {', '.join(missing)}")
    problems += [
        f"{cls.__name__}.{slot} isn't made as the slot is (an async def, its parameters)"
        for slot in made
        if slot in named and not same_call(getattr(cls, slot), getattr(spec, slot))
    ]
    return problems


def same_call(made: object, slot: Callable[..., Any]) -> bool:
    """Whether ``made`` is called as ``slot`` is: a coroutine function if it is one (a
    plain function would hand the core no awaitable), with its parameters."""
    if not callable(made) or inspect.iscoroutinefunction(made) != inspect.iscoroutinefunction(slot):
        return False
    return parameters(made) == parameters(slot)
