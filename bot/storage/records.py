"""What the database holds, as typed values."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from bot.storage.game_values import JSON, Level, Options
from bot.storage.ratings import Rating

NO_OPTIONS: Options = MappingProxyType({})
NO_FIGURES: Mapping[str, int] = MappingProxyType({})


class GameStatus(StrEnum):
    """Where a game is in its life: a lobby, running, played to the end, or closed before it."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_open(self) -> bool:
        """Whether the game may still change (a lobby or a running game)."""
        return self in (GameStatus.LOBBY, GameStatus.ACTIVE)


class EndReason(StrEnum):
    """Why a game closed without being played to the end."""

    CANCELLED = "cancelled"
    LOBBY_EXPIRED = "lobby expired"
    LOBBY_EMPTY = "lobby empty"
    ABANDONED = "abandoned"
    """Every human left (or went quiet twice); computer players alone don't play on."""
    PLACE_GONE = "place gone"
    """Its channel was deleted or locked, or its thread with no room for it left in its
    channel: nobody could see or play it any more."""


class PingMode(StrEnum):
    """When a player whose turn begins is pinged."""

    ALWAYS = "always"
    AWAY = "away"
    """Unless they are playing along (acted in the game within the last minute); then
    only once the server's ping delay passed without their move."""
    NEVER = "never"


class Notify(StrEnum):
    """How a player's turn reaches them, whatever the server."""

    CHANNEL = "channel"
    """A ping in the game's channel, as the server's ping setting says (the default)."""
    DM = "dm"
    """A direct message instead."""
    BOTH = "both"
    SUMMARY = "summary"
    """One direct message a day, at an hour of the player's choosing, listing the games
    waiting for them (and a direct message shortly before a turn of theirs runs out)."""
    NONE = "none"

    @property
    def in_channel(self) -> bool:
        """Whether the player is pinged in the game's channel."""
        return self in (Notify.CHANNEL, Notify.BOTH)

    @property
    def by_dm(self) -> bool:
        """Whether the player is told by direct message at each turn."""
        return self in (Notify.DM, Notify.BOTH)

    @property
    def writes(self) -> bool:
        """Whether the bot writes to the player's direct messages at all."""
        return self in (Notify.DM, Notify.BOTH, Notify.SUMMARY)


class AwayMode(StrEnum):
    """What a server's games do while someone they wait on is away."""

    PAUSE = "pause"
    """The game's clock waits for them (the time their turn had left is kept)."""
    STAND_IN = "stand_in"
    """A computer player (normal) plays their turns until they are back."""


DEFAULT_SUMMARY_HOUR = 18


@dataclass(frozen=True)
class QuietHours:
    """The hours of a player's day when the bot neither pings nor writes to them: from
    ``start`` o'clock to ``end`` o'clock in their time zone (over midnight when ``end``
    comes first)."""

    start: int
    end: int


@dataclass(frozen=True)
class Away:
    """A player away: since when, and until when (the end of the day they chose, in their
    time zone)."""

    since: float
    until: float


@dataclass(frozen=True)
class PlayerSettings:
    """A player's own settings, kept across servers."""

    notify: Notify = Notify.CHANNEL
    locale: str | None = None
    """The language of their direct messages: the one they chose, or else the one their
    Discord was in at their last interaction with the bot."""
    dms_closed: bool = False
    """Their direct messages refused the bot's last notice: their turn is pinged in the
    channel instead."""
    locale_chosen: bool = False
    """Whether they chose the language of their direct messages (else it follows their
    Discord's)."""
    time_zone: str | None = None
    """Their time zone's name (``Europe/Berlin``), once they told it; UTC until then."""
    summary_hour: int = DEFAULT_SUMMARY_HOUR
    """The hour of their day their daily summary comes at."""
    quiet: QuietHours | None = None
    away: Away | None = None
    declared: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """The values of the settings the features declare, by name, as kept (JSON): each is
    read by its declaration (``bot.service.declared_player_settings``)."""


@dataclass(frozen=True)
class DailySummary:
    """Where a player's daily summary stands: when the next is due, and the last one sent
    (deleted when the next goes out, so that their DMs keep one)."""

    user_id: int
    due: float
    channel_id: int | None
    message_id: int | None


