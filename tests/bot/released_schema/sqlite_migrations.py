"""SQLite's schema as the released bots made it, up to version 19: each version's
statements exactly as they shipped (up to 14 before the schema was declared once in
``bot/storage/schema/``, 15 to 19 as the declaration made them). Those of the versions
PostgreSQL took alike are in ``both_databases``, said here in SQLite's words. Frozen: a
database made with them is one those releases made.
"""

from __future__ import annotations

from tests.bot.released_schema.both_databases import steps_alike

_OWN: dict[int, tuple[str, ...]] = {
    # 1: games, seats, the move log, results and per-server player records.
    1: (
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            lobby_message_id INTEGER,
            turn_message_id INTEGER,
            host_id INTEGER NOT NULL,
            status TEXT NOT NULL
                CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
            variant INTEGER NOT NULL DEFAULT 0 CHECK (variant IN (0, 1)),
            turn_timeout INTEGER CHECK (turn_timeout IS NULL OR turn_timeout > 0),
            first_seat INTEGER,
            state TEXT,
            version INTEGER NOT NULL DEFAULT 0,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            started_at REAL,
            finished_at REAL,
            turn_deadline REAL
        )
        """,
        # One open game per channel: a second /claimit new there is refused.
        """
        CREATE UNIQUE INDEX games_open_per_channel ON games (channel_id)
            WHERE status IN ('lobby', 'active')
        """,
        "CREATE INDEX games_by_guild ON games (guild_id, status)",
        """
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 4),
            user_id INTEGER,
            bot_level TEXT,
            display_name TEXT NOT NULL,
            color INTEGER NOT NULL CHECK (color BETWEEN 0 AND 4),
            joined_at REAL NOT NULL,
            PRIMARY KEY (game_id, seat),
            CHECK ((user_id IS NULL) <> (bot_level IS NULL))
        )
        """,
        """
        CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id)
            WHERE user_id IS NOT NULL
        """,
        "CREATE INDEX seats_by_user ON seats (user_id)",
        """
        CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            dice TEXT,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID
        """,
        """
        CREATE TRIGGER moves_are_never_changed BEFORE UPDATE ON moves
        BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END
        """,
        """
        CREATE TRIGGER moves_are_never_deleted BEFORE DELETE ON moves
        BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END
        """,
        """
        CREATE TABLE results (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            bot_level TEXT,
            won INTEGER NOT NULL CHECK (won IN (0, 1)),
            largest_mine INTEGER NOT NULL,
            claims INTEGER NOT NULL,
            spaces INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        )
        """,
        """
        CREATE TABLE player_records (
            guild_id INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            display_name TEXT NOT NULL,
            games INTEGER NOT NULL DEFAULT 0,
            wins INTEGER NOT NULL DEFAULT 0,
            best_mine INTEGER NOT NULL DEFAULT 0,
            claims INTEGER NOT NULL DEFAULT 0,
            last_played REAL,
            PRIMARY KEY (guild_id, user_id)
        )
        """,
    ),
    # 2: deadlines for every open game, threads, seats a computer player took
    # over, and per-server settings. Open games from version 1 had no turn
    # timeout; they get the default, so none can stall.
    2: (
        "ALTER TABLE games RENAME COLUMN turn_deadline TO deadline",
        "ALTER TABLE games ADD COLUMN thread_id INTEGER",
        "ALTER TABLE games ADD COLUMN end_reason TEXT",
        "ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE seats ADD COLUMN left_user_id INTEGER",
        "UPDATE games SET turn_timeout = 600 WHERE turn_timeout IS NULL",
        """
        UPDATE games SET deadline = updated_at + turn_timeout
            WHERE status = 'active' AND deadline IS NULL
        """,
        "UPDATE games SET deadline = created_at + 1800 WHERE status = 'lobby'",
        """
        CREATE INDEX games_by_deadline ON games (deadline)
            WHERE status IN ('lobby', 'active')
        """,
        "CREATE INDEX games_by_thread ON games (thread_id) WHERE thread_id IS NOT NULL",
        """
        CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY,
            variant INTEGER NOT NULL CHECK (variant IN (0, 1)),
            turn_timeout INTEGER NOT NULL CHECK (turn_timeout > 0),
            lobby_timeout INTEGER NOT NULL CHECK (lobby_timeout > 0),
            threads INTEGER NOT NULL CHECK (threads IN (0, 1)),
            bots_allowed INTEGER NOT NULL CHECK (bots_allowed IN (0, 1))
        )
        """,
        """
        CREATE TABLE game_channels (
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            PRIMARY KEY (guild_id, channel_id)
        ) WITHOUT ROWID
        """,
    ),
    # 3: the ladder. Results count for the human who left a seat (they rank
    # last) and keep their name and turn figures; player records gain ratings
    # and the figures behind /claimit stats; every rating change is kept.
    # Finished games from before have ``rated`` NULL: on start the bot counts
    # them (replaying their move logs for the turn figures) and rebuilds those
    # servers' ladders.
    3: (
        "ALTER TABLE results ADD COLUMN display_name TEXT NOT NULL DEFAULT ''",
        """
        ALTER TABLE results ADD COLUMN left_game INTEGER NOT NULL DEFAULT 0
            CHECK (left_game IN (0, 1))
        """,
        "ALTER TABLE results ADD COLUMN turns INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE results ADD COLUMN busts INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE results ADD COLUMN best_turn INTEGER NOT NULL DEFAULT 0",
        """
        UPDATE results SET display_name = COALESCE((SELECT s.display_name FROM seats s
            WHERE s.game_id = results.game_id AND s.seat = results.seat), '')
        """,
        """
        UPDATE results SET left_game = 1,
            user_id = (SELECT s.left_user_id FROM seats s
                WHERE s.game_id = results.game_id AND s.seat = results.seat),
            display_name = CASE WHEN display_name LIKE '% (bot)'
                THEN substr(display_name, 1, length(display_name) - 6) ELSE display_name END
            WHERE user_id IS NULL AND (SELECT s.left_user_id FROM seats s
                WHERE s.game_id = results.game_id AND s.seat = results.seat) IS NOT NULL
        """,
        "CREATE INDEX results_by_user ON results (user_id) WHERE user_id IS NOT NULL",
        "ALTER TABLE games ADD COLUMN rated INTEGER CHECK (rated IN (0, 1))",
        """
        CREATE INDEX games_finished_by_guild ON games (guild_id, finished_at)
            WHERE status = 'finished'
        """,
        "ALTER TABLE player_records ADD COLUMN left_games INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE player_records ADD COLUMN mine_total INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE player_records ADD COLUMN turns INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE player_records ADD COLUMN busts INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE player_records ADD COLUMN best_turn INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE player_records ADD COLUMN mu REAL",
        "ALTER TABLE player_records ADD COLUMN sigma REAL",
        "ALTER TABLE player_records ADD COLUMN rating REAL",
        "ALTER TABLE player_records ADD COLUMN rated_games INTEGER NOT NULL DEFAULT 0",
        # The ladder's order: conservative rating; the user id keeps equal ratings in place.
        """
        CREATE INDEX player_records_ladder ON player_records (guild_id, rating DESC, user_id)
            WHERE rating IS NOT NULL
        """,
        """
        CREATE TABLE rating_changes (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL,
            guild_id INTEGER NOT NULL,
            at REAL NOT NULL,
            mu_before REAL,
            sigma_before REAL,
            mu_after REAL NOT NULL,
            sigma_after REAL NOT NULL,
            PRIMARY KEY (game_id, user_id)
        )
        """,
        "CREATE INDEX rating_changes_by_player ON rating_changes (guild_id, user_id, at)",
    ),
    # 4: the order games finished in, assigned by the database (a wall clock can jump
    # back), for recomputing ladders, trends and history; the version each game's
    # messages show, so that whatever is behind (a kill or a Discord error between a
    # commit and its message) is posted by the reconciler; and the version its last
    # move made, which tells a lost move from a change without one (a takeover).
    # Everything from before counts as shown.
    4: (
        "ALTER TABLE games ADD COLUMN finish_seq INTEGER",
        # Through a table of its own rather than UPDATE … FROM, which older SQLite lacks.
        "CREATE TEMP TABLE finish_order (id INTEGER PRIMARY KEY, seq INTEGER NOT NULL)",
        """
        INSERT INTO finish_order (id, seq)
            SELECT id, ROW_NUMBER() OVER (ORDER BY finished_at, id)
            FROM games WHERE status = 'finished'
        """,
        """
        UPDATE games SET finish_seq = (SELECT seq FROM finish_order WHERE id = games.id)
            WHERE status = 'finished'
        """,
        "DROP TABLE finish_order",
        "CREATE UNIQUE INDEX games_by_finish ON games (finish_seq) WHERE finish_seq IS NOT NULL",
        "DROP INDEX games_finished_by_guild",
        """
        CREATE INDEX games_finished_by_guild ON games (guild_id, finish_seq)
            WHERE status = 'finished'
        """,
        "ALTER TABLE rating_changes ADD COLUMN finish_seq INTEGER NOT NULL DEFAULT 0",
        """
        UPDATE rating_changes SET finish_seq = COALESCE(
            (SELECT g.finish_seq FROM games g WHERE g.id = rating_changes.game_id), 0)
        """,
        "DROP INDEX rating_changes_by_player",
        """
        CREATE INDEX rating_changes_by_player
            ON rating_changes (guild_id, user_id, finish_seq)
        """,
        "ALTER TABLE games ADD COLUMN shown_version INTEGER",
        "UPDATE games SET shown_version = version",
        "ALTER TABLE games ADD COLUMN moved_version INTEGER",
        "CREATE INDEX games_not_shown ON games (id) WHERE shown_version IS NOT version",
    ),
    # 5: many games. Each game has a kind, its rule options and the random setup it
    # was dealt (as JSON); the move log's actions carry their own dice. Results keep
    # the seat's place in the game's own order and the game's own figures, player
    # records and ratings are kept per server and game, and a server's default
    # options per game. Everything from before is Claim It!. A game played in its
    # own thread leaves its channel free for another.
    5: (
        "ALTER TABLE games ADD COLUMN kind TEXT NOT NULL DEFAULT 'claimit'",
        "ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}'",
        """
        UPDATE games SET options = CASE variant WHEN 1 THEN '{"variant":true}'
            ELSE '{"variant":false}' END
        """,
        "ALTER TABLE games DROP COLUMN variant",
        "ALTER TABLE games ADD COLUMN setup TEXT",
        "DROP INDEX games_open_per_channel",
        """
        CREATE UNIQUE INDEX games_open_per_channel ON games (channel_id)
            WHERE status IN ('lobby', 'active') AND thread_id IS NULL
        """,
        "DROP INDEX games_finished_by_guild",
        """
        CREATE INDEX games_finished_by_guild ON games (guild_id, kind, finish_seq)
            WHERE status = 'finished'
        """,
        "ALTER TABLE moves DROP COLUMN dice",
        "ALTER TABLE results ADD COLUMN place INTEGER NOT NULL DEFAULT 1",
        "ALTER TABLE results ADD COLUMN figures TEXT NOT NULL DEFAULT '{}'",
        # Claim It!'s order: the winners, then largest mine, claims and spaces.
        """
        UPDATE results SET place = 1 + (SELECT COUNT(*) FROM results o
            WHERE o.game_id = results.game_id
            AND (1 - o.won, -o.largest_mine, -o.claims, -o.spaces)
                < (1 - results.won, -results.largest_mine, -results.claims, -results.spaces)),
            figures = json_object('largest_mine', largest_mine, 'claims', claims,
                'spaces', spaces, 'turns', turns, 'busts', busts, 'best_turn', best_turn)
        """,
        "ALTER TABLE results DROP COLUMN largest_mine",
        "ALTER TABLE results DROP COLUMN claims",
        "ALTER TABLE results DROP COLUMN spaces",
        "ALTER TABLE results DROP COLUMN turns",
        "ALTER TABLE results DROP COLUMN busts",
        "ALTER TABLE results DROP COLUMN best_turn",
        """
        CREATE TABLE ladder_records (
            guild_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            display_name TEXT NOT NULL,
            games INTEGER NOT NULL DEFAULT 0,
            wins INTEGER NOT NULL DEFAULT 0,
            left_games INTEGER NOT NULL DEFAULT 0,
            last_played REAL,
            mu REAL,
            sigma REAL,
            rating REAL,
            rated_games INTEGER NOT NULL DEFAULT 0,
            figures TEXT NOT NULL DEFAULT '{}',
            PRIMARY KEY (guild_id, kind, user_id)
        )
        """,
        """
        INSERT INTO ladder_records (guild_id, kind, user_id, display_name, games, wins,
            left_games, last_played, mu, sigma, rating, rated_games, figures)
        SELECT guild_id, 'claimit', user_id, display_name, games, wins, left_games,
            last_played, mu, sigma, rating, rated_games,
            json_object('best_mine', best_mine, 'mine_total', mine_total, 'claims', claims,
                'turns', turns, 'busts', busts, 'best_turn', best_turn)
        FROM player_records
        """,
        "DROP TABLE player_records",
        "ALTER TABLE ladder_records RENAME TO player_records",
        """
        CREATE INDEX player_records_ladder
            ON player_records (guild_id, kind, rating DESC, user_id) WHERE rating IS NOT NULL
        """,
        "ALTER TABLE rating_changes ADD COLUMN kind TEXT NOT NULL DEFAULT 'claimit'",
        "DROP INDEX rating_changes_by_player",
        """
        CREATE INDEX rating_changes_by_player
            ON rating_changes (guild_id, kind, user_id, finish_seq)
        """,
        """
        CREATE TABLE game_defaults (
            guild_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            options TEXT NOT NULL,
            PRIMARY KEY (guild_id, kind)
        ) WITHOUT ROWID
        """,
        """
        INSERT INTO game_defaults (guild_id, kind, options)
            SELECT guild_id, 'claimit', '{"variant":true}' FROM guild_settings WHERE variant = 1
        """,
        "ALTER TABLE guild_settings DROP COLUMN variant",
    ),
    # 13: games that last days. A player's turn may reach them in a daily summary, at an
    # hour of their own time zone, and never in their quiet hours; they may be away until
    # a date; their direct messages follow the language of their last interaction,
    # unless they chose one. SQLite can't change a column's check, so the players'
    # settings are made anew. Each seat carries its player's time away as its server limits it (and
    # whether a computer player stands in meanwhile, as the server chose), so that a
    # game read whole knows it; a game waiting on someone away keeps the time its turn
    # had left while its clock waits; a stand-in's moves are marked in the move log; and
    # a server chooses what its games do while someone is away, and for how long at most.
    13: (
        """
        CREATE TABLE player_settings_13 (
            user_id INTEGER PRIMARY KEY,
            notify TEXT NOT NULL DEFAULT 'channel'
                CHECK (notify IN ('channel', 'dm', 'both', 'summary', 'none')),
            locale TEXT,
            dms_closed INTEGER NOT NULL DEFAULT 0 CHECK (dms_closed IN (0, 1)),
            locale_chosen INTEGER NOT NULL DEFAULT 0 CHECK (locale_chosen IN (0, 1)),
            time_zone TEXT,
            summary_hour INTEGER NOT NULL DEFAULT 18 CHECK (summary_hour BETWEEN 0 AND 23),
            summary_due REAL,
            summary_channel_id INTEGER,
            summary_message_id INTEGER,
            quiet_from INTEGER CHECK (quiet_from BETWEEN 0 AND 23),
            quiet_until INTEGER CHECK (quiet_until BETWEEN 0 AND 23),
            away_since REAL,
            away_until REAL
        )
        """,
        "INSERT INTO player_settings_13 (user_id, notify, locale, dms_closed) "
        "SELECT user_id, notify, locale, dms_closed FROM player_settings",
        "DROP TABLE player_settings",
        "ALTER TABLE player_settings_13 RENAME TO player_settings",
        "CREATE INDEX player_summaries ON player_settings (summary_due) "
        "WHERE summary_due IS NOT NULL",
        "ALTER TABLE seats ADD COLUMN away_until REAL",
        "ALTER TABLE seats ADD COLUMN away_stand_in INTEGER NOT NULL DEFAULT 0 "
        "CHECK (away_stand_in IN (0, 1))",
        "CREATE INDEX seats_away ON seats (away_until) WHERE away_until IS NOT NULL",
        "ALTER TABLE games ADD COLUMN paused_left REAL",
        "ALTER TABLE moves ADD COLUMN stand_in INTEGER NOT NULL DEFAULT 0 "
        "CHECK (stand_in IN (0, 1))",
        "ALTER TABLE guild_settings ADD COLUMN away_mode TEXT NOT NULL DEFAULT 'pause' "
        "CHECK (away_mode IN ('pause', 'stand_in'))",
        "ALTER TABLE guild_settings ADD COLUMN away_days INTEGER NOT NULL DEFAULT 14",
    ),
}

_STEPS = {**_OWN, **steps_alike("sqlite")}
MIGRATIONS: tuple[tuple[str, ...], ...] = tuple(_STEPS[version] for version in sorted(_STEPS))
"""Each version's statements, from version 1's on."""
