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

import asyncio
from collections.abc import Sequence
from typing import Final

import discord

from bot.discord_ui import text
from bot.discord_ui.buttons import PrivateButton, PrivateOpen
from bot.games.claim import names, words
from bot.games.claim.game import CLAIM, Move, intent_of
from bot.games.face import IMAGE_FILE, Picture, Private, game_over
from bot.games.rules import Options
from bot.service import Outcome
from bot.storage import Game, LadderEntry, PlayerRecord
from engine.claim import (
    Action,
    Card,
    ClaimState,
    Discard,
    Faction,
    FollowerTaken,
    Loot,
    Phase,
    Play,
    Played,
    Reason,
    Score,
    Step,
    Take,
    TrickDone,
    hand_size,
    legal_actions,
    score,
    view,
)
from render.claim import CardFace, FactionResult, HandView, TableView, render_hand, render_table
from render.common.palette import PLAYERS

BUTTONS_PER_ROW: Final = 5
PAIR_NAMES: Final = {
    "goblins-knights": "Goblins & Knights",
    "gnomes-giants": "Gnomes & Giants",
    "kings-peasants": "Kings & Peasants",
    "random": "a random pair",
}
ADDED_NAMES: Final = {
    "first-game": "the first-game set (Undead, Dwarves, Doppelgängers; Bards and Vikings "
    "too with 3–4 players)",
    "random": "random",
}


class ClaimFace:
    kind = "claim"
    command = "claim"
    title = "Claim"

    def option_fields(self, options: Options) -> Sequence[tuple[str, str]]:
        pair = str(options.get("pair", "goblins-knights"))
        added = str(options.get("factions", "first-game"))
        if added not in ADDED_NAMES:
            named = [names.faction_name(Faction(code)) for code in added.split(",")]
            added = ", ".join(named) + " (2 players: the first 3; 3–4 players: 5, filled at random)"
        else:
            added = ADDED_NAMES[added]
        return [("Pair", PAIR_NAMES.get(pair, pair)), ("Added factions", added)]

    def rules(self, locale: str) -> str:
        return words.rules(locale)

    def happened(self, outcome: Outcome) -> str:
        move: Move = outcome.action
        return words.happened(
            outcome.game, outcome.before, move.seat, move.action, outcome.events, move.timed_out
        )

    async def turn(self, game: Game, headline: str, last: Outcome | None) -> Picture:
        state: ClaimState = game.state
        picture = await _render(_table(game, state, last))
        return _picture(game, state, picture, _describe(game, state, headline))

    async def turn_end(self, outcome: Outcome, headline: str) -> Picture:
        game, state = outcome.game, outcome.state
        picture = await _render(_table(game, state, outcome))
        return _picture(game, state, picture, headline)

    async def result(self, outcome: Outcome, headline: str) -> Picture:
        game, state = outcome.game, outcome.state
        result = score(state)
        png = await _render(_table(game, state, outcome, result))
        return game_over(self.title, outcome, headline, words.results(game, state, result), png)

    def buttons(self, game: Game) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        state: ClaimState = game.state
        if state.phase is not Phase.OVER:
            view.add_item(PrivateOpen(game.kind, game.id, label="My hand", emoji="🂠"))
        return view

    async def private(self, game: Game, seat: int, last: Outcome | None) -> Private | None:
        state: ClaimState = game.state
        mine = view(state, seat)
        acting = seat in mine.to_act
        legal = legal_actions(state, seat) if acting else ()
        lead = state.lead() if mine.step is Step.PLAY else None
        drawn = _drawn(last, seat)
        hand_view = HandView(
            name=game.seats[seat].display_name,
            seat=seat,
            hand=tuple(_face(c) for c in mine.hand),
            action=mine.step.value if acting and mine.step is not Step.OVER else None,
            playable=frozenset(a.card.id for a in legal if isinstance(a, Play | Discard)),
            lead=None if lead is None else _face(lead),
            followers=tuple(_face(c) for c in mine.followers),
            peek=None if mine.peek is None else _face(mine.peek),
            prize=tuple(_face(c) for c in mine.prize) if acting and mine.step is Step.TAKE else (),
            drawn=tuple(_face(c) for c in drawn),
            loot=tuple(f.value for f in state.loot_options(seat))
            if acting and mine.step is Step.LOOT
            else (),
            phase=mine.phase.value,
        )
        png = await asyncio.to_thread(render_hand, hand_view)
        lines = [_private_prompt(game, state, seat, legal, lead)]
        if drawn:
            lines.append(f"You drew {words.cards(drawn)} face down: it is on your follower pile.")
        if mine.peek is not None:
            lines.append(f"🔮 The top card of the draw pile is {names.card_name(mine.peek)}.")
        if game.deadline is not None and acting:
            lines.append(
                f"⏰ If you don't choose {text.deadline(game.deadline)}, "
                f"{words.time_out_rule(state)}."
            )
        r, g, b = PLAYERS[seat].color
        embed = discord.Embed(
            title=f"Your hand · Claim · game {game.id}",
            description="\n\n".join(line for line in lines if line),
            colour=discord.Colour.from_rgb(r, g, b),
        )
        embed.set_image(url=f"attachment://{IMAGE_FILE}")
        items = _choices(game, state, seat, legal) if acting else []
        buttons = None
        if items:
            buttons = discord.ui.View(timeout=None)
            for item in items:
                buttons.add_item(item)
        return Private(Picture(embed, png), buttons)

    def ladder_figure(self, entry: LadderEntry) -> str:
        return f"best {text.plural(entry.figures.get('best_factions', 0), 'faction')}"

    def stats_fields(self, record: PlayerRecord) -> Sequence[tuple[str, str]]:
        figures = record.figures
        fields = []
        if record.played_out:
            average = figures.get("factions", 0) / record.played_out
            best = figures.get("best_factions", 0)
            fields.append(("Factions", f"{average:.1f} per game on average, best {best}"))
            tricks = figures.get("tricks", 0) / record.played_out
            fields.append(("Tricks", f"{tricks:.1f} won per game"))
        return fields


