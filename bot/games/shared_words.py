"""The words every game's messages share: names, ratings, the first turn and the winners,
in the reader's language. Each game's own words are in its package
(``bot.games.<game>``); the Discord layer's own, on lobbies and takeovers, in
``bot.discord_ui.game_notes``."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.escaping import escaped
from bot.storage.ratings import NEW_PLAYER, PROVISIONAL_GAMES, Rating, is_provisional, shown
from bot.storage.records import BOT_NAME, TAKEOVER_SUFFIX, Game, PlayerRecord, RatingChange, Seat
from i18n import Language
from render.common.palette import PLAYERS

SEAT_EMOJI = tuple(style.emoji for style in PLAYERS)
"""Each seat's emoji: its pictures' color and symbol (``render.common.palette``)."""


def game_name(title: str, game: Game) -> str:
    """A game as its players call it: its title and its number among the server's games
    of its kind (``Gold Nuggets #3``)."""
    return f"{title} #{number(game)}"


def number(game: Game) -> int:
    """The game's number among the server's games of its kind."""
    return game.id if game.number is None else game.number


def level(value: str, lang: Language) -> str:
    """A computer player's level, as the level menus and names show it."""
    levels = {
        "easy": lang.pgettext("level", "easy"),
        "normal": lang.pgettext("level", "normal"),
        "hard": lang.pgettext("level", "hard"),
    }
    return levels.get(value, value)


def seat_name(seat: Seat, lang: Language) -> str:
    """A seat's name as typed, for images and menus: a computer player's in the reader's
    language (``Bot 2 (schwer)``), and one that took a seat over named after its human."""
    if seat.left_user_id is not None and seat.display_name.endswith(TAKEOVER_SUFFIX):
        return lang._("{name} (bot)", name=seat.display_name.removesuffix(TAKEOVER_SUFFIX))
    seated = BOT_NAME.fullmatch(seat.display_name) if seat.is_bot else None
    if seated is not None:
        return lang._("Bot {number} ({level})", number=seated[1], level=level(seated[2], lang))
    return seat.display_name


def name(seat: Seat, lang: Language) -> str:
    """A seat's name in a message's markdown."""
    return escaped(seat_name(seat, lang))


def seat_line(seat: Seat, lang: Language) -> str:
    """A seat as a message calls it to act: its emoji and its name in bold."""
    return f"{SEAT_EMOJI[seat.seat]} **{name(seat, lang)}**"


def deadline(at: float) -> str:
    """A Discord timestamp that every client shows as a live "in 5 minutes", in its
    reader's own language."""
    return f"<t:{int(at)}:R>"


def rating(value: Rating, lang: Language, rated_games: int | None = None) -> str:
    """A rating as players see it: mu - 3 sigma on a scale where a new player has 1000;
    with its rated games, marked "?" while provisional (as chess sites do)."""
    mark = "?" if rated_games is not None and is_provisional(rated_games) else ""
    return f"{lang.number(shown(value.conservative))}{mark}"


def provisional_note(lang: Language) -> str:
    """What the "?" after a rating means."""
    return lang._(
        "A rating is provisional (?) for its first {games} rated games: "
        "it moves a lot until it settles.",
        games=PROVISIONAL_GAMES,
    )


def rating_changes(changes: Sequence[RatingChange], computers: bool, lang: Language) -> str:
    """Each human's rating before → after, e.g. "Ann 1,000 → 1,138? (+138)", with what
    makes the numbers surprising: provisional ratings, and computer players left out."""
    if not changes:
        return lang._("Unrated: it takes two human players for a game to count for the ladder.")
    lines = []
    for change in changes:
        before = shown((change.before or NEW_PLAYER).conservative)
        after = shown(change.after.conservative)
        line = lang._(
            "{name}: {before} → **{after}** ({change})",
            name=escaped(change.display_name),
            before=lang.number(before),
            after=rating(change.after, lang, change.rated_games),
            change=lang.signed(after - before),
        )
        if change.before is None:
            line += lang._(" · first rated game")
        lines.append(line)
    if computers:
        lines.append(
            lang._(
                "Computer players aren't rated: the ratings compare the people here, "
                "by where each finished."
            )
        )
    if any(is_provisional(change.rated_games) for change in changes):
        lines.append(provisional_note(lang))
    return "\n".join(lines)


def first_turn(game: Game, lang: Language) -> str:
    """What the table says as the game begins."""
    assert game.first_seat is not None
    return lang._(
        "The game begins. {player} goes first.",
        player=seat_line(game.seats[game.first_seat], lang),
    )


def round_name(number: int, lang: Language) -> str:
    """A round of a game of turns (each player's once), as a step-through replay names it."""
    return lang._("Round {n}", n=lang.number(number))


def winners_line(winners: Sequence[Seat], lang: Language) -> str:
    """Who won, as a game-over message says it."""
    if len(winners) == 1:
        return lang._("{player} wins!", player=name(winners[0], lang))
    return lang._("Shared win: {players}!", players=lang.list(name(w, lang) for w in winners))


def decided(
    criteria: Sequence[str],
    winners: Sequence[tuple[str, Sequence[int]]],
    runner_up: tuple[str, Sequence[int]] | None,
    lang: Language,
) -> str | None:
    """What settled a game whose first criterion left players level, as the rulebook's
    tie-breaks do: ``criteria`` in the order they count (``"largest mine"``, ``"claims"``…)
    and each finisher's figures in that order (the winners', and the best of the rest).
    ``None`` where the first criterion alone decided."""
    if len(winners) > 1:
        level = [i for i in range(len(criteria)) if len({w[1][i] for w in winners}) == 1]
        return lang._(
            "{players} share the win: level on {criteria}.",
            players=lang.list(name for name, _ in winners),
            criteria=lang.list(criteria[i] for i in level),
        )
    if runner_up is None or not winners:
        return None
    (winner, figures), (other, theirs) = winners[0], runner_up
    differs = next(
        (i for i, (a, b) in enumerate(zip(figures, theirs, strict=True)) if a != b), None
    )
    if differs is None or differs == 0:
        return None
    return lang._(
        "{winner} and {other} are level on {level}; {winner} wins on {criterion} "
        "({ours} to {theirs}).",
        winner=winner,
        other=other,
        level=lang.list(criteria[:differs]),
        criterion=criteria[differs],
        ours=lang.number(figures[differs]),
        theirs=lang.number(theirs[differs]),
    )


def per_game(record: PlayerRecord, total: str, best: str, lang: Language) -> dict[str, str]:
    """The values of a stats line on a figure of each game: the record's ``total`` figure
    per game played out (``average``) and its ``best`` one."""
    return {
        "average": lang.number(record.figures.get(total, 0) / record.played_out, digits=1),
        "best": lang.number(record.figures.get(best, 0)),
    }


def bust_rate(busts: int, turns: int, lang: Language) -> dict[str, str]:
    """The values of a stats line on a dice game's busts: per turn (``rate``), and the
    ``busts`` and ``turns`` it is made of."""
    return {
        "rate": lang.number(busts / turns, digits=2),
        "busts": lang.number(busts),
        "turns": lang.number(turns),
    }
