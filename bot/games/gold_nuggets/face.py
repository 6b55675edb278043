"""Gold Nuggets in Discord: the table message, its buttons and menus, its words on the ladder.

Choosing a set-aside: no roll allows more than 19 set-asides (seven dice with nothing
set aside, ``LLLLNNN``; a number already set aside leaves at most four dice to roll), so
one menu always lists every legal choice, most valuable first. The usual choices are
also buttons of their own, one click each: everything usable, all the nuggets, all the
lassos, all of each number, and three of a new number rolled more than three times.
When the roll allows five choices or fewer, each is a button and there is no menu.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

from bot.games import shared_words
from bot.games.board import plain, playable
from bot.games.bust_luck import record_luck
from bot.games.drawing import NUGGETS_REPLAY, NUGGETS_STILL
from bot.games.face import (
    Board,
    Choice,
    Control,
    Menu,
    Option,
    Picture,
    Tone,
    TurnOrderFace,
    board_line,
    described_names,
    lit_dice,
    seat_names,
    step_hold,
)
from bot.games.gold_nuggets import GAME, board_page, status_words, words
from bot.games.gold_nuggets.game import NUGGETS, ROLL, set_intent, take_intent
from bot.games.gold_nuggets.report_words import luck_line, roll_on_words
from bot.games.gold_nuggets.table_pictures import TABLE
from bot.games.gold_nuggets.views import dice_faces, table_view
from bot.games.limits import listed_name
from bot.games.outcome import Outcome
from bot.games.replay import Hold, ReplayStep, caption
from bot.storage.records import Game, GameStatus, LadderEntry, PlayerRecord
from engine.gold_nuggets import (
    EMPTY,
    BonusTurn,
    Bust,
    Counts,
    Face,
    GameState,
    Phase,
    Roll,
    SetAside,
    Took,
)
from engine.gold_nuggets.dice import DICE
from engine.gold_nuggets.odds import roll_odds
from i18n import Language
from render.gold_nuggets import NuggetsView

BUTTONS_PER_ROW: Final = 5
STEAL_MENU_FROM: Final = 2
"""Opponents from whom a steal is offered as a menu; fewer get a button each."""


class GoldNuggetsFace(TurnOrderFace[NuggetsView]):
    """Gold Nuggets in Discord: the table with its dice, the set-asides and takes to choose from,
    the results."""

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER

    def voice_status(self, game: Game, lang: Language) -> str:
        return status_words.voice_status(self.title, game, lang)

    def happened(self, outcome: Outcome, lang: Language) -> str:
        return words.happened(outcome, lang)

    def board_happened(self, outcome: Outcome, lang: Language) -> str:
        return board_line(words.happened(outcome, lang, dice_in_words=True))

    async def active_turn(
        self, game: Game, headline: str, last: Outcome | None, lang: Language, lit: frozenset[str]
    ) -> Picture:
        state: GameState = game.state
        view = _turn_view(seat_names(game, lang), state, last, lang)
        said = headline + _prompt(game, state, lang)
        return await TABLE.picture(game, state.turn, view, said, lang, lit_dice(lit))

    async def closed_turn(
        self, game: Game, headline: str, last: Outcome | None, lang: Language
    ) -> Picture:
        state: GameState = game.state
        closed = replace(table_view(seat_names(game, lang), state, lang), closed=True)
        return await TABLE.picture(game, state.turn, closed, headline, lang)

    async def turn_end(self, outcome: Outcome, headline: str, lang: Language) -> Picture:
        game, before = outcome.game, outcome.before
        if isinstance(outcome.action, Roll):
            # A bust: the dice it lost are shown, still set aside, beside the roll.
            view = table_view(
                seat_names(game, lang), before, lang, rolled=outcome.action.faces, bust=True
            )
            return await TABLE.picture(game, before.turn, view, headline, lang)
        state: GameState = outcome.state
        bonus = any(isinstance(e, BonusTurn) for e in outcome.events)
        view = table_view(
            seat_names(game, lang), state, lang, took=_took(outcome.events), bonus=bonus
        )
        return await TABLE.picture(game, outcome.seat, view, headline, lang)

    async def result(self, outcome: Outcome, headline: str, lang: Language) -> Picture:
        game = outcome.game
        view = table_view(seat_names(game, lang), outcome.state, lang, took=_took(outcome.events))
        png = await TABLE.png(game, view)
        table = words.results(game, outcome.results, lang)
        description = words.table(view, described_names(game, lang), lang)
        luck = [
            luck_line(shared_words.name(game.seats[r.seat], lang), r.figures, lang)
            for r in outcome.results
            if r.figures.get("rolls", 0)
        ]
        return self.game_over(outcome, headline, table, png, description, lang, luck)

    def choices(self, game: Game, lang: Language) -> Sequence[Control]:
        """What the player to act may do in this phase (nothing while a computer player
        moves: nobody else may press)."""
        state: GameState = game.state
        if state.phase is Phase.OVER or game.seats[state.turn].is_bot:
            return []
        if state.phase is Phase.ROLL:
            label = lang.ngettext("Roll {n} die", "Roll {n} dice", DICE)
            return [Choice(ROLL, label, emoji="🎲")]
        if state.phase is Phase.SET_ASIDE:
            return _set_aside(state, lang)
        return _take(game, state, lang)

    def board(self, game: Game, seat: int | None, last: Outcome | None, lang: Language) -> Board:
        """The table as a turn's message draws it, with the odds of rolling on (nothing is
        hidden)."""
        state: GameState = game.state
        view = _turn_view(seat_names(game, lang), state, last, lang)
        acting = (
            seat is not None and game.status is GameStatus.ACTIVE and seat in NUGGETS.to_act(state)
        )
        table = plain(view)
        # The turn message's odds, for a board that is a phone's whole screen.
        table["odds"] = "\n".join(decision_lines(game, lang)) or None
        table.update(board_page.figures())
        return Board(
            table=table,
            words=words.table(view, described_names(game, lang), lang),
            choices=playable(_one_way(self.choices(game, lang), state)) if acting else (),
        )

    def decision_lines(self, game: Game, lang: Language) -> Sequence[str]:
        return decision_lines(game, lang)

    def board_words(self, lang: Language) -> Mapping[str, str]:
        return board_page.words(lang)

    def dice_labels(self, lang: Language) -> Sequence[str]:
        return (
            lang.pgettext("nuggets", "lasso"),
            lang.pgettext("nuggets", "nugget"),
            "2",
            "3",
            "4",
            "5",
        )

    def replay_step(
        self, names: tuple[str, ...], outcome: Outcome, lang: Language
    ) -> ReplayStep[NuggetsView]:
        """Each roll, set-aside and take as the table showed it; a bust with the dice it
        lost, a bonus turn and the end held longer."""
        said = caption(_dice_in_words(self.happened(outcome, lang), lang))
        if isinstance(outcome.action, Roll) and any(isinstance(e, Bust) for e in outcome.events):
            bust = table_view(names, outcome.before, lang, rolled=outcome.action.faces, bust=True)
            return ReplayStep(bust, said, Hold.LONG)
        state: GameState = outcome.state
        hold = step_hold(state.phase is Phase.OVER, outcome.events, BonusTurn)
        return ReplayStep(self.replay_view(names, state, outcome, lang), said, hold)

    def replay_moments(self, lang: Language) -> str:
        return lang._("busts and bonus turns")

    def ladder_figure(self, entry: LadderEntry, lang: Language) -> str:
        best = entry.figures.get("best", 0)
        return lang.ngettext("best {n} nugget", "best {n} nuggets", best)

    def stats_fields(self, record: PlayerRecord, lang: Language) -> Sequence[tuple[str, str]]:
        figures = record.figures
        fields = []
        if record.played_out:
            fields.append(
                (
                    lang.pgettext("nuggets", "Nuggets"),
                    lang.pgettext(
                        "nuggets",
                        "{average} per game on average, best {best}",
                        **shared_words.per_game(record, "nuggets", "best", lang),
                    ),
                )
            )
        turns = figures.get("turns", 0)
        if turns:
            taken, busts = figures.get("taken", 0), figures.get("busts", 0)
            fields.append(
                (
                    lang.pgettext("nuggets", "Per turn"),
                    lang.ngettext(
                        "{average} nuggets taken ({n} turn)",
                        "{average} nuggets taken ({n} turns)",
                        turns,
                        average=lang.number(taken / turns, digits=1),
                    ),
                )
            )
            fields.append(
                (
                    lang.pgettext("nuggets", "Busts"),
                    lang.pgettext(
                        "nuggets",
                        "{rate} per turn ({busts} in {turns})",
                        **shared_words.bust_rate(busts, turns, lang),
                    ),
                )
            )
        luck = record_luck(figures, lang)
        if luck is not None:
            fields.append((lang.pgettext("nuggets", "Luck"), luck))
        if figures.get("roll_ons", 0):
            fields.append((lang._("Rolling on"), roll_on_words(figures, lang)))
        for heading, key in (
            (lang.pgettext("nuggets", "Steals"), "steals"),
            (lang.pgettext("nuggets", "Bonus turns"), "bonus_turns"),
        ):
            count = figures.get(key, 0)
            fields.append((heading, lang.ngettext("{n} in all", "{n} in all", count)))
        best_take = figures.get("best_turn", 0)
        fields.append(
            (
                lang.pgettext("nuggets", "Best take"),
                lang.ngettext("{n} nugget in one take", "{n} nuggets in one take", best_take),
            )
        )
        return fields


def _turn_view(
    names: tuple[str, ...], state: GameState, last: Outcome | None, lang: Language
) -> NuggetsView:
    """The table as a turn's message shows it after ``last`` (the move that led here)."""
    rolled: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    used = False
    if state.roll is not None:
        rolled = state.roll
    elif (
        last is not None
        and last.before.roll is not None
        and last.before.turn == state.turn
        and state.phase in (Phase.DECIDE, Phase.TAKE)
    ):
        # The roll just set aside from, greyed: its empty place would look like a glitch.
        rolled, used = last.before.roll, True
        if isinstance(last.action, SetAside):
            kept = dice_faces(last.action.counts)
    events = () if last is None else last.events
    bonus = state.phase is Phase.ROLL and any(
        isinstance(e, BonusTurn) and e.seat == state.turn for e in events
    )
    return table_view(
        names, state, lang, rolled=rolled, used=used, kept=kept, took=_took(events), bonus=bonus
    )


