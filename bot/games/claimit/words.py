"""Claim It!'s words: what just happened, this turn's marks, the odds, the board in words,
results, the rules."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.outcome import Outcome
from bot.games.shared_words import decided, name
from bot.storage.records import Game, Result
from engine.claimit import (
    SPACES,
    Bust,
    GameState,
    LastRoundCalled,
    Passed,
    Phase,
    Place,
    Placement,
    Roll,
    RollOdds,
    Score,
    Stop,
    TimeOut,
    scores,
    winners,
)
from engine.claimit.board import spaces
from engine.claimit.odds import OUTCOMES
from engine.claimit.scoring import visible_spaces
from i18n import Language, Message
from render.claimit import lettered


def space(col: int, row: int) -> Message:
    """A space as players read it: ``2,5`` (column, row); German writes ``(2|5)``, where
    ``2,5`` would read as a decimal."""
    return Message("{col},{row}", col=col, row=row)


def dice(rolled: tuple[int, ...]) -> str:
    """A roll as the messages write it: ``5·1·3``."""
    return "·".join(map(str, rolled))


def placement(p: Placement, lang: Language) -> str:
    """What a placement puts where, as a button or a list of this turn's marks names it."""
    where = space(p.col, p.row)
    if p.marker == "C":
        return lang._("claim marker on {space}", space=where)
    return lang._("squatter {number} on {space}", number=p.marker[1], space=where)


def happened(outcome: Outcome, lang: Language) -> str:
    """One line on the action just applied, e.g. "Ann rolled 2·3·5.": what happened alone
    (the table's prompt says what to do next), so that a log line or a take-back request
    quotes it as it was."""
    game, action = outcome.game, outcome.action
    who = name(game.seats[outcome.seat], lang)
    if isinstance(action, Roll):
        rolled = dice(action.dice)
        if any(isinstance(e, Bust) for e in outcome.events):
            return lang.ngettext(
                "{player} rolled {dice}: no legal placement, **bust!** "
                "{n} mark from this turn is lost.",
                "{player} rolled {dice}: no legal placement, **bust!** "
                "{n} marks from this turn are lost.",
                outcome.before.marks_this_turn,
                player=who,
                dice=rolled,
            )
        return lang._("{player} rolled {dice}.", player=who, dice=rolled)
    if isinstance(action, Place):
        p = action.placement
        if p.marker == "C":
            return lang._(
                "{player} placed a claim marker on {space}.",
                player=who,
                space=space(p.col, p.row),
            )
        return lang._(
            "{player} placed squatter {number} on {space}.",
            player=who,
            number=p.marker[1],
            space=space(p.col, p.row),
        )
    settled = outcome.before.marks_this_turn
    if isinstance(action, TimeOut):
        if any(isinstance(e, Passed) for e in outcome.events):
            return lang._(
                "⏰ {player}'s time ran out with nothing placed, so the turn passes.", player=who
            )
        line = lang.ngettext(
            "⏰ {player}'s time ran out, so the turn stopped there: {n} space settled.",
            "⏰ {player}'s time ran out, so the turn stopped there: {n} spaces settled.",
            settled,
            player=who,
        )
    else:
        assert isinstance(action, Stop)
        line = lang.ngettext(
            "{player} stopped and settled {n} space.",
            "{player} stopped and settled {n} spaces.",
            settled,
            player=who,
        )
    if any(isinstance(e, LastRoundCalled) for e in outcome.events):
        line += " " + lang._(
            "**Last round!** Everyone plays once more; {player} plays last.", player=who
        )
    return line


def odds(odds: RollOdds, lang: Language) -> str:
    """The exact risk of the next roll, and what stopping now keeps."""
    line = lang._(
        "Chance the next roll busts: **{chance}** ({busting} of {rolls} rolls).",
        chance=lang.percent(float(odds.bust)),
        busting=lang.number(odds.busting_rolls),
        rolls=lang.number(OUTCOMES),
    )
    if odds.marks_if_stopping:
        line += " " + lang.ngettext(
            "Stopping now keeps {n} mark.", "Stopping now keeps {n} marks.", odds.marks_if_stopping
        )
    return line


