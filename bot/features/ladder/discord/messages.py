"""What the ladder commands show: the leaderboard, a player's stats, the server's history,
in the language of the person who asked (they alone see them)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.discord_ui.card_layout import Card, Line, Rows
from bot.discord_ui.game_links import place_link
from bot.discord_ui.limits import CARD_TEXT, joined_within
from bot.features.ladder.service import Leaderboard, PlayerStats
from bot.games import shared_words
from bot.games.bust_luck import fairness_text
from bot.games.escaping import escaped
from bot.games.face import GOLD, GameFace
from bot.games.faces import face_for
from bot.games.fairness import dice_fairness
from bot.games.limits import TITLE, listed_name, shortened
from bot.service.errors import slash
from bot.storage import FinishedGame, LadderEntry, Result
from bot.storage.ratings import NEW_PLAYER, PROVISIONAL_GAMES, Rating, is_provisional, shown
from i18n import Language

MEDALS = ("🥇", "🥈", "🥉")
SPARKS = "▁▂▃▄▅▆▇█"
LADDER_COLOUR = GOLD


def rating_note(lang: Language) -> str:
    """How a rating is read, under every leaderboard."""
    return lang._(
        "Rating: your skill as your games show it, minus 3× how unsure that still is, so it "
        "rises as you play and win; everyone starts at {start} and only games between people "
        "count. ? marks a provisional rating (fewer than {games} rated games); "
        "medals go to settled ratings with a win.",
        start=lang.number(shown(NEW_PLAYER.conservative)),
        games=PROVISIONAL_GAMES,
    )


def no_ladder(kind: str, lang: Language, *, conversation: bool) -> str:
    """What a leaderboard says while nobody is on it (a ``conversation``'s: a DM's or a
    group DM's, which is no server)."""
    if conversation:
        return lang._(
            "Nobody is on this conversation's ladder yet: a {title} game counts once it is "
            "played to the end with at least two people. Start one with {new}.",
            **_start_one(kind),
        )
    return lang._(
        "Nobody is on this server's ladder yet: a {title} game counts once it is "
        "played to the end with at least two people. Start one with {new}.",
        **_start_one(kind),
    )


def no_history(kind: str, lang: Language, *, conversation: bool) -> str:
    """What the history says while no game has ended here (in a ``conversation``)."""
    if conversation:
        return lang._(
            "No game has been played to the end in this conversation yet ({title}). "
            "Start one with {new}.",
            **_start_one(kind),
        )
    return lang._(
        "No game has been played to the end in this server yet ({title}). Start one with {new}.",
        **_start_one(kind),
    )


def _start_one(kind: str) -> dict[str, object]:
    """The game's title, and the command that starts one."""
    face = face_for(kind)
    return {"title": face.title, "new": slash(face.command, "new")}


def leaderboard_card(
    board: Leaderboard,
    kind: str,
    server: str,
    lang: Language,
    rows: Rows = (),
    *,
    conversation: bool = False,
) -> Card:
    """A page of the ladder: each player's place, rating, games, wins and the game's own figure,
    and the asker's own line when they are on another page. A ``conversation``'s (a DM or
    group DM, a server the bot is not in) is named by the conversation (``server``)."""
    face = face_for(kind)
    lines = [_ladder_line(face, entry, lang) for entry in board.entries]
    if board.caller is not None:
        lines += ["", lang._("**Your place**"), _ladder_line(face, board.caller, lang)]
    page = lang._("Page {page} of {pages}", page=board.page, pages=board.pages)
    players = lang.ngettext("{n} player", "{n} players", board.players)
    return Card(
        title=shortened(
            lang._("{title} ladder of *{place}*", title=face.title, place=escaped(server))
            if conversation
            else lang._("{title} · {server} ladder", title=face.title, server=escaped(server)),
            TITLE,
        ),
        text="\n".join(lines),
        accent=LADDER_COLOUR,
        footer=f"{page} · {players} · {rating_note(lang)}",
        rows=rows,
    )


def not_on_ladder(lang: Language) -> str:
    """Why someone asking for the leaderboard is not on it."""
    return lang._(
        "You're not on the ladder yet: it takes a game played to the end "
        "with at least one other person."
    )


def _ladder_line(face: GameFace, entry: LadderEntry, lang: Language) -> str:
    # A medal for a lucky first game, or for never having won, would say the wrong thing.
    medalled = (
        entry.place <= len(MEDALS) and entry.wins > 0 and not is_provisional(entry.rated_games)
    )
    place = MEDALS[entry.place - 1] if medalled else f"`{entry.place}.`"
    return (
        f"{place} **{escaped(listed_name(entry.display_name))}** · "
        f"{shared_words.rating(entry.rating, lang, entry.rated_games)} · "
        f"{_games(entry.games, lang)} · {_wins(entry.wins, entry.games, lang)} · "
        f"{face.ladder_figure(entry, lang)}"
    )


def stats_card(stats: PlayerStats, kind: str, avatar: str | None, lang: Language) -> Card:
    """A player's record: rating and place, its trend, games and wins, the game's own figures,
    and when they last played."""
    record = stats.record
    face = face_for(kind)
    lines: list[Line] = []
    if stats.trend:
        lines.append(Line(lang._("Trend"), trend(stats.trend, record.rated_games, lang)))
    games = _games(record.games, lang)
    if record.left_games:
        games = lang._(
            "{games} ({left} left early)", games=games, left=lang.number(record.left_games)
        )
    lines += [
        Line(lang._("Games"), games, inline=True),
        Line(lang._("Wins"), _wins(record.wins, record.games, lang), inline=True),
        Line(lang._("Rated games"), lang.number(record.rated_games), inline=True),
    ]
    lines += [Line(name, value, inline=True) for name, value in face.stats_fields(record, lang)]
    if record.last_played is not None:
        last = f"<t:{int(record.last_played)}:R>"
        lines.append(Line(lang._("Last played"), last, inline=True))
    return Card(
        title=shortened(f"{face.title} · {escaped(record.display_name)}", TITLE),
        text=_standing(stats, lang),
        accent=LADDER_COLOUR,
        lines=tuple(lines),
        thumbnail=avatar,
    )


def dice_line(kind: str, server: str, rolled: Sequence[int], lang: Language) -> Line:
    """The server's dice of a game: how many, each face's share, and whether they look
    fair."""
    face = face_for(kind)
    heading = lang._("The dice in {server}", server=escaped(server))
    return Line(heading, fairness_text(face.dice_labels(lang), dice_fairness(rolled), lang))


def no_stats(kind: str, name: str, is_self: bool, lang: Language, *, conversation: bool) -> str:
    """What the stats say of a player who has finished no game here (in a
    ``conversation``)."""
    title = face_for(kind).title
    if conversation and is_self:
        return lang._("You haven't finished a {title} game in this conversation yet.", title=title)
    if conversation:
        return lang._(
            "{player} hasn't finished a {title} game in this conversation yet.",
            player=escaped(name),
            title=title,
        )
    if is_self:
        return lang._("You haven't finished a {title} game in this server yet.", title=title)
    return lang._(
        "{player} hasn't finished a {title} game in this server yet.",
        player=escaped(name),
        title=title,
    )


def _standing(stats: PlayerStats, lang: Language) -> str:
    rating = stats.record.rating
    if rating is None or stats.place is None:
        return lang._(
            "**Unrated** so far: a game counts for the ladder once it has two or more people."
        )
    standing = lang._(
        "Rating **{rating}** · place **{place}** of {players}",
        rating=shared_words.rating(rating, lang),
        place=lang.number(stats.place),
        players=lang.number(stats.players),
    )
    rated = stats.record.rated_games
    if is_provisional(rated):
        standing += "\n" + lang._(
            "Provisional: {rated} of the first {games} rated games played, "
            "so it still moves a lot.",
            rated=rated,
            games=PROVISIONAL_GAMES,
        )
    return standing


def trend(ratings: Sequence[Rating], rated_games: int, lang: Language) -> str:
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
    return lang.ngettext(
        "`{spark}` {change} over the last game",
        "`{spark}` {change} over the last {n} games",
        len(values) - 1,
        spark=spark,
        change=lang.signed(values[-1] - values[0]),
    )


def history_card(
    games: Sequence[FinishedGame],
    kind: str,
    guild_id: int,
    server: str,
    lang: Language,
    notes: Mapping[int, str] | None = None,
    *,
    replays: bool = True,
) -> Card:
    """The last finished games, newest first: when, who won, with whom, what the features
    note of each (``notes``: the tournament it was played for), and a link to each result
    (in the server ``guild_id``; 0 for a DM or group DM); and the commands that show one
    again where it is asked: the log, and the replay where ``replays`` are shown there
    (a conversation's, which the bot reaches through interactions alone, has none)."""
    lines = [_history_line(game, guild_id, lang, (notes or {}).get(game.id)) for game in games]
    face = face_for(kind)
    title = lang._(
        "{title} · recent games in {server}",
        title=face.title,
        server=escaped(server),
    )
    more = lang._("…and {more} more games", more="{}")
    log = lang.say(slash(face.command, "log"))
    if replays:
        again = lang._(
            "Newest first. Unrated games had fewer than two people. {log} and {replay} "
            "with a game's number show it again, move by move or as an animation.",
            log=log,
            replay=lang.say(slash(face.command, "replay")),
        )
    else:
        again = lang._(
            "Newest first. Unrated games had fewer than two people. {log} with a game's "
            "number shows it again, move by move.",
            log=log,
        )
    return Card(
        title=shortened(title, TITLE),
        text=joined_within(lines, CARD_TEXT, more=more),
        accent=LADDER_COLOUR,
        footer=again,
    )


def _history_line(game: FinishedGame, guild_id: int, lang: Language, note: str | None) -> str:
    winners = [_player(p, lang) for p in game.players if p.won]
    others = [_player(p, lang) for p in game.players if not p.won]
    # A Discord timestamp: each reader's client writes the date in their own language and
    # time zone, which no format chosen here could.
    parts = [
        f"<t:{int(game.finished_at)}:d>",
        f"**#{game.id if game.number is None else game.number}**",
        "🏆 " + lang.list(winners),
    ]
    if others:
        parts.append(lang._("with {players}", players=", ".join(others)))
    if not game.rated:
        parts.append(lang._("unrated"))
    if note:
        parts.append(note)
    if game.final_message_id is not None:
        link = place_link(guild_id, game.place_id, game.final_message_id)
        parts.append(lang._("[final message]({link})", link=link))
    return " · ".join(parts)


def _player(result: Result, lang: Language) -> str:
    name = escaped(listed_name(result.display_name))
    return lang._("{player} (left)", player=name) if result.left else name


def _games(count: int, lang: Language) -> str:
    return lang.ngettext("{n} game", "{n} games", count)


def _wins(wins: int, games: int, lang: Language) -> str:
    won = lang.ngettext("{n} win", "{n} wins", wins)
    if not games:
        return won
    return lang._("{wins} ({rate})", wins=won, rate=lang.percent(wins / games, digits=0))
