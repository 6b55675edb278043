"""The lobby message, the same for every game: its card, with the rows of controls the
features add under an open lobby (each game draws its own turns, ``bot.games.face``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.discord_ui import game_notes
from bot.discord_ui.card_layout import Card, Line, Rows
from bot.games import shared_words
from bot.games.faces import face_for
from bot.games.registry import rules_for
from bot.storage import EndReason, Game, Seat
from i18n import Language
from render.common.palette import PLAYERS


def lobby_card(
    game: Game,
    lang: Language,
    note: str | None = None,
    rows: Rows = (),
    added: Sequence[Line] = (),
    seat_notes: Mapping[int, str] | None = None,
) -> Card:
    """The lobby: its seats and settings, and while it is open (no ``note`` saying how it
    ended) the ``rows`` of controls under it, the fields the features ``added`` after its
    own, and their ``seat_notes`` after each seated person's name."""
    face, rules = face_for(game.kind), rules_for(game.kind)
    notes = seat_notes or {}

    def seat(s: Seat) -> str:
        host = lang._(" (host)") if s.user_id == game.host_id else ""
        noted = notes.get(s.user_id) if s.user_id is not None else None
        return shared_words.seat_line(s, lang) + host + (f" · {noted}" if noted else "")

    seats = "\n".join(seat(s) for s in game.seats)
    players = lang._(
        "**Players ({seated}/{most})**", seated=len(game.seats), most=rules.max_players
    )
    teams = _teams(game, lang)
    # Everyone left: the seats it kept are nobody's any more.
    seated = "" if game.end_reason is EndReason.LOBBY_EMPTY else f"{players}\n{seats}" + teams
    lines = [
        Line(name, value, inline=True) for name, value in face.option_fields(game.options, lang)
    ]
    lines.append(
        Line(lang._("Turn time"), game_notes.minutes(game.turn_timeout, lang), inline=True)
    )
    if game.thread_id is not None:
        lines.append(Line(lang._("Played in"), f"<#{game.thread_id}>", inline=True))
    if note is None and game.deadline is not None:
        lines.append(
            Line(lang._("Lobby closes"), shared_words.deadline(game.deadline), inline=True)
        )
    if note is None:
        lines.extend(added)
    footer = None
    if note is None and len(game.seats) >= rules.max_players:
        footer = lang._(
            "The lobby is full ({most} players), so Join is off: the host can start, or "
            "someone leaves to make room.",
            most=rules.max_players,
        )
    elif note is None:
        footer = lang._(
            "Join with the button. The host starts with {fewest} to {most} players.",
            fewest=rules.min_players,
            most=rules.max_players,
        )
    return Card(
        title=shared_words.game_name(face.title, game),
        text="\n\n".join(part for part in (note, seated) if part),
        accent=PLAYERS[0].color,
        lines=tuple(lines),
        footer=footer,
        rows=() if note is not None else rows,
    )


def _teams(game: Game, lang: Language) -> str:
    """Who plays with whom once the seats make teams (Claim with 4: seats 1 & 3 against
    2 & 4), lettered as the game's pictures letter them; empty while everyone plays alone."""
    rules = rules_for(game.kind)
    if not rules.min_players <= len(game.seats) <= rules.max_players:
        return ""
    units = rules.teams(len(game.seats))
    if all(len(unit) == 1 for unit in units):
        return ""
    lines = [
        lang._(
            "Team {team}: {players}",
            team=chr(ord("A") + index),
            players=" & ".join(shared_words.seat_line(game.seats[seat], lang) for seat in unit),
        )
        for index, unit in enumerate(units)
    ]
    return "\n\n" + "\n".join([lang._("**Teams**"), *lines])
