"""Claim in Discord: the public table message, each player's private hand, the results.

The table message shows only what everybody may see (``_table`` builds its picture
from public piles and counts alone), and carries one button, **My hand**, which
opens the presser's own message: their hand as a picture and, when they must act,
a button per card (those they may not play greyed out, the follow rule in words),
or the Seer's, take's or loot's choices. Those buttons carry the decision's key
(``decision_key``), so a hand opened before another seat's face-down discard still
plays, while one opened before a new card reached the table is shown afresh.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from bot.games import shared_words
from bot.games.board import plain
from bot.games.claim import (
    GAME,
    board_page,
    hand_words,
    move_words,
    names,
    prompt_words,
    result_words,
    seat_words,
    status_words,
    table_words,
)
from bot.games.claim.game import (
    CLAIM,
    FIRST,
    FIRST_GAME_ADDED,
    FIRST_GAME_MORE,
    PAIR_CHOICES,
    RANDOM,
    Move,
    intent_of,
)
from bot.games.claim.table_pictures import TABLE, coloured_seat, lit_cards
from bot.games.claim.views import drawn_cards, own_hand_view, seat_now, table_view
from bot.games.drawing import CLAIM_HAND, CLAIM_REPLAY, CLAIM_STILL, LIT_CLAIM_HAND
from bot.games.face import (
    BaseFace,
    Board,
    Choice,
    Control,
    OpenPrivate,
    Picture,
    Private,
    Tone,
    board_line,
    described_names,
    seat_names,
    step_hold,
)
from bot.games.outcome import Outcome
from bot.games.painters import PAINTERS
from bot.games.replay import Chapter, ReplayStep, caption
from bot.storage.game_values import Options
from bot.storage.records import Game, GameStatus, LadderEntry, PlayerRecord
from engine.claim import (
    Action,
    Card,
    ClaimState,
    Discard,
    Faction,
    Loot,
    Phase,
    Play,
    Step,
    Take,
    TrickDone,
    score,
)
from i18n import Language
from render.claim import TableView
from render.common.palette import PLAYERS


class ClaimFace(BaseFace[TableView]):
    """Claim in Discord: the public table, each player's own hand (their cards, and what they
    alone know), the results with each faction's reason."""

    def option_fields(self, options: Options, lang: Language) -> Sequence[tuple[str, str]]:
        pair = str(options.get("pair", "goblins-knights"))
        added = str(options.get("factions", FIRST))
        return [
            (lang.pgettext("option", "Pair"), _pair_words(pair, lang)),
            (lang._("Added factions"), _added_words(added, lang)),
        ]

    def board_said(self, line: str) -> str:
        return board_line(line, (*names.EMOJI.values(), move_words.TRICK_WON))

    def voice_status(self, game: Game, lang: Language) -> str:
        return status_words.voice_status(self.title, game, lang)

    def happened(self, outcome: Outcome, lang: Language) -> str:
        move: Move = outcome.action
        return move_words.happened(
            outcome.game,
            outcome.before,
            move.seat,
            move.action,
            outcome.events,
            lang,
            move.timed_out,
        )

    async def active_turn(
        self, game: Game, headline: str, last: Outcome | None, lang: Language, lit: frozenset[str]
    ) -> Picture:
        state: ClaimState = game.state
        table = table_view(seat_names(game, lang), state, last, lang)
        said = _describe(game, state, headline, lang)
        return await TABLE.picture(game, coloured_seat(state), table, said, lang, lit_cards(lit))

    async def closed_turn(
        self, game: Game, headline: str, last: Outcome | None, lang: Language
    ) -> Picture:
        state: ClaimState = game.state
        table = table_view(seat_names(game, lang), state, last, lang)
        closed = replace(table, to_act=(), closed=True)
        return await TABLE.picture(game, coloured_seat(state), closed, headline, lang)

    async def turn_end(self, outcome: Outcome, headline: str, lang: Language) -> Picture:
        game, state = outcome.game, outcome.state
        table = table_view(seat_names(game, lang), state, outcome, lang)
        return await TABLE.picture(game, coloured_seat(state), table, headline, lang)

    async def result(self, outcome: Outcome, headline: str, lang: Language) -> Picture:
        game, state = outcome.game, outcome.state
        result = score(state)
        view = table_view(seat_names(game, lang), state, outcome, lang, result)
        png = await TABLE.png(game, view)
        table = result_words.results(game, result, lang)
        description = table_words.table(view, described_names(game, lang), lang)
        return self.game_over(outcome, headline, table, png, description, lang)

    def choices(self, game: Game, lang: Language) -> Sequence[Control]:
        state: ClaimState = game.state
        if state.phase is Phase.OVER:
            return []
        return [OpenPrivate(prompt_words.hand_button(lang), emoji="🂠")]

    async def private(
        self,
        game: Game,
        seat: int,
        last: Outcome | None,
        lang: Language,
        *,
        lit: frozenset[str] = frozenset(),
    ) -> Private | None:
        state: ClaimState = game.state
        seated = seat_now(state, seat)
        mine, acting, legal, lead = seated
        drawn = drawn_cards(last, seat)
        name = shared_words.seat_name(game.seats[seat], lang)
        hand_view = own_hand_view(name, state, seat, seated, drawn, lang)
        album = ("game", game.id, seat)
        cards = lit_cards(lit)
        if cards:
            png = await PAINTERS.paint(game.id, LIT_CLAIM_HAND, hand_view, cards, album)
        else:
            png = await PAINTERS.paint(game.id, CLAIM_HAND, hand_view, album)
        lines = [_private_prompt(game, state, seat, legal, lead, lang)]
        if drawn:
            lines.append(
                lang.ngettext(
                    "You drew {cards} face down: it is on your follower pile.",
                    "You drew {cards} face down: they are on your follower pile.",
                    len(drawn),
                    cards=names.cards(drawn, lang),
                )
            )
        if mine.peek is not None:
            lines.append(
                lang._(
                    "🔮 The top card of the draw pile is {card}.",
                    card=names.card_name(mine.peek, lang),
                )
            )
        if game.deadline is not None and acting:
            lines.append(
                lang._(
                    "⏰ If you don't choose {deadline}, the clock does it for you ({rule}).",
                    **_clock(game.deadline, state, lang),
                )
            )
        picture = Picture(
            title=lang._("Your hand · {game}", game=shared_words.game_name(self.title, game)),
            text="\n\n".join(line for line in lines if line),
            colour=PLAYERS[seat].color,
            png=png,
            description=hand_words.hand(hand_view, lang),
        )
        choices = _choices(state, seat, legal, lang) if acting else ()
        return Private(picture, choices, CLAIM.decision_key(state, seat))

    def board(self, game: Game, seat: int | None, last: Outcome | None, lang: Language) -> Board:
        """The public table as the channel's picture draws it; for a seat, its own message's
        hand view beside it (and what the move just showed it alone), with its choices."""
        state: ClaimState = game.state
        table = table_view(seat_names(game, lang), state, last, lang)
        described = table_words.table(table, described_names(game, lang), lang)
        if game.status is not GameStatus.ACTIVE:
            table = replace(table, to_act=())
        public = {
            **plain(table),
            "faction_names": {f.value: names.faction_name(f, lang) for f in Faction},
            "faction_emoji": {f.value: names.emoji(f) for f in Faction},
            **board_page.figures(table, state.players),
        }
        if seat is None:
            return Board(table=public, words=described)
        seated = seat_now(state, seat)
        name = shared_words.seat_name(game.seats[seat], lang)
        hand_view = own_hand_view(name, state, seat, seated, drawn_cards(last, seat), lang)
        acting = seated.acting and game.status is GameStatus.ACTIVE
        return Board(
            table=public,
            words=described,
            own=plain(hand_view),
            own_words=hand_words.hand(hand_view, lang),
            choices=_choices(state, seat, seated.legal, lang) if acting else (),
            key=CLAIM.decision_key(state, seat),
        )

    def board_words(self, lang: Language) -> Mapping[str, str]:
        return board_page.words(lang)

    def replay_step(
        self, names: tuple[str, ...], outcome: Outcome, lang: Language
    ) -> ReplayStep[TableView]:
        """Each card played, taken or discarded as the public table showed it, a won
        trick held longer: never a hand, a follower pile or a face-down card."""
        state: ClaimState = outcome.state
        hold = step_hold(state.phase is Phase.OVER, outcome.events, TrickDone)
        view = self.replay_view(names, state, outcome, lang)
        return ReplayStep(view, caption(self.happened(outcome, lang)), hold)

    def replay_moments(self, lang: Language) -> str:
        return lang._("won tricks")

    def replay_chapters(self, outcomes: Sequence[Outcome], lang: Language) -> Sequence[Chapter]:
        """A chapter per trick, from its first card: a phase-1 prize is taken in the
        chapter of the trick that won it, the loot chosen in the last one's."""
        chapters: list[Chapter] = []
        start: int | None = 0
        for index, outcome in enumerate(outcomes):
            move: Move = outcome.action
            if start is None and isinstance(move.action, (Play, Discard)):
                start = index + 1
            done = next((e for e in outcome.events if isinstance(e, TrickDone)), None)
            if done is not None and start is not None:
                chapters.append(Chapter(start, move_words.trick_name(done, lang)))
                start = None
        return chapters

    def ladder_figure(self, entry: LadderEntry, lang: Language) -> str:
        best = entry.figures.get("best_factions", 0)
        return lang.ngettext("best {n} faction", "best {n} factions", best)

    def stats_fields(self, record: PlayerRecord, lang: Language) -> Sequence[tuple[str, str]]:
        """Factions and tricks per game, once a game is played out (none before)."""
        if not record.played_out:
            return []
        tricks = record.figures.get("tricks", 0) / record.played_out
        return [
            (
                lang.pgettext("stats", "Factions"),
                lang._(
                    "{average} per game on average, best {best}",
                    **shared_words.per_game(record, "factions", "best_factions", lang),
                ),
            ),
            (
                lang.pgettext("stats", "Tricks"),
                lang._("{average} won per game", average=lang.number(tricks, digits=1)),
            ),
        ]


