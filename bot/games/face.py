"""What a game fills in to be played in Discord: its words, pictures and choices.

A face describes what to show as plain data (a ``Picture``: title, text, colour, the
PNG and its description, fields; the ``Choice``s and ``Menu``s its players have), and
one presenter in the Discord layer (``bot.discord_ui.face_drawing``) draws it as Discord's
components. The Discord layer knows every game only through this and
``bot.games.rules``; a face is the only code that knows both its game's engine and how
the game is shown.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any, Final, Generic, Protocol, TypeVar

from bot.games import shared_words
from bot.games.limits import shortened
from bot.games.outcome import Outcome
from bot.games.registration import Registration
from bot.games.replay import Chapter, Hold, Replay, ReplayStep, caption, rounds, rounds_over
from bot.storage.game_values import JSON, Options
from bot.storage.records import Game, GameStatus, LadderEntry, PlayerRecord
from i18n import DEFAULT, Language

RGB = tuple[int, int, int]
GOLD: RGB = (241, 196, 15)
"""The colour of a game-over message."""
DESCRIBED_NAME: Final = 16
"""Characters of a name in a picture's description, as the result tables keep them."""


@dataclass(frozen=True)
class Field:
    """A named line of a picture's message (inline: beside the next ones, where there is room)."""

    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class Picture:
    """A game message: its words around its picture (a PNG)."""

    title: str
    text: str
    colour: RGB
    png: bytes
    description: str
    """What the picture shows, in words, for a reader who cannot see it (Discord's alt
    text, at most ``limits.DESCRIPTION`` characters): with the text and the choices' labels,
    enough to play from. Only what the picture's audience may see."""
    fields: tuple[Field, ...] = ()
    footer: str | None = None
    """Shown without markdown: names as typed."""


class Tone(StrEnum):
    """How a choice stands out: the main one, a quiet one, taking, or a risk to others."""

    PRIMARY = "primary"
    SECONDARY = "secondary"
    SUCCESS = "success"
    DANGER = "danger"


@dataclass(frozen=True)
class Choice:
    """A button: pressing it plays ``intent`` (as the game's rules read it)."""

    intent: str
    label: str
    emoji: str | None = None
    tone: Tone = Tone.PRIMARY
    enabled: bool = True


@dataclass(frozen=True)
class Option:
    """One entry of a menu: choosing it plays ``intent``."""

    intent: str
    label: str
    description: str | None = None
    emoji: str | None = None


@dataclass(frozen=True)
class Menu:
    """A menu of choices, for more than a row of buttons holds; ``name`` tells menus of
    one message apart (a few lowercase letters)."""

    name: str
    placeholder: str
    options: tuple[Option, ...]


@dataclass(frozen=True)
class OpenPrivate:
    """The button on a game with secrets' public message that opens the presser's own
    message (their hand)."""

    label: str
    emoji: str | None = None


Control = Choice | Menu | OpenPrivate


@dataclass(frozen=True)
class Private:
    """A seat's own message, which only its player sees (ephemeral): their hand, and the
    choices they decide on now (none while they wait). ``key`` is what they decide on
    (``HiddenInformation.decision_key``): a choice counts only while it is the same."""

    picture: Picture
    choices: tuple[Choice, ...]
    key: int


@dataclass(frozen=True)
class Board:
    """What one viewer's board (the Activity, drawn on their own device) shows of a game,
    and what they may do on it now: plain values, never a picture."""

    table: JSON
    """What everybody sees: the public view, as the channel's table draws it."""
    words: str
    """The table in words (the public picture's description), for a screen reader."""
    own: JSON | None = None
    """The viewer's own part (a hand of cards), only for their seat in a game with secrets."""
    own_words: str = ""
    """``own`` in words."""
    choices: tuple[Choice | Menu, ...] = ()
    """What the viewer may do now (nothing while they wait, or watch)."""
    key: int | None = None
    """What the viewer decides on (``HiddenInformation.decision_key``), carried by a move
    instead of the game's version where the game has secrets."""


TIME_OUT_MARK: Final = "⏰ "
"""What a time-out's line starts with in a message; its words say it without."""


def board_line(line: str, marks: Sequence[str] = ()) -> str:
    """A message's line on what happened as the board says it: without the time-out's
    emoji, nor the emoji ``marks`` that stand before their words (a faction's before its
    name), which a device may have no font for."""
    for mark in (TIME_OUT_MARK, *(f"{mark} " for mark in marks)):
        line = line.replace(mark, "")
    return line


def lit_dice(lit: frozenset[str]) -> frozenset[int]:
    """The dice of the roll that a lesson's tokens ``lit`` name (``die:0``, by their place
    in the roll as the board shows it); any other token names no die."""
    indexes = (token.removeprefix("die:") for token in lit if token.startswith("die:"))
    return frozenset(int(index) for index in indexes if index.isascii() and index.isdigit())