def _dice_in_words(said: str, lang: Language) -> str:
    """A message's dice as a replay's caption writes them: the pictures draw no emoji."""
    for face, emoji in words.DIE.items():
        if face is Face.LASSO:
            plain = lang.pgettext("nuggets", "lasso")
        elif face is Face.NUGGET:
            plain = lang.pgettext("nuggets", "nugget")
        else:
            plain = face.value
        said = said.replace(emoji, plain)
    return said


def _set_aside(state: GameState, lang: Language) -> list[Control]:
    """A choice for each usual set-aside (for each when there are few), and a menu of
    every set-aside when some is not a button."""
    aside = state.aside
    ranked = ranked_choices(state)
    quick = ranked if len(ranked) <= BUTTONS_PER_ROW else usual_choices(state)
    controls: list[Control] = [
        Choice(
            set_intent(c),
            f"{words.counts(c, lang)} ({lang.signed(aside.plus(c).value - aside.value)})",
        )
        for c in quick
    ]
    if len(quick) < len(ranked):
        options = tuple(
            Option(
                set_intent(c),
                lang.pgettext("nuggets", "Set aside {dice}", dice=words.counts(c, lang)),
                description=words.choice_effect(aside, c, lang),
            )
            for c in ranked
        )
        controls.append(
            Menu(
                "aside",
                # Only more choices than a row of buttons holds get a menu: many.
                lang._("Or choose any of the {count} set-asides…", count=lang.number(len(ranked))),
                options,
            )
        )
    return controls


