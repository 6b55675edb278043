"""Claim through Discord, with the real bot and a real database: whole games by clicking in
each player's private hand, the follow rule in the buttons and in the service, clicks out
of turn and stale ones, a Seer's private choice, an automatic trick's discards by several
seats at once, a loot choice, a restart in the middle of a trick, the turn clock and a
takeover, leaving mid-game, and that no public message or picture ever shows a card its
audience may not see.

Players act from their own hand, opened with **My hand** on the newest table message.
What they choose is decided here from the rules (``legal_actions``) with a seeded
generator, or steered towards the situation a test is about; the bot's own chance is
seeded too, so every run plays the same games.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui import face_drawing
from bot.discord_ui.card_layout import layout
from bot.games.claim import face as claim_face
from bot.games.claim import views as claim_views
from bot.games.claim.game import decision_key, intent_of
from bot.games.claim.names import card_label, card_name, faction_name
from bot.service import GameService
from bot.storage import Game, GameStatus
from emulator import Interaction, Message, User
from engine.claim import (
    Action,
    Card,
    ClaimState,
    Faction,
    Phase,
    Play,
    Step,
    legal_actions,
    score,
)
from i18n import Language, english
from render.claim import TableView
from tests.e2e.world import (
    World,
    describe,
    make_world,
    note_of,
    title_of,
)
from tests.i18n_words import shown_in
from tests.layouts import components

TURN = 600
"""The server's default turn time, in seconds."""
LOOT_SEED = 1
"""The bot's chance and the players' picks of a game that ends with a loot choice (every run
plays the same game)."""

Choose = Callable[[ClaimState, int, tuple[Action, ...], random.Random], Action]


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    """Ann, Bo, Cy, Di and an outsider on the emulator; each test starts the bot itself."""
    world = await make_world(tmp_path, 4, database=database_target)
    async with world:
        yield world


# What players see and do -------------------------------------------------------------------


def service(world: World) -> GameService:
    return world.bots[0].service


def table_message(world: World) -> Message:
    """The game's table: the newest public message with the **My hand** button that pings
    nobody (a ping has the button too)."""
    return next(
        m
        for m in reversed(world.channel.visible())
        if not m.ephemeral and not m.mentions and "My hand" in m.button_labels()
    )


async def open_hand(world: World, user: User, table: Message | None = None) -> Message:
    """``user`` presses **My hand**; their private message, once its picture is in."""
    interaction = await world.discord.answer(
        await world.discord.click(user, table or table_message(world), "My hand")
    )
    hand = await world.discord.wait_for_message(
        world.channel,
        lambda m: m.interaction_id == interaction.id and not m.loading and m.components_v2,
    )
    assert hand.ephemeral and hand.visible_to == user.id
    return hand


def private_intents(message: Message) -> dict[str, dict[str, Any]]:
    """Each private button by what it plays (``play=GOB5`` …)."""
    return {str(b["custom_id"]).split(":", 4)[4]: b for b in message.buttons()}


async def press(world: World, user: User, hand: Message, intent: str) -> Interaction:
    """Presses the button of ``intent`` on a private message; returns the answered click."""
    button = private_intents(hand)[intent]
    return await world.discord.answer(
        await world.discord.click(user, hand, str(button["custom_id"]))
    )


def any_legal(
    state: ClaimState, seat: int, legal: tuple[Action, ...], rng: random.Random
) -> Action:
    return rng.choice(legal)


async def act(
    world: World, game: Game, seat: int, choose: Choose, rng: random.Random
) -> tuple[Action, Message]:
    """The person in ``seat`` opens their hand and presses what ``choose`` picks."""
    state: ClaimState = game.state
    user = world.user(game.seats[seat].user_id or 0)
    hand = await open_hand(world, user)
    legal = legal_actions(state, seat)
    action = choose(state, seat, legal, rng)
    offered = private_intents(hand)
    enabled = {i for i, b in offered.items() if not b.get("disabled")}
    assert enabled == {intent_of(a) for a in legal}, (enabled, legal)
    clicked = await press(world, user, hand, intent_of(action))
    assert clicked.response_type in (6, 7), await world.refusal(clicked)
    return action, hand


