"""Picture speed and size, every picture of seeded games as the bot makes them: Claim It!'s
board in 5-player games, Gold Nuggets' table in 5-player games, Claim's table in 4-player
games and the hand of whoever is to act, and a 16-player Swiss tournament's standings after
each of its games.

    python -m bench.render [--games N] [--language de]

Each picture is drawn and encoded once, right after the one before it in its game, so
that the bands of rows it shares with earlier pictures come from the encoder's cache as
in a running bot (``render.common.png``). Every picture in English and German unless
``--language`` names one. Targets (issue 50), for every kind of picture: median
render+encode <= 2.5 ms and median size <= 40 KiB. It also prints the drawing alone, the
first picture of each game (nothing of it cached yet), the bands taken from the cache,
and the same pictures encoded as before issue 32 (an RGB PNG), timed in the same run.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import TypeVar

from PIL import Image

import engine.claim as claim
import engine.claimit as claimit
import engine.gold_nuggets as nuggets
from bot.games.claim.face import private_view
from bot.games.claim.face import table_view as claim_table_view
from bot.games.gold_nuggets.face import table_view as nuggets_table_view
from i18n import LANGUAGES, Language, language
from render.claim import draw_hand
from render.claim import draw_table as draw_claim_table
from render.claim.pictures import HAND
from render.claim.pictures import TABLE as CLAIM_TABLE
from render.claimit import View, draw_board
from render.claimit.gallery import random_play
from render.claimit.pictures import BOARD
from render.common import png
from render.common.png import PictureKind
from render.gold_nuggets import draw_table as draw_nuggets_table
from render.gold_nuggets.pictures import TABLE as NUGGETS_TABLE
from render.gold_nuggets.view import FACES
from render.league import StandingsLine, StandingsView, draw_standings
from render.league.gallery import ENGLISH, GERMAN, Words
from render.league.standings import STANDINGS

T = TypeVar("T")
NAMES = ("Prospector Ann", "Björn 🎲", "Zoë", "Ольга", "Mateus da Silva Pereira")
Game = list[Callable[[], Image.Image]]
"""A game's pictures in the order the bot makes them, each as the call that draws it."""


def claimit_games(count: int, lang: Language) -> Iterator[Game]:
    for seed in range(count):
        pictures: Game = []
        for _, action, after in random_play(seed, len(NAMES)):
            rolled = None
            if isinstance(action, claimit.Roll):
                first, second, third = action.dice
                rolled = (first, second, third)
            view = View(names=NAMES, rolled=rolled, lang=lang)
            pictures.append(partial(draw_board, after, view))
        yield pictures


def nuggets_games(count: int, lang: Language) -> Iterator[Game]:
    for seed in range(count):
        rng = random.Random(seed)
        state = nuggets.GameState.new(len(NAMES))
        pictures: Game = []
        while state.phase is not nuggets.Phase.OVER:
            decision = nuggets.bots.decide(state, nuggets.bots.Level.NORMAL, rng)
            if isinstance(decision, nuggets.bots.RollAgain):
                faces = tuple(rng.choice(FACES) for _ in range(state.dice_left))
                action: nuggets.Action = nuggets.Roll(faces)  # type: ignore[arg-type]
            else:
                action = decision
            state = nuggets.apply(state, action).state
            view = nuggets_table_view(NAMES, state, lang, rolled=state.roll or ())
            pictures.append(partial(draw_nuggets_table, view))
        yield pictures


def claim_games(count: int, lang: Language) -> Iterator[tuple[Game, Game]]:
    """Each game's tables, and the hands of whoever was to act at each move."""
    players = 4
    factions = (*claim.PAIRS[0], *claim.ADDED[:5])
    for seed in range(count):
        rng = random.Random(seed)
        deck, removed = claim.shuffle_deck(factions, rng)
        state, _ = claim.new_game(players, factions, deck, removed, first=seed % players)
        tables: Game = []
        hands: Game = []
        while state.phase is not claim.Phase.OVER:
            seat = state.to_act()[0]
            hand = private_view(NAMES[seat], state, seat, (), lang)
            hands.append(partial(draw_hand, hand))
            state, _ = claim.apply(state, seat, rng.choice(claim.legal_actions(state, seat)))
            table = claim_table_view(NAMES[:players], state, None, lang)
            tables.append(partial(draw_claim_table, table))
        yield tables, hands