def _take(game: Game, state: GameState, lang: Language) -> list[Control]:
    """Roll the rest (with dice left) and take; with three lassos, whom to take from. A
    take worth nothing (only lassos set aside, an opponent holding none) is allowed
    (RULES-gold-nuggets' house rulings): offered last, muted, and worded as what it does,
    ending the turn."""
    value = state.value
    controls: list[Control] = []
    if state.phase is Phase.DECIDE:
        label = lang.ngettext(
            "Roll the rest ({n} die)", "Roll the rest ({n} dice)", state.dice_left
        )
        controls.append(Choice(ROLL, label, emoji="🎲"))
    takes: list[tuple[int, Choice]] = []
    if min(value, state.centre) == 0:
        label = lang.pgettext("nuggets", "End the turn, taking nothing")
        takes.append((0, Choice(take_intent(None), label, emoji="⛏️", tone=Tone.SECONDARY)))
    else:
        if value >= state.centre:
            label = lang.pgettext(
                "nuggets", "Take the last {amount}", amount=lang.number(state.centre)
            )
        elif state.phase is Phase.TAKE:
            label = lang.pgettext(
                "nuggets", "Take {amount}, then a bonus turn", amount=lang.number(value)
            )
        else:
            label = lang.pgettext("nuggets", "Take {amount}", amount=lang.number(value))
        takes.append((value, Choice(take_intent(None), label, emoji="⛏️", tone=Tone.SUCCESS)))
    opponents = state.opponents() if state.can_steal else ()
    if len(opponents) < STEAL_MENU_FROM:
        for seat in opponents:
            held = state.nuggets[seat]
            player = listed_name(shared_words.seat_name(game.seats[seat], lang))
            amount = min(value, held)
            if amount == 0:
                steal = lang._(
                    "Take nothing from {player} (holds {held})",
                    player=player,
                    held=lang.number(held),
                )
                takes.append((0, Choice(take_intent(seat), steal, emoji="🪢", tone=Tone.SECONDARY)))
                continue
            steal = lang._(
                "Steal {amount} from {player} (holds {held})",
                amount=lang.number(amount),
                player=player,
                held=lang.number(held),
            )
            takes.append((amount, Choice(take_intent(seat), steal, emoji="🪢", tone=Tone.DANGER)))
        # Sorted is stable: the centre stays first among takes worth the same.
        return controls + [choice for _, choice in sorted(takes, key=lambda t: t[0] == 0)]
    controls += [choice for _, choice in takes]
    options = [
        (
            min(value, state.centre),
            Option(
                take_intent(None),
                lang.pgettext(
                    "nuggets", "The centre ({left} left)", left=lang.number(state.centre)
                ),
                description=_gain(min(value, state.centre), lang),
            ),
        )
    ]
    for seat in opponents:
        held = state.nuggets[seat]
        options.append(
            (
                min(value, held),
                Option(
                    take_intent(seat),
                    lang.pgettext(
                        "nuggets",
                        "{player} (holds {held})",
                        player=listed_name(shared_words.seat_name(game.seats[seat], lang)),
                        held=lang.number(held),
                    ),
                    description=_gain(min(value, held), lang, steal=True),
                    emoji="🪢",
                ),
            )
        )
    controls.append(
        Menu(
            "steal",
            lang.pgettext("nuggets", "Take {amount} from…", amount=lang.number(value))
            if value
            else lang.pgettext("nuggets", "Take nothing from… (the turn ends)"),
            tuple(option for _, option in sorted(options, key=lambda o: o[0] == 0)),
        )
    )
    return controls


