"""The games, their seats, the move log and results, the ladder, each server's settings
and each player's own: the tables the bot plays with."""

from __future__ import annotations

from sqlalchemy import (
    CheckConstraint,
    Column,
    ForeignKey,
    Index,
    Integer,
    Table,
    Text,
    column,
    text,
)

from bot.storage.schema.columns import (
    OPEN,
    Id,
    Real,
    a_count,
    a_time,
    an_id,
    flag,
    game_table,
    identity,
    key,
    one_of,
    since,
    table,
    where,
)

games = table(
    "games",
    identity(),
    an_id("guild_id"),
    an_id("channel_id"),
    Column("lobby_message_id", Id),
    Column("turn_message_id", Id),
    an_id("host_id"),
    one_of("status", ("lobby", "active", "finished", "cancelled")),
    Column("turn_timeout", Integer, CheckConstraint("turn_timeout IS NULL OR turn_timeout > 0")),
    Column("first_seat", Integer),
    Column("state", Text),
    a_count("version"),
    a_time("created_at"),
    a_time("updated_at"),
    Column("started_at", Real),
    Column("finished_at", Real),
    Column("deadline", Real),
    Column("thread_id", Id, info=since(2)),
    Column("end_reason", Text, info=since(2)),
    Column("rated", Integer, CheckConstraint("rated IN (0, 1)"), info=since(3)),
    Column("finish_seq", Integer, info=since(4)),
    Column("shown_version", Integer, info=since(4)),
    Column("moved_version", Integer, info=since(4)),
    Column("kind", Text, nullable=False, server_default="claimit", info=since(5)),
    Column("options", Text, nullable=False, server_default="{}", info=since(5)),
    Column("setup", Text, info=since(5)),
    Column("number", Integer, info=since(8)),
    Column("language", Text, info=since(8)),
    Column("ping_message_id", Id, info=since(8)),
    Column("pinged", Text, info=since(8)),
    Column("reminded_deadline", Real, info=since(11)),
    Column("paused_left", Real, info=since(13)),
    # Where a game of a conversation (``conversations``) really is, its ``guild_id`` being
    # the conversation's scope: 0 in a (group) DM, else the server the bot is not in.
    # NULL for a game in a server the bot is in.
    Column("reached_in", Id, info=since(28)),
)
# One open game per channel: a second /claimit new there is refused. A game played in
# its own thread leaves its channel free for another.
Index(
    "games_open_per_channel",
    games.c.channel_id,
    unique=True,
    **where(games.c.status.in_(OPEN) & games.c.thread_id.is_(None)),
    info=since(5),
)
Index("games_by_guild", games.c.guild_id, games.c.status)
Index("games_by_deadline", games.c.deadline, **where(games.c.status.in_(OPEN)), info=since(2))
Index("games_by_thread", games.c.thread_id, **where(games.c.thread_id.isnot(None)), info=since(2))
Index(
    "games_by_finish",
    games.c.finish_seq,
    unique=True,
    **where(games.c.finish_seq.isnot(None)),
    info=since(4),
)
# Unbound columns, so that the condition names them without their table, as SQLite's
# index wants and as the queries that use it say it (``SQLiteDialect.differs``).
Index(
    "games_not_shown",
    games.c.id,
    **where(column("shown_version").is_distinct_from(column("version"))),
    info=since(4),
)
Index(
    "games_finished_by_guild",
    games.c.guild_id,
    games.c.kind,
    games.c.finish_seq,
    **where(games.c.status == "finished"),
    info=since(5),
)
# The games open in a channel (played there or in threads started from it), and the last
# ones finished there: the board's list of a channel, read at each of their changes.
Index(
    "games_open_by_channel",
    games.c.channel_id,
    **where(games.c.status.in_(OPEN)),
    info=since(32),
)
Index(
    "games_finished_by_channel",
    games.c.channel_id,
    games.c.finish_seq,
    **where(games.c.status == "finished"),
    info=since(32),
)

seats = game_table(
    "seats",
    Column("seat", Integer, CheckConstraint("seat BETWEEN 0 AND 4"), primary_key=True),
    Column("user_id", Id),
    Column("bot_level", Text),
    Column("display_name", Text, nullable=False),
    Column("color", Integer, CheckConstraint("color BETWEEN 0 AND 4"), nullable=False),
    a_time("joined_at"),
    a_count("timeouts", info=since(2)),
    Column("left_user_id", Id, info=since(2)),
    Column("away_until", Real, info=since(13)),
    flag("away_stand_in", default=False, info=since(13)),
    # A seat is a person's or a computer player's.
    CheckConstraint("(user_id IS NULL) <> (bot_level IS NULL)"),
)
Index(
    "seats_one_per_user",
    seats.c.game_id,
    seats.c.user_id,
    unique=True,
    **where(seats.c.user_id.isnot(None)),
)
Index("seats_by_user", seats.c.user_id)
Index("seats_away", seats.c.away_until, **where(seats.c.away_until.isnot(None)), info=since(13))

