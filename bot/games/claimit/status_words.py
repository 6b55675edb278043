"""Claim It! in a voice channel's status: whose turn, who leads with the largest mine, and
the claim markers left (or the last round)."""

from __future__ import annotations

from bot.games import shared_words
from bot.games.status_line import status_line, status_names
from bot.storage.records import Game
from engine.claimit import GameState, Phase, scores, winners
from i18n import Language


def voice_status(title: str, game: Game, lang: Language) -> str:
    """The game's line: ``Claim It! #3 · Ann's turn · Bo leads with a mine of 5 · 12 claim
    markers left``; a leader once someone holds a mine."""
    state: GameState = game.state
    name = shared_words.game_name(title, game)
    if state.phase is Phase.OVER:
        return status_line(name, lang._("game over"))
    table = scores(state)
    leaders = winners(table)
    mine = table[leaders[0]].largest
    leading = ""
    if mine and len(leaders) == 1:
        players = status_names(game, leaders, lang)
        leading = lang._("{player} leads with a mine of {n}", player=players, n=lang.number(mine))
    elif mine:
        players = status_names(game, leaders, lang)
        leading = lang._("{players} tie with a mine of {n}", players=players, n=lang.number(mine))
    if state.last_round is not None:
        ending = lang._("last round")
    else:
        supply = state.claim_supply
        ending = lang.ngettext("{n} claim marker left", "{n} claim markers left", supply)
    turn = lang._("{player}'s turn", player=status_names(game, (state.turn,), lang))
    return status_line(name, turn, leading, ending)
