"""Drills through the real bot and the emulator: ``/my drills`` with nothing due, and with
drills due serving them to the player alone, one at a time; a wrong and a right answer
in the report's words, scheduled by FSRS; **Show the costs** before a right answer,
rated Hard; another member's drill, an older message and a second answer or hint
refused with nothing changed; the step-through at the
drill's move; a Claim drill showing its seat's own hand alone; a direct message; German.

The drills are written in each test's setup from positions of a real game of the test's
own (their options weighed by hand, or by the game's analyst), the game noted as made so
that the bot makes none of its own: which of a game's decisions become drills, and their
weighing, are the service's (tests/features/drills/test_service_drills.py)."""

from __future__ import annotations

import asyncio
import hashlib
import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fsrs import Rating

from bot.features.drills import queries, schedule
from bot.features.drills.drill import Drill
from bot.features.drills.drill_words import option_labels
from bot.features.drills.errors import DrillAlreadyAnswered, NoSuchDrill
from bot.features.drills.schedule import DAY
from bot.features.drills.service import DrillService
from bot.games.analysis import Unit, Weighed
from bot.games.analysis_words import amount
from bot.games.claim.names import card_label
from bot.games.faces import report_words_for
from bot.games.registry import analyst_for, rules_for
from bot.service import Actor, Player
from bot.storage import Game
from bot.storage.game_values import Level
from emulator import Interaction, Message, User
from engine.claim.state import Step
from engine.claimit.state import Phase
from i18n import Language, english, language
from tests.e2e.world import World, describe, ephemeral_answer, make_world, text_of, title_of

pytestmark = pytest.mark.e2e

Wanted = Callable[[Any, int], bool]
"""Whether a position (and the seat to decide in it) is one to make a drill of."""


def drills(world: World) -> DrillService:
    return world.bots[0].service.part(DrillService)


def private(asked: Interaction) -> Message:
    """The message an interaction answered: the asker's alone."""
    message = asked.response_message
    assert message is not None and message.ephemeral
    assert message.visible_to == asked.user.id
    return message


async def refused(world: World, user: User, message: Message, custom_id: str) -> str:
    """What ``user`` is told for pressing ``custom_id`` (made by hand) on ``message``."""
    data = {"custom_id": custom_id, "component_type": 2}
    pressed = await world.discord.answer(await world.discord.forge(user, message, data))
    await world.quiet()
    return ephemeral_answer(pressed)


async def played_until(
    world: World, game: Game, user: User, wanted: Wanted, count: int
) -> list[tuple[int, Any]]:
    """The game's people move as a normal computer player would, through the service,
    until ``user`` has met ``count`` positions ``wanted``: each with its move's index."""
    bot = world.bots[0]
    rules = rules_for(game.kind)
    rng = random.Random(5)
    met: list[tuple[int, Any]] = []
    while len(met) < count:
        game = await bot.service.game(game.id)
        seat = rules.to_act(game.state)[0]
        mover = game.seats[seat].user_id
        if mover == user.id and wanted(game.state, seat):
            met.append((len(await bot.service.history.outcomes(game.id)), game.state))
        intent = rules.decide(game.state, seat, Level.NORMAL, rng)
        await bot.service.turns.act(game.id, Actor(mover), None, intent)
    return met


async def made(
    world: World, game: Game, user: User, positions: list[tuple[int, Any, Weighed]]
) -> None:
    """Drills of ``user``'s at these positions of ``game`` (each move's index, its state
    and its options weighed), the game noted as made with them."""
    seat = next(s.seat for s in game.seats if s.user_id == user.id)
    analyst, rules = analyst_for(game.kind), rules_for(game.kind)
    now = world.clock.now()
    met = [
        queries.Met(
            user.id,
            game.kind,
            hashlib.sha256(analyst.seen(state, seat).encode()).hexdigest(),
            seat,
            rules.state_to_json(state),
            weighed.to_json(),
            weighed.worths[-1][0],
            game.id,
            game.guild_id,
            move,
            now,
        )
        for move, state, weighed in positions
    ]
    database = world.bots[0].service.database
    assert await database.write(lambda c: queries.make(c, game.id, met, now))


def placing(state: Any, seat: int) -> bool:
    return state.phase is Phase.PLACE and len(state.pending_placements()) >= 2


def by_hand(state: Any) -> Weighed:
    """A placement's options, the first the best by half a space each."""
    options = [str(p) for p in state.pending_placements()]
    worths = tuple((option, Fraction(-index, 2)) for index, option in enumerate(options))
    return Weighed(Unit.SPACES, False, worths)


async def started(world: World, kind: str) -> Game:
    """A game of Ann's and Bo's started here through the service (the world's players'
    language whichever it is: the drills are what is tested)."""
    ann, bo = world.players[0], world.players[1]
    service = world.bots[0].service
    game = await service.create_lobby(
        kind=kind,
        guild_id=world.guild.id,
        channel_id=world.channel.id,
        host=Player(ann.id, ann.name),
    )
    game = await service.join(game.id, Player(bo.id, bo.name), game.version)
    return await service.start(game.id, Actor(ann.id), game.version)