def _one_way(controls: Sequence[Control], state: GameState) -> list[Control]:
    """The take choices as the board offers them, each way once: a menu of whom to take
    from leaves out the centre that a button takes from, and when every take is worth
    nothing (only lassos set aside), only the button that ends the turn is left of them
    (and Roll). (The board draws a set-aside once, beside the roll, by itself.)"""
    if state.phase not in (Phase.DECIDE, Phase.TAKE):
        return list(controls)
    if state.value == 0:
        return [
            c for c in controls if isinstance(c, Choice) and c.intent in (ROLL, take_intent(None))
        ]
    buttons = {c.intent for c in controls if isinstance(c, Choice)}
    return [
        replace(c, options=tuple(o for o in c.options if o.intent not in buttons))
        if isinstance(c, Menu)
        else c
        for c in controls
    ]


def _gain(amount: int, lang: Language, *, steal: bool = False) -> str:
    """What taking from one source brings, in a menu option's small print."""
    if amount == 0:
        return lang.pgettext("nuggets", "you take nothing, and the turn ends")
    if steal:
        return lang.pgettext("nuggets", "you steal {amount}", amount=lang.number(amount))
    return lang.pgettext("nuggets", "you take {amount}", amount=lang.number(amount))


def ranked_choices(state: GameState) -> list[Counts]:
    """The waiting roll's set-asides, most valuable first; among equals, fewer dice first
    (more left to roll), then in the engine's order."""
    aside = state.aside
    choices = state.pending_choices()
    return sorted(choices, key=lambda c: (-aside.plus(c).value, c.total, choices.index(c)))


