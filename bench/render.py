"""Picture speed and size, every picture of seeded games as the bot makes them: Claim It!'s
board in 5-player games, Gold Nuggets' table in 5-player games, Claim's table in 4-player
games and the hand of whoever is to act, and a 16-player Swiss tournament's standings after
each of its games.

    python -m bench.render [--games N] [--language de] [--pause MS]

Each picture is planned and encoded once, right after the one before it in its game (or
the same player's hand before it), so that only the bands of rows that changed since
are painted, as in a running bot (``render.common.png``). Every picture in English and
German unless ``--language`` names one. Targets (issue 63), for every kind of picture:
median render+encode <= 1.5 ms and median size <= 40 KiB. It also prints the planning
alone, the first picture of each game (nothing of it kept yet), the share of bands taken
as drawn before (in the album's last picture, or lately in any), and the same pictures
painted whole and encoded (the reference the tests compare with), timed in the same run.

``--pause MS`` sleeps that long before each picture, as a running bot's picture process
waits for its next one: it finds the processor's caches and branch history taken by
other work since, and each picture costs more than it does back to back (the default).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import TypeVar

import engine.claim as claim
import engine.claimit as claimit
import engine.gold_nuggets as nuggets
from bench.figures import percentile
from bot.games.claim.views import private_view
from bot.games.claim.views import table_view as claim_table_view
from bot.games.gold_nuggets.views import table_view as nuggets_table_view
from engine.gold_nuggets import bots as nugget_bots
from i18n import LANGUAGES, Language, language
from render.claim.hand_image import scene as hand_scene
from render.claim.pictures import HAND
from render.claim.pictures import TABLE as CLAIM_TABLE
from render.claim.scene import Scene as ClaimScene
from render.claim.table_image import scene as claim_table_scene
from render.claimit import View
from render.claimit.board_image import board_scene
from render.claimit.gallery import random_play
from render.claimit.pictures import BOARD
from render.common import png
from render.common.png import Album, PictureKind
from render.common.scene import Scene
from render.gold_nuggets.pictures import TABLE as NUGGETS_TABLE
from render.gold_nuggets.table_image import table_scene as nuggets_table_scene
from render.league import StandingsLine, StandingsView
from render.league.gallery import ENGLISH, GERMAN, Words
from render.league.standings import STANDINGS
from render.league.standings_image import standings_scene

T = TypeVar("T")
NAMES = ("Prospector Ann", "Björn 🎲", "Zoë", "Ольга", "Mateus da Silva Pereira")
Game = list[tuple[Album, Callable[[], Scene]]]
"""A game's pictures in the order the bot makes them, each as its album (the game, or the
game and the seat of a hand) and the call that plans it."""


def claimit_games(count: int, lang: Language) -> Iterator[Game]:
    for seed in range(count):
        pictures: Game = []
        for _, action, after in random_play(seed, len(NAMES)):
            rolled = None
            if isinstance(action, claimit.Roll):
                first, second, third = action.dice
                rolled = (first, second, third)
            view = View(names=NAMES, rolled=rolled, lang=lang)
            pictures.append((("game", seed), partial(board_scene, after, view)))
        yield pictures


def nuggets_games(count: int, lang: Language) -> Iterator[Game]:
    for seed in range(count):
        rng = random.Random(seed)
        state = nuggets.GameState.new(len(NAMES))
        pictures: Game = []
        while state.phase is not nuggets.Phase.OVER:
            decision = nugget_bots.decide(state, nugget_bots.Level.NORMAL, rng)
            action = nugget_bots.action_of(decision, state, rng)
            state = nuggets.apply(state, action).state
            view = nuggets_table_view(NAMES, state, lang, rolled=state.roll or ())
            pictures.append((("game", seed), partial(nuggets_table_scene, view)))
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
            hands.append((("game", seed, seat), partial(planned, hand_scene, hand)))
            state, _ = claim.apply(state, seat, rng.choice(claim.legal_actions(state, seat)))
            table = claim_table_view(NAMES[:players], state, None, lang)
            tables.append((("game", seed), partial(planned, claim_table_scene, table)))
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
                pictures.append((("tournament", seed), partial(standings_scene, view)))
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


def planned(scene: Callable[[T], ClaimScene], view: T) -> Scene:
    """Claim's scene of ``view``, as what to draw."""
    return scene(view).planned()


def measure(title: str, kind: PictureKind, games: list[Game], pause: float = 0.0) -> None:
    """Prints the figures of ``games``' pictures of ``kind``, each after ``pause`` seconds
    asleep."""
    png.ALBUMS.clear()
    clock = time.perf_counter
    full, planning, first, sizes, whole = [], [], [], [], []
    for game in games:
        for number, (album, plan) in enumerate(game):
            if pause:
                time.sleep(pause)
            start = clock()
            scene = plan()
            planned = clock()
            data = kind.encode_scene(scene, album)
            done = clock()
            full.append(done - start)
            planning.append(planned - start)
            if number == 0:
                first.append(done - start)
            sizes.append(len(data))
    # The reference in a pass of its own, as the bot never paints it: painted between
    # two pictures drawn by change, it would take their memory caches' place.
    for game in games:
        for _, plan in game:
            if pause:
                time.sleep(pause)
            start = clock()
            kind.encode(plan().paint())
            whole.append(clock() - start)

    ms, kib = 1000, 1024
    median_full, median_size = statistics.median(full), statistics.median(sizes)
    kept = png.ALBUMS.found / (png.ALBUMS.found + png.ALBUMS.missed)
    after = f", each after {pause * ms:.0f} ms asleep" if pause else ""
    print(f"{title}: {len(games)} games, {len(full)} pictures{after}")
    print(
        f"  render+encode: median {median_full * ms:.2f} ms, "
        f"p95 {percentile(full, 0.95) * ms:.2f} ms (target: median <= 1.5 ms)"
    )
    print(
        f"  image size: median {median_size / kib:.1f} KiB, "
        f"max {max(sizes) / kib:.0f} KiB (target: median <= 40 KiB)"
    )
    print(
        f"  planning alone: median {statistics.median(planning) * ms:.2f} ms; a game's first "
        f"picture: median {statistics.median(first) * ms:.2f} ms; bands taken as drawn "
        f"before: {100 * kept:.0f}%"
    )
    median_whole = statistics.median(whole)
    print(
        f"  painted whole and encoded (the reference): median {median_whole * ms:.2f} ms; "
        f"now {median_whole / median_full:.1f}x as fast"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games of each kind")
    parser.add_argument("--language", choices=LANGUAGES, help="only the pictures in this language")
    parser.add_argument(
        "--pause",
        type=float,
        default=0.0,
        metavar="MS",
        help="milliseconds asleep before each picture (as a bot's picture process waits)",
    )
    args = parser.parse_args()
    pause = args.pause / 1000
    for code in [args.language] if args.language else LANGUAGES:
        lang = language(code)
        print(f"--- {lang.code}")
        boards = list(claimit_games(args.games, lang))
        measure("Claim It! board, 5 players", BOARD, boards, pause)
        nuggets_tables = list(nuggets_games(args.games, lang))
        measure("Gold Nuggets table, 5 players", NUGGETS_TABLE, nuggets_tables, pause)
        claims = list(claim_games(args.games, lang))
        measure("Claim table, 4 players", CLAIM_TABLE, [tables for tables, _ in claims], pause)
        measure("Claim hand of the player to act", HAND, [hands for _, hands in claims], pause)
        tournaments = list(league_tournaments(args.games, lang))
        measure("League standings, 16 players", STANDINGS, tournaments, pause)


if __name__ == "__main__":
    main()