@cache
def rules_text(folder: Path, code: str) -> str:
    """A game's rules as ``folder/<code>.md`` holds them, English (``en.md``) where it
    has none in that language; read once per language."""
    path = folder / f"{code}.md"
    if not path.is_file():
        path = folder / f"{DEFAULT}.md"
    return path.read_text(encoding="utf-8").strip()


def described_name(name: str) -> str:
    """A seat's name in a picture's description: as typed (a description shows no
    markdown), shortened with an ellipsis past ``DESCRIBED_NAME`` characters, so that every
    player's words fit."""
    return shortened(name, DESCRIBED_NAME)


def seat_names(game: Game, lang: Language) -> tuple[str, ...]:
    """Every seat's name as ``game``'s pictures draw it, by seat: a computer player's in
    ``lang``."""
    return tuple(shared_words.seat_name(seat, lang) for seat in game.seats)


def described_names(game: Game, lang: Language) -> tuple[str, ...]:
    """Every seat's name for a description of ``game``'s pictures, by seat: a computer
    player's in ``lang``."""
    return tuple(described_name(name) for name in seat_names(game, lang))


def step_hold(over: bool, events: Sequence[object], *moments: type) -> Hold:
    """How long a replay holds a move's step: the game's end longest, a move with one of
    the events ``moments`` (what the game's replays hold on longer) long, any other a step."""
    if over:
        return Hold.FINAL
    if any(isinstance(event, moments) for event in events):
        return Hold.LONG
    return Hold.STEP


class GameFace(Protocol):
    """Every text it makes is in ``lang``: the server's language for what the channel
    sees, the reader's own for what only they see. Claim It!'s says what the game is
    called and typed as, its rule options as lines, its dice and its rules::

        >>> from bot.games.faces import face_for
        >>> from i18n import english
        >>> face = face_for("claimit")
        >>> face.title, face.command
        ('Claim It!', 'claimit')
        >>> face.option_fields({"variant": True}, english())
        [('Rule variant', 'on')]
        >>> face.dice_labels(english())
        ('1', '2', '3', '4', '5', '6')
        >>> face.rules(english()).startswith("**Claim It!** (Kris Gould)")
        True
    """

    kind: str
    command: str
    """The slash-command group, e.g. ``claimit`` for ``/claimit new``."""
    title: str
    """The game's name as players read it (the same in every language)."""

    def option_fields(self, options: Options, lang: Language) -> Sequence[tuple[str, str]]:
        """The rule options as (name, value) lines for the lobby and the settings."""
        ...

    def rules(self, lang: Language) -> str:
        """The short rules in ``lang``."""
        ...

    def happened(self, outcome: Outcome, lang: Language) -> str:
        """One line on the action just applied, for the message that shows it."""
        ...

    def board_happened(self, outcome: Outcome, lang: Language) -> str:
        """``happened`` as the board (the Activity) says it: dice in words, not emoji, for
        a device without the emoji font Discord draws a message's emoji with."""
        ...

    def board_said(self, line: str) -> str:
        """One of the game's lines as the board says it (``board_line``), without the
        emoji its words mark names with (a Claim faction's)."""
        ...

    async def turn(
        self,
        game: Game,
        headline: str,
        last: Outcome | None,
        lang: Language,
        *,
        lit: frozenset[str] = frozenset(),
    ) -> Picture:
        """The game as it stands under ``headline``, with what the player(s) to act do
        next; ``last`` is the move that led here when it is to be shown (its dice).
        ``lit``: what the picture points at (a lesson's step), in the game's own tokens
        (``bot.games.lessons.Step.lit``), outlined in gold; a token naming nothing shown
        lights nothing."""
        ...

    async def turn_end(self, outcome: Outcome, headline: str, lang: Language) -> Picture:
        """The last picture of a turn that just ended (a bust shows what it lost)."""
        ...

    async def result(self, outcome: Outcome, headline: str, lang: Language) -> Picture:
        """The game-over message: final picture, winners and the result table."""
        ...

    def choices(self, game: Game, lang: Language) -> Sequence[Control]:
        """What the player(s) to act choose from now (nothing while computer players
        move)."""
        ...

    def option_intent(self, state: Any, option: str) -> str:
        """The intent of the control that plays ``option`` in ``state`` (a decision's
        option as the report keeps it, ``ReportWords.option``): the option itself, unless
        the table marks it otherwise (Claim It!: a placement's letter)."""
        ...

    def decision_lines(self, game: Game, lang: Language) -> Sequence[str]:
        """The figures the player to act decides on, as the turn's message says them
        beside its picture (Claim It!: the chance the next roll busts, and what stopping
        keeps): the board shows the same lines (its table's ``odds``), and so does a
        drill of the position on either. Nothing in a game without such figures."""
        ...

    async def private(
        self,
        game: Game,
        seat: int,
        last: Outcome | None,
        lang: Language,
        *,
        lit: frozenset[str] = frozenset(),
    ) -> Private | None:
        """``seat``'s own message as the game stands (``last``: the move that led here, for
        what it showed that seat alone, such as a card drawn face down); ``None`` in a game
        with nothing hidden. ``lit``: as ``turn``'s, for its picture."""
        ...

    def board(self, game: Game, seat: int | None, last: Outcome | None, lang: Language) -> Board:
        """``game`` as the viewer in ``seat`` (``None``: a spectator) sees it on their own
        device, with what they may do now; ``last`` is the move that led here when it is to
        be shown (its dice). Only what that viewer may see: the public table, and their
        own seat's private part."""
        ...

    def board_words(self, lang: Language) -> Mapping[str, str]:
        """The words the game's board in the Activity's page (``src/boards/<kind>.ts``)
        writes around its table's figures, in ``lang``, keyed ``<kind>.<name>``; a word
        with a count in each plural form (``bot.games.board.plural_words``)."""
        ...

    def ladder_figure(self, entry: LadderEntry, lang: Language) -> str:
        """The game's own figure on a leaderboard line (``best mine 7``)."""
        ...

    def stats_fields(self, record: PlayerRecord, lang: Language) -> Sequence[tuple[str, str]]:
        """The game's own figures in ``stats``, as (name, value) fields."""
        ...

    def dice_labels(self, lang: Language) -> Sequence[str]:
        """The faces of the game's dice as players read them, in the order of its rules'
        ``dice`` (none in a game without dice)."""
        ...

    def replay(self, game: Game, outcomes: Sequence[Outcome], lang: Language) -> Replay:
        """The finished ``game`` step by step (``outcomes``: its moves), as its replay
        shows it: only what everybody could see at each step."""
        ...

    def rounds_over(self, outcomes: Sequence[Outcome]) -> int | None:
        """How many of the game's rounds are over after ``outcomes`` (its moves so far,
        the last round's end being the game's); ``None`` for a game without rounds."""
        ...

    def voice_status(self, game: Game, lang: Language) -> str:
        """Where ``game`` stands, in one line for the status of the voice channel it is
        played in (``Claim #3 · phase 2, trick 7 of 13 · Ann to play``): only what everybody
        may see, within ``VOICE_STATUS`` characters (``status_line``)."""
        ...


