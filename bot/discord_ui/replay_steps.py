"""A finished game's replay worked out from its move log (its steps, not drawn yet), for
whoever shows it: the replays' animation and the step-through, which the report of what
decided the game opens too. Every step is one everybody saw at the table; a move that
followed a take-back says how many moves were taken back before it."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace

import discord

from bot.discord_ui.finished_games import named_game
from bot.games import shared_words
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.replay import Replay
from bot.service import GameService
from bot.service.errors import NoSuchFinishedGame
from bot.storage import Game, GameStatus
from i18n import Language

KEPT_REPLAYS = 32
"""Replays' steps kept worked out (per game and language), for the next to ask: a finished
game never changes."""


class ReplaySteps:
    """Finished games' replays worked out, the latest kept."""

    def __init__(self, service: GameService) -> None:
        self._service = service
        self._worked_out: OrderedDict[tuple[int, str], Replay] = OrderedDict()

    async def finished(self, interaction: discord.Interaction, kind: str, game_id: int) -> Game:
        """The finished game a button names (``named_game``), refused unless finished."""
        game = await named_game(self._service, interaction, kind, game_id)
        if game.status is not GameStatus.FINISHED:
            face = face_for(kind)
            raise NoSuchFinishedGame(face.title, shared_words.number(game), face.command)
        return game

    async def replay(self, game: Game, lang: Language) -> Replay:
        """The game's replay in ``lang``, worked out off the event loop once."""
        key = (game.id, lang.code)
        replay = self._worked_out.get(key)
        if replay is None:
            logged = await self._service.history.logged(game.id)
            outcomes = [outcome for outcome, taken_back in logged if not taken_back]
            replay = await asyncio.to_thread(face_for(game.kind).replay, game, outcomes, lang)
            replay = with_takebacks(replay, logged, lang)
            self._worked_out[key] = replay
            while len(self._worked_out) > KEPT_REPLAYS:
                self._worked_out.popitem(last=False)
        self._worked_out.move_to_end(key)
        return replay


def with_takebacks(
    replay: Replay, logged: Sequence[tuple[Outcome, bool]], lang: Language
) -> Replay:
    """``replay`` (of the moves that stand in ``logged``, the whole log with each move's
    mark of being taken back) with each take-back told on the step that followed it."""
    before: dict[int, int] = {}
    undone, standing = 0, 0
    for _, taken_back in logged:
        if taken_back:
            undone += 1
            continue
        standing += 1
        if undone:
            before[standing] = undone
            undone = 0
    if not before:
        return replay
    steps = list(replay.steps)
    for step, n in before.items():
        if step < len(steps):
            said = lang.ngettext(
                "{n} move taken back before this: {caption}",
                "{n} moves taken back before this: {caption}",
                n,
                caption=steps[step].caption,
            )
            steps[step] = replace(steps[step], caption=said)
    return replace(replay, steps=tuple(steps))