async def play_out(
    world: World, game_id: int, rng: random.Random, choose: Choose = any_legal
) -> Game:
    """Every person acts when they must (computer players move by themselves) until the end."""
    for _ in range(2000):
        game = await world.settled(game_id)
        if game.status is GameStatus.FINISHED:
            return game
        state: ClaimState = game.state
        people = [s for s in state.to_act() if not game.seats[s].is_bot]
        if not people:
            await world.discord.wait_until(lambda: world.busy(game_id))
            continue
        await act(world, game, people[0], choose, rng)
    raise AssertionError("the game did not finish")


async def start(
    world: World, players: int, *, bots: int = 0, **options: Any
) -> tuple[Game, Message]:
    """``/claim new`` with ``options``; people join, the host starts; the first table."""
    host, *others = world.players[: players - bots]
    created = await world.discord.answer(
        await world.discord.slash(host, world.channel, "claim new", bots=bots, **options)
    )
    lobby = created.response_message
    assert lobby is not None and not lobby.ephemeral
    for person in others:
        await world.click(person, lobby, "Join")
    if not options:
        assert "Goblins & Knights" in describe(lobby) and "first-game set" in describe(lobby)
    await world.click(host, lobby, "Start")
    # The lobby has become the table.
    table = await world.discord.wait_for_message(
        world.channel, lambda m: m is lobby and "My hand" in m.button_labels()
    )
    game = await service(world).current_game(world.channel.id)
    assert game is not None
    return await world.settled(game.id), table


# Whole games ---------------------------------------------------------------------------------


async def check_result(world: World, game: Game) -> Message:
    """The result message against the database and the engine's count."""
    state: ClaimState = game.state
    assert game.status is GameStatus.FINISHED and state.phase is Phase.OVER
    result = await world.discord.wait_for_message(
        world.channel, lambda m: f"Claim #{game.number} · game over" in describe(m)
    )
    counted = score(state)
    text = describe(result)
    for faction in counted.factions:
        assert f"**{faction_name(faction.faction, english())}**" in text
    names = [game.seats[s].display_name for s in counted.winners]
    assert all(name in text.split("Ratings")[0] for name in names)
    results = await service(world).history.results(game.id)
    assert [r.won for r in results] == [s in counted.winners for s in range(state.players)]
    units = {seat: unit for unit in counted.units for seat in unit.seats}
    assert [r.figures["factions"] for r in results] == [units[s].won for s in range(state.players)]
    assert await service(world).history.replay(game.id) == state
    assert [m for m in world.channel.visible() if "My hand" in m.button_labels()] == []
    return result


async def test_two_people_play_a_whole_game_from_their_hands(
    world: World, audit: Audit, caplog: pytest.LogCaptureFixture
) -> None:
    await world.start_bot(2)
    game, _ = await start(world, 2)
    (ping,) = world.pings()
    assert "My hand" in ping.button_labels() and "it's your turn in" in describe(ping)
    game = await play_out(world, game.id, random.Random(2))
    result = await check_result(world, game)
    assert "first rated game" in describe(result)
    check_secrets(world, audit, caplog)
    answered_in_time(world)


def answered_in_time(world: World) -> None:
    world.every_interaction_answered()


async def test_three_players_with_a_computer_player_and_random_factions(
    world: World, audit: Audit, caplog: pytest.LogCaptureFixture
) -> None:
    await world.start_bot(3)
    game, _ = await start(world, 3, bots=1, bot_level="hard", pair="random", factions="random")
    assert len(game.state.factions) == 7 and sum(s.is_bot for s in game.seats) == 1
    game = await play_out(world, game.id, random.Random(3))
    await check_result(world, game)
    check_secrets(world, audit, caplog)
    answered_in_time(world)


# Who sees what -------------------------------------------------------------------------------

