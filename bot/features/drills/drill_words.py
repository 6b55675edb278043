"""What a drill says to its player, on any front end (the channel's messages and the
board): its title and what was to decide, its options as labels in a neutral order
(never the judge's, which puts the best first), what an answer was worth and when the
drill comes back, where to step through its game, and how a game's drills and
decisions go."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from bot.features.drills.drill import Answered, Drill
from bot.features.drills.schedule import DAY
from bot.features.drills.service import COMPARED, Progress
from bot.games import shared_words
from bot.games.analysis import DECIDED, Grade, Unit
from bot.games.analysis_words import amount, grade_name
from bot.games.faces import face_for, report_words_for
from bot.games.option_names import option_names
from bot.games.registry import analyst_for
from bot.games.replay import step_showing
from bot.service.errors import slash
from bot.storage.records import Game, GameStatus
from i18n import Language

RIGHT, WRONG = "✅", "💸"


def drills_title(kind: str, lang: Language) -> str:
    """``Your Claim It! drills``."""
    return lang._("Your {game} drills", game=face_for(kind).title)


def drill_title(served: int, kind: str, lang: Language) -> str:
    """``🎯 Drill 2 · Claim It!``: the session's count, and the game."""
    return lang._(
        "🎯 Drill {number} · {game}", number=lang.number(served + 1), game=face_for(kind).title
    )


def session_count(served: int, session: int, lang: Language) -> str:
    """``Drill 2 of 5``."""
    return lang._(
        "Drill {number} of {session}",
        number=lang.number(served + 1),
        session=lang.number(session),
    )


def question(drill: Drill, game: Game, lang: Language) -> str:
    """What was to decide: ``Game #12, move 31: what would you do?``"""
    return lang._(
        "Game #{number}, move {move}: what would you do?",
        number=shared_words.number(game),
        move=lang.number(step_showing(drill.move)),
    )


def position(drill: Drill, game: Game) -> Game:
    """The drill's position as a game record for its face to draw, on either front end:
    ``game``'s seats and options, at the drill's state and version, as if still played
    (a record kept nowhere)."""
    return replace(
        game,
        state=drill.state,
        status=GameStatus.ACTIVE,
        finished_at=None,
        deadline=None,
        version=drill.version,
    )


def asked_text(drill: Drill, game: Game, lang: Language) -> str:
    """What a drill asks under its picture: what was to decide, and the figures the
    player decided on as the turn's message said them (``GameFace.decision_lines``: the
    chance the next roll busts), which the board shows on its table of the same
    ``position``."""
    figures = face_for(drill.kind).decision_lines(position(drill, game), lang)
    return "\n\n".join([question(drill, game, lang), *(["\n".join(figures)] if figures else [])])


def names(game: Game, lang: Language, *, bold: bool) -> list[str]:
    """The seats' names as the report's words take them: marked in a line of words, as
    typed in a control's label (which shows no markdown)."""
    plain = [shared_words.seat_name(seat, lang) for seat in game.seats]
    return [f"**{name}**" for name in plain] if bold else plain


def option_labels(drill: Drill, game: Game, lang: Language) -> dict[str, str]:
    """Each option of the drill named as its position's table marks it (``option_names``:
    a Claim It! placement by its letter, with its words), as a control's label reads it,
    in a neutral order (by name)."""
    options = [option for option, _ in drill.weighed.worths]
    named = option_names(position(drill, game), drill.seat, options, lang, markdown=False)
    return dict(sorted(named.items(), key=lambda item: _natural(item[1])))


def answered_line(answered: Answered, game: Game, lang: Language) -> str:
    """What was asked, and what the player answered."""
    drill = answered.drill
    return lang._(
        "{question} You answered: {option}.",
        question=question(drill, game, lang),
        option=report_words_for(drill.kind).option(
            drill.state, answered.option, names(game, lang, bold=True), lang
        ),
    )


def verdict(answered: Answered, game: Game, lang: Language) -> str:
    """Whether the answer was the best, else what the best was and what theirs cost, in
    the report's words and units: graded as the report grades a decision, on what it
    cost in chance to win, with the game's own unit beside (a drill kept before chances
    were weighed: on its own unit)."""
    if answered.right:
        if answered.option == answered.best:
            return f"{RIGHT} " + lang._("Right: that was the best.")
        return f"{RIGHT} " + lang._("Right: that was as good as the best.")
    drill = answered.drill
    cost, grade = option_cost(drill, answered.option, lang)
    best = report_words_for(drill.kind).option(
        drill.state, answered.best, names(game, lang, bold=True), lang
    )
    return f"{WRONG} " + lang._(
        "The best was {best}; yours cost {cost}: {grade}.",
        best=best,
        cost=cost,
        grade=grade_name(grade, lang),
    )