def _choices(
    game: Game, state: ClaimState, seat: int, legal: Sequence[Action]
) -> list[PrivateButton]:
    """One button per card of the hand (only the legal ones enabled), or per choice."""
    key = CLAIM.decision_key(state, seat)

    def button(action: Action, label: str, emoji: str, *, enabled: bool = True) -> PrivateButton:
        return PrivateButton(
            game.kind,
            game.id,
            key,
            intent_of(action),
            label=label,
            emoji=emoji,
            disabled=not enabled,
            style=discord.ButtonStyle.primary if enabled else discord.ButtonStyle.secondary,
        )

    if state.step in (Step.PLAY, Step.DISCARD):
        kind = Play if state.step is Step.PLAY else Discard
        return [
            button(
                kind(card),
                names.card_label(card),
                names.emoji(card.faction),
                enabled=kind(card) in legal,
            )
            for card in state.hands[seat]
        ]
    buttons = []
    for action in legal:
        if isinstance(action, Take):
            if action.card is None:
                buttons.append(button(action, "Take the top card", "🔮"))
            else:
                label = f"Take {names.card_label(action.card)}"
                buttons.append(button(action, label, names.emoji(action.card.faction)))
        elif isinstance(action, Loot):
            label = f"Loot for {names.faction_name(action.faction)}"
            buttons.append(button(action, label, names.emoji(action.faction)))
    return buttons


def _private_prompt(
    game: Game, state: ClaimState, seat: int, legal: Sequence[Action], lead: Card | None
) -> str:
    """What the seat does now; ``legal`` is what it may do (nothing while it waits)."""
    if state.phase is Phase.OVER:
        return "The game is over."
    if not legal:
        waiting = [words.who(game, s) for s in state.to_act()]
        return f"Not your turn: waiting for {', '.join(waiting)}."
    step = state.step
    if step is Step.PLAY:
        if lead is None:
            return f"**Your lead** (trick {state.trick}): play any card."
        rule = words.follow_rule(lead, state.hands[seat])
        text_ = f"**Your turn:** follow {names.card_name(lead)}."
        return text_ + (f"\n{rule}" if rule else " You may play any card.")
    if step is Step.DISCARD:
        return (
            "**Automatic trick:** discard any one card face down. Nobody sees it; "
            "the Automaton trick's winner also takes this trick."
        )
    if step is Step.TAKE:
        if any(isinstance(a, Take) and a.card is None for a in legal):
            return (
                "**You won with a Seer:** take a face-up prize, or the top card of the draw "
                "pile (shown below, only to you) — the other player gets what you leave."
            )
        return "**You choose a prize:** take one of the face-up cards."
    if step is Step.LOOT:
        return (
            "**Loot Raccoons:** your side has several factions with the fewest cards; choose "
            "which one your loot Raccoons count for."
        )
    return ""