async def claimit_drills(world: World, count: int = 2) -> Game:
    """A finished Claim It! game of Ann's and Bo's, ``count`` of Ann's placements drills."""
    ann = world.players[0]
    game = await started(world, "claimit")
    met = await played_until(world, game, ann, placing, count)
    await made(world, game, ann, [(move, state, by_hand(state)) for move, state in met])
    return await world.played_out(game, each_shown=False)


async def drawn(world: World, asked: Interaction) -> Message:
    """The private message ``asked`` was answered with, once its handler ran to its end:
    a drill's pictures may take longer than the bot waits before "thinking…"."""
    await world.handled()
    return private(asked)


async def own(world: World, user: User) -> list[Drill]:
    return await drills(world).due(user.id, limit=100)


def option_words(drill: Drill, option: str, lang: Language) -> str:
    return report_words_for(drill.kind).option(drill.state, option, [], lang)


async def test_drills_are_served_privately_answered_scheduled_and_refused_plainly(
    world: World,
) -> None:
    ann, bo = world.players[0], world.players[1]
    none = await drawn(world, await world.command(ann, "my drills"))
    assert "You have no drills yet." in describe(none) and not none.button_labels()

    game = await claimit_drills(world)
    first, second = await own(world, ann)
    mine = await drawn(world, await world.command(ann, "my drills"))
    assert "2 drills are due today." in describe(mine)
    assert "Claim It!" in describe(mine) and "2 due · 0 learning · 0 known" in describe(mine)
    assert all(m.ephemeral for m in world.channel.messages if "Drill" in describe(m))

    started = await world.click(ann, mine, "Start")
    await world.handled()
    card = private(started)
    assert card is mine, "the session goes on in place"
    assert title_of(card) == "🎯 Drill 1 · Claim It!"
    move = first.move + 1
    assert text_of(card).startswith(f"Game #{game.number}, move {move}: what would you do?")
    *labels, hint = card.button_labels()
    worst = first.weighed.worths[-1][0]
    # Each option named as its table marks it (a placement by its letter), by name.
    assert labels == list(option_labels(first, game, english()).values())
    assert hint == "Show the costs"
    shown = next(b["custom_id"] for b in card.buttons() if b["custom_id"].endswith(worst))

    # A wrong answer: the best in the report's words, what theirs cost, tomorrow again.
    answered = await world.click(ann, card, shown)
    await world.handled()
    assert private(answered) is card
    said = describe(card)
    best = option_words(first, first.weighed.best, english())
    cost = amount(first.weighed.cost(worst), Unit.SPACES, english())
    assert f"The best was {best}; yours cost {cost}: " in said and "Again tomorrow." in said
    after = await drills(world).drill(ann.id, first.id)
    assert (after.version, after.due_at) == (1, world.clock.now() + DAY)
    assert card.button_labels() == [f"Step through from move {move}", "Next drill"]

    # Pressed again (an older message's button), another member's, and one of none.
    already = english().say(DrillAlreadyAnswered.words)
    nothing = english().say(NoSuchDrill.words)
    assert await refused(world, ann, card, shown) == already
    assert await refused(world, bo, card, shown) == nothing
    forged = f"drill:all:0:{first.id + 100}:0:{worst}"
    assert await refused(world, ann, card, forged) == nothing
    assert await drills(world).drill(ann.id, first.id) == after

    # The step-through opens at the drill's move.
    stepped = await drawn(world, await world.click(ann, card, f"Step through from move {move}"))
    heading = text_of(stepped).split("\n", 1)[0]
    outcomes = await world.bots[0].service.history.outcomes(game.id)
    assert heading.endswith(f" · Move {move} of {len(outcomes)}"), heading

    # The next: its costs shown first (to Ann alone, nothing answered; Bo's press of
    # hers refused), then answered right: rated Hard, back tomorrow; and the session
    # ends, nothing left due.
    await world.click(ann, card, "Next drill")
    await world.handled()
    assert title_of(card) == "🎯 Drill 2 · Claim It!"
    costs = next(b["custom_id"] for b in card.buttons() if b["custom_id"].startswith("drillhint"))
    assert await refused(world, bo, card, costs) == nothing
    await world.click(ann, card, "Show the costs")
    await world.handled()
    assert title_of(card) == "🎯 Drill 2 · Claim It!" and "Show the costs" not in describe(card)
    costly = next(o for o, _ in second.weighed.worths if second.weighed.cost(o) > 0)
    assert amount(second.weighed.cost(costly), Unit.SPACES, english()) in describe(card)
    assert "You have seen the costs" in describe(card)
    assert (await drills(world).drill(ann.id, second.id)).version == second.version
    await world.click(ann, card, option_labels(second, game, english())[second.weighed.best])
    await world.handled()
    said = describe(card)
    assert "Right: that was the best." in said and "Again tomorrow." in said
    assert "That was the last drill due today." in said
    hard = schedule.reviewed(second.card, Rating.Hard, world.clock.now())
    assert (await drills(world).drill(ann.id, second.id)).card.stability == hard.stability
    # The costs asked again on the drill as it stood before the answer: refused.
    assert await refused(world, ann, card, costs) == already
    assert card.button_labels() == [f"Step through from move {second.move + 1}"]
    # A session started again with nothing due (an older message's Start) says so.
    start = {"custom_id": "drillnext:all:0", "component_type": 2}
    await world.discord.answer(await world.discord.forge(ann, card, start))
    await world.quiet()
    assert "No drill is due today." in describe(card) and not card.button_labels()

    # Tomorrow both are due again: the game's own command serves them.
    world.advance(DAY)
    older = await drawn(world, await world.command(ann, "claimit drills"))
    newer = await drawn(world, await world.command(ann, "claimit drills"))
    assert title_of(older) == title_of(newer) == "🎯 Drill 1 · Claim It!"
    idle = await drawn(world, await world.command(bo, "claimit drills"))
    assert "No Claim It! drill is due today." in describe(idle)

    # Two presses at once on one message: one answer counts, the other is refused.
    label = older.button_labels()[0]
    pressed = [await world.discord.click(ann, newer, label) for _ in range(2)]
    both = await asyncio.gather(*(world.discord.answer(each) for each in pressed))
    await world.handled()
    (counted,) = [each for each in both if each.response_message is newer]
    (other,) = [each for each in both if each is not counted]
    assert ephemeral_answer(other) == already
    # The game's other drill is still due: the session goes on.
    assert newer.button_labels()[-1] == "Next drill"
    answered_once = await drills(world).drill(ann.id, first.id)
    assert answered_once.version == after.version + 1
    # The older message still shows the drill as it stood: its press is refused.
    assert ephemeral_answer(await world.click(ann, older, label)) == already
    assert title_of(older) == "🎯 Drill 1 · Claim It!"
    assert (await drills(world).drill(ann.id, first.id)) == answered_once


