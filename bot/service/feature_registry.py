"""Every feature's parts, found by its declaration: each package under ``bot/features/``
declares its ``FEATURE`` (what the core calls inside its changes, the class of its own
service, its server settings and its player settings) and is found by walking the
folder; ``ORDER`` there says only in which order they come."""

from __future__ import annotations

import importlib.util
import pkgutil
from dataclasses import dataclass, field
from typing import Any, TypeVar

import bot.features
from bot.discovery import declared
from bot.service.board_actions import BoardAction
from bot.service.board_places import BoardPlace
from bot.service.declared_player_settings import DeclaredPlayerSettings, PlayerSetting
from bot.service.declared_settings import DeclaredSettings, FeatureSettings
from bot.service.feature_service import FeatureService
from bot.service.game_hooks import GameHooks, Hooks
from bot.storage.found_schemas import schemas_found


@dataclass(frozen=True)
class Feature:
    """A feature as the core service knows it."""

    hooks: GameHooks = field(default_factory=GameHooks)
    """Its part in the core's changes (``bot.service.game_hooks``)."""
    service: type[FeatureService] | None = None
    """The class of its own service, made once over the game service; ``None``: it has
    none (all it does, it does through its hooks)."""
    settings: FeatureSettings = field(default_factory=FeatureSettings)
    """The server settings it declares (``bot.service.declared_settings``)."""
    player_settings: tuple[PlayerSetting[Any], ...] = ()
    """The player settings it declares (``bot.service.declared_player_settings``)."""
    board_actions: tuple[BoardAction[Any], ...] = ()
    """The actions it adds to the board, over its service (``bot.service.board_actions``)."""
    board_places: tuple[BoardPlace[Any], ...] = ()
    """The places it adds to the board, over its service (``bot.service.board_places``)."""
    reports: bool = False
    """Its service makes finished games' reports (a ``bot.service.game_reports.GameReports``),
    which other features read through ``GameService.reports``."""


def discovered() -> tuple[Feature, ...]:
    """The feature packages' declarations, in the features' order. Read when a service is
    made, so that a package put beside them (a test's) is found too. Their tables'
    modules (``schema``) are found with them, unread: a database is opened only after
    this, and made with their tables."""
    features = bot.features
    found = declared(features, "FEATURE", Feature, features.ORDER)
    schemas_found(
        tuple(
            named
            for package in pkgutil.iter_modules(features.__path__)
            if package.ispkg
            and importlib.util.find_spec(named := f"{features.__name__}.{package.name}.schema")
        )
    )
    return found


def settings_of(features: tuple[Feature, ...]) -> DeclaredSettings:
    """The server settings ``features`` declare, in their order."""
    return DeclaredSettings(tuple(feature.settings for feature in features))


def player_settings_of(features: tuple[Feature, ...]) -> DeclaredPlayerSettings:
    """The player settings ``features`` declare, in their order."""
    return DeclaredPlayerSettings(
        tuple(setting for feature in features for setting in feature.player_settings)
    )


def board_actions_of(features: tuple[Feature, ...]) -> tuple[BoardAction[Any], ...]:
    """The board actions ``features`` declare, in their order."""
    return _named_once([a for f in features for a in f.board_actions], "board action")


def board_places_of(features: tuple[Feature, ...]) -> tuple[BoardPlace[Any], ...]:
    """The board places ``features`` declare, in their order."""
    return _named_once([p for f in features for p in f.board_places], "board place")


Named = TypeVar("Named", BoardAction[Any], BoardPlace[Any])


def _named_once(declared: list[Named], what: str) -> tuple[Named, ...]:
    """``declared``, whose names the board asks by: two of one name are a mistake of the
    features declaring them."""
    names = [each.name for each in declared]
    if len(set(names)) != len(names):
        raise TypeError(f"two features declare one {what}: {sorted(names)}")
    return tuple(declared)


def hooks_of(features: tuple[Feature, ...]) -> Hooks:
    """The hooks of ``features``, called in their order."""
    return Hooks([feature.hooks for feature in features])
