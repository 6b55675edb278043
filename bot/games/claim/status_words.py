"""Claim in a voice channel's status: the phase and trick, and who acts in it."""

from __future__ import annotations

from bot.games import shared_words
from bot.games.status_line import status_line, status_names
from bot.storage.records import Game
from engine.claim.setup import hand_size
from engine.claim.state import ClaimState, Phase, Step
from i18n import Language


def voice_status(title: str, game: Game, lang: Language) -> str:
    """The game's line: ``Claim #3 · phase 2, trick 7 of 13 · Ann to play``; only what the
    table shows everybody."""
    state: ClaimState = game.state
    name = shared_words.game_name(title, game)
    if state.phase is Phase.OVER:
        return status_line(name, lang._("game over"))
    if state.phase is Phase.LOOT:
        progress = lang._("the loot Raccoons' factions")
    else:
        progress = lang._(
            "phase {phase}, trick {trick} of {tricks}",
            phase=lang.number(1 if state.phase is Phase.P1 else 2),
            trick=lang.number(state.trick or 0),
            tricks=lang.number(hand_size(state.players)),
        )
    acting = state.to_act()
    players = status_names(game, acting, lang)
    step = state.step
    if step is Step.DISCARD:
        doing = lang.ngettext(
            "{players} to discard", "{players} to discard", len(acting), players=players
        )
    elif step is Step.TAKE:
        doing = lang._("{player} to take a card", player=players)
    elif step is Step.LOOT:
        doing = lang.ngettext(
            "{players} to choose", "{players} to choose", len(acting), players=players
        )
    else:
        doing = lang._("{player} to play", player=players)
    return status_line(name, progress, doing)