@dataclass(frozen=True)
class TurnNotice:
    """The direct message telling a player it is their turn in a game."""

    game_id: int
    user_id: int
    channel_id: int
    message_id: int


@dataclass(frozen=True)
class Hand:
    """A seat's private message that follows its game: edited through the token of the
    interaction that last showed it (Discord lets a token edit for 15 minutes)."""

    game_id: int
    seat: int
    user_id: int
    message_id: int
    token: str
    locale: str
    """The language it is shown in: its reader's."""
    opened_at: float
    """When the token was issued."""


TAKEOVER_SUFFIX = " (bot)"
"""Added to the name of a seat a computer player took over."""
BOT_NAME = re.compile(r"Bot (\d+) \((\w+)\)")
"""How a computer player seated from the lobby is named (``Bot 2 (hard)``): stored so,
and put into the reader's language where it is shown."""


@dataclass(frozen=True)
class Seat:
    """One seat of a game: a person or a computer player, as seated and named."""

    seat: int
    user_id: int | None
    """The Discord user; ``None`` for a computer player."""
    bot_level: Level | None
    """How well the computer player in the seat plays; ``None`` for a human."""
    display_name: str
    color: int
    timeouts: int = 0
    """Turns in a row that ended by the clock; reset when the player acts."""
    left_user_id: int | None = None
    """The human whose seat a computer player took over (they left or went quiet)."""
    away_until: float | None = None
    """Until when its player is away, as its server allows (``None``: not away)."""
    away_stand_in: bool = False
    """Whether a computer player plays their turns meanwhile (else the clock waits)."""

    def away_at(self, now: float) -> bool:
        """Whether the seat's player is away at ``now``."""
        return self.away_until is not None and now < self.away_until

    @property
    def is_bot(self) -> bool:
        """Whether a computer player plays the seat."""
        return self.user_id is None


@dataclass(frozen=True)
class DueGames:
    """What the deadline scan finds: games whose deadline has passed, as (id, version), the
    most overdue first; those among them whose messages are behind their last change; and
    games whose saved values are damaged, as (id, what is damaged)."""

    due: list[tuple[int, int]]
    unshown: frozenset[int]
    damaged: list[tuple[int, str]]


@dataclass(frozen=True)
class Game:
    """A game as its row stores it: where it is played, its seats, its position, its clock and
    where its messages are."""

    id: int
    kind: str
    """Which game it is (``bot.games.registry``)."""
    guild_id: int
    channel_id: int
    host_id: int
    status: GameStatus
    options: Options
    """The game's rule options, as the lobby was opened with them."""
    turn_timeout: int
    """Seconds a turn may take."""
    version: int
    seats: tuple[Seat, ...]
    state: Any
    """The position, in the game's engine's type; ``None`` until the game starts."""
    first_seat: int | None
    lobby_message_id: int | None
    turn_message_id: int | None
    created_at: float
    updated_at: float
    started_at: float | None
    finished_at: float | None
    deadline: float | None
    """When the lobby closes itself, or the turn ends by itself."""
    thread_id: int | None = None
    """The game's own thread, when it has one; its turn messages are posted there."""
    end_reason: EndReason | None = None
    broken: str | None = None
    """Why the saved data cannot be used (an unreadable position, or one that does not
    fit the seats); such a game can only be cancelled."""
    shown_version: int | None = None
    """The version the game's messages are known to show; behind ``version`` after a
    change until its message is delivered (``None``: nothing delivered yet)."""

    moved_version: int | None = None
    """The version the last move made (``None`` before the first move)."""
    setup: JSON | None = None
    """The random setup the game was dealt beyond its first seat (a shuffle), if any."""
    number: int | None = None
    """The game's number among the server's games of its kind (Gold Nuggets #3); ``None``
    only for a damaged row."""
    language: str | None = None
    """The language the game was opened in, which its public messages keep; ``None``
    follows the server's."""
    ping_message_id: int | None = None
    """The message pinging whoever is to act, until they act (or the turn passes)."""
    pinged: tuple[int, ...] = ()
    """Whom that message pings."""
    paused_left: float | None = None
    """Seconds the turn had left when its clock stopped to wait for someone away (its
    deadline is then ``None``)."""
    reached_in: int | None = None
    """Where a game of a conversation (a place the bot is no member of, reached only
    through the interactions of the app installed to someone's account) really is: 0 in
    a DM or group DM, else the id of the server the bot is not in. ``None`` for a game in
    a server the bot is in. A conversation game's ``guild_id`` is its conversation's
    scope (``Conversation``), which keys its settings, numbers, shard and ladder and is
    never a server's: never hand it to Discord, use ``place_guild_id``."""

    @property
    def shown(self) -> bool:
        """Whether its messages show its current version."""
        return self.shown_version == self.version

    @property
    def move_shown(self) -> bool:
        """Whether the last move reached the game's messages."""
        if self.moved_version is None:
            return True
        return self.shown_version is not None and self.shown_version >= self.moved_version

    def seat_of(self, user_id: int) -> Seat | None:
        """The seat ``user_id`` sits in, ``None`` if they play no seat."""
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seat_left_by(self, user_id: int) -> Seat | None:
        """The seat a computer player took over from this human."""
        return next((s for s in self.seats if s.left_user_id == user_id), None)

    @property
    def place_id(self) -> int:
        """Where the game's turn messages go: its thread, or else its channel."""
        return self.channel_id if self.thread_id is None else self.thread_id

    @property
    def interaction_only(self) -> bool:
        """Whether the game is a conversation's: the bot reaches its place only through
        interactions (their answers, and edits through their tokens), never by posting."""
        return self.reached_in is not None

    @property
    def place_guild_id(self) -> int:
        """The server the game is played in as Discord names it (0: a DM or group DM),
        which an interaction there carries; its ``guild_id`` is that only for a server
        the bot is in."""
        return self.reached_in if self.reached_in is not None else self.guild_id


