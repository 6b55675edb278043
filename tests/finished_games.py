"""Finished games written straight into a database: games and their result tables,
no ladder. For tests and benchmarks about the ladder, not about playing; the ladder
service counts them (``LadderService.recompute``) as it would have game by game."""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Mapping, Sequence

from bot.storage import Database
from bot.storage.connection import Connection


async def write_finished_games(
    database: Database,
    guild_id: int,
    games: int,
    rng: random.Random,
    *,
    members: int = 40,
    first_member: int = 1_000_000,
    tables: Sequence[Sequence[int]] = (),
    names: Mapping[int, str] | None = None,
    leavers: Collection[int] = (),
    finished_at: float = 1_700_000_000.0,
) -> list[int]:
    """Writes ``games`` finished games of 1-5 of the server's ``members`` (user ids
    ``first_member`` on) and computer players, then one game for each of ``tables``
    (exactly those users, ``leavers`` among them having left); returns their ids.
    Players are called ``names[user]``, or "Player <id>"."""
    names = names or {}
    ids = []

    async def writing(connection: Connection) -> None:
        nonlocal finished_at
        [(last_seq,)] = await connection.fetch("SELECT COALESCE(MAX(finish_seq), 0) FROM games")
        for number in range(1, games + len(tables) + 1):
            finished_at += 30
            users: list[int | None]
            if number > games:
                users, bots = list(tables[number - games - 1]), 0
            else:
                humans = rng.choices((1, 2, 3, 4, 5), weights=(1, 4, 3, 2, 1))[0]
                bots = rng.randint(0, 5 - humans) if humans > 1 else rng.randint(1, 4)
                users = [first_member + m for m in rng.sample(range(members), humans)]
            seats = users + [None] * bots
            rng.shuffle(seats)
            [(game_id,)] = await connection.fetch(
                "INSERT INTO games (guild_id, channel_id, host_id, status, turn_timeout, "
                "created_at, updated_at, finished_at, finish_seq, version, shown_version) "
                "VALUES (?, ?, ?, 'finished', 600, ?, ?, ?, ?, 1, 1) RETURNING id",
                (guild_id, 50_000 + last_seq + number, users[0], finished_at, finished_at,
                 finished_at, last_seq + number),
            )  # fmt: skip
            mines = [rng.randint(2, 14) for _ in seats]
            rows = []
            for seat, (user, mine) in enumerate(zip(seats, mines, strict=True)):
                if user is None:
                    name, left = f"Bot {seat}", False
                else:
                    name = names.get(user, f"Player {user}")
                    left = user in leavers or (
                        number <= games and len(users) > 1 and rng.random() < 0.03
                    )
                figures = {
                    "largest_mine": mine,
                    "claims": rng.randint(0, 12),
                    "spaces": mine + rng.randint(0, 8),
                    "turns": rng.randint(6, 14),
                    "busts": rng.randint(0, 5),
                    "best_turn": rng.randint(1, 8),
                }
                rows.append(
                    (game_id, seat, user, None if user else "normal", name,
                     int(mine == max(mines)), 1 + sum(other > mine for other in mines),
                     int(left), json.dumps(figures))
                )  # fmt: skip
            await connection.executemany(
                "INSERT INTO results (game_id, seat, user_id, bot_level, display_name, won, "
                "place, left_game, figures) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            ids.append(game_id)

    await database.write(writing)
    return ids