V = TypeVar("V")
"""What a replay's frames are drawn from (the game's own view of its table)."""


class BaseFace(GameFace, ABC, Generic[V]):
    """What every game's face has in common: a face subclasses this, hands it the game's
    registration, its replays' renderers and the view they draw a position from, and writes
    only what differs (``GameFace`` lists everything the Discord layer asks). ``V`` is what
    its replays' frames are drawn from."""

    def __init__(
        self,
        game: Registration,
        replays: Callable[[Sequence[ReplayStep[V]], int], bytes],
        stills: Callable[[ReplayStep[V]], bytes],
        view: Callable[[tuple[str, ...], Any, Outcome | None, Language], V],
    ) -> None:
        self.kind = game.kind
        self.command = game.command
        self.title = game.name
        self._replays = replays
        self._stills = stills
        self._view = view

    def option_fields(self, options: Options, lang: Language) -> Sequence[tuple[str, str]]:
        """No rule options to show."""
        return []

    def board_happened(self, outcome: Outcome, lang: Language) -> str:
        """The line its message shows, but for the clock a time-out's line starts with:
        a game that writes dice as emoji says them otherwise too."""
        return self.board_said(self.happened(outcome, lang))

    def board_said(self, line: str) -> str:
        return board_line(line)

    def rules(self, lang: Language) -> str:
        """The short rules in ``lang``, from the ``rules`` folder beside the game's face."""
        return rules_text(Path(inspect.getfile(type(self))).with_name("rules"), lang.code)

    async def turn(
        self,
        game: Game,
        headline: str,
        last: Outcome | None,
        lang: Language,
        *,
        lit: frozenset[str] = frozenset(),
    ) -> Picture:
        """A game still played as ``active_turn`` draws it; a cancelled one as it stood,
        asking nobody to act (``closed_turn``)."""
        if game.status is not GameStatus.ACTIVE:
            return await self.closed_turn(game, headline, last, lang)
        return await self.active_turn(game, headline, last, lang, lit)

    @abstractmethod
    async def active_turn(
        self, game: Game, headline: str, last: Outcome | None, lang: Language, lit: frozenset[str]
    ) -> Picture:
        """``turn`` of a game still played: with what the player(s) to act do next."""

    @abstractmethod
    async def closed_turn(
        self, game: Game, headline: str, last: Outcome | None, lang: Language
    ) -> Picture:
        """``turn`` of a cancelled game: its table as it stood, nobody to act."""

    async def private(
        self,
        game: Game,
        seat: int,
        last: Outcome | None,
        lang: Language,
        *,
        lit: frozenset[str] = frozenset(),
    ) -> Private | None:
        """Nothing hidden: no seat has a message of its own."""
        return None

    def dice_labels(self, lang: Language) -> Sequence[str]:
        """No dice."""
        return ()

    def option_intent(self, state: Any, option: str) -> str:
        """An option is played by its own intent."""
        return option

    def decision_lines(self, game: Game, lang: Language) -> Sequence[str]:
        """No figures beside the picture."""
        return ()

    def rounds_over(self, outcomes: Sequence[Outcome]) -> int | None:
        """No rounds."""
        return None

    def replay(self, game: Game, outcomes: Sequence[Outcome], lang: Language) -> Replay:
        """The game's first position as it began, then each move as ``replay_step`` shows
        it."""
        names = seat_names(game, lang)
        start = outcomes[0].before if outcomes else game.state
        opening = caption(shared_words.first_turn(game, lang))
        steps = [ReplayStep(self.replay_view(names, start, None, lang), opening, Hold.STEP)]
        steps.extend(self.replay_step(names, outcome, lang) for outcome in outcomes)
        chapters = self.replay_chapters(outcomes, lang)
        moments = self.replay_moments(lang)
        return Replay(self._replays, self._stills, tuple(steps), tuple(chapters), moments)

    @abstractmethod
    def replay_moments(self, lang: Language) -> str:
        """What this game's replays hold on longer, in words that follow "what happened
        is written above each step:" (``busts``): only what the game has."""

    @abstractmethod
    def replay_chapters(self, outcomes: Sequence[Outcome], lang: Language) -> Sequence[Chapter]:
        """The parts of the game (rounds, tricks) a step-through replay jumps to, the
        first at step 0 (step ``i + 1`` shows ``outcomes[i]``); none without a move."""

    def replay_view(
        self, names: tuple[str, ...], state: Any, last: Outcome | None, lang: Language
    ) -> V:
        """What a replay's frame of ``state`` is drawn from, the seats named ``names``;
        ``last`` is the move that led there (``None`` at the start): the game's view."""
        return self._view(names, state, last, lang)

    @abstractmethod
    def replay_step(
        self, names: tuple[str, ...], outcome: Outcome, lang: Language
    ) -> ReplayStep[V]:
        """A move as the replay shows it: only what everybody could see."""

    def game_over(
        self,
        outcome: Outcome,
        headline: str,
        table: str,
        png: bytes,
        description: str,
        lang: Language,
        luck: Sequence[str] = (),
    ) -> Picture:
        """The game-over message: its final picture (``description``: the winners and the
        final standing it shows), the winners, its result ``table``, each player's ``luck``
        (one line each, in a dice game) and each human's rating change."""
        game = outcome.game
        winners = [game.seats[r.seat] for r in outcome.results if r.won]
        computers = any(seat.is_bot for seat in game.seats)
        fields = [Field(lang._("Luck"), "\n".join(luck))] if luck else []
        ratings = Field(
            lang._("Ratings"), shared_words.rating_changes(outcome.rating_changes, computers, lang)
        )
        return Picture(
            title=lang._("{game} · game over", game=shared_words.game_name(self.title, game)),
            text=f"{headline}\n\n**{shared_words.winners_line(winners, lang)}**\n{table}",
            colour=GOLD,
            png=png,
            description=description,
            fields=(*fields, ratings),
        )


class TurnOrderFace(BaseFace[V], ABC):
    """The face of a game whose seats take turns in a fixed order, its state naming the seat
    to act (``turn``) until it is over: its rounds are its replays' chapters, and what a
    follower of its rounds counts."""

    @abstractmethod
    def is_over(self, state: Any) -> bool:
        """The game ended at ``state``: no seat's turn is next."""

    def replay_chapters(self, outcomes: Sequence[Outcome], lang: Language) -> Sequence[Chapter]:
        """A chapter per round."""
        turns = [outcome.before.turn for outcome in outcomes]
        return rounds(turns, lambda number: shared_words.round_name(number, lang))

    def rounds_over(self, outcomes: Sequence[Outcome]) -> int | None:
        """A round is over each time the turn passes back to the player who began."""
        return rounds_over(
            [(o.before.turn, None if self.is_over(o.state) else o.state.turn) for o in outcomes]
        )
