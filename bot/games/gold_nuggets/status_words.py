"""Gold Nuggets in a voice channel's status: whose turn, who leads with the most nuggets,
and the nuggets left in the centre."""

from __future__ import annotations

from bot.games import shared_words
from bot.games.status_line import status_line, status_names
from bot.storage.records import Game
from engine.gold_nuggets import GameState, Phase, winners
from i18n import Language


def voice_status(title: str, game: Game, lang: Language) -> str:
    """The game's line: ``Gold Nuggets #3 · Ann's turn · Bo leads with 12 nuggets · 40
    nuggets left in the centre``; a leader once someone holds a nugget."""
    state: GameState = game.state
    name = shared_words.game_name(title, game)
    if state.phase is Phase.OVER:
        return status_line(name, lang._("game over"))
    leaders = winners(state)
    most = state.nuggets[leaders[0]]
    leading = ""
    if most:
        players = status_names(game, leaders, lang)
        leading = (
            lang.ngettext(
                "{player} leads with {n} nugget",
                "{player} leads with {n} nuggets",
                most,
                player=players,
            )
            if len(leaders) == 1
            else lang.ngettext(
                "{players} tie with {n} nugget",
                "{players} tie with {n} nuggets",
                most,
                players=players,
            )
        )
    centre = lang.ngettext(
        "{n} nugget left in the centre", "{n} nuggets left in the centre", state.centre
    )
    turn = lang._("{player}'s turn", player=status_names(game, (state.turn,), lang))
    return status_line(name, turn, leading, centre)