async def test_a_claim_drill_shows_its_seats_own_hand_alone_even_in_a_direct_message(
    world: World,
) -> None:
    ann = world.players[0]
    game = await started(world, "claim")
    seat = next(s.seat for s in game.seats if s.user_id == ann.id)
    analyst = analyst_for("claim")
    # Ann's first plays, weighed by the game's own analyst: the first with a choice.
    met = await played_until(world, game, ann, lambda s, seat: s.step is Step.PLAY, 3)
    weighings = [await asyncio.to_thread(analyst.weighed, s, seat) for _, s in met]
    (move, state), weighed = next(
        (position, w) for position, w in zip(met, weighings, strict=True) if w is not None
    )
    await made(world, game, ann, [(move, state, weighed)])
    await world.played_out(game, each_shown=False)
    (drill,) = await own(world, ann)

    dm = world.discord.dm_with(ann)
    mine = await drawn(world, await world.command(ann, "my drills", where=dm))
    assert "1 drill is due today." in describe(mine)
    card = await drawn(world, await world.click(ann, mine, "Start"))
    held = {card_label(c, english()) for c in state.hands[seat]}
    unseen = {card_label(c, english()) for c in state.hands[1 - seat]} - held
    pictures = " ".join(item.description or "" for item in card.gallery_items())
    words = describe(card) + pictures + " ".join(card.button_labels())
    assert unseen and not [label for label in unseen if label in words]
    assert any(label in words for label in held)

    # A hand of thirteen: a menu of them, which answers in one pick too.
    await world.select(ann, card, "What would you do?", weighed.best)
    await world.handled()
    said = describe(card)
    assert "Right: that was the best." in said
    # In a direct message, the step-through is its server's: said how to open it there.
    assert "open the replay of Claim #" in said and "/claim replay" in said
    assert (await drills(world).drill(ann.id, drill.id)).version == 1


async def test_a_german_player_drills_in_german(tmp_path: Path, database_target: str) -> None:
    german = language("de")
    async with await make_world(tmp_path, 2, database=database_target, locale="de") as world:
        await world.start_bot()
        ann = world.players[0]
        none = await drawn(world, await world.command(ann, "meine übungen"))
        nothing = german._(
            "You have no drills yet. Each mistake you make in a finished game becomes one: "
            "its position, asked again until you know it."
        )
        assert nothing in describe(none)
        game = await claimit_drills(world, 1)
        (drill,) = await own(world, ann)
        card = await drawn(world, await world.command(ann, "claimit übungen"))
        assert title_of(card) == "🎯 Übung 1 · Claim It!"
        assert f"Partie #{game.number}, Zug {drill.move + 1}: Was würdest du tun?" in text_of(card)
        worst = drill.weighed.worths[-1][0]
        shown = next(b["custom_id"] for b in card.buttons() if b["custom_id"].endswith(worst))
        await world.click(ann, card, shown)
        await world.handled()
        said = describe(card)
        best = option_words(drill, drill.weighed.best, german)
        assert f"Am besten war: {best}. Deins hat " in said and "Wieder morgen." in said
        assert card.button_labels() == [f"Schritt für Schritt ab Zug {drill.move + 1}"]
