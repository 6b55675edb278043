"""Finished games written straight into a database file: games and their result tables,
no ladder. For tests and benchmarks about the ladder, not about playing; the ladder
service counts them (``LadderService.recompute``) as it would have game by game."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path


def write_finished_games(
    path: Path,
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
    with sqlite3.connect(path) as connection:
        (last_id, last_seq) = connection.execute(
            "SELECT COALESCE(MAX(id), 0), COALESCE(MAX(finish_seq), 0) FROM games"
        ).fetchone()
        for number in range(1, games + len(tables) + 1):
            game_id, finished_at = last_id + number, finished_at + 30
            users: list[int | None]
            if number > games:
                users, bots = list(tables[number - games - 1]), 0
            else:
                humans = rng.choices((1, 2, 3, 4, 5), weights=(1, 4, 3, 2, 1))[0]
                bots = rng.randint(0, 5 - humans) if humans > 1 else rng.randint(1, 4)
                users = [first_member + m for m in rng.sample(range(members), humans)]
            seats = users + [None] * bots
            rng.shuffle(seats)
            connection.execute(
                "INSERT INTO games (id, guild_id, channel_id, host_id, status, turn_timeout, "
                "created_at, updated_at, finished_at, finish_seq, version, shown_version) "
                "VALUES (?1, ?2, ?3, ?4, 'finished', 600, ?5, ?5, ?5, ?6, 1, 1)",
                (game_id, guild_id, game_id, users[0], finished_at, last_seq + number),
            )
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
            connection.executemany(
                "INSERT INTO results (game_id, seat, user_id, bot_level, display_name, won, "
                "place, left_game, figures) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            ids.append(game_id)
    return ids
