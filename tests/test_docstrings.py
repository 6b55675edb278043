"""Every public name of the bot a newcomer would call says what it is for: each module,
each class and function defined in it, each public method a class defines. A method
that overrides one documented on a base class (a game's ``turn`` under ``GameFace``'s)
is documented there. A dataclass's generated text (``Seat(seat: int, …)``) counts as
none."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import bot

PACKAGES = (bot,)


def modules(package: ModuleType) -> Iterator[ModuleType]:
    yield package
    for found in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        yield importlib.import_module(found.name)


def documented(thing: Any) -> bool:
    doc = inspect.getdoc(thing) if not inspect.isclass(thing) else thing.__dict__.get("__doc__")
    if inspect.isclass(thing) and doc and doc.startswith(f"{thing.__name__}("):
        return False
    return bool(doc and doc.strip())


def function(value: Any) -> Any:
    """The function behind a class attribute (a property's getter, a class or static
    method's function), or ``None`` for anything else."""
    if isinstance(value, property):
        return value.fget
    if isinstance(value, classmethod | staticmethod):
        return value.__func__
    return value if inspect.isfunction(value) else None


def undocumented(module: ModuleType) -> Iterator[str]:
    if not documented(module):
        yield module.__name__
    for name, thing in vars(module).items():
        if name.startswith("_") or getattr(thing, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(thing) and not documented(thing):
            yield f"{module.__name__}.{name}"
        if not inspect.isclass(thing):
            continue
        if not documented(thing):
            yield f"{module.__name__}.{name}"
        for attribute, value in vars(thing).items():
            method = function(value)
            if attribute.startswith("_") or method is None or method.__doc__:
                continue
            inherited = (getattr(base, attribute, None) for base in thing.__mro__[1:])
            if not any(getattr(function(i) or i, "__doc__", None) for i in inherited):
                yield f"{module.__name__}.{name}.{attribute}"


def test_every_public_name_of_the_bot_has_a_docstring() -> None:
    missing = [name for package in PACKAGES for m in modules(package) for name in undocumented(m)]
    assert missing == []


def test_the_check_sees_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    source = '''"""A module."""

from dataclasses import dataclass


def said() -> None:
    """Said."""


def unsaid() -> None:
    pass


@dataclass
class Generated:
    field: int

    def method(self) -> None:
        pass

    def _private(self) -> None:
        pass
'''
    module = ModuleType("sample")
    monkeypatch.setitem(sys.modules, "sample", module)
    exec(compile(source, "sample", "exec"), module.__dict__)
    assert sorted(undocumented(module)) == [
        "sample.Generated",
        "sample.Generated.method",
        "sample.unsaid",
    ]