CARD_NAME = re.compile(
    r"\b(Automaton|Bard|Doppelgänger|Dragon|Dwarf|Giant|Gnome|Goblin|Griffin|King|Knight|"
    r"Peasant|Raccoon|Seer|Troll|Undead|Viking) (\d{1,2})\b"
)
CARD_ID = re.compile(r"\b(?:AUT|BAR|DOP|DRA|DWA|GIA|GNO|GOB|GRI|KIN|KNI|PEA|RAC|SEE|TRO|UND|VIK)\d")


def public_cards(state: ClaimState) -> set[Card]:
    """The cards face up for everybody to see."""
    piles = (*state.scores, *state.gnomes, state.trolls, state.discard, state.prize)
    return {c for pile in piles for c in pile} | {p.card for p in state.table}


def named(text: str) -> set[tuple[str, int]]:
    return {(m[1], int(m[2])) for m in CARD_NAME.finditer(text)}


def shown_as(cards: set[Card]) -> set[tuple[str, int]]:
    return {(card_label(c, english()).rsplit(" ", 1)[0], c.value) for c in cards}


@dataclass
class Audit:
    """Everything the Claim face produced for the public, with the positions it was about."""

    tables: list[tuple[ClaimState, TableView]] = field(default_factory=list)
    texts: list[tuple[set[Card], str]] = field(default_factory=list)


@pytest.fixture
def audit(monkeypatch: pytest.MonkeyPatch) -> Audit:
    """Records every public picture's view and every public text of Claim's face."""
    seen = Audit()
    table = claim_views.table_view

    def recorded_table(
        names: tuple[str, ...], state: ClaimState, last: Any, lang: Language, result: Any = None
    ) -> TableView:
        view = table(names, state, last, lang, result)
        seen.tables.append((state, view))
        return view

    monkeypatch.setattr(claim_face, "table_view", recorded_table)
    # The replays' frames are drawn from the view the face was made with.
    monkeypatch.setattr(claim_face.CLAIM_FACE, "_view", recorded_table)
    face_type = type(claim_face.CLAIM_FACE)
    for method in ("turn", "turn_end", "result"):
        original = getattr(face_type, method)

        async def recorded(self: Any, *args: Any, _original: Any = original) -> Any:
            picture = await _original(self, *args)
            first = args[0]
            last = first if not isinstance(first, Game) else args[2] if len(args) > 2 else None
            states = [first.state] + ([last.before] if last is not None else [])
            visible = set().union(*(public_cards(s) for s in states))
            if last is not None and isinstance(last.action.action, Play):
                visible.add(last.action.action.card)
            # Everything the public message says, its picture's description included.
            words = " ".join(shown_in(components(layout(face_drawing.drawn(picture)))))
            seen.texts.append((visible, words))
            return picture

        monkeypatch.setattr(face_type, method, recorded)
    return seen


def check_secrets(world: World, audit: Audit, logs: pytest.LogCaptureFixture) -> None:
    """No public picture, text, button or log line shows a card its audience may not see."""
    assert audit.tables and audit.texts
    for state, view in audit.tables:
        drawn = {c.id for c in public_cards(state)}
        cards = [c for _, c in view.table] + list(view.prize) + list(view.trolls)
        cards += [c for pile in (*view.scores, *view.gnomes) for c in pile]
        cards += [c for _, c in view.last_trick]
        assert {c.id for c in cards} - drawn - {c.id for _, c in view.last_trick} == set()
    for visible, words in audit.texts:
        assert named(words) <= shown_as(visible), words
    for message in world.channel.messages:
        ids = [str(b.get("custom_id")) for b in message.buttons()]
        if message.ephemeral:
            continue
        assert all(":seat:" not in i for i in ids), "a private button on a public message"
        assert not CARD_ID.search(message.content + str(message.components))
    for record in logs.records:
        assert not CARD_ID.search(record.getMessage()), record.getMessage()


# Whole games ---------------------------------------------------------------------------------


# Abilities decided in private -------------------------------------------------------------

