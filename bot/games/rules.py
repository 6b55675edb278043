"""What a game fills in so that the platform can store it, play it and rank it.

This half is Discord-free: the service and ladder drive every game through it,
and storage reads and writes every game through it as ``bot.games.registry``
registers it (``bot.storage.game_forms``). A game's face in Discord
(``bot.games.face``) is the other half.

A player's wish reaches the rules as an *intent*, a short string (what a
button's custom_id carries, such as ``"roll"`` or ``"A"``); the game turns it
into its engine's action, drawing any dice or shuffle it needs from the chance
the service passes in, so that the action (with its random outcome) is what
the move log keeps.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeGuard, TypeVar, runtime_checkable

from bot.games.escaping import quoted
from bot.games.figures import Figure
from bot.games.registration import Registration
from bot.storage.game_values import JSON, Level, Options, OptionValue
from i18n import Message, Words

State = TypeVar("State")
Action = TypeVar("Action")


@dataclass(frozen=True)
class Setting:
    """How a game was set up: its seats, the first to move, its options and what was
    dealt (``GameRules.deal``)."""

    players: int
    first: int
    options: Options
    setup: JSON | None


@dataclass(frozen=True)
class GameOption:
    """A rule option a lobby is opened with (a server may set its default)."""

    name: str
    """Its slash-command option name, in English (marked with ``N_`` for the catalog: the
    command tree shows it translated)."""
    description: str
    """English, marked with ``N_`` like ``name``."""
    default: OptionValue
    choices: tuple[str, ...] = ()
    """For a text option, the values it takes (English, marked with ``N_``: Discord shows
    the choices translated, and they are kept as they are); a bool option has none."""
    parse: Callable[[str], str] | None = None
    """For a text option typed freely, its reading: the value as kept, or ``BadOption``
    saying in plain words what is wrong."""

    def check(self, value: object) -> OptionValue:
        """The value if it is one this option takes, else ``ValueError``."""
        if self.parse is not None:
            if isinstance(value, str):
                return self.parse(value)
        elif self.choices:
            if isinstance(value, str) and value in self.choices:
                return value
        elif isinstance(value, bool):
            return value
        raise BadOption(
            Message(
                "{value} is not one of the choices for {option}",
                value=quoted(value),
                option=self.name,
            )
        )


class BadOption(ValueError):
    """A value a rule option does not take; ``words`` say why, for the person who typed it."""

    def __init__(self, words: Words) -> None:
        super().__init__(str(words))
        self.words = words


class IllegalIntent(Exception):
    """An intent the game does not take now (a letter beyond the choices, a rule broken);
    ``words`` say why in plain words for the player, put into their language when shown
    (the English is the exception's message, for logs)."""

    def __init__(self, words: Words) -> None:
        super().__init__(str(words))
        self.words = words


@dataclass(frozen=True)
class Step(Generic[State]):
    """An action applied."""

    state: State
    events: tuple[Any, ...]
    turn_over: bool
    """A turn ended (the next one, possibly the same seat's, gets a new message and its
    own clock)."""


@dataclass(frozen=True)
class Standing:
    """A seat at the end of a game, as the rules order it."""

    seat: int
    won: bool
    place: int
    """1 for the winner(s); equal places share a rank."""
    figures: Mapping[str, int]
    """The game's own numbers for this seat, as its result table shows them."""


class GameRules(Protocol[State, Action]):
    """A game as the platform sees it, apart from Discord. Claim It!'s, as the service
    plays a new game of three: seat 0 to act rolls (the dice drawn from the chance given),
    and the roll leaves it to place a marker, its turn going on::

        >>> import random
        >>> from bot.games.registry import rules_for
        >>> rules, options = rules_for("claimit"), {"variant": False}
        >>> state = rules.start(3, 0, options, rules.deal(3, options, random.Random(1)))
        >>> rules.to_act(state)
        (0,)
        >>> roll = rules.action(state, 0, "roll", random.Random(1))
        >>> roll
        Roll(dice=(2, 5, 1))
        >>> step = rules.apply(state, 0, roll)
        >>> step.turn_over, rules.to_act(step.state)
        (False, (0,))
        >>> rules.action_to_json(rules.action(step.state, 0, "A", random.Random(1)))
        {'place': {'col': 1, 'row': 2, 'marker': 'S5'}}
        >>> rules.action(step.state, 0, "Z", random.Random(1))
        Traceback (most recent call last):
        bot.games.rules.IllegalIntent: that isn't a placement
    """

    kind: str
    """Its key in storage and the registry, and its slash-command group (``/claimit``);
    never changes."""
    name: str
    min_players: int
    max_players: int
    options: tuple[GameOption, ...]
    figures: tuple[Figure, ...]
    """What a player's record sums up or keeps the best of, per server."""
    dice: tuple[str, ...]
    """The faces of its dice, as each seat's ``dice_<face>`` figures count them (for the
    server's check that the dice are fair); none in a game without dice."""

    def deal(self, players: int, options: Options, chance: random.Random) -> JSON | None:
        """The random setup a game starts from beyond its first seat (a shuffle), to be
        kept with the game; ``None`` when there is none."""
        ...

    def start(self, players: int, first: int, options: Options, setup: JSON | None) -> State:
        """The position a game of ``players`` begins from, ``first`` to act, with its
        options and its setup (``deal``'s)."""
        ...

    def to_act(self, state: State) -> tuple[int, ...]:
        """The seats that may act now (none once it is over)."""
        ...

    def is_over(self, state: State) -> bool:
        """Whether the game has ended: its standings are final."""
        ...

    def action(self, state: State, seat: int, intent: str, chance: random.Random) -> Action:
        """The action an intent means now; raises ``IllegalIntent``."""
        ...

    def time_out(self, state: State, seat: int) -> Action:
        """What the clock plays for a quiet seat (a fixed, documented rule)."""
        ...

    def apply(self, state: State, seat: int, action: Action) -> Step[State]:
        """Raises ``IllegalIntent`` when the rules refuse it."""
        ...

    def standings(self, state: State) -> tuple[Standing, ...]:
        """Every seat of a finished game, in seat order."""
        ...

    def teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The seats that win or lose together and are rated as one side (every seat on
        its own, ``solo(players)``, in a game without teams)."""
        ...

    def turn_figures(self, setting: Setting, actions: Sequence[Action]) -> list[dict[str, int]]:
        """Per seat, the figures only the whole move log tells (turns, busts…)."""
        ...

    def decide(self, state: State, seat: int, level: Level, rng: random.Random) -> str:
        """A computer player's next intent for ``seat``, from what that seat may know.
        Slow for some levels: the caller runs it in a worker thread."""
        ...

    def state_to_json(self, state: State) -> JSON:
        """The position as storage keeps it."""
        ...

    def state_from_json(self, data: object) -> State:
        """Raises ``ValueError`` naming the problem."""
        ...

    def misfit(self, state: State, players: int, options: Options) -> str | None:
        """Why a readable position does not fit the game's seats or options, if it does not."""
        ...

    def action_to_json(self, action: Action) -> JSON:
        """An action as the move log keeps it (its random outcome inside)."""
        ...

    def action_from_json(self, data: object) -> Action:
        """An action read back from the move log."""
        ...


AnyRules = GameRules[Any, Any]


class Seated(Protocol):
    """What the platform reads of any game's position: how many seats it has."""

    @property
    def players(self) -> int:
        """How many seats the position has."""


Position = TypeVar("Position", bound=Seated)


@dataclass(frozen=True)
class JsonForm(Generic[Position, Action]):
    """How a game's positions and actions are written as JSON (what storage keeps) and
    read back, as a rules adapter hands it to ``BaseRules``: its engine's JSON form, or
    that form with what the platform keeps beside the engine's position."""

    state_to_json: Callable[[Position], JSON]
    state_from_json: Callable[[object], Position]
    """Raises ``damaged`` (or ``ValueError``) for what is not a position of the game."""
    action_to_json: Callable[[Action], JSON]
    action_from_json: Callable[[object], Action]
    damaged: type[Exception]
    """What the engine raises for a position it cannot read."""


class BaseRules(GameRules[Position, Action]):
    """What most games need not say: a game's rules adapter subclasses this, hands it its
    registration and its JSON form, and writes only what differs (``GameRules`` lists
    everything the platform asks)."""

    options: tuple[GameOption, ...] = ()
    figures: tuple[Figure, ...] = ()
    dice: tuple[str, ...] = ()

    def __init__(self, game: Registration, json_form: JsonForm[Position, Action]) -> None:
        self.kind = game.kind
        self.name = game.name
        self.json_form = json_form

    def deal(self, players: int, options: Options, chance: random.Random) -> JSON | None:
        """No setup beyond the first seat: nothing shuffled."""
        return None

    def teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        """Every seat on its own."""
        return solo(players)

    def turn_figures(self, setting: Setting, actions: Sequence[Action]) -> list[dict[str, int]]:
        """No figures beyond the result's."""
        return [{} for _ in range(setting.players)]

    def misfit(self, state: Position, players: int, options: Options) -> str | None:
        """A position fits the game's seats when it has as many; no option changes it."""
        if state.players != players:
            return f"the saved position is for {state.players} players, but it has {players} seats"
        return None

    def state_to_json(self, state: Position) -> JSON:
        """The engine's JSON form of ``state``."""
        return self.json_form.state_to_json(state)

    def state_from_json(self, data: object) -> Position:
        """The position the engine reads from ``data``; ``ValueError`` naming the damage."""
        try:
            return self.json_form.state_from_json(data)
        except self.json_form.damaged as e:
            raise ValueError(str(e)) from None

    def action_to_json(self, action: Action) -> JSON:
        """The engine's JSON form of ``action``."""
        return self.json_form.action_to_json(action)

    def action_from_json(self, data: object) -> Action:
        """The action the engine reads from ``data``."""
        return self.json_form.action_from_json(data)


@runtime_checkable
class HiddenInformation(Protocol):
    """What a game whose players hold secrets (a hand of cards) adds: each seat decides
    in a private message of its own, which only it sees."""

    def decision_key(self, state: Any, seat: int) -> int:
        """A number that changes whenever what ``seat`` decides on changes, and stays the
        same through moves that tell it nothing: a private button carries it instead of
        the game's version, so that another seat's face-down discard does not make a
        discard button stale, while a new card on the table does."""
        ...


def hides(rules: object) -> TypeGuard[HiddenInformation]:
    """Whether ``rules`` are a game's whose players hold secrets, asked at every press: by
    its class once, where the protocol's ``isinstance`` looks for its methods each time."""
    kind = type(rules)
    known = _HIDES.get(kind)
    if known is None:
        known = _HIDES[kind] = issubclass(kind, HiddenInformation)
    return known


_HIDES: dict[type, bool] = {}


def solo(players: int) -> tuple[tuple[int, ...], ...]:
    """Every seat a side of its own: the teams of a game without teams."""
    return tuple((seat,) for seat in range(players))
