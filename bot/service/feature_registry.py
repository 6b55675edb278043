"""Every feature's parts, found by its declaration: each package under ``bot/features/``
declares its ``FEATURE`` (what the core calls inside its changes, the class of its own
service, its server settings and its player settings, and what it provides others and
needs from them) and is found by walking the folder; ``ORDER`` (``bot.feature_folders``)
says only in which order they come. A feature that needs what no feature provides (hints
and drills without analysis's reports) stops the bot at its start, naming them, rather
than at its first use."""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from bot.declared_slots import CantStart, Misdeclared, mismatches
from bot.discovery import declared, packages
from bot.feature_folders import FOLDER, ORDER
from bot.service.board_actions import BoardAction
from bot.service.board_places import BoardPlace
from bot.service.declared_player_settings import DeclaredPlayerSettings, PlayerSetting
from bot.service.declared_settings import DeclaredSettings, FeatureSettings
from bot.service.feature_service import FeatureService
from bot.service.game_hooks import MOMENTS, GameHooks, Hooks
from bot.storage.found_schemas import schemas_found


class Role(StrEnum):
    """What one feature provides the others, through the core."""

    REPORTS = "reports"
    """Finished games' reports and the judges' weighing of positions, read through
    ``GameService.reports`` (a ``bot.service.game_reports.GameReports``, which the
    providing feature's service is)."""


class UnmetNeeds(CantStart):
    """The features found can't work together: one needs what none provides, or two
    provide the same. The bot refuses to start, with this as its one line."""


@dataclass(frozen=True)
class DiscordPart:
    """What a feature's Discord part (the ``discord`` package of its folder, declaring its
    ``PART``) adds, by name; held against its class as the bot starts
    (``bot.discord_ui.part``)."""

    slots: tuple[str, ...] = ()
    """The slots of the core's messages it adds to (``bot.discord_ui.message_hooks.Adds``:
    ``table_rows``, ``stats_lines``…), each asked of the parts naming it alone."""
    events: tuple[str, ...] = ()
    """The game events it follows (``bot.discord_ui.game_events.Follows``)."""
    listens: tuple[str, ...] = ()
    """Discord's events it handles (its ``on_<event>`` methods), by discord.py's names."""


@dataclass(frozen=True)
class Feature:
    """A feature as the core service knows it."""

    hooks: GameHooks = field(default_factory=GameHooks)
    """Its part in the core's changes (``bot.service.game_hooks``)."""
    moments: tuple[str, ...] = ()
    """The moments of the core's changes its ``hooks`` take part in (``GameHooks``'
    methods they implement), each called on the features naming it alone."""
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
    provides: tuple[Role, ...] = ()
    """What its service is for the others (``Role``): each provided by one feature at
    most."""
    needs: tuple[Role, ...] = ()
    """What it reads of another feature's through the core: each provided by one of the
    features found, or the bot doesn't start."""
    discord: DiscordPart | None = None
    """What its Discord part adds; ``None``: it has none (no ``discord`` package)."""


def discovered() -> tuple[Feature, ...]:
    """The feature packages' declarations, in the features' order. Read when a service is
    made, so that a package put beside them (a test's) is found too. Their tables'
    modules (``schema``) are found with them, unread: a database is opened only after
    this, and made with their tables."""
    by_name = declared(FOLDER, "FEATURE", Feature, ORDER)
    check_hooks(by_name)
    check_needs(by_name)
    schemas_found(
        tuple(
            schema
            for package in packages(FOLDER)
            if importlib.util.find_spec(schema := f"{package}.schema")
        )
    )
    return tuple(by_name.values())


def check_hooks(named: Mapping[str, Feature]) -> None:
    """Raises ``Misdeclared`` where a feature (by name) names moments its hooks don't take
    part in, or its hooks take part in moments it doesn't name."""
    problems = [
        f"{name} {problem}"
        for name, feature in named.items()
        for problem in mismatches(
            "moments", feature.moments, type(feature.hooks), GameHooks, GameHooks, MOMENTS
        )
    ]
    if problems:
        raise Misdeclared(problems)


def check_needs(named: Mapping[str, Feature]) -> None:
    """Raises ``UnmetNeeds`` where a role one of the features (by name) needs is provided
    by none of them, or where two provide one role."""
    providers: dict[Role, list[str]] = {}
    for name, feature in named.items():
        for role in feature.provides:
            providers.setdefault(role, []).append(name)
    problems = [
        f"{' and '.join(names)} each provide {role}: one feature at most may"
        for role, names in providers.items()
        if len(names) > 1
    ]
    unmet: dict[Role, list[str]] = {}
    for name, feature in named.items():
        for role in feature.needs:
            if role not in providers:
                unmet.setdefault(role, []).append(name)
    problems += [
        f"{' and '.join(names)} {'needs' if len(names) == 1 else 'need'} {role}, which no "
        "feature provides (put back the feature that does)"
        for role, names in unmet.items()
    ]
    if problems:
        raise UnmetNeeds(problems)


def provider_of(role: Role, features: Sequence[Feature]) -> Feature | None:
    """The feature of ``features`` that provides ``role``, if one does."""
    return next((feature for feature in features if role in feature.provides), None)


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