class ConversationKind(StrEnum):
    """What a conversation is (a place the bot is no member of)."""

    DM = "dm"
    """A DM between users (not the bot's own DM with one)."""
    GROUP_DM = "group_dm"
    SERVER = "server"
    """A server the bot was not added to, where someone's installed app is used."""


@dataclass(frozen=True)
class Conversation:
    """A place the bot is no member of, where games are played through the interactions
    of the app installed to someone's account; its games keep ``scope_id`` as their
    ``guild_id``."""

    scope_id: int
    """A (group) DM's channel id; for a server, an id minted at its first game (never the
    server's own, so its ladder stays apart should the bot join it later)."""
    kind: ConversationKind
    guild_id: int | None
    """The server's own id (``SERVER``); ``None`` for a (group) DM."""
    channel_id: int
    """Where it was first met (for a (group) DM, the place itself)."""
    name: str
    """What notices call it: a group DM's name or members, a server's channel."""
    created_at: float


@dataclass(frozen=True)
class ConversationToken:
    """A conversation game's one message there, and the token of the interaction that
    last showed it, the only way to edit it (Discord lets a token edit for 15 minutes)."""

    game_id: int
    message_id: int
    token: str = field(repr=False)
    """Whoever holds it may answer as the bot: never shown in a log."""
    given_at: float
    """The bot's clock when that interaction came."""
    lapsed: bool = False
    """The message was left saying that the game goes on on the board (its token ran
    out, or was about to)."""


@dataclass(frozen=True)
class Move:
    """One move of a game's log, in order."""

    seq: int
    seat: int
    action: str
    """The action in the game's JSON form, with its random outcome (dice) inside."""
    at: float
    stand_in: bool = False
    """A computer player made it for the seat's player, who was away."""
    taken_back: int | None = None
    """The number of the game's take-back that undid it (``None``: it stands)."""
    by_clock: bool = False
    """The clock made it for the seat's quiet player (a time-out)."""

    @property
    def own(self) -> bool:
        """Whether the seat's player made it themselves (not the clock, nor a computer
        player standing in while they were away)."""
        return not (self.stand_in or self.by_clock)