def league_tournaments(count: int, lang: Language) -> Iterator[Game]:
    """Swiss tournaments of 16 players over 4 rounds, each game won, lost or drawn at
    random: the standings after each game, as the bot shows them."""
    words = GERMAN if lang.code == "de" else ENGLISH
    players, rounds = 16, 4
    for seed in range(count):
        rng = random.Random(seed)
        halves = [0] * players
        wins = [0] * players
        opponents: list[list[int]] = [[] for _ in range(players)]
        pictures: Game = []
        for done in range(rounds):
            order = sorted(range(players), key=lambda p: (-halves[p], p))
            for board in range(players // 2):
                first, second = order[2 * board], order[2 * board + 1]
                won = rng.choice((0, 1, 2))  # the first player's halves of a point
                halves[first] += won
                halves[second] += 2 - won
                wins[first] += won == 2
                wins[second] += won == 0
                opponents[first].append(second)
                opponents[second].append(first)
                playing = players // 2 - board - 1
                subtitle = words.swiss.format(round=done + 1, rounds=rounds, playing=playing)
                view = standings_view(words, subtitle, halves, wins, opponents)
                pictures.append(partial(draw_standings, view))
        yield pictures


def standings_view(
    words: Words,
    subtitle: str,
    halves: list[int],
    wins: list[int],
    opponents: list[list[int]],
) -> StandingsView:
    def points(value: int) -> str:
        return f"{value // 2 or ''}{'½' if value % 2 else ''}" or "0"

    tiebreak = [sum(halves[o] for o in faced) for faced in opponents]
    order = sorted(range(len(halves)), key=lambda p: (-halves[p], -tiebreak[p], p))
    lines = tuple(
        StandingsLine(
            rank=rank,
            name=NAMES[player % len(NAMES)],
            points=points(halves[player]),
            tiebreak=points(tiebreak[player]),
            wins=wins[player],
            games=len(opponents[player]),
        )
        for rank, player in enumerate(order, start=1)
    )
    return StandingsView(words.title, subtitle, words.headers, lines, words.rule)


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


RGB_LEVEL = 3
"""How every picture was encoded before issue 32: an RGB PNG at zlib level 3."""


def rgb_png(image: Image.Image) -> int:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=RGB_LEVEL)
    return out.tell()


def measure(title: str, kind: PictureKind, games: list[Game]) -> None:
    kind.prepare()  # as the bot does at start-up
    png.BANDS.clear()
    clock = time.perf_counter
    full, drawing, first, sizes, before, before_sizes = [], [], [], [], [], []
    for game in games:
        for number, draw in enumerate(game):
            start = clock()
            image = draw()
            drawn = clock()
            data = kind.encode(image)
            done = clock()
            before_sizes.append(rgb_png(image))
            before.append(drawn - start + clock() - done)
            full.append(done - start)
            drawing.append(drawn - start)
            if number == 0:
                first.append(done - start)
            sizes.append(len(data))

    ms, kib = 1000, 1024
    median_full, median_size = statistics.median(full), statistics.median(sizes)
    median_before, median_before_size = statistics.median(before), statistics.median(before_sizes)
    print(f"{title}: {len(games)} games, {len(full)} pictures")
    print(
        f"  render+encode: median {median_full * ms:.2f} ms, "
        f"p95 {percentile(full, 0.95) * ms:.2f} ms (target: median <= 2.5 ms)"
    )
    print(
        f"  image size: median {median_size / kib:.0f} KiB, "
        f"max {max(sizes) / kib:.0f} KiB (target: median <= 40 KiB)"
    )
    print(
        f"  drawing alone: median {statistics.median(drawing) * ms:.2f} ms; a game's first "
        f"picture: median {statistics.median(first) * ms:.2f} ms; bands from the cache: "
        f"{100 * png.BANDS.found / (png.BANDS.found + png.BANDS.missed):.0f}%"
    )
    print(
        f"  as before issue 32 (RGB PNG, zlib level {RGB_LEVEL}): median "
        f"{median_before * ms:.2f} ms, {median_before_size / kib:.0f} KiB; now "
        f"{median_before / median_full:.1f}x as fast, {median_before_size / median_size:.1f}x "
        "as small"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games of each kind")
    parser.add_argument("--language", choices=LANGUAGES, help="only the pictures in this language")
    args = parser.parse_args()
    for code in [args.language] if args.language else LANGUAGES:
        lang = language(code)
        print(f"--- {lang.code}")
        measure("Claim It! board, 5 players", BOARD, list(claimit_games(args.games, lang)))
        measure(
            "Gold Nuggets table, 5 players",
            NUGGETS_TABLE,
            list(nuggets_games(args.games, lang)),
        )
        claims = list(claim_games(args.games, lang))
        measure("Claim table, 4 players", CLAIM_TABLE, [tables for tables, _ in claims])
        measure("Claim hand of the player to act", HAND, [hands for _, hands in claims])
        measure(
            "League standings, 16 players",
            STANDINGS,
            list(league_tournaments(args.games, lang)),
        )


if __name__ == "__main__":
    main()