def _pair_words(pair: str, lang: Language) -> str:
    if pair == RANDOM:
        return lang._("a random pair")
    factions = PAIR_CHOICES.get(pair)
    if factions is None:
        return pair
    return " & ".join(names.faction_name(f, lang) for f in factions)


def _added_words(added: str, lang: Language) -> str:
    if added == FIRST:
        return lang._(
            "the first-game set ({factions}; {more} too with 3–4 players)",
            factions=lang.list(names.faction_name(f, lang) for f in FIRST_GAME_ADDED),
            more=lang.list(names.faction_name(f, lang) for f in FIRST_GAME_MORE),
        )
    if added == RANDOM:
        return lang._("drawn at random")
    named = [names.faction_name(Faction(code), lang) for code in added.split(",")]
    return lang._(
        "{factions} (2 players: the first 3; 3–4 players: 5, filled at random)",
        factions=lang.list(named),
    )


def _choices(
    state: ClaimState, seat: int, legal: Sequence[Action], lang: Language
) -> tuple[Choice, ...]:
    """One button per card of the hand (only the legal ones enabled), or per choice. A
    card's button is its faction's emoji and its value, so that a row of four fits a
    phone's width; the picture and its description name each card in full."""

    def button(action: Action, label: str, emoji: str, *, enabled: bool = True) -> Choice:
        tone = Tone.PRIMARY if enabled else Tone.SECONDARY
        return Choice(intent_of(action), label, emoji=emoji, tone=tone, enabled=enabled)

    if state.step in (Step.PLAY, Step.DISCARD):
        kind = Play if state.step is Step.PLAY else Discard
        return tuple(
            button(
                kind(card),
                lang.number(card.value),
                names.emoji(card.faction),
                enabled=kind(card) in legal,
            )
            for card in state.hands[seat]
        )
    buttons = []
    for action in legal:
        if isinstance(action, Take):
            if action.card is None:
                buttons.append(button(action, lang._("Take the top card"), "🔮"))
            else:
                label = lang._("Take {card}", card=names.card_label(action.card, lang))
                buttons.append(button(action, label, names.emoji(action.card.faction)))
        elif isinstance(action, Loot):
            label = lang._("Loot for {faction}", faction=names.faction_name(action.faction, lang))
            buttons.append(button(action, label, names.emoji(action.faction)))
    return tuple(buttons)