def this_turn(state: GameState, lang: Language) -> str:
    """The marks placed so far this turn, for the turn message."""
    marks = []
    for at, stack in state.board().items():
        top = stack[-1]
        if top == "C" or top.startswith("S"):
            marks.append(placement(Placement(at.col, at.row, top), lang))
    if not marks:
        return lang._("This turn: nothing placed yet.")
    return lang._("This turn: {marks}.", marks=lang.list(marks))


def board(
    state: GameState,
    names: Sequence[str],
    lang: Language,
    *,
    rolled: tuple[int, ...] | None = None,
    bust: int | None = None,
    closed: bool = False,
) -> str:
    """What the board picture of ``state`` shows, in words (its description): whose turn,
    the roll (``rolled`` when the state no longer holds it; ``bust``: the seat that just
    busted with it) and what each lettered choice places where, each player's largest
    mine and spaces, claimed and settled, this turn's marks, the claim markers left and
    the last round; at game over the winners and the final standing. ``names`` by seat,
    as ``described_name`` gives them.

    Every space is named once, for what lies on top of it (a player's marker, or this
    turn's squatter or claim marker; a squatter under a claim marker once more), each
    choice once, each player's name on their own line and twice more at most (whose turn,
    who plays last): so the fullest board, with five players, stays within
    ``DESCRIPTION`` (``tests/games/claimit/test_description.py``)."""
    table = scores(state)
    if state.phase is Phase.OVER:
        lines = [_winners(table, names, lang)]
        lines += [_standing(state, score, table, names, lang) for score in _ranked(table)]
        return "\n".join(lines)
    if closed:
        lines = [lang._("The game was cancelled; the board as it stood, with nobody to move.")]
    else:
        lines = [_status(state, names, lang, rolled, bust)]
    lines += [_holding(state, score, names, lang) for score in table]
    marks = _marks(state, lang)
    if marks:
        lines.append(marks)
    supply = state.claim_supply
    ending = (
        lang.ngettext("{n} claim marker left.", "{n} claim markers left.", supply)
        if supply
        else lang._("No claim markers left.")
    )
    if state.last_round is not None:
        caller = names[state.last_round.caller]
        ending += " " + lang._("Last round: {player} plays last.", player=caller)
    lines.append(ending)
    return "\n".join(lines)


def _status(
    state: GameState,
    names: Sequence[str],
    lang: Language,
    rolled: tuple[int, ...] | None,
    bust: int | None,
) -> str:
    """Who the picture's status names, what it says of them and the roll it shows; with a
    roll to place, each lettered choice."""
    if bust is not None:
        return lang.ngettext(
            "{player} rolled {dice}: no legal placement, bust! The {n} mark placed this turn "
            "is lost.",
            "{player} rolled {dice}: no legal placement, bust! The {n} marks placed this turn "
            "are lost.",
            state.marks_this_turn,
            player=names[bust],
            dice=_dice_words(rolled or (), lang),
        )
    player = names[state.turn]
    if state.dice is not None:
        choices = "; ".join(f"{letter}: {placement(p, lang)}" for letter, p in lettered(state))
        return lang._(
            "{player} rolled {dice}; the choices: {choices}.",
            player=player,
            dice=_dice_words(state.dice, lang),
            choices=choices,
        )
    if state.placed_this_turn and rolled is not None:
        return lang._(
            "{player} placed from the roll {dice}, and rolls again or stops to claim.",
            player=player,
            dice=_dice_words(rolled, lang),
        )
    if state.placed_this_turn:
        return lang._("{player} rolls again or stops to claim.", player=player)
    return lang._("{player} rolls the dice.", player=player)


def _dice_words(rolled: Sequence[int], lang: Language) -> str:
    """A roll read out: ``2, 3 and 5``."""
    return lang.list(lang.number(die) for die in rolled)


def _holding(state: GameState, score: Score, names: Sequence[str], lang: Language) -> str:
    """A player's largest mine and the spaces whose top marker is theirs."""
    mine = lang._(
        "{player}: largest mine {mine}", player=names[score.seat], mine=lang.number(score.largest)
    )
    return f"{mine}; {_spaces_held(state, score.seat, lang)}"


