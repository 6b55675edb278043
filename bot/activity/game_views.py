"""What one viewer's board is sent of a game, and of the games of their channel: plain JSON,
in the viewer's language, holding only what that viewer may see (``GameFace.board``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.face import Board, Choice, GameFace, Menu
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registry import REGISTERED, rules_for
from bot.games.shared_words import game_name, name, seat_name
from bot.storage.records import Game, GameStatus, Result
from i18n import Language
from render.common.palette import PLAYERS

JSON = dict[str, Any]
KINDS = frozenset(game.kind for game in REGISTERED)


@dataclass(frozen=True)
class TakenBack:
    """Moves a take-back undid, first to last (the first its asker's), told among the
    last moves where it was made."""

    moves: tuple[Outcome, ...]


Happened = Outcome | TakenBack
"""One of the last moves a board lists: a move that stands, or a take-back."""


def listable(game: Game) -> bool:
    """A game of a kind this bot knows, whose data isn't damaged."""
    return game.kind in KINDS and game.broken is None


def listed(game: Game, user_id: int, lang: Language) -> JSON:
    """A game in the channel's list: what it is, who sits, and what the viewer may do."""
    rules = rules_for(game.kind)
    seated = game.seat_of(user_id) is not None
    lobby = game.status is GameStatus.LOBBY
    return {
        "id": game.id,
        "kind": game.kind,
        "title": game_name(face_for(game.kind).title, game),
        "status": str(game.status),
        "players": [seat_name(seat, lang) for seat in game.seats],
        "min": rules.min_players,
        "max": rules.max_players,
        "seated": seated,
        "can_join": lobby and not seated and len(game.seats) < rules.max_players,
        "can_start": lobby and game.host_id == user_id and len(game.seats) >= rules.min_players,
        "version": game.version,
    }


def shown(
    game: Game,
    user_id: int,
    board: Board,
    happened: Sequence[Happened],
    results: Sequence[Result],
    lang: Language,
    now: float,
    *,
    actions: Sequence[JSON],
) -> JSON:
    """The watched game as one viewer sees it now, with the features' actions it is
    offered (``bot.activity.actions``)."""
    face = face_for(game.kind)
    mine = game.seat_of(user_id)
    to_act = _to_act(game)
    return {
        "type": "game",
        "game": {
            "id": game.id,
            "kind": game.kind,
            "title": game_name(face.title, game),
            "status": str(game.status),
            "version": game.version,
            "you": None if mine is None else mine.seat,
            "seats": [
                {
                    "seat": seat.seat,
                    "name": seat_name(seat, lang),
                    "bot": seat.is_bot,
                    "colour": "#{:02x}{:02x}{:02x}".format(*PLAYERS[seat.seat].color),
                    "acting": seat.seat in to_act,
                }
                for seat in game.seats
            ],
            "to_act": list(to_act),
            "deadline": game.deadline if game.status is GameStatus.ACTIVE else None,
            "now": now,
            "headline": _headline(game, to_act, user_id, lang),
            "happened": [_happened(face, game, entry, lang) for entry in happened],
            "result": _result(game, results, lang),
            "actions": list(actions),
        },
        "board": {
            "table": board.table,
            "words": board.words,
            "own": board.own,
            "own_words": board.own_words,
            "choices": [_control(control) for control in board.choices],
            "key": board.key,
        },
    }


def _happened(face: GameFace, game: Game, entry: Happened, lang: Language) -> str:
    """A move as the board says it, or a take-back as the table's headline says it."""
    if isinstance(entry, Outcome):
        return face.board_happened(entry, lang)
    first = " ".join(face.board_happened(entry.moves[0], lang).split())
    later = len(entry.moves) - 1
    if later:
        first = lang.ngettext(
            "{move} (and {n} move after it)", "{move} (and {n} moves after it)", later, move=first
        )
    player = name(game.seats[entry.moves[0].seat], lang)
    return lang._("{player} took back their last move: {moves}", player=player, moves=first)


def _to_act(game: Game) -> tuple[int, ...]:
    if game.status is not GameStatus.ACTIVE:
        return ()
    return tuple(rules_for(game.kind).to_act(game.state))


def _headline(game: Game, to_act: Sequence[int], user_id: int, lang: Language) -> str:
    if game.status is GameStatus.LOBBY:
        return lang._("Waiting for the host to start the game.")
    if game.status is GameStatus.CANCELLED:
        return lang._("This game was closed before its end.")
    if game.status is GameStatus.FINISHED:
        return lang._("The game is over.")
    mine = game.seat_of(user_id)
    if mine is not None and mine.seat in to_act:
        return lang._("Your turn.")
    names = lang.list(seat_name(game.seats[seat], lang) for seat in to_act)
    return lang._("Waiting for {players}.", players=names)


def _result(game: Game, results: Sequence[Result], lang: Language) -> list[str] | None:
    if game.status is not GameStatus.FINISHED or not results:
        return None
    winners = [seat_name(game.seats[r.seat], lang) for r in results if r.won]
    if len(winners) == 1:
        lines = [lang._("{player} wins!", player=winners[0])]
    else:
        lines = [lang._("Shared win: {players}!", players=lang.list(winners))]
    for result in sorted(results, key=lambda r: (r.place, r.seat)):
        lines.append(
            lang._(
                "{place}. {name}",
                place=lang.number(result.place),
                name=seat_name(game.seats[result.seat], lang),
            )
        )
    return lines


def _control(control: Choice | Menu) -> JSON:
    if isinstance(control, Choice):
        return {
            "type": "button",
            "intent": control.intent,
            "label": control.label,
            "emoji": control.emoji,
            "tone": str(control.tone),
            "enabled": control.enabled,
        }
    return {
        "type": "menu",
        "name": control.name,
        "placeholder": control.placeholder,
        "options": [
            {
                "intent": option.intent,
                "label": option.label,
                "description": option.description,
                "emoji": option.emoji,
            }
            for option in control.options
        ],
    }
