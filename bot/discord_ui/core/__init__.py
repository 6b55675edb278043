"""The Discord layer's own parts of every game, one package each: the lobby, the turns'
controls, leaving a game, the server's settings, the hidden hands, the places that went
away, the players' own commands, stepping through a finished game, and a
conversation's message whose token runs out. They are the core, not features: the
client names them here, in the order their commands, their rows under a message and
their events come (before the features', ``bot/features/``). Each
declares its ``PART``, a ``bot.discord_ui.part.Declaration`` like a feature's Discord
part."""

from __future__ import annotations

from bot.discord_ui.core import (
    conversations,
    hands,
    leaving,
    lobby,
    places_gone,
    players,
    settings,
    step_through,
    turns,
)
from bot.discord_ui.part import Declaration

CORE: tuple[Declaration, ...] = (
    lobby.PART,
    turns.PART,
    leaving.PART,
    settings.PART,
    hands.PART,
    places_gone.PART,
    players.PART,
    step_through.PART,
    conversations.PART,
)
