"""Claim It! in Discord: the board message, its buttons, its words on the ladder."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress

from bot.games import shared_words
from bot.games.board import playable
from bot.games.bust_luck import luck_lines, record_luck
from bot.games.claimit import GAME, board_page, status_words, words
from bot.games.claimit.game import CLAIMIT
from bot.games.drawing import CLAIMIT_BOARD, CLAIMIT_REPLAY, CLAIMIT_STILL
from bot.games.face import (
    Board,
    Choice,
    Control,
    Picture,
    Tone,
    TurnOrderFace,
    described_names,
    lit_dice,
    seat_names,
    step_hold,
)
from bot.games.outcome import Outcome
from bot.games.painters import PAINTERS
from bot.games.replay import Hold, ReplayStep, caption
from bot.storage.game_values import Options
from bot.storage.records import Game, GameStatus, LadderEntry, PlayerRecord
from engine.claimit import Bust, GameState, Phase, Place, Roll, Space, roll_odds
from i18n import Language
from render.claimit import LETTERS, View, lettered
from render.common.palette import PLAYERS


class ClaimItFace(TurnOrderFace[tuple[GameState, View]]):
    """Claim It! in Discord: the board, the dice and the choices of placement, the results."""

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER

    def option_fields(self, options: Options, lang: Language) -> Sequence[tuple[str, str]]:
        on, off = lang.pgettext("option", "on"), lang.pgettext("option", "off")
        return [(lang._("Rule variant"), on if options.get("variant") else off)]

    def voice_status(self, game: Game, lang: Language) -> str:
        return status_words.voice_status(self.title, game, lang)

    def happened(self, outcome: Outcome, lang: Language) -> str:
        return words.happened(outcome, lang)

    async def active_turn(
        self, game: Game, headline: str, last: Outcome | None, lang: Language, lit: frozenset[str]
    ) -> Picture:
        rolled = None
        if last is not None and last.before.turn == game.state.turn:
            rolled = _dice_shown(last)
        return await _board(game, game.state, headline, lang, rolled=rolled, lit=lit)

    async def closed_turn(
        self, game: Game, headline: str, last: Outcome | None, lang: Language
    ) -> Picture:
        return await _board(game, game.state, headline, lang, prompt=False, closed=True)

    async def turn_end(self, outcome: Outcome, headline: str, lang: Language) -> Picture:
        game, before = outcome.game, outcome.before
        if isinstance(outcome.action, Roll):
            # A bust: the marks it lost are shown, still on the board.
            return await _board(
                game, before, headline, lang, rolled=_dice_shown(outcome), bust=before.turn
            )
        return await _board(game, outcome.state, headline, lang, prompt=False)

    async def result(self, outcome: Outcome, headline: str, lang: Language) -> Picture:
        game = outcome.game
        table = words.results(game, outcome.results, lang)
        png = await _render(game, game.state, View(names=seat_names(game, lang), lang=lang))
        description = words.board(game.state, described_names(game, lang), lang)
        luck = luck_lines(
            [shared_words.name(game.seats[r.seat], lang) for r in outcome.results],
            [r.figures for r in outcome.results],
            lang,
        )
        return self.game_over(outcome, headline, table, png, description, lang, luck)

    def choices(self, game: Game, lang: Language) -> Sequence[Control]:
        """Roll and Stop & claim, or one lettered choice per legal placement (none while a
        computer player moves: nobody else may press)."""
        state: GameState = game.state
        if game.seats[state.turn].is_bot:
            return []
        if state.phase is Phase.PLACE:
            return [
                Choice(letter, f"{letter}: {words.placement(placement, lang)}")
                for letter, placement in lettered(state)
            ]
        if state.phase is Phase.ROLL:
            return [
                Choice("roll", lang._("Roll"), emoji="🎲"),
                Choice(
                    "stop",
                    lang._("Stop & claim"),
                    emoji="⛏️",
                    tone=Tone.SUCCESS,
                    enabled=state.placed_this_turn,
                ),
            ]
        return []

    def board(self, game: Game, seat: int | None, last: Outcome | None, lang: Language) -> Board:
        """The position as the engine writes it, with the dice to show, each lettered
        placement where it would go, and the odds of the next roll (nothing is hidden)."""
        state: GameState = game.state
        rolled = None
        if last is not None and last.before.turn == state.turn:
            rolled = _dice_shown(last)
        table = {
            **CLAIMIT.state_to_json(state),
            "names": list(seat_names(game, lang)),
            "rolled": None if rolled is None else list(rolled),
            "placements": [
                {
                    "intent": letter,
                    "col": placement.col,
                    "row": placement.row,
                    "marker": placement.marker,
                    "label": words.placement(placement, lang),
                }
                for letter, placement in lettered(state)
                # A cancelled game's board, as its picture, offers nowhere to place.
                if game.status is GameStatus.ACTIVE
            ],
            # The turn message's odds, for a board that is a phone's whole screen.
            "odds": "\n".join(decision_lines(game, lang)) or None,
            **board_page.figures(state),
        }
        acting = (
            seat is not None and game.status is GameStatus.ACTIVE and seat in CLAIMIT.to_act(state)
        )
        return Board(
            table=table,
            words=words.board(
                state,
                described_names(game, lang),
                lang,
                closed=game.status is GameStatus.CANCELLED,
            ),
            choices=playable(self.choices(game, lang)) if acting else (),
        )

    def option_intent(self, state: GameState, option: str) -> str:
        """A placement is played by its letter; rolling and stopping by their own."""
        return next((letter for letter, p in lettered(state) if str(p) == option), option)

    def decision_lines(self, game: Game, lang: Language) -> Sequence[str]:
        return decision_lines(game, lang)

    def board_words(self, lang: Language) -> Mapping[str, str]:
        return board_page.words(lang)

    def dice_labels(self, lang: Language) -> Sequence[str]:
        return ("1", "2", "3", "4", "5", "6")

    def replay_step(
        self, names: tuple[str, ...], outcome: Outcome, lang: Language
    ) -> ReplayStep[tuple[GameState, View]]:
        """Each roll, placement and stop as the table showed it; a bust with the marks it
        lost still on the board."""
        said = caption(self.happened(outcome, lang))
        if any(isinstance(e, Bust) for e in outcome.events):
            rolled = _dice_shown(outcome)
            bust = View(names=names, rolled=rolled, bust=outcome.before.turn, lang=lang)
            return ReplayStep((outcome.before, bust), said, Hold.LONG)
        state: GameState = outcome.state
        hold = step_hold(state.phase is Phase.OVER, outcome.events)
        return ReplayStep(self.replay_view(names, state, outcome, lang), said, hold)

    def replay_moments(self, lang: Language) -> str:
        return lang._("busts")

    def ladder_figure(self, entry: LadderEntry, lang: Language) -> str:
        return lang._("best mine {size}", size=lang.number(entry.figures.get("best_mine", 0)))

    def stats_fields(self, record: PlayerRecord, lang: Language) -> Sequence[tuple[str, str]]:
        figures = record.figures
        fields = []
        if record.played_out:
            fields.append(
                (
                    lang._("Largest mine"),
                    lang._(
                        "{average} on average, best {best}",
                        **shared_words.per_game(record, "mine_total", "best_mine", lang),
                    ),
                )
            )
        claims = lang.number(figures.get("claims", 0))
        fields.append((lang._("Claims"), lang._("{claims} in all", claims=claims)))
        turns, busts = figures.get("turns", 0), figures.get("busts", 0)
        if turns:
            fields.append(
                (
                    lang._("Busts"),
                    lang._(
                        "{rate} per turn ({busts} in {turns})",
                        **shared_words.bust_rate(busts, turns, lang),
                    ),
                )
            )
        luck = record_luck(figures, lang)
        if luck is not None:
            fields.append((lang._("Luck"), luck))
        fields.append(
            (
                lang._("Best single turn"),
                lang.ngettext(
                    "{n} space settled in one stop",
                    "{n} spaces settled in one stop",
                    figures.get("best_turn", 0),
                ),
            )
        )
        return fields


async def _board(
    game: Game,
    state: GameState,
    headline: str,
    lang: Language,
    *,
    rolled: tuple[int, int, int] | None = None,
    bust: int | None = None,
    prompt: bool = True,
    closed: bool = False,
    lit: frozenset[str] = frozenset(),
) -> Picture:
    """The board for ``state`` under what just happened; ``prompt`` adds what the
    player to move does next; ``lit``: the spaces and dice it points at."""
    spaces, dice = lit_pieces(lit)
    view = View(
        names=seat_names(game, lang),
        rolled=rolled,
        bust=bust,
        lang=lang,
        closed=closed,
        lit_spaces=spaces,
        lit_dice=dice,
    )
    png = await _render(game, state, view)
    footer = None
    if state.last_round is not None and state.phase is not Phase.OVER and not closed:
        # A footer is a small-print line, which renders markdown like any other.
        caller = shared_words.name(game.seats[state.last_round.caller], lang)
        footer = lang._("Last round: {player} plays last.", player=caller)
    return Picture(
        title=shared_words.game_name(GAME.name, game),
        text=headline + (_prompt(game, state, bust, lang) if prompt else ""),
        colour=PLAYERS[state.turn].color,
        png=png,
        description=words.board(
            state, described_names(game, lang), lang, rolled=rolled, bust=bust, closed=closed
        ),
        footer=footer,
    )


async def _render(game: Game, state: GameState, view: View) -> bytes:
    """The board image, drawn where the event loop never waits for it."""
    return await PAINTERS.paint(game.id, CLAIMIT_BOARD, state, view, ("game", game.id))


def lit_pieces(lit: frozenset[str]) -> tuple[frozenset[Space], frozenset[int]]:
    """The spaces (``2,5``, as placements write them) and the dice of the waiting roll
    (``die:0``) that the tokens ``lit`` name, as the board lights them; any other token
    names nothing on the board."""
    spaces: set[Space] = set()
    for token in lit:
        if not token.startswith("die:"):
            with suppress(ValueError):
                spaces.add(Space.parse(token))
    return frozenset(spaces), lit_dice(lit)


def _prompt(game: Game, state: GameState, bust: int | None, lang: Language) -> str:
    if state.phase is Phase.OVER or bust is not None:
        return ""
    who = shared_words.seat_line(game.seats[state.turn], lang)
    lines = []
    if state.placed_this_turn:
        lines.append(words.this_turn(state, lang))
    if state.phase is Phase.PLACE:
        letters = LETTERS[: len(state.pending_placements())]
        choice = letters[0] if len(letters) == 1 else f"{letters[0]}–{letters[-1]}"
        lines.append(
            lang._("{player}: choose a placement ({letters}).", player=who, letters=choice)
        )
    elif state.placed_this_turn:
        lines.append(lang._("{player}: roll again, or stop & claim.", player=who))
    else:
        lines.append(lang._("{player}: roll the dice.", player=who))
    lines.extend(decision_lines(game, lang))
    if game.deadline is not None and not game.seats[state.turn].is_bot:
        lines.append(
            lang._(
                "⏰ The turn ends by itself {deadline} (keeping what was placed).",
                deadline=shared_words.deadline(game.deadline),
            )
        )
    return "\n\n" + "\n".join(lines)


def decision_lines(game: Game, lang: Language) -> tuple[str, ...]:
    """The chance the next roll busts, and what stopping keeps, while the player to act
    may roll (``GameFace.decision_lines``)."""
    state: GameState = game.state
    if game.status is not GameStatus.ACTIVE or state.phase is not Phase.ROLL:
        return ()
    return (words.odds(roll_odds(state), lang),)


def _replay_view(
    names: tuple[str, ...], state: GameState, last: Outcome | None, lang: Language
) -> tuple[GameState, View]:
    """A replay's frame: the board, with the dice ``last`` showed."""
    rolled = None if last is None else _dice_shown(last)
    return (state, View(names=names, rolled=rolled, lang=lang))


def _dice_shown(outcome: Outcome) -> tuple[int, int, int] | None:
    """The roll the board shows: the one just rolled, or the one a placement just used
    (empty dice boxes after a placement would look like a glitch)."""
    action, before = outcome.action, outcome.before
    if isinstance(action, Roll):
        return _three(action.dice)
    if isinstance(action, Place) and before.dice is not None:
        return _three(before.dice)
    return None


def _three(dice: tuple[int, ...]) -> tuple[int, int, int]:
    return (dice[0], dice[1], dice[2])


CLAIMIT_FACE = ClaimItFace(GAME, CLAIMIT_REPLAY, CLAIMIT_STILL, _replay_view)
