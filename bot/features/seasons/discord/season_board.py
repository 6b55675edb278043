"""A season's standings as a view of the leaderboard (``/<game> leaderboard season:``),
and the seasons offered as the asker types, in their language."""

from __future__ import annotations

from collections.abc import Sequence

from babel.dates import format_skeleton
from discord.app_commands import Choice

from bot.discord_ui.card_layout import Card
from bot.features.seasons.service import CURRENT, SEASON_MIN_GAMES, SeasonStanding, SeasonStandings
from bot.features.seasons.windows import Season
from bot.games.escaping import escaped
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.games.limits import TITLE, listed_name, shortened
from i18n import Language

MEDALS = ("🥇", "🥈", "🥉")


def season_views(
    seasons: Sequence[Season], current: Season | None, lang: Language
) -> list[Choice[str]]:
    """The seasons as views of the leaderboard: the current one first (its value
    ``CURRENT``), then the earlier ones, newest first (each one's value is its first
    day)."""
    views = []
    for season in seasons:
        name = season.name(lang)
        value = season.first_day.isoformat()
        if season == current:
            name, value = lang._("{season} (now)", season=name), CURRENT
        views.append(Choice(name=name, value=value))
    return views


def season_card(standings: SeasonStandings, kind: str, server: str, lang: Language) -> Card:
    """A season's standings: each ranked player's place, the rating gained in it, games
    and wins; the asker's own line; the season's days and how it ranks."""
    face = face_for(kind)
    season = standings.season
    lines = [_line(standing, lang) for standing in standings.ranked]
    if not lines:
        lines.append(
            lang.ngettext(
                "Nobody is ranked yet: it takes {n} rated game in the season.",
                "Nobody is ranked yet: it takes {n} rated games in the season.",
                SEASON_MIN_GAMES,
            )
        )
    if standings.newcomers:
        heading = lang.ngettext(
            "**Not ranked yet** (fewer than {n} rated game)",
            "**Not ranked yet** (fewer than {n} rated games)",
            SEASON_MIN_GAMES,
        )
        lines += ["", heading, *(_line(standing, lang) for standing in standings.newcomers)]
    if standings.caller is not None:
        lines += ["", lang._("**Your place**"), _line(standings.caller, lang)]
    more = standings.unranked - len(standings.newcomers)
    if more:
        lines += [
            "",
            lang.ngettext(
                "{n} more player has fewer than {least} rated games in the season.",
                "{n} more players have fewer than {least} rated games in the season.",
                more,
                least=SEASON_MIN_GAMES,
            ),
        ]
    title = lang._(
        "{title} · {season} · {server}",
        title=face.title,
        season=season.name(lang),
        server=escaped(server),
    )
    return Card(
        title=shortened(title, TITLE),
        text="\n".join(lines),
        accent=GOLD,
        footer=f"{season_days(season, lang)} · {ranking_note(lang)}",
    )


def season_days(season: Season, lang: Language) -> str:
    """When the season runs, in UTC."""
    first = format_skeleton("yMMMd", season.first_day, locale=lang.locale)
    last = season.last_day
    if last is None:
        return lang._("From {first} on (UTC)", first=first)
    end = format_skeleton("yMMMd", last, locale=lang.locale)
    return lang._("From {first} to {last} (UTC)", first=first, last=end)


def ranking_note(lang: Language) -> str:
    """How a season ranks its players."""
    return lang.ngettext(
        "Ranked by the rating gained in the season (the rating itself runs on), then wins, "
        "then games; it takes {n} rated game to be ranked.",
        "Ranked by the rating gained in the season (the rating itself runs on), then wins, "
        "then games; it takes {n} rated games to be ranked.",
        SEASON_MIN_GAMES,
    )


def _line(standing: SeasonStanding, lang: Language) -> str:
    entry = standing.entry
    if standing.place == 0:
        place = "`–`"
    elif standing.medalled:
        # As on the season's end podium: a place with rating lost is no medal's.
        place = MEDALS[standing.place - 1]
    else:
        place = f"`{standing.place}.`"
    return (
        f"{place} **{escaped(listed_name(entry.display_name))}** · "
        f"{lang.signed(standing.points)} · "
        f"{lang.ngettext('{n} game', '{n} games', entry.games)} · "
        f"{lang.ngettext('{n} win', '{n} wins', entry.wins)}"
    )
