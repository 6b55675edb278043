"""A player's form as the ladder shows it: their decision rate and luck per game on
their stats card (``/<game> stats``), with the band the computer levels name, and the
ranking by decision rate as a view of the leaderboard (``/<game> leaderboard season:
decisions``), the computer levels among the people.

Rates are shown in points of win chance (hundredths of a chance to win), as the report
counts a decision's cost and a roll's luck."""

from __future__ import annotations

from collections.abc import Sequence

from discord.app_commands import Choice

from bot.discord_ui.card_layout import Card, Line
from bot.discord_ui.context import Context
from bot.discord_ui.part import Part
from bot.features.analysis.form import (
    MIN_DECISIONS,
    RECENT_GAMES,
    Band,
    FormBoard,
    Forms,
    PlayerForm,
    RankingLine,
    Standing,
    luck_per_game,
    rate,
)
from bot.features.analysis.form_queries import Tally
from bot.games import shared_words
from bot.games.escaping import escaped
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.games.limits import TITLE, listed_name, shortened
from bot.games.registry import analyst_for
from i18n import Language

VIEW = "decisions"
"""The value of the leaderboard's view ranked by decision rate."""


def points(chance: float, lang: Language) -> str:
    """A chance to win in points, to a tenth: ``1.8`` / ``1,8``."""
    return lang.number(round(chance * 100, 1) + 0.0, 1)


def signed_points(chance: float, lang: Language) -> str:
    """A change of the chance to win in points, with its sign: ``+3.2``, ``-0.4``."""
    shown = round(chance * 100, 1) + 0.0
    return ("+" if shown > 0 else "") + lang.number(shown, 1)


def band_words(band: Band, lang: Language) -> str:
    """Where a rate stands among the computer levels, in a sentence."""
    level = shared_words.level(band.level.value, lang)
    if band.standing is Standing.ABOUT:
        return lang._("About as precise as the {level} computer player.", level=level)
    if band.standing is Standing.BEYOND:
        return lang._("More precise than the {level} computer player.", level=level)
    if band.standing is Standing.SHORT:
        return lang._("Less precise than the {level} computer player.", level=level)
    assert band.better is not None
    better = shared_words.level(band.better.value, lang)
    return lang._(
        "Between the {worse} and the {better} computer players.", worse=level, better=better
    )


def form_lines(form: PlayerForm | None, lang: Language) -> tuple[Line, ...]:
    """A player's decision rate and luck per game on their stats card; nothing for one
    who finished no game here (the card says so already)."""
    if form is None:
        return ()
    heading = lang._("Decision rate")
    apart = _uncounted_words(form.uncounted, lang)
    if not form.overall.games:
        nothing = lang._(
            "Nothing judged yet: a game counts here once it is judged (when someone asks "
            "what decided it, or its player takes its drills)."
        )
        return (Line(heading, "\n".join(filter(None, (nothing, apart)))),)
    recent, overall = form.recent, form.overall
    # The last games are all of them, for a player with few judged yet: said once.
    older = overall.games > recent.games
    decided = [_rate_words(recent, lang, latest=older)]
    luck = [_luck_words(recent, lang, latest=older)]
    if older:
        decided.append(_rate_words(overall, lang, latest=False))
        luck.append(_luck_words(overall, lang, latest=False))
    if form.band is not None:
        decided.append(band_words(form.band, lang))
    elif rate(recent) is not None:
        decided.append(
            lang.ngettext(
                "Compared with the computer players from {n} judged decision on.",
                "Compared with the computer players from {n} judged decisions on.",
                MIN_DECISIONS,
            )
        )
    if apart:
        decided.append(apart)
    return (
        Line(heading, "\n".join(decided)),
        Line(lang._("Luck per game"), "\n".join(luck)),
    )


def _uncounted_words(games: int, lang: Language) -> str:
    """The player's judged games that count nowhere, said apart (none: nothing)."""
    if not games:
        return ""
    return lang.ngettext(
        "{n} judged game with hints (or otherwise unrated) is not counted here.",
        "{n} judged games with hints (or otherwise unrated) are not counted here.",
        games,
    )


def _games(games: int, lang: Language, *, latest: bool) -> str:
    if latest:
        return lang.ngettext("last {n} judged game", "last {n} judged games", games)
    return lang.ngettext("{n} judged game", "{n} judged games", games)


def _rate_words(tally: Tally, lang: Language, *, latest: bool) -> str:
    games = _games(tally.games, lang, latest=latest)
    lost = rate(tally)
    if lost is None:
        return lang._("{games}: no decision of theirs to judge", games=games)
    return lang._(
        "{games}: **{points}** points of win chance lost per decision ({decisions})",
        games=games,
        points=points(lost, lang),
        decisions=lang.ngettext("{n} decision", "{n} decisions", tally.decisions),
    )


