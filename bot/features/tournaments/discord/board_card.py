"""A tournament's announcement, as its one live message shows it: while sign-up is open,
what it is and who signed up, with Sign up and Leave; while it is played, the standings
picture and the current round's matches; at its end, the final standings with the
winner, and every round's games for their replays."""

from __future__ import annotations

from bot.discord_ui.card_layout import Card, Image, Line, Rows
from bot.discord_ui.game_notes import minutes
from bot.features.tournaments.checks import fewest_to_start
from bot.features.tournaments.discord.controls import EntryAction, EntryButton
from bot.features.tournaments.match_queries import Match
from bot.features.tournaments.queries import EndReason, Format, TournamentState
from bot.features.tournaments.tournament_board import TournamentBoard
from bot.games import shared_words
from bot.games.escaping import escaped
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.league import Row, points_text
from bot.service.errors import slash
from bot.storage.records import GameStatus
from i18n import Language
from render.league.standings_view import StandingsLine, StandingsView

SHOWN_NAMES = 40
"""Names listed on a sign-up before "and N more" (64 would fill a phone's screen)."""


def format_words(board: TournamentBoard, lang: Language) -> str:
    """How the tournament is played, in a few words."""
    tournament = board.tournament
    if tournament.format is Format.ROUND_ROBIN:
        shape = lang._("round robin")
    else:
        shape = lang.ngettext("Swiss, {n} round", "Swiss, {n} rounds", tournament.rounds)
    if tournament.final:
        shape = lang._("{shape}, then a final of the leaders", shape=shape)
    return shape


def title(board: TournamentBoard) -> str:
    """The tournament's name (as typed, never markup) and game."""
    return f"{escaped(board.tournament.name)} · {face_for(board.tournament.kind).title}"


def champions(board: TournamentBoard) -> list[str]:
    """Who shares first place, each in bold, as typed (never markup)."""
    return [f"**{escaped(board.names.get(row.user, '?'))}**" for row in board.rows if row.rank == 1]


def board_card(board: TournamentBoard, lang: Language, picture: bytes | None) -> Card:
    """The announcement in ``lang``, with the standings ``picture`` once play began."""
    tournament = board.tournament
    heading = f"🏆 {title(board)}"
    about = [
        Line(lang._("Format"), format_words(board, lang), inline=True),
        Line(
            lang._("Tables"),
            lang.ngettext("of {n} player", "of {n} players", tournament.match_size),
            inline=True,
        ),
        Line(lang._("Turns"), minutes(tournament.turn_timeout, lang), inline=True),
        Line(lang._("Rated"), lang._("yes") if tournament.rated else lang._("no"), inline=True),
    ]
    footer = lang.ngettext(
        "A table gives its winner {n} point and its last 0, ties shared; a bye scores a "
        "win. Ties in the standings go to opponents' points, then wins, then the seed.",
        "A table gives its winner {n} points and its last 0, ties shared; a bye scores a "
        "win. Ties in the standings go to opponents' points, then wins, then the seed.",
        tournament.match_size - 1,
    )
    if tournament.state is TournamentState.SIGNUP:
        return _signup(board, lang, heading, about, footer)
    image = None
    if picture is not None:
        image = Image(
            picture,
            lang._("The standings of {name}", name=tournament.name),
            filename="standings.png",
        )
    if tournament.state is TournamentState.CANCELLED:
        if tournament.end_reason is EndReason.NO_MATCHES:
            words = lang._(
                "This tournament ended: I couldn't open its tables, each a thread of this "
                "channel, try after try (is Create Public Threads still mine here?). Games "
                "being played go on as they are."
            )
        elif tournament.end_reason is EndReason.TOO_FEW:
            words = lang._(
                "Too few signed up by the start ({n} needed), so this tournament did not "
                "take place.",
                n=fewest_to_start(tournament.match_size),
            )
        else:
            words = lang._("This tournament was cancelled. Games being played go on as they are.")
        return Card(title=heading, text=words, accent=GOLD, lines=tuple(about), image=image)
    if tournament.state is TournamentState.FINISHED:
        winners = champions(board)
        lines = [
            Line(lang._("Round {n}", n=round_), _games(board.of_round(round_)))
            for round_ in range(1, tournament.round + 1)
        ]
        return Card(
            title=heading,
            text=lang.ngettext(
                "🏆 {winners} wins!", "🏆 {winners} win!", len(winners), winners=lang.list(winners)
            )
            if winners
            else lang._("🏆 It is over."),
            accent=GOLD,
            lines=tuple(lines),
            image=image,
            footer=lang._(
                "Every game's replay: {replay} with its number.",
                replay=lang.say(slash(face_for(tournament.kind).command, "replay")),
            ),
        )
    current = tournament.round
    lines = [Line(lang._("Round {n}", n=current), _matches(board, current, lang))]
    return Card(
        title=heading,
        text=_progress(board, lang),
        accent=GOLD,
        lines=(*about, *lines),
        image=image,
        footer=footer,
    )