def _spaces_held(state: GameState, seat: int, lang: Language) -> str:
    """The seat's spaces: claimed ones counted, then the settled ones."""
    held = visible_spaces(state, seat)
    if not held:
        return lang._("no spaces")
    claimed, settled = held & state.claimed, held & ~state.claimed
    parts = []
    if claimed:
        parts.append(
            lang.ngettext(
                "{n} claim: {spaces}",
                "{n} claims: {spaces}",
                claimed.bit_count(),
                spaces=_listed(claimed, lang),
            )
        )
    if settled:
        parts.append(lang._("settled: {spaces}", spaces=_listed(settled, lang)))
    return "; ".join(parts)


def _listed(mask: int, lang: Language) -> str:
    """Spaces column by column: ``1,1 1,2 3,4``."""
    ordered = sorted(spaces(mask), key=lambda at: (at.col, at.row))
    return " ".join(lang.say(space(at.col, at.row)) for at in ordered)


def _marks(state: GameState, lang: Language) -> str:
    """This turn's squatters and claim markers, which a stop settles and a bust loses."""
    squatters = [
        lang._(
            "{number} on {space}",
            number=number,
            space=space(SPACES[index].col, SPACES[index].row),
        )
        for number, index in enumerate(state.squatters)
        if index >= 0
    ]
    marks = []
    if squatters:
        marks.append(
            lang.ngettext(
                "squatter {squatters}",
                "squatters {squatters}",
                len(squatters),
                squatters=", ".join(squatters),
            )
        )
    if state.claims_this_turn:
        marks.append(
            lang.ngettext(
                "claim marker on {spaces}",
                "claim markers on {spaces}",
                state.claims_this_turn.bit_count(),
                spaces=_listed(state.claims_this_turn, lang),
            )
        )
    if not marks:
        return ""
    return lang._("Placed this turn: {marks}.", marks="; ".join(marks))


def _ranked(table: Sequence[Score]) -> list[Score]:
    return sorted(table, key=lambda s: (-s.largest, -s.claims, -s.spaces, s.seat))


def _winners(table: Sequence[Score], names: Sequence[str], lang: Language) -> str:
    won = winners(tuple(table))
    if len(won) > 1:
        return lang._(
            "Game over: {players} share the win.", players=lang.list(names[s] for s in won)
        )
    return lang._("Game over: {player} wins.", player=names[won[0]])


def _standing(
    state: GameState, score: Score, table: Sequence[Score], names: Sequence[str], lang: Language
) -> str:
    """A player's place, figures and spaces on the final board."""
    key = (score.largest, score.claims, score.spaces)
    place = 1 + sum((s.largest, s.claims, s.spaces) > key for s in table)
    figures = lang._(
        "{place}. {player}: largest mine {mine}, claims {claims}, spaces {spaces}",
        place=lang.number(place),
        player=names[score.seat],
        mine=lang.number(score.largest),
        claims=lang.number(score.claims),
        spaces=lang.number(score.spaces),
    )
    return f"{figures}; {_spaces_held(state, score.seat, lang)}"


def results(game: Game, results: Sequence[Result], lang: Language) -> str:
    """The final standing, best first: one line per player, plain text that wraps on a
    phone instead of a table's columns that would need scrolling."""
    lines = []
    for r in sorted(results, key=lambda r: (r.place, r.seat)):
        standing = lang._(
            "{place}. {player}: largest mine {mine}, claims {claims}, spaces {spaces}",
            place=lang.number(r.place),
            player=f"**{name(game.seats[r.seat], lang)}**",
            mine=lang.number(r.figures.get("largest_mine", 0)),
            claims=lang.number(r.figures.get("claims", 0)),
            spaces=lang.number(r.figures.get("spaces", 0)),
        )
        lines.append(f"🏆 {standing}" if r.won else standing)
    criteria = (lang._("largest mine"), lang._("claims"), lang._("spaces"))

    def finisher(r: Result) -> tuple[str, tuple[int, ...]]:
        figures = tuple(r.figures.get(key, 0) for key in ("largest_mine", "claims", "spaces"))
        return f"**{name(game.seats[r.seat], lang)}**", figures

    ranked = sorted(results, key=lambda r: (r.place, r.seat))
    won = [finisher(r) for r in ranked if r.won]
    rest = [finisher(r) for r in ranked if not r.won and not r.left]
    settled = decided(criteria, won, rest[0] if rest else None, lang)
    return "\n".join([*lines, *([] if settled is None else ["", settled])])
