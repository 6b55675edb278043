"""Theme sessions on the board (the app's Activity): 🎯 each of the player's weakest themes
(``themes.weakest``, as ``/my drills`` lists them) in the games list, with how many of its
drills are due, and a session of that theme's drills answered there, as the drills' own
place asks them (``board.asking``): the same drills, answered on either front end.

A place's key says where the player stands: ``claimit.roll_or_stop.2`` (the theme's
next due drill, two of the session answered), ``claimit.roll_or_stop.2.12`` (drill 12,
asked or answered there)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.features.drills.board import (
    DRILL,
    HINT,
    NEXT,
    PICK,
    answer_words,
    answered_before,
    asked_now,
    asking,
)
from bot.features.drills.drill import Drill
from bot.features.drills.errors import NoSuchDrill, NotAnOption
from bot.features.drills.service import SESSION, DrillService
from bot.features.drills.theme_words import theme_name
from bot.features.drills.themes import game_themes, theme_of, theme_scope
from bot.games.face import Tone
from bot.games.faces import face_for
from bot.games.registry import REGISTRATIONS
from bot.service.board_places import Asked, BoardPlace, Entry, Shown, Way
from bot.service.game_loading import Where
from bot.storage.records import Game
from i18n import Language

KEY = re.compile(
    r"(?P<kind>[a-z_]{1,32})\.(?P<theme>[a-z_]{1,32})\.(?P<served>[0-9])(?:\.(?P<drill>[0-9]{1,18}))?"
)


@dataclass(frozen=True)
class At:
    """Where a key says the player stands: a theme's session, how many of it they
    answered, and the drill it is on (``None``: the theme's next due)."""

    kind: str
    theme: str
    served: int
    drill_id: int | None

    @classmethod
    def read(cls, key: str) -> At:
        """The key's standing, refused as a drill that is none of theirs where it names
        no game's theme (or a session past its end)."""
        found = KEY.fullmatch(key)
        if found is None:
            raise NoSuchDrill()
        kind, theme, served = found["kind"], found["theme"], int(found["served"])
        if kind not in REGISTRATIONS or theme not in game_themes(kind) or served >= SESSION:
            raise NoSuchDrill()
        drill = found["drill"]
        return cls(kind, theme, served, None if drill is None else int(drill))

    def key(self, drill_id: int | None = None, served: int | None = None) -> str:
        """The key of this session at ``drill_id`` (none: its next due), ``served`` of it
        answered (none: as many as here)."""
        at = f"{theme_scope(self.kind, self.theme)}.{self.served if served is None else served}"
        return at if drill_id is None else f"{at}.{drill_id}"


async def entries(drills: DrillService, user_id: int, where: Where, lang: Language) -> list[Entry]:
    """Each of the player's weakest themes: its name and game, and how many of its
    drills are due."""
    shown = []
    for weak in await drills.weak_themes(user_id):
        due = await drills.due_count(user_id, weak.kind, weak.theme)
        note = (
            lang.ngettext("{n} due today", "{n} due today", due)
            if due
            else lang._("None due today")
        )
        title = theme_name(weak.kind, weak.theme, lang)
        key = At(weak.kind, weak.theme, 0, None).key()
        shown.append(Entry(key, weak.kind, title, lang._("Drills"), DRILL, note))
    return shown


async def opened(
    drills: DrillService, user_id: int, name: str, key: str, where: Where, lang: Language
) -> Shown:
    """The theme's next due drill (or that none is), or the drill ``key`` names: asked
    while it is due, else said to be answered."""
    at = At.read(key)
    if at.drill_id is None:
        due = await drills.due(user_id, at.kind, SESSION - at.served, at.theme)
        if not due:
            return _none_due(at, lang)
        return await _asking(drills, at, due[0], len(due), lang)
    drill = await drills.drill(user_id, at.drill_id)
    if theme_of(drill.kind, drill.state, drill.seat, drill.weighed) != at.theme:
        raise NoSuchDrill()
    if asked_now(drills, drill):
        due = await drills.due(user_id, at.kind, SESSION - at.served, at.theme)
        return await _asking(drills, at, drill, max(1, len(due)), lang)
    game = await drills.core.game(drill.game_id)
    return await _after(drills, at, drill, game, answered_before(drills, drill, game, lang), lang)


async def asked(drills: DrillService, asked: Asked, lang: Language) -> Shown:
    """An answer to the drill the key names, at the version the player saw, or its
    options' costs shown, as in the drills' place."""
    at = At.read(asked.key)
    if at.drill_id is not None and asked.ask == HINT:
        drill = await drills.hint(asked.user_id, at.drill_id, asked.version)
        due = await drills.due(asked.user_id, at.kind, SESSION - at.served, at.theme)
        return await _asking(drills, at, drill, max(1, len(due)), lang)
    if at.drill_id is None or not asked.ask.startswith(PICK):
        raise NotAnOption()
    answered = await drills.answer(
        asked.user_id, at.drill_id, asked.version, asked.ask.removeprefix(PICK)
    )
    game = await drills.core.game(answered.drill.game_id)
    said = answer_words(drills, answered, game, lang)
    return await _after(drills, at, answered.drill, game, said, lang)


async def _asking(drills: DrillService, at: At, drill: Drill, due: int, lang: Language) -> Shown:
    """The drill asked as the drills' place asks it, under the theme's name, its key
    this place's."""
    shown = asking(drill, await drills.core.game(drill.game_id), at.served, due, lang)
    return replace(shown, key=at.key(drill.id), title=theme_name(at.kind, at.theme, lang))


async def _after(
    drills: DrillService, at: At, drill: Drill, game: Game, said: tuple[str, ...], lang: Language
) -> Shown:
    """The drill once answered (``said`` of it), and the theme's next drill while the
    session has one to ask, else how it ends."""
    left = await drills.due_count(drill.user_id, at.kind, at.theme)
    more = min(left, SESSION - at.served - 1)
    ways: tuple[Way, ...] = ()
    if more:
        following = at.key(served=at.served + 1)
        ways = (Way("open", lang._("Next drill"), NEXT, Tone.PRIMARY, following),)
    # A session past its five with more left says nothing more: its entry counts them.
    elif not left:
        said = (*said, lang._("That was the last drill due today."))
    shown = asking(drill, game, at.served, 1 + more, lang)
    return replace(
        shown,
        key=at.key(drill.id),
        title=theme_name(at.kind, at.theme, lang),
        said=said,
        ways=ways,
    )


def _none_due(at: At, lang: Language) -> Shown:
    """Nothing of the theme due: said so."""
    said = lang._(
        "No {game} drill of “{theme}” is due today.",
        game=face_for(at.kind).title,
        theme=theme_name(at.kind, at.theme, lang),
    )
    title = theme_name(at.kind, at.theme, lang)
    return Shown(at.key(), at.kind, 0, title, None, (said,), None, None, False)


THEMES_PLACE = BoardPlace(
    name="drill_themes",
    service=DrillService,
    entries=entries,
    opened=opened,
    asked=asked,
)
