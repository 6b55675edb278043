"""How the platform finds its parts: each package in a folder (a game under
``bot/games/``, a feature under ``bot/features/``, and a feature's Discord part in its
folder's ``discord``) declares itself in its ``__init__`` under one name, and is found
by walking the folder. An ``ORDER`` says in which order its packages come (the order they
came to the platform; the games' in their folder's ``__init__``, the features' in
``bot.feature_folders``, so that the core never imports the features' package), which
is all it says of them: a package it doesn't name yet (one just put beside the others)
is found too, after them."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TypeVar

Declared = TypeVar("Declared")


class NotDeclared(TypeError):
    """A package of the folder that declares nothing under the name, or something else."""


def packages(folder: ModuleType | str) -> list[str]:
    """The names of the packages in ``folder`` (a package, or its name: then it is walked
    without being imported, or where it was imported to, if it was)."""
    if isinstance(folder, str) and folder in sys.modules:
        folder = sys.modules[folder]
    if isinstance(folder, str):
        spec = importlib.util.find_spec(folder)
        if spec is None or spec.submodule_search_locations is None:
            raise ModuleNotFoundError(f"no package {folder}")
        prefix, paths = folder, list(spec.submodule_search_locations)
    else:
        prefix, paths = folder.__name__, list(folder.__path__)
    return [f"{prefix}.{module.name}" for module in pkgutil.iter_modules(paths) if module.ispkg]


def declared(
    folder: ModuleType | str,
    name: str,
    kind: type[Declared],
    order: Sequence[str] = (),
    part: str | None = None,
) -> dict[str, Declared]:
    """What each package in ``folder`` (as ``packages``) declares as ``name`` (a
    ``kind``), by its folder's name: those ``order`` names first, in its order, then any
    other by its folder name.
    With ``part``, what each package's subpackage of that name declares, of the packages
    that have one (a feature's Discord part). Read afresh at each call, so that a package
    put beside them (a test's) is found too."""
    found: dict[str, Declared] = {}
    for named in packages(folder):
        folder_name = named.rpartition(".")[2]
        if part is not None:
            named = f"{named}.{part}"
            if importlib.util.find_spec(named) is None:
                continue
        package = importlib.import_module(named)
        declaration = getattr(package, name, None)
        if not isinstance(declaration, kind):
            raise NotDeclared(f"{package.__name__} declares no {name} = {kind.__name__}(...)")
        found[folder_name] = declaration
    ranks = {package: rank for rank, package in enumerate(order)}
    return {
        package: found[package]
        for package in sorted(found, key=lambda package: (ranks.get(package, len(ranks)), package))
    }