def _luck_words(tally: Tally, lang: Language, *, latest: bool) -> str:
    per_game = luck_per_game(tally)
    assert per_game is not None, "shown for judged games alone"
    return lang._(
        "{games}: **{points}** points of win chance",
        games=_games(tally.games, lang, latest=latest),
        points=signed_points(per_game, lang),
    )


def view_name(lang: Language) -> str:
    """The view's name as the asker types ``season:``."""
    return lang._("decision rate")


def form_views(lang: Language) -> list[Choice[str]]:
    """The view ranked by decision rate, as the asker typing ``season:`` is offered it."""
    return [Choice(name=view_name(lang), value=VIEW)]


def asked_form(asked: str, lang: Language) -> bool:
    """Whether ``asked`` is the view ranked by decision rate (its value, or its name)."""
    wanted = asked.strip().casefold()
    return wanted in (VIEW, view_name(lang).casefold())


def form_card(board: FormBoard, kind: str, server: str, lang: Language) -> Card:
    """The ranking by decision rate: each ranked person's place, rate and judged
    decisions, the computer levels among them; who is left out, and why; the asker's own
    line."""
    face = face_for(kind)
    lines: list[str] = []
    if not board.judged:
        lines += [
            lang._(
                "No {title} game here has been judged yet: a game counts once someone asks "
                "What decided it under its result.",
                title=face.title,
            ),
            "",
        ]
    elif not board.ranked:
        lines += [
            lang.ngettext(
                "Nobody is ranked yet: it takes {n} judged decision.",
                "Nobody is ranked yet: it takes {n} judged decisions.",
                MIN_DECISIONS,
            ),
            "",
        ]
    lines += [_line(entry, lang) for entry in board.entries]
    if board.left_out:
        lines += [
            "",
            lang.ngettext(
                "{n} more player has fewer than {least} judged decisions.",
                "{n} more players have fewer than {least} judged decisions.",
                board.left_out,
                least=MIN_DECISIONS,
            ),
        ]
    if board.caller is not None:
        lines += ["", lang._("**Your place**"), _line(board.caller, lang)]
    title = lang._("{title} · decision rate · {server}", title=face.title, server=escaped(server))
    footer = lang.ngettext(
        "Points of win chance lost per judged decision over each player's last {n} judged "
        "game: fewer is better. The judge is our hard computer player's view of best play, "
        "not perfect play.",
        "Points of win chance lost per judged decision over each player's last {n} judged "
        "games: fewer is better. The judge is our hard computer player's view of best play, "
        "not perfect play.",
        RECENT_GAMES,
    )
    return Card(title=shortened(title, TITLE), text="\n".join(lines), accent=GOLD, footer=footer)


def _line(entry: RankingLine, lang: Language) -> str:
    figure = lang._("{points} points per decision", points=points(entry.rate, lang))
    if entry.level is not None:
        name = lang._("{level} computer player", level=shared_words.level(entry.level.value, lang))
        if entry.measured:
            said = lang._("measured in games between the computer players")
        else:
            said = lang.ngettext("{n} decision", "{n} decisions", entry.decisions)
        return f"🤖 *{name}* · {figure} · {said}"
    place = f"`{entry.place}.`" if entry.place else "`–`"
    decisions = lang.ngettext("{n} decision", "{n} decisions", entry.decisions)
    return f"{place} **{escaped(listed_name(entry.name))}** · {figure} · {decisions}"


class ShowsForm(Part):
    """The analysis feature's part, as far as it shows players' form: on their stats card
    and as a view of the leaderboard (the reports' part builds on it)."""

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.forms = Forms(context.database)

    @property
    def stats_in_conversations(self) -> bool:
        """A conversation's games are judged too (their drills made): its form is its own."""
        return True

    async def stats_lines(
        self, guild_id: int, kind: str, user_id: int, lang: Language
    ) -> Sequence[Line]:
        """The player's form in the scope (a server's, a conversation's)."""
        rates = analyst_for(kind).level_rates
        return form_lines(await self.forms.player(guild_id, kind, user_id, rates), lang)

    async def leaderboard_views(
        self, guild_id: int, kind: str, lang: Language
    ) -> Sequence[Choice[str]]:
        """The ranking by decision rate, offered once a game here was judged (asked by
        its value, it answers before that too)."""
        return form_views(lang) if await self.forms.judged(guild_id, kind) else []

    async def leaderboard_view(
        self, guild_id: int, kind: str, asked: str, user_id: int, server: str, lang: Language
    ) -> Card | None:
        """The ranking by decision rate, when it is the view asked."""
        if not asked_form(asked, lang):
            return None
        board = await self.forms.board(guild_id, kind, user_id, analyst_for(kind).level_rates)
        return form_card(board, kind, server, lang)
