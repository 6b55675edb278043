"""Child process of the tournament kill test: moves one tournament on as the bot's clock
would, as fast as it can, each match's game played move by move, until it is killed.

    python -m tests.features.tournaments.tournament_kill_child DATABASE SEED

It makes the tournament (nine players, Swiss, three rounds, matches of three) the first
time; every run after that takes it up where the last one was killed. It prints a line
once it plays, and ``over`` once the tournament has ended.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.features.tournaments.queries import TournamentState
from bot.features.tournaments.service import TournamentService
from bot.games.registry import rules_for
from bot.service import Actor, GameService, Player
from bot.service.feature_registry import discovered
from bot.storage.game_values import Level
from bot.storage.opening import open_database
from bot.storage.records import GameStatus
from tests.bot.fixtures import new_tournament

GUILD = 1
START = 1_800_000_000.0
PLAYERS = [Player(500 + i, f"P{i}") for i in range(9)]


async def run(path: str, seed: int) -> None:
    discovered()
    database = await open_database(path)
    now = [START]
    service = GameService(database, dice=random.Random(seed), clock=lambda: now[0])
    made = await service.part(TournamentService).server_tournaments(GUILD)
    if not made:
        made_board = await service.part(TournamentService).create_tournament(
            new_tournament(GUILD, 2, START + 30, name="Killed Cup", cap=9),
            PLAYERS[0],
            True,
        )
        tournament_id = made_board.tournament.id
        # Signed up before the first line: the parent kills only once it reads one.
        for player in PLAYERS:
            await service.part(TournamentService).sign_up(tournament_id, player)
    else:
        tournament_id = made[0].id
    # From here the clock stands past the start: the tournament is due at once.
    now[0] = START + 60
    print("playing", flush=True)
    rng = random.Random(seed)
    while True:
        board = (await service.part(TournamentService).advance_tournament(tournament_id)).board
        if board.tournament.state is not TournamentState.RUNNING:
            print("over", flush=True)
            return
        for match in board.of_round(board.tournament.round):
            game_id = match.game_id
            if game_id is None:
                opened = await service.part(TournamentService).open_match(
                    tournament_id,
                    match.round,
                    match.match_no,
                    1000 + match.round * 10 + match.match_no,
                )
                if opened is None:
                    continue
                game_id = opened.id
            game = await service.game(game_id)
            if game.status is GameStatus.ACTIVE and game.state is not None:
                rules = rules_for(game.kind)
                seat = rules.to_act(game.state)[0]
                intent = rules.decide(game.state, seat, Level.NORMAL, rng)
                await service.turns.act(game.id, Actor(game.seats[seat].user_id), None, intent)


if __name__ == "__main__":
    asyncio.run(run(sys.argv[1], int(sys.argv[2])))
