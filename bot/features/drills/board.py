"""Drills on the board (the app's Activity): 🎯 each game's drills in the games list, with
how many are due, and a session of them answered there: the same drills as the
channel's, kept in one place, so that a drill answered on either front end is answered.

A drill's position is drawn by the game's own board from the player's seat only
(``Shown.seat``): a drill shows nothing that seat could not see (Claim: its own hand).
Its options are the place's ways, in the report's words and in a neutral order (never
the judge's, which puts the best first), with **Show the costs** (each option's cost,
without answering: a right answer after it spaces the drill less). The board has no
replays: the step-through of the game a drill came from is named by its command in the
channel.

A place's key says where the player stands: ``claimit`` or ``claimit.2`` (the game's
drills, two of the session answered), ``12.2`` (drill 12, the session's third)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.features.drills.drill import Answered, Drill
from bot.features.drills.drill_words import (
    answered_line,
    cost_scale,
    costs,
    drills_title,
    hinted_note,
    option_labels,
    position,
    progress_lines,
    question,
    replay_elsewhere,
    session_count,
    verdict,
    when,
)
from bot.features.drills.errors import NoSuchDrill, NotAnOption
from bot.features.drills.service import SESSION, DrillService
from bot.games.face import Tone
from bot.games.faces import face_for
from bot.games.registry import REGISTRATIONS
from bot.service.board_places import Asked, BoardPlace, Entry, Shown, Way
from bot.service.game_loading import Where
from bot.storage.records import Game
from i18n import Language

DRILL = "🎯"
NEXT = "➡️"
PICK = "pick:"
"""A way's ask answering the drill: the option follows (as the report keeps it)."""
HINT = "costs"
"""The way's ask showing each option's cost, without answering."""
KEY = re.compile(r"(?:(?P<drill>[0-9]{1,18})|(?P<kind>[a-z_]{1,32}))(?:\.(?P<served>[0-9]))?")


@dataclass(frozen=True)
class At:
    """Where a key says the player stands: a game's drills or one drill, and how many
    of the session they answered before it."""

    kind: str | None
    drill_id: int | None
    served: int

    @classmethod
    def read(cls, key: str) -> At:
        """The key's standing, refused as a drill that is none of theirs where it names
        no game's drills nor a drill (or a session past its end)."""
        found = KEY.fullmatch(key)
        if found is None:
            raise NoSuchDrill()
        kind, drill, served = found["kind"], found["drill"], int(found["served"] or 0)
        if (kind is not None and kind not in REGISTRATIONS) or served >= SESSION:
            raise NoSuchDrill()
        return cls(kind, None if drill is None else int(drill), served)


def drill_key(drill: Drill, served: int) -> str:
    """The key of ``drill``, the session's ``served + 1``-th."""
    return f"{drill.id}.{served}"


def kind_key(kind: str, served: int) -> str:
    """The key of the game's next due drill, ``served`` of the session answered."""
    return f"{kind}.{served}"


async def entries(drills: DrillService, user_id: int, where: Where, lang: Language) -> list[Entry]:
    """Each game the player has drills or finished games of: how many are due, else how
    their drills stand (their own, wherever the board was opened)."""
    shown = []
    for progress in await drills.progress(user_id):
        if progress.due:
            note = lang.ngettext("{n} due today", "{n} due today", progress.due)
        else:
            note = lang._(
                "None due today · {learning} learning · {known} known",
                learning=lang.number(progress.learning),
                known=lang.number(progress.known),
            )
        kind = progress.kind
        shown.append(Entry(kind, kind, drills_title(kind, lang), lang._("Drills"), DRILL, note))
    return shown


async def opened(
    drills: DrillService, user_id: int, name: str, key: str, where: Where, lang: Language
) -> Shown:
    """The game's next due drill (or that none is), or the drill ``key`` names: asked
    while it is due, else said to be answered."""
    at = At.read(key)
    if at.drill_id is None:
        assert at.kind is not None
        due = await drills.due(user_id, at.kind, SESSION - at.served)
        if not due:
            return await _none_due(drills, user_id, at.kind, lang)
        return await _asking(drills, due[0], at.served, len(due), lang)
    drill = await drills.drill(user_id, at.drill_id)
    if asked_now(drills, drill):
        due = await drills.due(user_id, drill.kind, SESSION - at.served)
        return await _asking(drills, drill, at.served, max(1, len(due)), lang)
    game = await drills.core.game(drill.game_id)
    return await _after(
        drills, drill, game, at.served, answered_before(drills, drill, game, lang), lang
    )


def asked_now(drills: DrillService, drill: Drill) -> bool:
    """Whether the drill is due now: a key naming it asks it, else says it answered."""
    return drill.due_at <= drills.core.clock()