def _private_prompt(
    game: Game,
    state: ClaimState,
    seat: int,
    legal: Sequence[Action],
    lead: Card | None,
    lang: Language,
) -> str:
    """What the seat does now; ``legal`` is what it may do (nothing while it waits)."""
    if state.phase is Phase.OVER:
        return lang._("The game is over.")
    if not legal:
        waiting = lang.list(seat_words.who(game, s, lang) for s in state.to_act())
        return lang._("Not your turn: waiting for {players}.", players=waiting)
    step = state.step
    if step is Step.PLAY:
        if lead is None:
            return lang._(
                "**Your lead** (trick {trick}): play any card.",
                trick=lang.number(state.trick or 0),
            )
        follow = lang._("**Your turn:** follow {card}.", card=names.card_name(lead, lang))
        rule = prompt_words.follow_rule(lead, state.hands[seat], lang)
        if rule:
            return f"{follow}\n{rule}"
        anything = lang._("You may play any card.")
        return f"{follow} {anything}"
    if step is Step.DISCARD:
        return lang._(
            "**Automatic trick:** discard any one card face down. Nobody sees it; "
            "the Automaton trick's winner also takes this trick."
        )
    if step is Step.TAKE:
        if any(isinstance(a, Take) and a.card is None for a in legal):
            if state.players == 2:
                return lang._(
                    "**You won with a Seer:** take the face-up prize, or the top card of the "
                    "draw pile (shown below, only to you): the other player gets what you leave."
                )
            return lang._(
                "**You won with a Seer:** take a face-up prize, or the top card of the draw "
                "pile (shown below, only to you): the next places share what you leave."
            )
        return lang._("**You choose a prize:** take one of the face-up cards.")
    if step is Step.LOOT:
        return lang._(
            "**Loot Raccoons:** your side has several factions with the fewest cards; choose "
            "which one your loot Raccoons count for."
        )
    return ""


def _describe(game: Game, state: ClaimState, headline: str, lang: Language) -> str:
    lines = [headline] if headline else []
    prompt = prompt_words.prompt(game, state, lang)
    if prompt:
        lines.append(prompt)
    if state.players == 4:
        lines.append(
            lang._(
                "Teams: {team} against {other}",
                team=seat_words.unit_name(game, (0, 2), lang),
                other=seat_words.unit_name(game, (1, 3), lang),
            )
        )
    humans = [s for s in state.to_act() if not game.seats[s].is_bot]
    if game.deadline is not None and humans:
        lines.append(
            lang._(
                "⏰ A quiet turn ends by itself {deadline} ({rule}).",
                **_clock(game.deadline, state, lang),
            )
        )
    return "\n\n".join(lines)


def _clock(deadline: float, state: ClaimState, lang: Language) -> dict[str, str]:
    """The values of a line on the clock: when it plays (``deadline``) and what it plays
    (``rule``)."""
    return {
        "deadline": shared_words.deadline(deadline),
        "rule": prompt_words.time_out_rule(state, lang),
    }


CLAIM_FACE = ClaimFace(GAME, CLAIM_REPLAY, CLAIM_STILL, table_view)