def _drawn(last: Outcome | None, seat: int) -> tuple[Card, ...]:
    """The cards the last move had ``seat`` draw face down, shown to that seat alone."""
    if last is None:
        return ()
    return tuple(
        e.card
        for e in last.events
        if isinstance(e, FollowerTaken) and e.seat == seat and e.from_deck
    )


def _face(card: Card) -> CardFace:
    return CardFace(card.id, card.faction.value, card.value, card.loot)


def _table(
    game: Game, state: ClaimState, last: Outcome | None, result: Score | None = None
) -> TableView:
    """The public table: only piles everybody sees, and counts of the others (and at game
    over the count, ``result`` when it is already made)."""
    players = state.players
    if result is None and state.phase is Phase.OVER:
        result = score(state)
    last_trick: tuple[tuple[int, CardFace], ...] = ()
    last_winner = None
    if last is not None:
        done = next((e for e in last.events if isinstance(e, TrickDone)), None)
        if done is not None and not done.auto:
            played = list(last.before.table)
            move: Move = last.action
            if isinstance(move.action, Play):
                played.append(Played(move.seat, move.action.card))
            last_trick = tuple((p.seat, _face(p.card)) for p in played)
            last_winner = done.order[0]
    places: tuple[int, ...] = ()
    if state.auto is not None:
        places = state.auto.order
    elif state.step is Step.TAKE and state.phase is Phase.P1:
        places = state.places()
    results: tuple[FactionResult, ...] = ()
    if result is not None:
        results = tuple(
            FactionResult(f.faction.value, f.counts, f.winner, _why(f.reason, f.counts))
            for f in result.factions
        )
    return TableView(
        names=tuple(s.display_name for s in game.seats),
        factions=tuple(f.value for f in state.factions),
        phase=state.phase.value,
        step=state.step.value,
        trick=state.trick,
        tricks=hand_size(players),
        leader=state.leader,
        to_act=state.to_act(),
        hand_counts=tuple(len(h) for h in state.hands),
        follower_counts=tuple(len(f) for f in state.followers),
        deck_count=len(state.deck),
        discard_count=len(state.discard) + len(state.hidden),
        prize=tuple(_face(c) for c in state.prize),
        table=tuple((p.seat, _face(p.card)) for p in state.table),
        places=places,
        auto=state.auto is not None,
        discarded=() if state.auto is None else state.auto.discarded,
        scores=tuple(tuple(_face(c) for c in pile) for pile in state.scores),
        gnomes=tuple(tuple(_face(c) for c in pile) for pile in state.gnomes),
        trolls=tuple(_face(c) for c in state.trolls),
        last_trick=last_trick,
        last_winner=last_winner,
        winners=() if result is None else result.winners,
        results=results,
    )


def _why(reason: Reason, counts: Sequence[int]) -> str:
    if reason is Reason.RUN:
        return "run"
    if reason is Reason.HIGH_CARD:
        return "high"
    if reason is Reason.VOTES:
        return "most"
    return "tie" if any(counts) else "none"


async def _render(table: TableView) -> bytes:
    """The table image, drawn in a worker thread so the event loop keeps answering."""
    return await asyncio.to_thread(render_table, table)


def _describe(game: Game, state: ClaimState, headline: str) -> str:
    lines = [headline] if headline else []
    prompt = words.prompt(game, state)
    if prompt:
        lines.append(prompt)
    if state.players == 4:
        lines.append(
            f"Teams: {words.unit_name(game, (0, 2))} against {words.unit_name(game, (1, 3))}"
        )
    humans = [s for s in state.to_act() if not game.seats[s].is_bot]
    if game.deadline is not None and humans:
        lines.append(
            f"⏰ A quiet turn ends by itself {text.deadline(game.deadline)} "
            f"({words.time_out_rule(state)})."
        )
    return "\n\n".join(lines)


def _picture(game: Game, state: ClaimState, png: bytes, description: str) -> Picture:
    acting = state.to_act()
    r, g, b = PLAYERS[acting[0] if acting else state.leader].color
    embed = discord.Embed(
        title=f"Claim · game {game.id}",
        description=description,
        colour=discord.Colour.from_rgb(r, g, b),
    )
    embed.set_image(url=f"attachment://{IMAGE_FILE}")
    return Picture(embed, png)


CLAIM_FACE = ClaimFace()
