"""The Discord layer's own words on a game: how long a clock is, what the lobby says once
the game started or closed, takeovers and cancellations, a table shown as it stands, in
the reader's language. The
words every game's messages share are in ``bot.games.shared_words``."""

from __future__ import annotations

from enum import Enum

from bot.games.escaping import escaped
from bot.games.registry import rules_for
from bot.games.shared_words import number, seat_line, winners_line
from bot.storage.records import TAKEOVER_SUFFIX, EndReason, Game, GameStatus, Seat
from i18n import N_, Language, Message

AS_IT_STANDS = Message("Here is the game as it stands.")
"""The headline of a table shown without a move that led to it (moved to the bottom, or
whose last move can't be replayed)."""


def minutes(seconds: int, lang: Language) -> str:
    """A clock's length as the lobby and the settings say it: whole days, else whole
    hours, else minutes."""
    if seconds % 86400 == 0:
        days = seconds // 86400
        return lang.ngettext("{n} day", "{n} days", days)
    if seconds % 3600 == 0:
        hours = seconds // 3600
        return lang.ngettext("{n} hour", "{n} hours", hours)
    return lang.ngettext("{n} minute", "{n} minutes", round(seconds / 60))


def duration(seconds: int, lang: Language) -> str:
    """How long is left, to the precision a clock of days needs: days and hours, else hours
    and minutes, else minutes."""
    days, rest = divmod(max(seconds, 0), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = []
    if days:
        parts.append(lang.ngettext("{n} day", "{n} days", days))
    if hours and len(parts) < 2:
        parts.append(lang.ngettext("{n} hour", "{n} hours", hours))
    if not days and (minutes or not parts):
        parts.append(lang.ngettext("{n} minute", "{n} minutes", minutes))
    return lang.list(parts)


_CLOSED = {
    EndReason.LOBBY_EXPIRED: N_("Nobody started this game in time, so the lobby closed itself."),
    EndReason.LOBBY_EMPTY: N_("Everyone left, so this lobby closed."),
    EndReason.ABANDONED: N_("No human player was left, so this game closed. It counts for nobody."),
    EndReason.PLACE_GONE: N_(
        "This game's thread or channel was deleted or locked, and it had nowhere "
        "else to go, so it ended. It counts for nobody."
    ),
}
"""What the lobby message says of a game that closed by itself, by why it closed (one
cancelled by someone says so in its own words)."""


def lobby_note(game: Game, lang: Language) -> str:
    """What the lobby message says once the game started, ended or closed."""
    if game.status is GameStatus.CANCELLED:
        closed = _CLOSED.get(game.end_reason) if game.end_reason is not None else None
        if closed is not None:
            return lang._(closed)
        if game.started_at is not None:
            return lang._("This game was cancelled. It counts for nobody.")
        return lang._("This lobby was closed.")
    if game.status is GameStatus.FINISHED:
        won = [game.seats[s.seat] for s in rules_for(game.kind).standings(game.state) if s.won]
        if game.thread_id is not None:
            return lang._(
                "This game is over. {winners} The result and its replay are in {thread}.",
                winners=winners_line(won, lang),
                thread=f"<#{game.thread_id}>",
            )
        return lang._("This game is over. {winners}", winners=winners_line(won, lang))
    assert game.first_seat is not None
    first = seat_line(game.seats[game.first_seat], lang)
    if game.thread_id is not None:
        return lang._(
            "The game is on! {player} was drawn to go first. Follow it in {thread}.",
            player=first,
            thread=f"<#{game.thread_id}>",
        )
    return lang._("The game is on! {player} was drawn to go first.", player=first)


class Departure(Enum):
    """Why a computer player takes a human's seat."""

    AWAY = "away"
    """Their time ran out twice in a row."""
    LEFT_GAME = "left the game"
    LEFT_SERVER = "left the server"


_TAKEOVERS = {
    (Departure.AWAY, True): N_(
        "🤖 {player} was away for two turns in a row, so a computer player "
        "(normal) plays their seat from now on."
    ),
    (Departure.LEFT_GAME, True): N_(
        "🤖 {player} left the game, so a computer player (normal) plays their seat from now on."
    ),
    (Departure.LEFT_SERVER, True): N_(
        "🤖 {player} left the server, so a computer player (normal) plays their seat from now on."
    ),
    (Departure.AWAY, False): N_(
        "🤖 {player} was away for two turns in a row, and no human player is left, "
        "so game {game} is over. It counts for nobody."
    ),
    (Departure.LEFT_GAME, False): N_(
        "🤖 {player} left the game, and no human player is left, so game {game} is "
        "over. It counts for nobody."
    ),
    (Departure.LEFT_SERVER, False): N_(
        "🤖 {player} left the server, and no human player is left, so game {game} is "
        "over. It counts for nobody."
    ),
}
"""What the table is told of a takeover, by why it came and whether the game goes on
(else no human player is left, and it is over)."""


def stand_in_note(seat: Seat, lang: Language) -> str:
    """What the table is told when the time-out rule moved for a computer player that
    could not decide (a fault of the bot's, not the game's)."""
    return lang._(
        "⚠️ {player} couldn't decide its move, so the time-out rule played it. "
        "The fault is mine, and it has been logged.",
        player=escaped(seat.display_name),
    )


def takeover_note(game: Game, seat: Seat | None, departure: Departure, lang: Language) -> str:
    """What the table is told when a computer player takes ``seat`` over."""
    player = (
        lang._("A player")
        if seat is None
        else escaped(seat.display_name.removesuffix(TAKEOVER_SUFFIX))
    )
    note = _TAKEOVERS[departure, game.status is GameStatus.ACTIVE]
    return lang._(note, player=player, game=number(game))


def cancelled(game: Game, who: str, lang: Language) -> str:
    """What the channel is told when ``who`` (escaped) cancels a game."""
    return lang._("This game was cancelled by {player}. It counts for nobody.", player=who)
