"""The moves taken back during a game, as its replay tells them: the replay plays the game
as it was played in the end, and the step of the move that followed a take-back says how
many moves were taken back before it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.games.outcome import Outcome
from bot.games.replay import Replay
from i18n import Language


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
