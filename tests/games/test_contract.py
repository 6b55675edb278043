"""What every registered game owes the platform, checked on each one alike (a new game
gets these tests by registering): random legal games through its rules, from its fewest
to its most players, with the clock playing for a seat now and then; every position and
action round trips through JSON; the end gives a full table; and every kind of message
its face makes, at positions along such a game, in every language, stays within
Discord's limits, with a picture that is a PNG and a description (its alt text) within
Discord's limit."""

from __future__ import annotations

import asyncio
import importlib
import io
import math
import random
import re
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from PIL import Image

from bot.discord_ui import face_drawing
from bot.discord_ui.lobby_card import lobby_card
from bot.discord_ui.part_registry import controls_drawn
from bot.discovery import NotDeclared, declared
from bot.games.face import GameFace, Picture
from bot.games.faces import face_for
from bot.games.limits import DESCRIPTION
from bot.games.outcome import Outcome
from bot.games.registration import Registration
from bot.games.registry import REGISTERED, rules_for
from bot.games.rules import AnyRules, HiddenInformation, Setting, Step
from bot.storage import RatingChange, Result, Seat
from bot.storage.game_values import Level, Options
from bot.storage.ratings import Rating
from emulator import message_problems
from i18n import LANGUAGES, Language, english, language
from render.common.palette import PLAYERS, Symbol
from render.gallery import galleries
from tests.games.stored import BIG_ID, stored
from tests.layouts import sent_body

GAMES = pytest.mark.parametrize("game", REGISTERED, ids=lambda game: game.kind)
LANGS = pytest.mark.parametrize(
    "lang", [language(code) for code in LANGUAGES], ids=lambda lang: lang.code
)

DRAWN = controls_drawn()
"""The controls a game's face describes, drawn by the bot's features."""
MOST_STEPS = 5_000
"""A game that has not ended after this many actions never will (a hang net)."""
NAMES = ("_" * 32, "*~" * 16, "@everyone" + "`" * 23, "|>" * 16, "\\" * 32)
"""The longest display names, each doubled by markdown escaping."""
RATING = Rating(24.0, 1.5)
ENGLISH = english()


@dataclass(frozen=True)
class Played:
    """One action of a game played through its rules."""

    before: Any
    seat: int
    action: Any
    step: Step[Any]

    @property
    def after(self) -> Any:
        return self.step.state


def options_of(rules: AnyRules, rng: random.Random) -> Options:
    """A random value for each of the game's rule options."""
    chosen: dict[str, Any] = {}
    for option in rules.options:
        if option.choices:
            chosen[option.name] = rng.choice(option.choices)
        elif isinstance(option.default, bool):
            chosen[option.name] = rng.random() < 0.5
        else:
            chosen[option.name] = option.default
    return MappingProxyType(chosen)


@dataclass(frozen=True)
class Playout:
    """A whole game played through its rules, as the move log keeps it."""

    players: int
    options: Options
    setup: Any
    first: int
    moves: list[Played]


def play(rules: AnyRules, players: int, rng: random.Random) -> Playout:
    """A whole random game: computer players' choices (easy and normal), sometimes the
    clock's."""
    options = options_of(rules, rng)
    setup = rules.deal(players, options, rng)
    first = rng.randrange(players)
    state = rules.start(players, first, options, setup)
    moves: list[Played] = []
    while not rules.is_over(state):
        assert len(moves) < MOST_STEPS, f"no end after {MOST_STEPS} actions"
        acting = rules.to_act(state)
        assert acting and set(acting) <= set(range(players))
        seat = rng.choice(acting)
        if rng.random() < 0.05:
            action = rules.time_out(state, seat)
        else:
            level = rng.choice((Level.EASY, Level.NORMAL))
            intent = rules.decide(state, seat, level, rng)
            action = rules.action(state, seat, intent, rng)
        step = rules.apply(state, seat, action)
        moves.append(Played(state, seat, action, step))
        state = step.state
    return Playout(players, options, setup, first, moves)


def round_trips(rules: AnyRules, played: Played) -> None:
    saved = rules.state_to_json(played.after)
    assert rules.state_to_json(rules.state_from_json(saved)) == saved
    logged = rules.action_to_json(played.action)
    assert rules.action_to_json(rules.action_from_json(logged)) == logged


@GAMES
def test_random_games_from_fewest_to_most_players_end_with_a_full_table(
    game: Registration,
) -> None:
    rules = rules_for(game.kind)
    rng = random.Random(f"contract {game.kind}")
    for players in range(rules.min_players, rules.max_players + 1):
        for _ in range(3):
            playout = play(rules, players, rng)
            assert playout.moves, "a game that ends before anyone acts"
            for move in playout.moves:
                round_trips(rules, move)
                assert rules.misfit(move.after, players, playout.options) is None
            final = playout.moves[-1].after
            assert rules.to_act(final) == ()
            standings = rules.standings(final)
            assert [s.seat for s in standings] == list(range(players))
            assert any(s.won for s in standings)
            assert all(s.place >= 1 and (s.place == 1) == s.won for s in standings)
            teams = rules.teams(players)
            assert sorted(seat for team in teams for seat in team) == list(range(players))
            actions = [move.action for move in playout.moves]
            setting = Setting(players, playout.first, playout.options, playout.setup)
            more = rules.turn_figures(setting, actions)
            assert len(more) == players
            for standing in standings:
                figures = {**standing.figures, **more[standing.seat]}
                assert all(isinstance(value, int) for value in figures.values())
                assert {figure.source for figure in rules.figures} <= set(figures)


