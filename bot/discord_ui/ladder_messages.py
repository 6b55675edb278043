"""What the ladder commands show: the leaderboard, a player's stats, the server's history."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_ui import text
from bot.discord_ui.limits import DESCRIPTION, TITLE, joined_within, listed_name, shortened
from bot.games.face import GameFace
from bot.games.faces import face_for
from bot.ladder import NEW_PLAYER, PROVISIONAL_GAMES, Rating, is_provisional, shown
from bot.service import Leaderboard, PlayerStats
from bot.storage import FinishedGame, LadderEntry, Result

MEDALS = ("🥇", "🥈", "🥉")
SPARKS = "▁▂▃▄▅▆▇█"
RATING_NOTE = (
    "Rating: your skill as your games show it, minus 3× how unsure that still is, so it "
    "rises as you play and win; everyone starts at 1,000 and only games between people "
    f"count. ? marks a provisional rating (fewer than {PROVISIONAL_GAMES} rated games); "
    "medals go to settled ratings with a win."
)
LADDER_COLOUR = discord.Colour.gold()


def no_ladder(kind: str) -> str:
    face = face_for(kind)
    return (
        f"Nobody is on this server's ladder yet: a {face.title} game counts once it is "
        f"played to the end with at least two people. Start one with /{face.command} new."
    )


def no_history(kind: str) -> str:
    face = face_for(kind)
    return (
        f"No game has been played to the end in this server yet ({face.title}). "
        f"Start one with /{face.command} new."
    )


def leaderboard_embed(board: Leaderboard, kind: str, server: str) -> discord.Embed:
    face = face_for(kind)
    lines = [_ladder_line(face, entry) for entry in board.entries]
    if board.caller is not None:
        lines += ["", "**Your place**", _ladder_line(face, board.caller)]
    embed = discord.Embed(
        title=shortened(f"{face.title} · {text.escaped(server)} ladder", TITLE),
        description="\n".join(lines),
        colour=LADDER_COLOUR,
    )
    players = f"{board.players} player{'s' * (board.players != 1)}"
    embed.set_footer(text=f"Page {board.page} of {board.pages} · {players} · {RATING_NOTE}")
    return embed


def not_on_ladder() -> str:
    return (
        "You're not on the ladder yet: it takes a game played to the end "
        "with at least one other person."
    )


def _ladder_line(face: GameFace, entry: LadderEntry) -> str:
    # A medal for a lucky first game, or for never having won, would say the wrong thing.
    medalled = (
        entry.place <= len(MEDALS) and entry.wins > 0 and not is_provisional(entry.rated_games)
    )
    place = MEDALS[entry.place - 1] if medalled else f"`{entry.place}.`"
    return (
        f"{place} **{text.escaped(listed_name(entry.display_name))}** · "
        f"{text.rating(entry.rating, entry.rated_games)} · "
        f"{_games(entry.games)} · {_wins(entry.wins, entry.games)} · {face.ladder_figure(entry)}"
    )


def stats_embed(stats: PlayerStats, kind: str, avatar: str | None) -> discord.Embed:
    record = stats.record
    face = face_for(kind)
    embed = discord.Embed(
        title=shortened(f"{face.title} · {text.escaped(record.display_name)}", TITLE),
        description=_standing(stats),
        colour=LADDER_COLOUR,
    )
    if avatar:
        embed.set_thumbnail(url=avatar)
    if stats.trend:
        embed.add_field(name="Trend", value=trend(stats.trend, record.rated_games), inline=False)
    games = _games(record.games)
    if record.left_games:
        games += f" ({record.left_games} left early)"
    embed.add_field(name="Games", value=games)
    embed.add_field(name="Wins", value=_wins(record.wins, record.games))
    embed.add_field(name="Rated games", value=str(record.rated_games))
    for name, value in face.stats_fields(record):
        embed.add_field(name=name, value=value)
    if record.last_played is not None:
        embed.add_field(name="Last played", value=f"<t:{int(record.last_played)}:R>")
    return embed


def no_stats(kind: str, name: str, is_self: bool) -> str:
    who = "You haven't" if is_self else f"{text.escaped(name)} hasn't"
    return f"{who} finished a {face_for(kind).title} game in this server yet."


def _standing(stats: PlayerStats) -> str:
    rating = stats.record.rating
    if rating is None or stats.place is None:
        return "**Unrated** so far: a game counts for the ladder once it has two or more people."
    standing = f"Rating **{text.rating(rating)}** · place **{stats.place}** of {stats.players}"
    rated = stats.record.rated_games
    if is_provisional(rated):
        standing += (
            f"\nProvisional: {rated} of the first {PROVISIONAL_GAMES} rated games played, "
            "so it still moves a lot."
        )
    return standing


def trend(ratings: Sequence[Rating], rated_games: int) -> str:
    """The last ratings as a sparkline (from the start, for a player with few games),
    and how far they moved."""
    values = [shown(r.conservative) for r in ratings]
    if rated_games <= len(values):
        values.insert(0, shown(NEW_PLAYER.conservative))
    low, high = min(values), max(values)
    spark = "".join(
        SPARKS[(len(SPARKS) - 1) * (v - low) // (high - low)] if high > low else SPARKS[3]
        for v in values
    )
    return f"`{spark}` {values[-1] - values[0]:+,} over the last {_games(len(values) - 1)}"


def history_embed(
    games: Sequence[FinishedGame], kind: str, guild_id: int, server: str
) -> discord.Embed:
    lines = [_history_line(game, guild_id) for game in games]
    embed = discord.Embed(
        title=shortened(f"{face_for(kind).title} · recent games in {text.escaped(server)}", TITLE),
        description=joined_within(lines, DESCRIPTION, more="…and {} more games"),
        colour=LADDER_COLOUR,
    )
    embed.set_footer(text="Newest first. Unrated games had fewer than two people.")
    return embed


def _history_line(game: FinishedGame, guild_id: int) -> str:
    winners = [p for p in game.players if p.won]
    others = [p for p in game.players if not p.won]
    crown = " & ".join(_player(p) for p in winners)
    line = f"<t:{int(game.finished_at)}:d> · **game {game.id}** · 🏆 {crown}"
    if others:
        line += " · with " + ", ".join(_player(p) for p in others)
    if not game.rated:
        line += " · unrated"
    if game.final_message_id is not None:
        link = f"https://discord.com/channels/{guild_id}/{game.place_id}/{game.final_message_id}"
        line += f" · [final message]({link})"
    return line


def _player(result: Result) -> str:
    name = text.escaped(listed_name(result.display_name))
    return name + " (left)" if result.left else name


def _games(count: int) -> str:
    return f"{count:,} game{'s' * (count != 1)}"


def _wins(wins: int, games: int) -> str:
    rate = f" ({wins / games:.0%})" if games else ""
    return f"{wins:,} win{'s' * (wins != 1)}{rate}"
