"""How a database of any earlier schema version becomes the latest, on SQLite and
PostgreSQL alike. A new database is made at the latest version at once, from the
declaration (``schema``); an older one goes through each step since, each in its own
transaction. What a step adds (tables, columns, checks, indexes) is made from the
declaration, where each is marked with the version it arrived in (``schema_ddl``); a
step here says only what the declaration can't: how data moves, and what it drops or
renames. A feature declares its own step in its folder (``feature_step``), beside its
tables, and it joins ``STEPS`` when its tables' module is imported, as its tables join the
schema.

Steps 2 to 5 run only on SQLite: no PostgreSQL database is older than version 5. A step
also adds what a later step dropped again (no longer in the declaration), in SQL (steps
2 to 5 in SQLite's words). Never change what a step that has shipped does: add the next
one. The latest version is the last step's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.storage.schema.columns import whole_schema
from bot.storage.schema_ddl import new_database, step
from bot.storage.schema_statements import Backend


@dataclass(frozen=True)
class Step:
    """What a step does besides what the declaration gives."""

    statements: tuple[str, ...] = ()
    """Run after its new tables and columns are made, before its new indexes; the same
    SQL on both databases."""
    made_anew: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Tables SQLite makes anew, to change their key: for each, the SQL of the old row
    that gives a new column its value."""


@dataclass(frozen=True)
class _Settings:
    """Whose settings a table keeps as columns, and the table a feature's declared ones
    are kept in, by name as JSON."""

    columns: str
    declared: str
    owner: str


_SERVERS = _Settings("guild_settings", "declared_settings", "guild_id")
_PLAYERS = _Settings("player_settings", "declared_player_settings", "user_id")


def _moved_to_json(settings: _Settings, column: str, default: str) -> str:
    """A text setting's column moved into the declared settings under its own name, as a
    JSON string, where it is other than ``default`` (which an owner without a row reads)."""
    return (
        f"INSERT INTO {settings.declared} ({settings.owner}, name, value) "
        f"SELECT {settings.owner}, '{column}', '\"' || {column} || '\"' "
        f"FROM {settings.columns} WHERE {column} <> '{default}'"
    )


