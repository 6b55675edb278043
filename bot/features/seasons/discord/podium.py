"""A season's end as its announcement shows it: the podium, in the server's language."""

from __future__ import annotations

from bot.discord_ui.card_layout import Card
from bot.features.seasons.service import PODIUM, SeasonEnd
from bot.games.escaping import escaped
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.games.limits import TITLE, listed_name, shortened
from bot.service.errors import slash
from i18n import Language

MEDALS = ("🥇", "🥈", "🥉")


def podium_card(end: SeasonEnd, lang: Language) -> Card:
    """The season's end: its top three with the rating each gained, games and wins, those
    who gained some (``Standing.medalled``)."""
    face = face_for(end.kind)
    standings = end.standings
    season = standings.season.name(lang)
    lines = [
        lang._(
            "{medal} **{player}** · {points} · {games} · {wins}",
            medal=MEDALS[standing.place - 1],
            player=escaped(listed_name(standing.entry.display_name)),
            points=lang.ngettext("+{n} rating point", "+{n} rating points", standing.points),
            games=lang.ngettext("{n} game", "{n} games", standing.entry.games),
            wins=lang.ngettext("{n} win", "{n} wins", standing.entry.wins),
        )
        for standing in standings.ranked[:PODIUM]
        if standing.medalled
    ]
    if not lines:
        lines.append(lang._("Nobody ranked gained rating in it, so its podium stays empty."))
    players = lang.ngettext(
        "{n} player played in it.", "{n} players played in it.", standings.players
    )
    return Card(
        title=shortened(
            lang._("🏁 {title} · {season} is over", title=face.title, season=season), TITLE
        ),
        text="\n".join([*lines, "", players]),
        accent=GOLD,
        footer=lang._(
            "The rating runs on into the next season. {leaderboard} with season: shows "
            "every season's standings.",
            leaderboard=lang.say(slash(face.command, "leaderboard")),
        ),
    )