moves = table(
    "moves",
    # No cascade: the log is append-only (``TRIGGERS``), so a game that has one stays.
    Column("game_id", Id, ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    a_time("at"),
    flag("stand_in", default=False, info=since(13)),
    # The chance the move drew, as drawn (``takeback_dice``): a roll taken back comes
    # back the same when rolled again at that point of the game.
    Column("draws", Text, info=since(16)),
    # Made by the clock for a quiet player (a time-out): not theirs to take back.
    flag("by_clock", default=False, info=since(18)),
    sqlite_with_rowid=False,
)

TRIGGERS = {
    "moves": {
        "sqlite": (
            """
            CREATE TRIGGER moves_are_never_changed BEFORE UPDATE ON moves
            BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END
            """,
            """
            CREATE TRIGGER moves_are_never_deleted BEFORE DELETE ON moves
            BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END
            """,
        ),
        "postgresql": (
            """
            CREATE FUNCTION moves_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'the move log is append-only'; END $$
            """,
            """
            CREATE TRIGGER moves_are_never_changed BEFORE UPDATE OR DELETE ON moves
                FOR EACH ROW EXECUTE FUNCTION moves_are_append_only()
            """,
        ),
    }
}
"""Each table's triggers, in each database's words (SQLAlchemy declares none): the move
log is append-only."""

results = game_table(
    "results",
    Column("seat", Integer, primary_key=True),
    Column("user_id", Id),
    Column("bot_level", Text),
    flag("won"),
    Column("display_name", Text, nullable=False, server_default="", info=since(3)),
    flag("left_game", default=False, info=since(3)),
    Column("place", Integer, nullable=False, server_default=text("1"), info=since(5)),
    Column("figures", Text, nullable=False, server_default="{}", info=since(5)),
)
Index("results_by_user", results.c.user_id, **where(results.c.user_id.isnot(None)), info=since(3))

# Per server and game. SQLite makes it anew in version 5, when the game joined its key.
player_records = table(
    "player_records",
    key("guild_id"),
    Column("kind", Text, primary_key=True, info=since(5)),
    key("user_id"),
    Column("display_name", Text, nullable=False),
    a_count("games"),
    a_count("wins"),
    a_count("left_games", info=since(3)),
    Column("last_played", Real),
    Column("mu", Real, info=since(3)),
    Column("sigma", Real, info=since(3)),
    Column("rating", Real, info=since(3)),
    a_count("rated_games", info=since(3)),
    Column("figures", Text, nullable=False, server_default="{}", info=since(5)),
)
# The ladder's order: conservative rating; the user id keeps equal ratings in place.
Index(
    "player_records_ladder",
    player_records.c.guild_id,
    player_records.c.kind,
    player_records.c.rating.desc(),
    player_records.c.user_id,
    **where(player_records.c.rating.isnot(None)),
    info=since(5),
)

rating_changes = game_table(
    "rating_changes",
    key("user_id"),
    an_id("guild_id"),
    a_time("at"),
    Column("mu_before", Real),
    Column("sigma_before", Real),
    Column("mu_after", Real, nullable=False),
    Column("sigma_after", Real, nullable=False),
    Column("finish_seq", Integer, nullable=False, server_default=text("0"), info=since(4)),
    Column("kind", Text, nullable=False, server_default="claimit", info=since(5)),
    since=3,
)
Index(
    "rating_changes_by_player",
    rating_changes.c.guild_id,
    rating_changes.c.kind,
    rating_changes.c.user_id,
    rating_changes.c.finish_seq,
    info=since(5),
)

guild_settings = table(
    "guild_settings",
    key("guild_id"),
    Column("turn_timeout", Integer, CheckConstraint("turn_timeout > 0"), nullable=False),
    Column("lobby_timeout", Integer, CheckConstraint("lobby_timeout > 0"), nullable=False),
    flag("threads"),
    flag("bots_allowed"),
    Column("language", Text, info=since(7)),
    Column("move_table", Integer, nullable=False, server_default=text("1"), info=since(8)),
    Column("ping_mode", Text, nullable=False, server_default="away", info=since(8)),
    Column("ping_delay", Integer, nullable=False, server_default=text("30"), info=since(8)),
    one_of("away_mode", ("pause", "stand_in"), default="pause", info=since(13)),
    Column("away_days", Integer, nullable=False, server_default=text("14"), info=since(13)),
    since=2,
)


def declared_settings_table(name: str, owner: str, version: int) -> Table:
    """The table ``name`` of the settings features declare, each ``owner``'s (a server's,
    a player's) by the setting's name, arrived in ``version``."""
    return table(
        name,
        key(owner),
        Column("name", Text, primary_key=True),
        # JSON: what the feature that declares the setting keeps of it.
        Column("value", Text, nullable=False),
        sqlite_with_rowid=False,
        since=version,
    )


declared_settings = declared_settings_table("declared_settings", "guild_id", 19)

game_channels = table(
    "game_channels",
    key("guild_id"),
    key("channel_id"),
    sqlite_with_rowid=False,
    since=2,
)

game_defaults = table(
    "game_defaults",
    key("guild_id"),
    Column("kind", Text, primary_key=True),
    Column("options", Text, nullable=False),
    sqlite_with_rowid=False,
    since=5,
)

shard_leases = table(
    "shard_leases",
    Column("shard", Integer, primary_key=True, autoincrement=False),
    Column("shard_count", Integer, CheckConstraint("shard_count > 0"), nullable=False),
    Column("holder", Text, nullable=False),
    flag("stand_in"),
    a_time("expires_at"),
    since=6,
)

# Each live process's share of Discord's global request limit (``bot.service.pace_grants``):
# the requests it may make in any second, what it asked for over the last one, and
# until when (on the database's clock) the grant holds if it stops renewing it.
pace_grants = table(
    "pace_grants",
    Column("holder", Text, primary_key=True),
    Column("granted", Integer, CheckConstraint("granted >= 0"), nullable=False),
    Column("demand", Integer, CheckConstraint("demand >= 0"), nullable=False),
    a_time("expires_at"),
    since=31,
)

# A message owed for something past (a follower's notice, an invitation, a season's
# end…): claimed here by the process posting it, then recorded sent (where it went) once
# its feature recorded it too. What a restart finds claimed and unsent was cut short
# between its post and its record, and goes out again under the same nonce
# (``bot.discord_ui.owed_messages``); one sent is never posted again. A sent one is kept
# a week (``owed_messages.KEPT_FOR``), long after its feature stopped owing it.
owed_messages = table(
    "owed_messages",
    Column("key", Text, primary_key=True),
    an_id("guild_id"),
    Column("claimed_by", Text, nullable=False),
    a_time("claimed_at"),
    Column("channel_id", Id),
    Column("message_id", Id),
    Column("sent_at", Real),
    since=18,
)
Index("owed_messages_of_guild", owed_messages.c.guild_id)

hands = game_table(
    "hands",
    Column("seat", Integer, primary_key=True),
    an_id("user_id"),
    an_id("message_id"),
    Column("token", Text, nullable=False),
    Column("locale", Text, nullable=False),
    a_time("opened_at"),
    since=8,
)

player_settings = table(
    "player_settings",
    key("user_id"),
    Column("notify", Text, nullable=False, server_default="channel"),
    Column("locale", Text),
    flag("dms_closed", default=False),
    flag("locale_chosen", default=False, info=since(13)),
    Column("time_zone", Text, info=since(13)),
    Column(
        "summary_hour",
        Integer,
        CheckConstraint("summary_hour BETWEEN 0 AND 23"),
        nullable=False,
        server_default=text("18"),
        info=since(13),
    ),
    Column("summary_due", Real, info=since(13)),
    Column("summary_channel_id", Id, info=since(13)),
    Column("summary_message_id", Id, info=since(13)),
    Column("quiet_from", Integer, CheckConstraint("quiet_from BETWEEN 0 AND 23"), info=since(13)),
    Column("quiet_until", Integer, CheckConstraint("quiet_until BETWEEN 0 AND 23"), info=since(13)),
    Column("away_since", Real, info=since(13)),
    Column("away_until", Real, info=since(13)),
    # Named as PostgreSQL names a column's check, so that a step changing it can say
    # which one it replaces.
    CheckConstraint(
        "notify IN ('channel', 'dm', 'both', 'summary', 'none')",
        name="player_settings_notify_check",
        info=since(13),
    ),
    since=12,
)
Index(
    "player_summaries",
    player_settings.c.summary_due,
    **where(player_settings.c.summary_due.isnot(None)),
    info=since(13),
)

declared_player_settings = declared_settings_table("declared_player_settings", "user_id", 20)

turn_notices = game_table(
    "turn_notices",
    key("user_id"),
    an_id("channel_id"),
    an_id("message_id"),
    since=12,
)

# A game that counts on no ladder whoever plays it (a feature's, such as an unrated tournament).
unrated_games = game_table("unrated_games", since=17)
