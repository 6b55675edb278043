"""The messages a tournament posts beside its announcement: a round's start, naming
each match's players (pinging those who like a ping) and its thread, and the end, with
the winner and the podium."""

from __future__ import annotations

from collections.abc import Callable

from bot.discord_ui.card_layout import Card, Line
from bot.discord_ui.game_messages import message_link
from bot.features.tournaments.discord.board_card import champions, title
from bot.features.tournaments.queries import Tournament
from bot.features.tournaments.tournament_board import TournamentBoard
from bot.games.escaping import escaped
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.league import points_text
from i18n import Language

MEDALS = ("🥇", "🥈", "🥉")


def round_card(board: TournamentBoard, round_: int, pinged: frozenset[int], lang: Language) -> Card:
    """Round ``round_`` has begun: its matches, each player a mention (``pinged`` are
    notified by it), with a link to the announcement."""
    tournament = board.tournament
    lines = []
    for match in board.of_round(round_):
        players = ", ".join(f"<@{user}>" for user in match.players)
        where = f" · <#{match.thread_id}>" if match.thread_id is not None else ""
        lines.append(Line(lang._("Table {n}", n=match.match_no), players + where))
    bye = board.bye_in(round_)
    if bye is not None:
        lines.append(
            Line(lang._("Bye"), lang._("<@{user}> sits this round out and scores a win.", user=bye))
        )
    final = tournament.final and round_ == tournament.all_rounds
    text = (
        lang._("🏆 The final of {name} has begun: the leaders at one table.", name=title(board))
        if final
        else lang._(
            "🏆 Round {round} of {rounds} of {name} has begun. Your table is a thread of its "
            "own: your turn is told there as in any game.",
            round=round_,
            rounds=tournament.all_rounds,
            name=title(board),
        )
    )
    return _posted(
        tournament,
        text,
        lambda link: lang._("[The standings]({link})", link=link),
        tuple(lines),
        tuple(sorted(pinged)),
    )


def end_card(board: TournamentBoard, lang: Language) -> Card:
    """The tournament is over: its winner, its podium and where its standings are."""
    tournament = board.tournament
    podium = [
        f"{MEDALS[row.rank - 1]} <@{row.user}> · {points_text(row.points)}"
        for row in board.rows
        if row.rank <= 3
    ]
    winners = champions(board)
    # The game's own title may end in "!" (Claim It!): the sentence ends in brackets.
    name, game = escaped(tournament.name), face_for(tournament.kind).title
    text = (
        lang.ngettext(
            "🏆 {winners} wins {name} ({game}).",
            "🏆 {winners} win {name} ({game}).",
            len(winners),
            winners=lang.list(winners),
            name=name,
            game=game,
        )
        if winners
        else lang._("🏆 {name} ({game}) is over.", name=name, game=game)
    )
    return _posted(
        tournament,
        text,
        lambda link: lang._("[The final standings and every game]({link})", link=link),
        (Line(lang._("Podium"), "\n".join(podium)),) if podium else (),
        tuple(row.user for row in board.rows if row.rank <= 3),
    )


def _posted(
    tournament: Tournament,
    text: str,
    linked: Callable[[str], str],
    lines: tuple[Line, ...],
    pings: tuple[int, ...],
) -> Card:
    """A message beside the announcement: ``text``, then the link to the announcement in
    the words ``linked`` makes of it, once the announcement is posted."""
    if tournament.message_id is not None:
        link = message_link(tournament.guild_id, tournament.channel_id, tournament.message_id)
        text += "\n" + linked(link)
    return Card(title=None, text=text, accent=GOLD, lines=lines, pings=pings)