def answered_before(
    drills: DrillService, drill: Drill, game: Game, lang: Language
) -> tuple[str, ...]:
    """What a drill opened by its key says where it is not due: answered, and when it
    comes back."""
    return (
        question(drill, game, lang),
        lang._("You have answered this drill."),
        when(drill.due_at, drills.core.clock(), lang),
    )


async def asked(drills: DrillService, asked: Asked, lang: Language) -> Shown:
    """An answer to the drill the key names, at the version the player saw, or its
    options' costs shown."""
    at = At.read(asked.key)
    if at.drill_id is not None and asked.ask == HINT:
        drill = await drills.hint(asked.user_id, at.drill_id, asked.version)
        due = await drills.due(asked.user_id, drill.kind, SESSION - at.served)
        return await _asking(drills, drill, at.served, max(1, len(due)), lang)
    if at.drill_id is None or not asked.ask.startswith(PICK):
        raise NotAnOption()
    option = asked.ask.removeprefix(PICK)
    answered = await drills.answer(asked.user_id, at.drill_id, asked.version, option)
    game = await drills.core.game(answered.drill.game_id)
    said = answer_words(drills, answered, game, lang)
    return await _after(drills, answered.drill, game, at.served, said, lang)


def answer_words(
    drills: DrillService, answered: Answered, game: Game, lang: Language
) -> tuple[str, ...]:
    """What an answer says on the board: what was asked and answered, whether it was the
    best, when it comes back, and where to step through its game."""
    return (
        answered_line(answered, game, lang),
        verdict(answered, game, lang),
        when(answered.next_due, drills.core.clock(), lang),
        replay_elsewhere(answered.drill, game, lang),
    )


async def _asking(
    drills: DrillService, drill: Drill, served: int, due: int, lang: Language
) -> Shown:
    """The drill asked, in the game it was last met in (``asking``)."""
    return asking(drill, await drills.core.game(drill.game_id), served, due, lang)


def asking(drill: Drill, game: Game, served: int, due: int, lang: Language) -> Shown:
    """The drill asked: its position from the player's seat, what was to decide, and a
    way per option (``due``: the session's drills from this one on), with **Show the
    costs** until they are shown (then under the question)."""
    labels = option_labels(drill, game, lang)
    ways = tuple(Way(PICK + option, label) for option, label in labels.items())
    said: tuple[str, ...] = (question(drill, game, lang),)
    if drill.hinted:
        said = (*said, "\n".join(costs(drill, game, lang)), hinted_note(lang))
    else:
        ways = (*ways, Way(HINT, lang._("Show the costs")))
    return Shown(
        drill_key(drill, served),
        drill.kind,
        drill.version,
        drills_title(drill.kind, lang),
        session_count(served, served + due, lang),
        said,
        _position(drill, game),
        drill.seat,
        False,
        ways,
    )


async def _after(
    drills: DrillService,
    drill: Drill,
    game: Game,
    served: int,
    said: tuple[str, ...],
    lang: Language,
) -> Shown:
    """The drill once answered (``said`` of it): its position still, and the session's
    next drill while it has one to ask, else how it ends."""
    kind = drill.kind
    left = await drills.due_count(drill.user_id, kind)
    more = min(left, SESSION - served - 1)
    ways: tuple[Way, ...] = ()
    if more:
        ways = (Way("open", lang._("Next drill"), NEXT, Tone.PRIMARY, kind_key(kind, served + 1)),)
    elif left:
        said = (
            *said,
            lang.ngettext(
                "That makes {most} for this session; {n} more is due: open your drills again "
                "from the games list.",
                "That makes {most} for this session; {n} more are due: open your drills "
                "again from the games list.",
                left,
                most=lang.number(SESSION),
            ),
        )
    else:
        said = (*said, lang._("That was the last drill due today."))
    return Shown(
        drill_key(drill, served),
        kind,
        drill.version,
        drills_title(kind, lang),
        session_count(served, served + 1 + more, lang),
        said,
        _position(drill, game),
        drill.seat,
        False,
        ways,
    )


async def _none_due(drills: DrillService, user_id: int, kind: str, lang: Language) -> Shown:
    """Nothing of the game due: said so, with how its drills and decisions stand."""
    said = [lang._("No {game} drill is due today.", game=face_for(kind).title)]
    ours = [progress for progress in await drills.progress(user_id) if progress.kind == kind]
    for progress in ours:
        said += progress_lines(progress, lang)
    scale = cost_scale(ours, lang)
    if scale is not None:
        said.append(scale)
    return Shown(
        kind_key(kind, 0), kind, 0, drills_title(kind, lang), None, tuple(said), None, None, False
    )


def _position(drill: Drill, game: Game) -> Game:
    """The drill's position as the game's board draws it, with the figures the player
    decided on on its table (``position``: as the channel's message shows them), whose
    choices the place never offers."""
    return replace(position(drill, game), id=0)


DRILLS_PLACE = BoardPlace(
    name="drills",
    service=DrillService,
    entries=entries,
    opened=opened,
    asked=asked,
)
