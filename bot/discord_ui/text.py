"""The words every game's messages share: names, times, ratings, lobbies and takeovers.
Each game's own words are in its face (``bot.games.<game>``)."""

from __future__ import annotations

from collections.abc import Sequence

from discord.utils import escape_markdown, escape_mentions

from bot.ladder import NEW_PLAYER, PROVISIONAL_GAMES, Rating, is_provisional, shown
from bot.service.game_service import TAKEOVER_SUFFIX
from bot.storage import EndReason, Game, GameStatus, RatingChange, Seat

SEAT_EMOJI = ("🔵", "🟠", "🟢", "🟣", "💠")
"""Close to each seat's board color (see render.palette)."""


def plural(count: int, word: str) -> str:
    """``1 nugget``, ``3 nuggets``."""
    return f"{count} {word}{'s' * (count != 1)}"


def name(seat: Seat) -> str:
    return escaped(seat.display_name)


def escaped(display_name: str) -> str:
    """A name safe to put in a message: no formatting, no pings."""
    return escape_mentions(escape_markdown(display_name))


def seat_line(seat: Seat) -> str:
    return f"{SEAT_EMOJI[seat.seat]} **{name(seat)}**"


def minutes(seconds: int) -> str:
    if seconds % 3600 == 0:
        hours = seconds // 3600
        return f"{hours} hour{'s' * (hours != 1)}"
    whole = round(seconds / 60)
    return f"{whole} minute{'s' * (whole != 1)}"


def deadline(at: float) -> str:
    """A Discord timestamp that every client shows as a live "in 5 minutes"."""
    return f"<t:{int(at)}:R>"


def rating(value: Rating, rated_games: int | None = None) -> str:
    """A rating as players see it: mu - 3 sigma on a scale where a new player has 1000;
    with its rated games, marked "?" while provisional (as chess sites do)."""
    mark = "?" if rated_games is not None and is_provisional(rated_games) else ""
    return f"{shown(value.conservative):,}{mark}"


PROVISIONAL_NOTE = (
    f"A rating is provisional (?) for its first {PROVISIONAL_GAMES} rated games: "
    "it moves a lot until it settles."
)


def rating_changes(changes: Sequence[RatingChange], computers: bool) -> str:
    """Each human's rating before → after, e.g. "Ann 1,000 → 1,138? (+138)", with what
    makes the numbers surprising: provisional ratings, and computer players left out."""
    if not changes:
        return "Unrated: it takes two human players for a game to count for the ladder."
    lines = []
    for change in changes:
        before = shown((change.before or NEW_PLAYER).conservative)
        after = shown(change.after.conservative)
        first = " · first rated game" if change.before is None else ""
        lines.append(
            f"{escaped(change.display_name)}: {before:,} → "
            f"**{rating(change.after, change.rated_games)}** ({after - before:+,}){first}"
        )
    if computers:
        lines.append(
            "Computer players aren't rated: the ratings compare the people here, "
            "by where each finished."
        )
    if any(is_provisional(change.rated_games) for change in changes):
        lines.append(PROVISIONAL_NOTE)
    return "\n".join(lines)


def first_turn(game: Game) -> str:
    assert game.first_seat is not None
    return f"The game begins. {seat_line(game.seats[game.first_seat])} goes first."


def lobby_note(game: Game) -> str:
    """What the lobby message says once the game started or closed."""
    if game.status is GameStatus.CANCELLED:
        if game.end_reason is EndReason.LOBBY_EXPIRED:
            return "Nobody started this game in time, so the lobby closed itself."
        if game.end_reason is EndReason.LOBBY_EMPTY:
            return "Everyone left, so this lobby closed."
        if game.end_reason is EndReason.ABANDONED:
            return "No human player was left, so this game closed. It counts for nobody."
        if game.started_at is not None:
            return "This game was cancelled. It counts for nobody."
        return "This lobby was closed."
    assert game.first_seat is not None
    first = seat_line(game.seats[game.first_seat])
    note = f"The game is on! {first} was drawn to go first."
    if game.thread_id is not None:
        note += f" Follow it in <#{game.thread_id}>."
    return note


def takeover_note(game: Game, who: str, why: str | None) -> str:
    """What the table is told when a computer player takes a seat over."""
    if why is None:
        line = f"🤖 {who.removesuffix(TAKEOVER_SUFFIX)} was away for two turns in a row"
    else:
        line = f"🤖 {who} {why}"
    if game.status is GameStatus.ACTIVE:
        return line + ", so a computer player (normal) plays their seat from now on."
    return line + f", and no human player is left, so game {game.id} is over. It counts for nobody."


def cancelled(game: Game, who: str) -> str:
    """What the channel is told when ``who`` (escaped) cancels a game."""
    return f"Game {game.id} was cancelled by {who}. It counts for nobody."


def winners_line(winners: Sequence[Seat]) -> str:
    if len(winners) == 1:
        return f"{name(winners[0])} wins!"
    return "Shared win: " + " and ".join(name(w) for w in winners) + "!"