ABILITIES = (Faction.SEERS, Faction.AUTOMATONS)


def steer(state: ClaimState, seat: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Leads Seers and Automatons, and lets them win: so the game comes to a Seer's choice
    and to an automatic trick."""
    plays = [a for a in legal if isinstance(a, Play)]
    lead = state.lead()
    if plays and lead is None:
        special = [a for a in plays if a.card.faction in ABILITIES]
        if special:
            return max(special, key=lambda a: a.card.value)
    if plays and lead is not None and lead.faction in ABILITIES:
        off = [a for a in plays if a.card.faction not in (lead.faction, Faction.DOPPELGANGERS)]
        return min(off or plays, key=lambda a: a.card.value)
    return rng.choice(legal)


async def seer_chooses_the_top_card(world: World, game: Game) -> None:
    """The Seer's winner sees the top card (nobody else does) and takes it, face down."""
    state: ClaimState = game.state
    (seer,) = state.to_act()
    other = 1 - seer
    top, (prize,) = state.deck[0], state.prize
    seer_user = world.user(game.seats[seer].user_id or 0)
    hand = await open_hand(world, seer_user)
    assert f"The top card of the draw pile is {card_name(top, english())}" in describe(hand)
    assert "Take the top card" in hand.button_labels()
    assert f"Take {card_label(prize, english())}" in hand.button_labels()
    theirs = await open_hand(world, world.user(game.seats[other].user_id or 0))
    assert "top card of the draw pile is" not in describe(theirs)
    assert theirs.buttons() == []
    clicked = await press(world, seer_user, hand, "take=top")
    assert clicked.response_type == 7
    assert f"You drew {card_name(top, english())} face down" in describe(hand)
    after = await world.settled(game.id)
    assert top in after.state.followers[seer] and prize in after.state.followers[other]
    public = describe(table_message(world)) + "".join(
        describe(m) for m in world.channel.visible() if not m.ephemeral
    )
    assert "takes the top card of the draw pile instead, face down" in public


async def both_discard_at_once(world: World, game: Game) -> None:
    """An automatic trick: both discard face down, each from a hand opened before the other
    discarded, in either order."""
    state: ClaimState = game.state
    assert state.to_act() == (0, 1)
    users = [world.user(game.seats[s].user_id or 0) for s in (0, 1)]
    hands = [await open_hand(world, user) for user in users]
    for seat, hand in enumerate(hands):
        enabled = [b for b in hand.buttons() if not b.get("disabled")]
        assert len(enabled) == len(state.hands[seat]), "any card may be discarded"
        assert "discard any one card face down" in describe(hand)
    for seat in (1, 0):
        card = state.hands[seat][0]
        clicked = await press(world, users[seat], hands[seat], f"discard={card.id}")
        assert clicked.response_type == 7, await world.refusal(clicked)
    after = await world.settled(game.id)
    assert after.state.auto is None and len(after.state.hidden) >= 2


async def test_a_seer_and_an_automatic_trick_are_played_in_private(
    world: World, audit: Audit, caplog: pytest.LogCaptureFixture
) -> None:
    await world.start_bot(5)
    game, _ = await start(world, 2, factions="seers, automatons, raccoons")
    rng = random.Random(5)
    done: set[str] = set()
    for _ in range(500):
        game = await world.settled(game.id)
        if game.status is GameStatus.FINISHED:
            break
        state: ClaimState = game.state
        if state.step is Step.TAKE and "seer" not in done:
            done.add("seer")
            await seer_chooses_the_top_card(world, game)
        elif state.step is Step.DISCARD and "discard" not in done:
            done.add("discard")
            await both_discard_at_once(world, game)
        else:
            await act(world, game, state.to_act()[0], steer, rng)
    assert done == {"seer", "discard"}
    await check_result(world, game)
    check_secrets(world, audit, caplog)
    answered_in_time(world)


def pick_loot_game(
    state: ClaimState, seat: int, legal: tuple[Action, ...], rng: random.Random
) -> Action:
    """Keeps loot Raccoons (0-4) out of the discard in phase 1, and wins them in phase 2."""
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        return min(plays, key=lambda a: (a.card.faction is Faction.RACCOONS, a.card.value))
    return legal[0]


async def test_loot_raccoons_faction_is_chosen_in_private(world: World) -> None:
    await world.start_bot(LOOT_SEED)
    game, _ = await start(world, 2, factions="raccoons, trolls, bards")
    rng = random.Random(LOOT_SEED)
    for _ in range(500):
        game = await world.settled(game.id)
        state: ClaimState = game.state
        if state.step is Step.LOOT:
            break
        assert game.status is not GameStatus.FINISHED, "no loot choice in this game"
        await act(world, game, state.to_act()[0], pick_loot_game, rng)
    (chooser,) = state.to_act()
    options = state.loot_options(chooser)
    user = world.user(game.seats[chooser].user_id or 0)
    hand = await open_hand(world, user)
    assert hand.button_labels() == [f"Loot for {faction_name(f, english())}" for f in options]
    assert "Loot for" not in " ".join(
        b for m in world.channel.visible() if not m.ephemeral for b in m.button_labels()
    )
    clicked = await press(world, user, hand, f"loot={options[-1].value}")
    assert clicked.response_type == 7
    game = await world.settled(game.id)
    assert game.state.loot[chooser] is options[-1]
    result = await check_result(world, game)
    assert "loot Raccoon" in describe(result) or options[-1] not in {
        f.faction for f in score(game.state).factions if f.winner is not None
    }


# Who may press what, and when ---------------------------------------------------------------


def off_suit_follow(state: ClaimState, seat: int) -> bool:
    """The seat must follow a lead it holds while holding other cards too."""
    lead = state.lead()
    hand = state.hands[seat]
    return (
        state.step is Step.PLAY
        and lead is not None
        and any(c.faction is lead.faction for c in hand)
        and any(c.faction not in (lead.faction, Faction.DOPPELGANGERS) for c in hand)
    )


async def test_the_follow_rule_greys_cards_out_and_the_service_refuses_them(world: World) -> None:
    await world.start_bot(6)
    game, _ = await start(world, 2)
    rng = random.Random(6)
    for _ in range(100):
        game = await world.settled(game.id)
        state: ClaimState = game.state
        (seat,) = state.to_act()
        if off_suit_follow(state, seat):
            break
        await act(world, game, seat, any_legal, rng)
    lead = state.lead()
    assert lead is not None
    user = world.user(game.seats[seat].user_id or 0)
    hand = await open_hand(world, user)
    follow = (
        f"You hold {faction_name(lead.faction, english())}, so you must follow with one of them"
    )
    assert follow in describe(hand)
    buttons = private_intents(hand)
    for card in state.hands[seat]:
        allowed = card.faction in (lead.faction, Faction.DOPPELGANGERS)
        assert bool(buttons[f"play={card.id}"].get("disabled")) is not allowed
    wrong = next(
        c for c in state.hands[seat] if c.faction not in (lead.faction, Faction.DOPPELGANGERS)
    )
    clicked = await press(world, user, hand, f"play={wrong.id}")
    assert await world.refusal(clicked) == (
        f"That move isn't allowed: you hold {faction_name(lead.faction, english())}, "
        "so you must follow with one of them (or with a Doppelgänger)."
    )
    assert (await world.settled(game.id)).state == state


async def test_off_turn_stale_and_strangers_clicks_change_nothing(world: World) -> None:
    await world.start_bot(7)
    game, table = await start(world, 2)
    state: ClaimState = game.state
    (seat,) = state.to_act()
    mover = world.user(game.seats[seat].user_id or 0)
    waiting = world.user(game.seats[1 - seat].user_id or 0)

    # Waiting: their hand, no buttons; a hand-made button (or one a hand that fell behind
    # still offers) is refused on the hand, which shows the game as it stands.
    theirs = await open_hand(world, waiting)
    assert theirs.buttons() == [] and "Not your turn: waiting for" in describe(theirs)
    key = decision_key(state, 1 - seat)
    card = state.hands[1 - seat][0]
    forged = await world.discord.answer(
        await world.discord.click(waiting, theirs, f"claim:seat:{game.id}:{key}:play={card.id}")
    )
    assert forged.response_type == 7
    assert note_of(theirs) == f"It's {game.seats[seat].display_name}'s turn, not yours."
    assert theirs.buttons() == [] and (await world.settled(game.id)).state == state

    # A stranger has no hand here.
    outsider = world.players[-1]
    asked = await world.discord.answer(await world.discord.click(outsider, table, "My hand"))
    assert await world.refusal(asked) == "You're not playing in this game."

    # A hand opened twice: the first says so and loses its buttons; a press on it (a stale
    # client's) changes nothing and leaves it so, since only the hand opened last plays.
    old = await open_hand(world, mover)
    replaced = next(b for b in private_intents(old).values() if not b.get("disabled"))
    live = await open_hand(world, mover)
    await world.settled(game.id)
    assert old.buttons() == [] and "opened your hand again" in describe(old)
    clicked = await world.discord.answer(
        await world.discord.click(mover, old, str(replaced["custom_id"]))
    )
    assert clicked.response_type == 7
    assert old.buttons() == [] and "opened your hand again" in describe(old)
    assert (await world.settled(game.id)).state == state
    # A press on the hand that follows, after the game moved on past what it pressed (a
    # stale client's), changes nothing and shows the game as it is.
    live_intents = private_intents(live)
    hands = {mover.id: live, waiting.id: theirs}
    assert (await press(world, mover, live, next(iter(live_intents)))).response_type == 7
    for _ in range(30):
        game = await world.settled(game.id)
        if seat in game.state.to_act() and game.state.step is Step.PLAY:
            break
        user = world.user(game.seats[game.state.to_act()[0]].user_id or 0)
        offered = [i for i, b in private_intents(hands[user.id]).items() if not b.get("disabled")]
        assert (await press(world, user, hands[user.id], offered[0])).response_type == 7
    before = game.state
    stale = next(b for b in live_intents.values() if not b.get("disabled"))
    clicked = await world.discord.answer(
        await world.discord.click(mover, live, str(stale["custom_id"]))
    )
    assert clicked.response_type == 7
    assert note_of(live) == (
        "The game has moved on since that was shown, so nothing changed. Here it is as it stands."
    )
    assert (await world.settled(game.id)).state == before
    enabled = {i for i, b in private_intents(live).items() if not b.get("disabled")}
    assert enabled == {intent_of(a) for a in legal_actions(before, seat)}


# Restarts, the clock and leaving --------------------------------------------------------------


async def test_a_trick_goes_on_after_a_restart_from_its_table_message(world: World) -> None:
    await world.start_bot(8)
    game, _ = await start(world, 2)
    leader = game.state.to_act()[0]
    await act(world, game, leader, any_legal, random.Random(8))
    game = await world.settled(game.id)
    assert len(game.state.table) == 1
    await world.stop_bots()
    await world.start_bot(9)
    follower = 1 - leader
    user = world.user(game.seats[follower].user_id or 0)
    hand = await open_hand(world, user, table_message(world))
    legal = legal_actions(game.state, follower)
    assert (await press(world, user, hand, intent_of(legal[0]))).response_type == 7
    after = await world.settled(game.id)
    assert after.version == game.version + 1 and after.state.table == ()


async def time_runs_out(world: World, game: Game) -> Game:
    world.clock.advance(TURN)
    await world.discord.wait_until(lambda: "time ran out" in describe(table_message(world)) or None)
    return await world.settled(game.id)


async def test_quiet_turns_end_by_the_rule_and_twice_in_a_row_hand_the_seat_over(
    world: World,
) -> None:
    await world.start_bot(10)
    game, _ = await start(world, 2)
    state: ClaimState = game.state
    (quiet,) = state.to_act()
    lowest = min(
        (a for a in legal_actions(state, quiet) if isinstance(a, Play)),
        key=lambda a: (a.card.value, a.card.order),
    )
    world.clock.advance(TURN)
    name = game.seats[quiet].display_name
    message = await world.discord.wait_for_message(
        world.channel, lambda m: f"{name}**'s time ran out" in describe(m)
    )
    assert f"leads {card_name(lowest.card, english())}" in describe(message)
    game = await world.settled(game.id)
    assert game.seats[quiet].timeouts == 1 and not game.seats[quiet].is_bot
    rng = random.Random(10)
    while quiet not in game.state.to_act():
        await act(world, game, game.state.to_act()[0], any_legal, rng)
        game = await world.settled(game.id)
    world.clock.advance(TURN)
    await world.discord.wait_for_message(
        world.channel, lambda m: "computer player" in describe(m) and name in describe(m)
    )
    game = await world.settled(game.id)
    assert game.seats[quiet].is_bot and game.seats[quiet].left_user_id is not None
    game = await play_out(world, game.id, rng)
    results = await service(world).history.results(game.id)
    assert results[quiet].left


async def test_a_player_who_leaves_mid_game_is_replaced_by_a_computer_player(
    world: World,
) -> None:
    await world.start_bot(11)
    game, _ = await start(world, 3)
    rng = random.Random(11)
    for _ in range(5):
        game = await world.settled(game.id)
        await act(world, game, game.state.to_act()[0], any_legal, rng)
    leaver = world.players[1]
    answer = (await world.command(leaver, "claim leave")).response_message
    assert answer is not None and answer.ephemeral
    assert "left the game, so a computer player" in answer.content
    game = await world.settled(game.id)
    seat = next(s for s in game.seats if s.left_user_id == leaver.id)
    assert seat.is_bot
    game = await play_out(world, game.id, rng)
    results = await service(world).history.results(game.id)
    assert results[seat.seat].left and results[seat.seat].user_id == leaver.id


# Commands ------------------------------------------------------------------------------------


async def test_the_rules_come_privately_in_parts_within_discords_limits(world: World) -> None:
    await world.start_bot(12)
    asked = await world.command(world.players[0], "claim rules")
    # The second part is a follow-up, sent after the answer the command returned with.
    await world.discord.wait_for_message(
        world.channel, lambda m: m.interaction_id == asked.id and m is not asked.response_message
    )
    parts = [m for m in world.channel.visible(asked.user.id) if m.interaction_id == asked.id]
    assert len(parts) >= 2 and parts[0] is asked.response_message
    assert all(m.ephemeral and m.components_v2 and m.content == "" for m in parts)
    assert all(sum(map(len, m.text_displays())) <= 4000 for m in parts)
    assert [title_of(m) == "Claim" for m in parts] == [True] + [False] * (len(parts) - 1)
    rules = "\n".join(describe(m) for m in parts)
    assert "legal card of lowest value is played" in rules and "My hand" in rules
    assert all(faction_name(f, english()) in rules for f in Faction)


async def test_factions_are_chosen_by_name_and_a_wrong_name_is_refused_plainly(
    world: World,
) -> None:
    await world.start_bot(13)
    ann = world.players[0]
    refused = (await world.command(ann, "claim new", factions="seers, unicorns")).response_message
    assert refused is not None and refused.ephemeral
    assert refused.content.startswith("That setting can't be used: 'unicorns' is not a faction")
    bold = (await world.command(ann, "claim new", factions="seers, **trolls**")).response_message
    assert bold is not None and bold.ephemeral
    assert bold.content.startswith(r"That setting can't be used: '\*\*trolls\*\*' is not a")
    assert await service(world).current_game(world.channel.id) is None
    game, _ = await start(world, 2, pair="kings-peasants", factions="Trolls Dragons griffin")
    assert [f.value for f in game.state.factions] == ["DRA", "GRI", "KIN", "PEA", "TRO"]
