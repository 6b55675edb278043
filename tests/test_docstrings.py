"""Every public name of the bot a newcomer would call says what it is for: each module,
each class and function defined in it, each public method a class defines. A method
that overrides one documented on a base class (a game's ``turn`` under ``GameFace``'s)
is documented there. A dataclass's generated text (``Seat(seat: int, …)``) counts as
none; a function behind a wrapper (``functools.cache``, ``lru_cache``) counts as one."""

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
    """The function behind a module's or class's attribute (a property's getter, a class
    or static method's function, what a wrapper such as ``functools.cache`` wraps), or
    ``None`` for anything else."""
    if isinstance(value, property):
        return value.fget
    if isinstance(value, classmethod | staticmethod):
        value = value.__func__
    # A cache's wrapper is no function to inspect, so what it wraps would go unchecked.
    value = inspect.unwrap(value)
    return value if inspect.isfunction(value) else None


def undocumented(module: ModuleType) -> Iterator[str]:
    if not documented(module):
        yield module.__name__
    for name, thing in vars(module).items():
        if name.startswith("_") or getattr(thing, "__module__", None) != module.__name__:
            continue
        found = function(thing)
        if found is not None and not documented(found):
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

import functools
from dataclasses import dataclass


def said() -> None:
    """Said."""


def unsaid() -> None:
    pass


@functools.cache
def cached() -> None:
    pass


@functools.lru_cache(maxsize=2)
def said_cached() -> None:
    """Said."""


@dataclass
class Generated:
    field: int

    def method(self) -> None:
        pass

    def _private(self) -> None:
        pass

    @functools.cache
    def cached_method(self) -> None:
        pass

    @staticmethod
    @functools.cache
    def cached_static() -> None:
        pass
'''
    module = ModuleType("sample")
    monkeypatch.setitem(sys.modules, "sample", module)
    exec(compile(source, "sample", "exec"), module.__dict__)
    assert sorted(undocumented(module)) == [
        "sample.Generated",
        "sample.Generated.cached_method",
        "sample.Generated.cached_static",
        "sample.Generated.method",
        "sample.cached",
        "sample.unsaid",
    ]