def option_cost(drill: Drill, option: str, lang: Language) -> tuple[str, Grade]:
    """What ``option`` gives away against the best, in the report's words and units, and
    its grade (a drill kept before chances were weighed: on its own unit)."""
    unit = drill.weighed.unit
    analyst = analyst_for(drill.kind)
    own = drill.weighed.cost(option)
    cost = amount(own, unit, lang)
    chance = drill.weighed.chance_cost(option)
    if chance is None:
        grade = analyst.thresholds[unit].grade(own)
    else:
        # Not the best in the game's own unit, so never called the best, though a
        # cost too small to show in chance to win is graded close to it.
        grade = max(analyst.chance_thresholds.grade(chance), Grade.GOOD)
        best_chance = max(found for _, found in drill.weighed.chances)
        if unit is not Unit.WIN_CHANCE and min(best_chance, 1 - best_chance) <= DECIDED:
            # A decided game: graded in its own unit too, as the report grades it.
            grade = max(grade, analyst.thresholds[unit].grade(own))
        if unit is not Unit.WIN_CHANCE:
            cost = lang.pgettext(
                "analysis",
                "{chance} ({own})",
                chance=amount(chance, Unit.WIN_CHANCE, lang),
                own=cost,
            )
    return cost, grade


def costs(drill: Drill, game: Game, lang: Language) -> list[str]:
    """Each option's cost against the best (the hint a player may ask before answering),
    in the order its controls show them: ``Roll: the best``, ``Stop & claim: 4.1 points
    of win chance (0.84 spaces)``."""
    said = []
    for option, label in option_labels(drill, game, lang).items():
        if option == drill.weighed.best:
            worth = lang._("the best")
        elif drill.weighed.cost(option) == 0:
            worth = lang._("as good as the best")
        else:
            worth = option_cost(drill, option, lang)[0]
        said.append(lang._("{option}: {cost}", option=label, cost=worth))
    return said


def hinted_note(lang: Language) -> str:
    """What a right answer after the costs were shown does to the drill's schedule."""
    return lang._(
        "You have seen the costs: a right answer now brings this drill back sooner than "
        "one without them."
    )


def when(due: float, now: float, lang: Language) -> str:
    """When the drill is asked again."""
    days = max(1, round((due - now) / DAY))
    if days == 1:
        return lang._("Again tomorrow.")
    return lang.ngettext("Again in {n} day.", "Again in {n} days.", days)


def replay_elsewhere(drill: Drill, game: Game, lang: Language) -> str:
    """Where to step through the drill's game from its move, where no button opens it: its
    replay in its server, or for a game of a conversation (a DM, a group DM, a server
    the bot is not in), which has no replays, its log there."""
    face = face_for(drill.kind)
    move = lang.number(step_showing(drill.move))
    name = shared_words.game_name(face.title, game)
    if game.interaction_only:
        return lang._(
            "{game} was played where there are no replays: there, {command} with its number "
            "({number}) shows it move by move; the drill is move {move}.",
            game=name,
            command=lang.say(slash(face.command, "log")),
            number=shared_words.number(game),
            move=move,
        )
    return lang._(
        "To step through it from move {move}, open the replay of {game} in its server: {command}.",
        move=move,
        game=name,
        command=lang.say(slash(face.command, "replay")),
    )


def progress_lines(progress: Progress, lang: Language) -> list[str]:
    """How a game's drills stand, and what the player's decisions in it cost: lately
    beside at first once their judged games are enough for the two to share none
    (twice ``COMPARED``), else over what there is, saying what a comparison takes."""
    said = [
        lang._(
            "{due} due · {learning} learning · {known} known",
            due=lang.number(progress.due),
            learning=lang.number(progress.learning),
            known=lang.number(progress.known),
        )
    ]
    if not progress.judged:
        return [*said, lang._("No finished game of yours is judged yet.")]
    if progress.cost is None:
        return [
            *said,
            lang.ngettext(
                "No decision of yours to judge in your {n} judged game: every move was forced.",
                "No decision of yours to judge in your {n} judged games: every move was forced.",
                progress.judged,
            ),
        ]
    if progress.first_cost is None or progress.recent_cost is None:
        return [
            *said,
            lang.ngettext(
                "Cost per decision: {cost} over your {n} judged game. From {both} judged "
                "games on, your last {compared} are compared with your first {compared}.",
                "Cost per decision: {cost} over your {n} judged games. From {both} judged "
                "games on, your last {compared} are compared with your first {compared}.",
                progress.judged,
                cost=_cost(progress.cost, lang),
                both=lang.number(2 * COMPARED),
                compared=lang.number(COMPARED),
            ),
        ]
    return [
        *said,
        lang._(
            "Cost per decision: {recent} in your last {n} games, {first} in your first {n}.",
            recent=_cost(progress.recent_cost, lang),
            first=_cost(progress.first_cost, lang),
            n=lang.number(COMPARED),
        ),
    ]


def cost_scale(progress: Sequence[Progress], lang: Language) -> str | None:
    """What the cost per decision's figures mean, where any is shown."""
    if all(each.cost is None for each in progress):
        return None
    return lang._(
        "Cost per decision: 0 is the best every time, 1 an inaccuracy each, 2 a "
        "mistake, 3 a blunder."
    )


def _cost(cost: Fraction, lang: Language) -> str:
    return lang.number(float(cost), digits=2)


def _natural(name: str) -> tuple[tuple[int, str], ...]:
    """An option's place among its drill's: by its name, its numbers as numbers
    (``Knight 10`` after ``Knight 9``)."""
    return tuple(
        (int(piece), "") if piece.isdigit() else (-1, piece) for piece in re.split(r"(\d+)", name)
    )