@dataclass(frozen=True)
class Result:
    """A seat's line in a finished game's table."""

    seat: int
    user_id: int | None
    """The human the seat counts for (also when they left); ``None`` for a computer player."""
    display_name: str
    won: bool
    place: int
    """In the game's own order: 1 for the winner(s), equal places for exact ties."""
    left: bool
    """The human left or went quiet twice, and a computer player finished for them."""
    figures: Mapping[str, int] = field(default_factory=lambda: NO_FIGURES)
    """The game's own numbers for the seat (largest mine, nuggets, turns, busts…)."""


@dataclass(frozen=True)
class FinishedTable:
    """A game played to the end, as the ladder counts it."""

    id: int
    kind: str
    guild_id: int
    finish_seq: int
    """Its place in the order games finished in (assigned by the database)."""
    finished_at: float
    results: tuple[Result, ...]


@dataclass(frozen=True)
class PlayerRecord:
    """A human's record in one server and game: every finished game counts; ratings only
    rated ones."""

    guild_id: int
    kind: str
    user_id: int
    display_name: str
    games: int
    wins: int
    left_games: int
    """Games they left; their seat's figures don't count for them."""
    figures: Mapping[str, int]
    """The game's own figures, summed or the best (``GameRules.figures``)."""
    last_played: float | None
    rating: Rating | None
    """``None`` until their first rated game."""
    rated_games: int

    @property
    def played_out(self) -> int:
        """Games they played to the end themselves."""
        return self.games - self.left_games


@dataclass(frozen=True)
class RatingChange:
    """What one rated game did to a human's rating."""

    user_id: int
    display_name: str
    before: Rating | None
    """``None`` for a player's first rated game in the server."""
    after: Rating
    rated_games: int
    """The player's rated games in the server, this one included."""


@dataclass(frozen=True)
class LadderEntry:
    """One line of a server's ladder of a game."""

    place: int
    """1 for the top of the ladder."""
    user_id: int
    display_name: str
    rating: Rating
    games: int
    wins: int
    figures: Mapping[str, int]
    rated_games: int


@dataclass(frozen=True)
class FinishedGame:
    """A line of a server's history."""

    id: int
    finished_at: float
    place_id: int
    """The channel or thread of its final message."""
    final_message_id: int | None
    rated: bool
    players: tuple[Result, ...]
    number: int | None = None
    """Among the server's games of its kind (``None``: a game from before numbers)."""


MINUTE = 60


@dataclass(frozen=True)
class GuildSettings:
    """How a server runs its games; a server that never changed anything gets these defaults.
    All games share them, except each game's default rule options."""

    turn_timeout: int = 10 * MINUTE
    """Seconds."""
    lobby_timeout: int = 30 * MINUTE
    """Seconds."""
    threads: bool = False
    bots_allowed: bool = True
    channels: frozenset[int] = frozenset()
    """The channels games may run in; empty means every channel."""
    defaults: Mapping[str, Options] = field(default_factory=lambda: MappingProxyType({}))
    """Per game kind, the rule options new lobbies get (where the server set any)."""
    language: str | None = None
    """The language of the games' public messages and images (``de``); ``None`` follows
    the server's own Discord language."""
    move_table: bool = True
    """Whether a game's table moves to the bottom of its channel once others wrote
    after it."""
    ping_mode: PingMode = PingMode.AWAY
    ping_delay: int = 30
    """Seconds a player playing along has before they are pinged all the same."""
    away_mode: AwayMode = AwayMode.PAUSE
    away_days: int = 14
    """Days a player may be away at most, as this server's games count it."""
    declared: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """The values of the settings the features declare, by name, as kept (JSON): each is
    read by its declaration (``bot.service.declared_settings``)."""

    def options_for(self, kind: str) -> Options:
        """The rule options this server gives new lobbies of ``kind``."""
        return self.defaults.get(kind, NO_OPTIONS)

    def allows(self, channel_id: int) -> bool:
        """Whether games may run in ``channel_id`` (any channel while none is listed)."""
        return not self.channels or channel_id in self.channels


@dataclass(frozen=True)
class SharedReplay:
    """Where a game's replay was shared, by whom and when; ``message_id`` is ``None``
    while the share is being posted."""

    channel_id: int
    message_id: int | None
    user_id: int
    shared_at: float