def within_limits(body: dict[str, Any]) -> None:
    assert message_problems(body) == [], [str(p) for p in message_problems(body)]


def a_described_png(picture: Picture) -> None:
    """The picture is a PNG, and has a description that Discord takes as its alt text."""
    with Image.open(io.BytesIO(picture.png)) as image:
        assert image.format == "PNG"
        assert image.width > 0 and image.height > 0
    assert picture.description.strip(), "a picture without a description"
    assert len(picture.description) <= DESCRIPTION, len(picture.description)


def seats(players: int) -> tuple[Seat, ...]:
    """The longest names, the last seat a computer player that took a human's place."""
    humans = [Seat(n, BIG_ID - n, None, NAMES[n % 5], n) for n in range(players - 1)]
    last = players - 1
    bot = Seat(last, None, Level.HARD, NAMES[last % 5][:26] + " (bot)", last, left_user_id=BIG_ID)
    return (*humans, bot)


def results(rules: AnyRules, final: Any, players: tuple[Seat, ...]) -> tuple[Result, ...]:
    return tuple(
        Result(
            s.seat,
            players[s.seat].user_id or players[s.seat].left_user_id,
            players[s.seat].display_name,
            s.won,
            s.place,
            players[s.seat].left_user_id is not None,
            s.figures,
        )
        for s in rules.standings(final)
    )


