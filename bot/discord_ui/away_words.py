"""What a game's messages say of its players' time away: who is away until when and what
the game does meanwhile, who is back, the moves a computer player made standing in for
someone, and in the result how many turns it played for them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.discord_ui import game_notes
from bot.discord_ui.face_drawing import acting
from bot.games.outcome import Outcome
from bot.games.shared_words import deadline, name
from bot.storage import Game, GameStatus, Seat
from i18n import Language


def until(at: float) -> str:
    """When a time away ends, as every reader's Discord shows a moment in their own time
    zone and language (a minute before, so that the end of a day reads as that day)."""
    return f"<t:{int(at) - 60}:f>"


def away_line(game: Game, seat: Seat, lang: Language) -> str:
    """What the table says of a seat whose player is away."""
    assert seat.away_until is not None
    player, when = name(seat, lang), until(seat.away_until)
    if seat.away_stand_in:
        return lang._(
            "🤖 {player} is away until {when}: a computer player (normal) plays their "
            "turns meanwhile.",
            player=player,
            when=when,
        )
    line = lang._(
        "💤 {player} is away until {when}: the game waits for them.", player=player, when=when
    )
    if game.paused_left is not None and game.status is GameStatus.ACTIVE:
        left = game_notes.duration(round(game.paused_left), lang)
        line += " " + lang._("The clock is stopped with {left} left.", left=left)
    return line


def table_lines(game: Game, now: float, lang: Language) -> list[str]:
    """A line for each player away, for the table."""
    return [away_line(game, seat, lang) for seat in game.seats if seat.away_at(now)]


def changed(game: Game, before: Sequence[Seat], lang: Language) -> str:
    """What changed in whose time away, as the table's headline."""
    lines = []
    for was, seat in zip(before, game.seats, strict=True):
        if (was.away_until, was.away_stand_in) == (seat.away_until, seat.away_stand_in):
            continue
        if seat.away_until is not None:
            # When until, and what the game does meanwhile, the table says under it.
            lines.append(lang._("💤 {player} is away.", player=name(seat, lang)))
        elif game.deadline is not None and seat.user_id in _acting(game):
            lines.append(
                lang._(
                    "👋 {player} is back: their turn ends {when}.",
                    player=name(seat, lang),
                    when=deadline(game.deadline),
                )
            )
        else:
            lines.append(lang._("👋 {player} is back.", player=name(seat, lang)))
    return "\n".join(lines)


def _acting(game: Game) -> list[int | None]:
    return [seat.user_id for seat in acting(game)]


def stood_in_for(game: Game, outcome: Outcome, lang: Language, said: str) -> str:
    """A move's words, marked when a computer player made it for someone away."""
    if not outcome.for_away:
        return said
    return lang._(
        "🤖 For {player}, away: {move}", player=name(game.seats[outcome.seat], lang), move=said
    )


def result_lines(game: Game, outcomes: Sequence[Outcome], lang: Language) -> list[str]:
    """For the result: how many turns a computer player played for whom while they were
    away."""
    turns = Counter(o.seat for o in outcomes if o.for_away and o.turn_over)
    return [
        lang.ngettext(
            "🤖 A computer player played {n} turn for {player} while they were away.",
            "🤖 A computer player played {n} turns for {player} while they were away.",
            count,
            player=name(game.seats[seat], lang),
        )
        for seat, count in sorted(turns.items())
    ]