def _signup(
    board: TournamentBoard, lang: Language, heading: str, about: list[Line], footer: str
) -> Card:
    tournament = board.tournament
    names = [escaped(entry.name) for entry in board.entries]
    shown = lang.list(names[:SHOWN_NAMES]) if names else lang._("nobody yet")
    if len(names) > SHOWN_NAMES:
        shown = lang._("{names} and {n} more", names=shown, n=len(names) - SHOWN_NAMES)
    lines = [
        *about,
        Line(
            lang._("Signed up: {n} of {cap}", n=len(names), cap=tournament.cap),
            shown,
        ),
    ]
    text = lang._(
        "Starts {start}; sign-up closes {until}. Each round starts by itself once the "
        "last game of the round before ends, each table in a thread of its own.",
        start=f"<t:{int(tournament.starts_at)}:F>",
        until=shared_words.deadline(tournament.signup_until),
    )
    if tournament.round_hours is not None:
        text += " " + lang.ngettext(
            "Rounds start {n} hour apart at the soonest.",
            "Rounds start {n} hours apart at the soonest.",
            tournament.round_hours,
        )
    if tournament.private:
        invited = [f"<@{user}>" for user in board.invitees[:SHOWN_NAMES]]
        lines.append(
            Line(
                lang._("Private: invited players only"),
                (lang.list(invited) if invited else lang._("nobody yet"))
                + _more(len(board.invitees) - SHOWN_NAMES, lang),
            )
        )
    rows: Rows = (
        (
            EntryButton(tournament.id, EntryAction.JOIN, label=lang._("Sign up")),
            EntryButton(tournament.id, EntryAction.LEAVE, label=lang._("Leave")),
        ),
    )
    return Card(
        title=heading,
        text=text,
        accent=GOLD,
        lines=tuple(lines),
        footer=footer,
        rows=rows,
    )


def _more(hidden: int, lang: Language) -> str:
    return lang._(" and {n} more", n=hidden) if hidden > 0 else ""


def _progress(board: TournamentBoard, lang: Language) -> str:
    tournament = board.tournament
    return lang._(
        "Round {round} of {rounds} · {playing}",
        round=tournament.round,
        rounds=tournament.all_rounds,
        playing=lang.ngettext("{n} game in play", "{n} games in play", board.in_play),
    )


def _matches(board: TournamentBoard, round_: int, lang: Language) -> str:
    """The round's matches, a line each: who sits there, and its thread."""
    names = board.names
    lines = []
    for match in board.of_round(round_):
        players = ", ".join(escaped(names.get(user, "?")) for user in match.players)
        where = f" · <#{match.thread_id}>" if match.thread_id is not None else ""
        mark = " ✓" if match.status is GameStatus.FINISHED else ""
        lines.append(
            lang._("Table {n}: {players}", n=match.match_no, players=players) + where + mark
        )
    bye = board.bye_in(round_)
    if bye is not None:
        lines.append(lang._("Bye: {player}", player=escaped(names.get(bye, "?"))))
    return "\n".join(lines) or "—"


def _games(matches: tuple[Match, ...]) -> str:
    return ", ".join(f"#{match.number}" for match in matches if match.number is not None) or "—"


def standings_view(board: TournamentBoard, lang: Language) -> StandingsView:
    """The standings picture's words and figures."""
    tournament = board.tournament
    names = board.names
    over = tournament.state is TournamentState.FINISHED
    bye = board.bye_in(tournament.round)
    lines = tuple(
        StandingsLine(
            rank=row.rank,
            name=names.get(row.user, "?"),
            points=points_text(row.points),
            tiebreak=points_text(row.opponents_points),
            wins=row.wins,
            games=row.games,
            mark=_mark(row, bye, over, lang),
            highlight=over and row.rank <= 3,
        )
        for row in board.rows
    )
    subtitle = (
        lang._("{format} · final standings", format=format_words(board, lang))
        if over
        else f"{format_words(board, lang)} · {_progress(board, lang)}"
    )
    return StandingsView(
        title=title(board),
        subtitle=subtitle,
        headers=(
            "#",
            lang._("Player"),
            lang.pgettext("standings", "Pts"),
            lang.pgettext("standings", "Opp"),
            lang.pgettext("standings", "Wins"),
            lang.pgettext("standings", "Games"),
        ),
        lines=lines,
        footer=lang._("Opp: the points of everyone each player sat with."),
        podium=over,
    )


def _mark(row: Row, bye: int | None, over: bool, lang: Language) -> str:
    if row.dropped_round is not None:
        return lang._("dropped")
    if over:
        return ""
    if row.in_play:
        return lang._("playing")
    if row.user == bye:
        return lang._("bye")
    return ""


def entry_line(board: TournamentBoard, user: int, lang: Language) -> str:
    """Where a player stands in a tournament they signed up to, in a line."""
    tournament = board.tournament
    name = f"**{escaped(tournament.name)}** ({face_for(tournament.kind).title})"
    if tournament.state is TournamentState.SIGNUP:
        return lang._("{name}: starts {when}", name=name, when=f"<t:{int(tournament.starts_at)}:R>")
    if any(e.user_id == user and e.dropped_round is not None for e in board.entries):
        return lang._("{name}: you dropped out", name=name)
    match = next((t for t in board.of_round(tournament.round) if user in t.players), None)
    if match is not None and match.thread_id is not None:
        where = lang._("your table {thread}", thread=f"<#{match.thread_id}>")
    elif board.bye_in(tournament.round) == user:
        where = lang._("you have the bye")
    else:
        where = lang._("not playing this round")
    return lang._(
        "{name}: round {round} of {rounds}, {where}",
        name=name,
        round=tournament.round,
        rounds=tournament.all_rounds,
        where=where,
    )