STEPS: dict[int, Step] = {
    # 2: deadlines for every open game, threads, seats a computer player took over, and
    # per-server settings. Open games from version 1 had no turn timeout; they get the
    # default, so none can stall.
    2: Step(
        (
            "ALTER TABLE games RENAME COLUMN turn_deadline TO deadline",
            # Claim It!'s variant, a server's default until version 5 moves it.
            "ALTER TABLE guild_settings ADD COLUMN variant INTEGER NOT NULL DEFAULT 0 "
            "CHECK (variant IN (0, 1))",
            "UPDATE games SET turn_timeout = 600 WHERE turn_timeout IS NULL",
            """
            UPDATE games SET deadline = updated_at + turn_timeout
                WHERE status = 'active' AND deadline IS NULL
            """,
            "UPDATE games SET deadline = created_at + 1800 WHERE status = 'lobby'",
        )
    ),
    # 3: the ladder. Results count for the human who left a seat (they rank last) and
    # keep their name and turn figures; player records gain ratings and the figures
    # behind /claimit stats; every rating change is kept. Finished games from before
    # have ``rated`` NULL: on start the bot counts them (replaying their move logs for
    # the turn figures) and rebuilds those servers' ladders. (Figures are columns until
    # version 5 puts them in JSON.)
    3: Step(
        (
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
                    THEN substr(display_name, 1, length(display_name) - 6)
                    ELSE display_name END
                WHERE user_id IS NULL AND (SELECT s.left_user_id FROM seats s
                    WHERE s.game_id = results.game_id AND s.seat = results.seat) IS NOT NULL
            """,
            "ALTER TABLE player_records ADD COLUMN mine_total INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE player_records ADD COLUMN turns INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE player_records ADD COLUMN busts INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE player_records ADD COLUMN best_turn INTEGER NOT NULL DEFAULT 0",
        )
    ),
    # 4: the order games finished in, assigned by the database (a wall clock can jump
    # back), for recomputing ladders, trends and history; the version each game's
    # messages show, so that whatever is behind (a kill or a Discord error between a
    # commit and its message) is posted by the reconciler; and the version its last
    # move made, which tells a lost move from a change without one (a takeover).
    # Everything from before counts as shown.
    4: Step(
        (
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
            """
            UPDATE rating_changes SET finish_seq = COALESCE(
                (SELECT g.finish_seq FROM games g WHERE g.id = rating_changes.game_id), 0)
            """,
            "UPDATE games SET shown_version = version",
        )
    ),
    # 5: many games. Each game has a kind, its rule options and the random setup it was
    # dealt (as JSON); the move log's actions carry their own dice. Results keep the
    # seat's place in the game's own order and the game's own figures, player records
    # and ratings are kept per server and game, and a server's default options per game.
    # Everything from before is Claim It!. A game played in its own thread leaves its
    # channel free for another. The indexes this step makes again in their new shape
    # came in versions 1, 3 and 4 (a database from before 3 lacks some).
    5: Step(
        (
            """
            UPDATE games SET options = CASE variant WHEN 1 THEN '{"variant":true}'
                ELSE '{"variant":false}' END
            """,
            "ALTER TABLE games DROP COLUMN variant",
            "DROP INDEX games_open_per_channel",
            "DROP INDEX IF EXISTS games_finished_by_guild",
            "ALTER TABLE moves DROP COLUMN dice",
            # Claim It!'s order: the winners, then largest mine, claims and spaces.
            """
            UPDATE results SET place = 1 + (SELECT COUNT(*) FROM results o
                WHERE o.game_id = results.game_id
                AND (1 - o.won, -o.largest_mine, -o.claims, -o.spaces)
                    < (1 - results.won, -results.largest_mine, -results.claims,
                        -results.spaces)),
                figures = json_object('largest_mine', largest_mine, 'claims', claims,
                    'spaces', spaces, 'turns', turns, 'busts', busts, 'best_turn', best_turn)
            """,
            "ALTER TABLE results DROP COLUMN largest_mine",
            "ALTER TABLE results DROP COLUMN claims",
            "ALTER TABLE results DROP COLUMN spaces",
            "ALTER TABLE results DROP COLUMN turns",
            "ALTER TABLE results DROP COLUMN busts",
            "ALTER TABLE results DROP COLUMN best_turn",
            "DROP INDEX IF EXISTS rating_changes_by_player",
            """
            INSERT INTO game_defaults (guild_id, kind, options)
                SELECT guild_id, 'claimit', '{"variant":true}' FROM guild_settings
                WHERE variant = 1
            """,
            "ALTER TABLE guild_settings DROP COLUMN variant",
        ),
        made_anew={
            "player_records": {
                "kind": "'claimit'",
                "figures": "json_object('best_mine', best_mine, 'mine_total', mine_total, "
                "'claims', claims, 'turns', turns, 'busts', busts, 'best_turn', best_turn)",
            }
        },
    ),
    # 6: several processes, one bot. Each of Discord's shards has a lease: the process
    # holding it does the background work (deadlines, computer players, late messages)
    # of the games in that shard's servers, and renews it; when it stops renewing (a
    # process died), another takes the lease over as a stand-in until the shard's own
    # process is back.
    6: Step(),
    # 7: a server may choose the language of its games' public messages and images; NULL
    # follows the server's own language (its Discord "preferred locale").
    7: Step(),
    # 8: one live table per game. Games are numbered per server and game, and keep the
    # language they were opened in; the message pinging whoever is to act (and whom it
    # pings) is kept so that it can be deleted once they act, also after a restart; each
    # seat's open private hand is followed through its interaction's token; and a server
    # chooses whether its tables move to the bottom and when players are pinged.
    8: Step(
        (
            """
            UPDATE games SET number = (
                SELECT COUNT(*) FROM games AS earlier
                WHERE earlier.guild_id = games.guild_id AND earlier.kind = games.kind
                    AND earlier.id <= games.id
            )
            """,
        )
    ),
    # 9: replays and luck. A finished game's replay is made once per language and kept;
    # every finished game is counted again at the next start, so that its move log adds
    # the figures of luck and dice to its result and its players' records.
    9: Step(("UPDATE games SET rated = NULL WHERE status = 'finished'",)),
    # 10: a replay runs about a minute, no longer the whole game a step a second: those
    # kept are made again, shorter, when next asked for.
    10: Step(("DELETE FROM replays",)),
    # 11: a turn of more than an hour reminds whoever must act once before it ends: the
    # deadline reminded of, so that each turn's reminder goes out once, restarts and all.
    11: Step(),
    # 12: a player's own settings, across servers (how their turn reaches them, the
    # language of their direct messages), and the one direct message per game and player
    # telling them it is their turn.
    12: Step(),
    # 13: games that last days. A player's turn may reach them in a daily summary, at an
    # hour of their own time zone, and never in their quiet hours; they may be away until
    # a date; their direct messages follow the language of their last interaction,
    # unless they chose one. Each seat carries its player's time away as its server
    # limits it (and whether a computer player stands in meanwhile, as the server chose),
    # so that a game read whole knows it; a game waiting on someone away keeps the time
    # its turn had left while its clock waits; a stand-in's moves are marked in the move
    # log; and a server chooses what its games do while someone is away, and for how
    # long at most.
    13: Step(),
    # 14: a finished game's replay is shared in a channel once: where it was posted, by
    # whom and when, so that a second press links to it instead of posting it again (a
    # share being posted has no message yet).
    14: Step(),
    # 15: a finished game's rematch: the offer (where it is shown, who made it, until
    # when it stands, and the game it started), and each player's answer to it, so that
    # exactly one new game starts however many press at once, restarts and all.
    15: Step(),
    # 16: playing together.
    # Following a game: who follows which game, and how many of its rounds each was told
    # of, so that a notice goes out once per follower whichever process sends it; and
    # whether a player hears of each round's end, or only of a game's.
    # Take-backs: a server chooses which games allow them; each request and its answers,
    # the moves each take-back undid (the log itself never changes), the chance each move
    # drew, and the dice of each point of a game where a roll was taken back.
    # Private tables: a lobby only its host's invitees may join, each invitation (where it
    # was sent, and its answer), and how a player likes to be invited.
    # Reliability: each player's record per server of the games they started,
    # finished and abandoned, a server's minimum to join its lobbies and a host's own per
    # lobby. The records are filled from the games played so far: every started game's
    # seats say who was still seated (finishing it, if it finished) and who left or was
    # taken over (``left_user_id``). What the rows can't tell is left uncounted: who
    # cancelled a running game (a host's cancel counts against them from now on only).
    16: Step(
        (
            # Who was sending each invitation, until version 18 (dropped there).
            "ALTER TABLE private_invitations ADD COLUMN sending_at REAL",
            # A server's minimum and its take-backs, until version 19 moves them.
            "ALTER TABLE guild_settings ADD COLUMN min_reliability INTEGER "
            "CHECK (min_reliability BETWEEN 1 AND 100)",
            "ALTER TABLE guild_settings ADD COLUMN takebacks TEXT DEFAULT 'unrated' NOT NULL "
            "CHECK (takebacks IN ('never', 'unrated', 'always'))",
            # How a player likes to be invited, and to hear of the games they follow, until
            # version 20 moves them.
            "ALTER TABLE player_settings ADD COLUMN invitations TEXT DEFAULT 'ping' NOT NULL "
            "CHECK (invitations IN ('ping', 'dm'))",
            "ALTER TABLE player_settings ADD COLUMN following TEXT DEFAULT 'end' NOT NULL "
            "CHECK (following IN ('end', 'rounds'))",
            """
            INSERT INTO reliability_records
                (guild_id, user_id, started, finished, abandoned, updated_at)
            SELECT g.guild_id, COALESCE(s.user_id, s.left_user_id), COUNT(*),
                SUM(CASE WHEN s.user_id IS NOT NULL AND g.status = 'finished'
                    THEN 1 ELSE 0 END),
                SUM(CASE WHEN s.left_user_id IS NOT NULL THEN 1 ELSE 0 END),
                MAX(COALESCE(g.finished_at, g.started_at))
            FROM games g JOIN seats s ON s.game_id = g.id
            WHERE g.started_at IS NOT NULL
                AND COALESCE(s.user_id, s.left_user_id) IS NOT NULL
            GROUP BY g.guild_id, COALESCE(s.user_id, s.left_user_id)
            """,
        )
    ),
    # 17: a server's own league.
    # Tournaments: each with its settings and state, who signed up (or was invited), each
    # round claimed once with its seats (a table or a bye), each table's game, and the
    # games that count on no ladder (an unrated tournament's).
    # Seasons: a server's choice of them, and each season's end announced once per game.
    17: Step(
        (
            # A server's seasons, until version 19 moves them.
            "ALTER TABLE guild_settings ADD COLUMN seasons TEXT DEFAULT 'off' NOT NULL "
            "CHECK (seasons IN ('off', 'monthly', 'quarterly', 'dates'))",
            "ALTER TABLE guild_settings ADD COLUMN season_dates TEXT DEFAULT '' NOT NULL",
        )
    ),
    # 18: what a kill must neither lose nor double. The messages owed for something past,
    # each claimed by the process posting it until its feature records it sent (an
    # invitation's own claim, ``sending_at``, goes); where a follower's last round's
    # notice is, which the next one replaces; and each rematch offer's version and the
    # version its message shows. A game keeps the take-back rule it started with (games
    # started before follow their server's), and a move the clock made for a quiet player
    # is marked, not theirs to take back.
    18: Step(("ALTER TABLE private_invitations DROP COLUMN sending_at",)),
    # 19: a feature declares its own server settings, kept by name as JSON in one table:
    # the minimum reliability, the take-backs and the seasons move there, each where a
    # server chose other than the default (which a server without a row reads).
    19: Step(
        (
            """
            INSERT INTO declared_settings (guild_id, name, value)
            SELECT guild_id, 'reliability', CAST(min_reliability AS TEXT) FROM guild_settings
                WHERE min_reliability IS NOT NULL
            """,
            _moved_to_json(_SERVERS, "takebacks", "unrated"),
            _moved_to_json(_SERVERS, "seasons", "off"),
            _moved_to_json(_SERVERS, "season_dates", ""),
            "ALTER TABLE guild_settings DROP COLUMN min_reliability",
            "ALTER TABLE guild_settings DROP COLUMN takebacks",
            "ALTER TABLE guild_settings DROP COLUMN seasons",
            "ALTER TABLE guild_settings DROP COLUMN season_dates",
        )
    ),
    # 20: a feature declares its own player settings too, kept by name as JSON in one
    # table: how a player is invited and when they hear of the games they follow move
    # there, each where a player chose other than the default (which a player without a
    # row reads).
    20: Step(
        (
            _moved_to_json(_PLAYERS, "invitations", "ping"),
            _moved_to_json(_PLAYERS, "following", "end"),
            "ALTER TABLE player_settings DROP COLUMN invitations",
            "ALTER TABLE player_settings DROP COLUMN following",
        )
    ),
    # 21: the board's launches, which game each member opened the Activity from.
    21: Step(),
    # 22: each finished game's report of what decided it, kept once judged, and where it
    # was shared (once per game).
    22: Step(),
    # 23: a share is an owed message, which every start looks for among those unposted;
    # and a replay's counter numbers each frame by the move it shows (the start is 0):
    # those kept are made again when next asked for.
    23: Step(("DELETE FROM replays",)),
    # 24: lessons: where each learner stands in each lesson (its step, its position, the
    # answer to a move that was not the step's), and, per step, who reached it, finished
    # it, and whether their first move there was the one it teaches.
    24: Step(),
    # 25: the welcome: which of the bot's joins of each server was welcomed.
    25: Step(),
    # 26: the welcome is a message owed: where each join's goes, and whether it is still
    # to be posted (the joins welcomed before owe nothing).
    26: Step(),
    # 27: practice: each player's drills (a position of theirs judged a mistake, its
    # options weighed, when it is due again and how far up its ladder it stands), which
    # finished games have made theirs; and hints: the games played with them, each
    # position's hint once judged, and how many each seat asked.
    27: Step(),
    # 28: games where the app is installed to a player's account, in a DM, a group DM or a
    # server the bot is not in: where each such game really is (its ``guild_id`` is the
    # conversation's scope, never a server's), each conversation's scope, and the token
    # its game's message is followed through.
    28: Step(),
    # 31 (29 is the analysis folder's, 30 the voice status folder's): each live process's
    # share of Discord's global request limit, which the processes of one bot hand between
    # them.
    31: Step(),
    # 32: the games open in each channel and those finished there, newest first, which the
    # board's list of a channel shows.
    32: Step(),
}


def feature_step(version: int, what: Step) -> None:
    """Declares a feature's step to ``version`` (from the feature's folder, with a comment
    on what it brings, as the core's above), refused where another step takes it."""
    if version in STEPS:
        raise ValueError(f"two migration steps to version {version}")
    STEPS[version] = what


def latest() -> int:
    """The version a new database is made at: the last step's, the features' counted, so
    asked only once they have joined (as for the schema, ``whole_schema``); refused
    where a version has no step."""
    whole_schema()
    last = max(STEPS)
    missing = set(range(2, last + 1)) - set(STEPS)
    if missing:
        raise ValueError(f"no migration step to version {min(missing)}")
    return last


def upgrade(version: int, backend: Backend) -> tuple[int, list[str]]:
    """The version a database at ``version`` moves to next (0: a new one, made at the
    latest at once), and the statements that take it there."""
    if version == 0:
        return latest(), new_database(backend)
    following = STEPS[version + 1]
    first, then = step(version + 1, backend, following.made_anew)
    return version + 1, [*first, *following.statements, *then]