def shown_along(playout: Playout) -> list[Played]:
    """A few actions of a game: its first, some in the middle, the first that ended
    turns, and its last."""
    moves = playout.moves
    middle = [moves[len(moves) * n // 4] for n in (1, 2, 3)]
    turn_ends = [m for m in moves if m.step.turn_over][:3]
    return [moves[0], *middle, *turn_ends, moves[-1]]


async def every_message(face: GameFace, rules: AnyRules, lang: Language, seed: str) -> None:
    players = rules.max_players
    playout = play(rules, players, random.Random(seed))
    options = playout.options
    table = seats(players)
    assert all(name and value for name, value in face.option_fields(options, lang))
    for move in shown_along(playout):
        over = rules.is_over(move.after)
        game = stored(face.kind, move.after, table, over=over, options=options)
        outcome = Outcome(
            game, move.before, move.seat, move.action, move.step.events, move.step.turn_over
        )
        headline = face.happened(outcome, lang)
        assert headline
        if over:
            finals = results(rules, move.after, table)
            changes = tuple(
                RatingChange(BIG_ID - n, NAMES[n % 5], None if n else RATING, RATING, 1)
                for n in range(players - 1)
            )
            outcome = replace(outcome, results=finals, rating_changes=changes)
            pictures = [await face.result(outcome, headline, lang)]
        else:
            pictures = [await face.turn(game, headline, outcome, lang)]
            turn = face_drawing.drawn(pictures[0], face_drawing.buttons(game, lang, DRAWN))
            ping = lang._("{players}, it's your turn.", players=f"<@{BIG_ID}>")
            within_limits(sent_body(replace(turn, note=ping)))
            if move.step.turn_over:
                pictures.append(await face.turn_end(outcome, headline, lang))
        for picture in pictures:
            within_limits(sent_body(face_drawing.drawn(picture)))
            a_described_png(picture)
        if isinstance(rules, HiddenInformation) and not over:
            for seat in range(players):
                private = await face.private(game, seat, outcome, lang)
                assert private is not None
                within_limits(sent_body(face_drawing.private(game, private, DRAWN)))
                a_described_png(private.picture)


@GAMES
@LANGS
def test_every_message_of_the_face_along_a_game_is_within_discords_limits(
    game: Registration, lang: Language
) -> None:
    asyncio.run(
        every_message(face_for(game.kind), rules_for(game.kind), lang, f"{game.kind} {lang.code}")
    )


TWEMOJI: dict[str, tuple[tuple[int, int, int], Symbol | None]] = {
    "🔵": ((85, 172, 238), Symbol.CIRCLE),
    "🟠": ((244, 144, 12), Symbol.CIRCLE),
    "🟢": ((120, 177, 89), Symbol.CIRCLE),
    "🟣": ((170, 142, 214), Symbol.CIRCLE),
    "🔴": ((221, 46, 68), Symbol.CIRCLE),
    "🟦": ((85, 172, 238), Symbol.SQUARE),
    "🟧": ((244, 144, 12), Symbol.SQUARE),
    "🟩": ((120, 177, 89), Symbol.SQUARE),
    "🟪": ((170, 142, 214), Symbol.SQUARE),
    "🟥": ((221, 46, 68), Symbol.SQUARE),
    "🔷": ((85, 172, 238), Symbol.DIAMOND),
    "🔶": ((244, 144, 12), Symbol.DIAMOND),
    "💙": ((93, 173, 236), Symbol.HEART),
    "🧡": ((244, 144, 12), Symbol.HEART),
    "💚": ((119, 178, 85), Symbol.HEART),
    "💜": ((170, 142, 214), Symbol.HEART),
    "❤️": ((221, 46, 68), Symbol.HEART),
    "🔺": ((221, 46, 68), Symbol.TRIANGLE),
    "💠": ((85, 172, 238), None),
    "⭐": ((255, 172, 51), None),
}
"""How Discord draws the emoji a seat could be named by (Twemoji): colour and shape."""


def lab(color: tuple[int, int, int]) -> tuple[float, float, float]:
    """The colour in CIE L*a*b* (D65), where distances are roughly as seen."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(channel) for channel in color)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def marks(said: str, names: tuple[str, ...]) -> dict[int, set[str]]:
    """The emoji each seat's bold name follows in ``said`` (where it follows one)."""
    found: dict[int, set[str]] = {}
    for seat, name in enumerate(names):
        for mark in re.findall(rf"(\S+) \*\*{re.escape(name)}\*\*", said):
            if all(unicodedata.category(char) in ("So", "Mn") for char in mark):
                found.setdefault(seat, set()).add(mark)
    return found


@GAMES
def test_a_seat_has_one_colour_and_symbol_in_the_lobby_the_words_and_the_pictures(
    game: Registration,
) -> None:
    """The lobby lists a seat with an emoji; the turn's words name whoever acts with the
    same emoji; the pictures draw the seat in the palette's colour and symbol, which are
    that emoji's colour (the nearest of the seats' colours) and shape; and the turn's
    message has that colour."""
    face, rules = face_for(game.kind), rules_for(game.kind)
    players = rules.max_players
    names = ("Ann", "Bo", "Cy", "Di", "Ed")[:players]
    table = tuple(Seat(n, 100 + n, None, names[n], n) for n in range(players))
    lobby = marks(lobby_card(stored(game.kind, None, table, over=False), ENGLISH).text, names)
    assert set(lobby) == set(range(players))
    said: dict[int, set[str]] = {}
    playout = play(rules, players, random.Random(f"marks {game.kind}"))
    for move in playout.moves:
        acting = rules.to_act(move.after)
        if len(acting) != 1 or acting[0] in said or rules.is_over(move.after):
            continue
        at = stored(game.kind, move.after, table, over=False, options=playout.options)
        picture = asyncio.run(face.turn(at, "", None, ENGLISH))
        assert picture.colour == PLAYERS[acting[0]].color
        for seat, found in marks(picture.text, names).items():
            said.setdefault(seat, set()).update(found)
        assert acting[0] in said, picture.text
        if len(said) == players:
            break
    assert said == lobby
    colours = [lab(style.color) for style in PLAYERS[:players]]
    for seat, (mark,) in lobby.items():
        style = PLAYERS[seat]
        assert mark == style.emoji
        colour, shape = TWEMOJI[mark]
        assert shape is style.symbol, (seat, mark)
        nearest = min(range(players), key=lambda n: math.dist(colours[n], lab(colour)))
        assert nearest == seat, (seat, mark)


def test_every_game_has_its_renderers_gallery() -> None:
    """Beside the games' galleries, the league's: its standings are no game's picture."""
    assert set(galleries()) == {game.domain for game in REGISTERED} | {"league"}


def test_a_package_among_the_games_that_registers_nothing_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = tmp_path / "more_games"
    (games / "half_done").mkdir(parents=True)
    (games / "__init__.py").write_text("")
    (games / "half_done" / "__init__.py").write_text('"""A game not registered yet."""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(NotDeclared, match=r"more_games\.half_done declares no GAME"):
        declared(importlib.import_module("more_games"), "GAME", Registration)


def test_games_are_listed_in_the_order_they_came(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = tmp_path / "ordered_games"
    for name in ("a_late", "b_early", "c_new"):
        (games / name).mkdir(parents=True)
        (games / name / "__init__.py").write_text(
            "from bot.games.registration import Registration\n"
            f"GAME = Registration(__name__, kind={name!r}, name={name!r}, "
            "rules='game:RULES', face='face:FACE')\n"
        )
    (games / "__init__.py").write_text("ORDER = ('b_early', 'a_late')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    ordered = importlib.import_module("ordered_games")
    listed = declared(ordered, "GAME", Registration, ordered.ORDER)
    assert [(game.kind, game.command, game.domain) for game in listed.values()] == [
        ("b_early", "b_early", "b_early"),
        ("a_late", "a_late", "a_late"),
        ("c_new", "c_new", "c_new"),
    ]