def usual_choices(state: GameState) -> list[Counts]:
    """The set-asides players make most, each a one-click button, ranked as the menu."""
    assert state.roll is not None
    roll, numbers = Counts.of(state.roll), state.aside.numbers
    usable = [roll.lasso, roll.nugget]
    for bit, rolled in enumerate(roll[2:]):
        usable.append(rolled if numbers >> bit & 1 or rolled >= 3 else 0)
    candidates = [Counts(*usable)]
    for index, count in enumerate(usable):
        if count:
            only = [0] * len(usable)
            only[index] = count
            candidates.append(Counts(*only))
            new_number = index >= 2 and not numbers >> (index - 2) & 1
            if new_number and count > 3:
                # "Only three of these five 3s": the rest go back into the roll.
                only[index] = 3
                candidates.append(Counts(*only))
    legal = state.pending_choices()
    return [c for c in ranked_choices(state) if c in candidates and c in legal]


def _took(events: Sequence[object]) -> tuple[int, int | None, int] | None:
    took = next((e for e in events if isinstance(e, Took)), None)
    return None if took is None else (took.seat, took.source, took.amount)


def decision_lines(game: Game, lang: Language) -> tuple[str, ...]:
    """The chance rolling on busts, and what it is worth against taking, while the
    player to act may roll (``GameFace.decision_lines``)."""
    state: GameState = game.state
    if game.status is not GameStatus.ACTIVE or state.phase not in (Phase.ROLL, Phase.DECIDE):
        return ()
    return (words.odds(roll_odds(state), state, lang),)


def _prompt(game: Game, state: GameState, lang: Language) -> str:
    """What the player to move does next, with the dice set aside, the odds and the clock."""
    if state.phase is Phase.OVER:
        return ""
    player = shared_words.seat_line(game.seats[state.turn], lang)
    lines = []
    if state.aside != EMPTY:
        lines.append(words.aside_line(state, lang))
    if state.phase is Phase.ROLL:
        lines.append(lang._("{player}: roll the seven dice.", player=player))
    elif state.phase is Phase.SET_ASIDE:
        lines.append(
            lang.ngettext(
                "{player}: choose what to set aside ({n} choice).",
                "{player}: choose what to set aside ({n} choices).",
                len(state.pending_choices()),
                player=player,
            )
        )
    elif state.phase is Phase.DECIDE:
        lines.append(
            lang.ngettext(
                "{player}: roll the {n} die left, or take {value}.",
                "{player}: roll the {n} dice left, or take {value}.",
                state.dice_left,
                player=player,
                value=lang.number(state.value),
            )
        )
    elif state.value >= state.centre:
        lines.append(
            lang._(
                "{player}: all seven dice are set aside: take the last {amount}.",
                player=player,
                amount=lang.number(state.centre),
            )
        )
    else:
        lines.append(
            lang._(
                "{player}: all seven dice are set aside: take {amount}, then play a bonus turn.",
                player=player,
                amount=lang.number(state.value),
            )
        )
    lines.extend(decision_lines(game, lang))
    if game.deadline is not None and not game.seats[state.turn].is_bot:
        lines.append(words.time_out_rule(state, shared_words.deadline(game.deadline), lang))
    return "\n\n" + "\n".join(lines)


NUGGETS_FACE = GoldNuggetsFace(GAME, NUGGETS_REPLAY, NUGGETS_STILL, _turn_view)
