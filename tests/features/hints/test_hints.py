"""Hints through Discord, in English and in German: ``/claimit new hints:`` opens a
friendly game whose lobby, table and result say so; 💡 **Hint** under its table answers
the player to act alone with each of their options as the judge weighs it, the best
marked, in their own language; everyone else, a table the game has moved past, a
server that keeps its games rateable and a hand-made press on a rated game are refused
in plain words, and nothing changes; so is a hint asked while the presser's last one
in the game is still being weighed. The game ends unrated, its result counting the
hints asked.

On SQLite only: the service's tests run every rule on both databases."""

from __future__ import annotations

import logging
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.table_asks import On
from bot.features.analysis import judging
from bot.features.hints.errors import (
    HintsOffHere,
    HintStillWeighing,
    NoHints,
    NothingToWeigh,
    NotYourHint,
)
from bot.features.hints.service import HintService
from bot.features.ladder.service import LadderService
from bot.games import shared_words
from bot.games.claim.names import card_name
from bot.games.option_names import option_names
from bot.games.outcome import Outcome
from bot.games.registry import analyst_for, rules_for
from bot.service import Actor
from bot.service.errors import BoardMovedOn, NotInGame, Refusal
from bot.storage import Game
from emulator import Interaction, Message
from engine.claim.state import ClaimState
from i18n import Language, language
from tests.bot.held_judges import HeldWeighing
from tests.e2e.world import World, describe, ephemeral_answer, make_world, title_of

pytestmark = pytest.mark.e2e

LOCALES = {"en": None, "de": "de"}
"""Each language the test is played in, and the Discord locale its people use."""


@pytest.fixture(params=sorted(LOCALES))
async def world(
    tmp_path: Path, request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture
) -> AsyncIterator[World]:
    world = await make_world(tmp_path, 3, locale=LOCALES[request.param])
    async with world:
        await world.start_bot()
        yield world
    # Every refusal is an answer in plain words, never a failure of the bot's.
    assert [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR] == []


def lang_of(world: World) -> Language:
    return language(world.players[0].locale.split("-")[0])


def said(refusal: type[Refusal], lang: Language) -> str:
    return lang.say(refusal().words)


def asking(lang: Language) -> dict[str, Any]:
    """``hints:True``, as a member in ``lang`` types it."""
    return {lang._("hints"): True}


async def lobby_with_hints(world: World, command: str = "claimit") -> Message:
    lang = lang_of(world)
    lobby = await world.answered(world.players[0], f"{command} {lang._('new')}", **asking(lang))
    assert not lobby.ephemeral
    return lobby


def hints_on(lang: Language) -> str:
    """What a lobby and a table with hints say of them."""
    on = lang._("on: the player to act may ask for a 💡 Hint. This game is not rated.")
    return f"**{lang._('Hints')}** {on}"


async def started(world: World, lobby: Message) -> Game:
    """The lobby, joined by Bo and started by Ann, in their language."""
    lang = lang_of(world)
    ann, bo = world.players[:2]
    await world.click(bo, lobby, lang.pgettext("lobby button", "Join"))
    await world.click(ann, lobby, lang.pgettext("lobby button", "Start"))
    return await world.settled((await world.game_here()).id)


async def started_with_hints(world: World, command: str = "claimit") -> Game:
    """A game of Ann and Bo with hints, its lobby having said so."""
    lobby = await lobby_with_hints(world, command)
    assert hints_on(lang_of(world)) in describe(lobby)
    return await started(world, lobby)


async def move(world: World, game: Game, intent: str) -> Game:
    """The person to act makes a move through the bot, as their press would."""
    bot = world.bots[0]
    seat = rules_for(game.kind).to_act(game.state)[0]
    user = game.seats[seat].user_id

    async def change() -> Outcome:
        return await bot.service.turns.act(game.id, Actor(user), None, intent)

    await bot.table.move(game.id, change, On.TABLE)
    await world.quiet()
    return await world.settled(game.id)


async def private_answer(world: World, pressed: Interaction) -> str:
    """What the presser alone is shown: the answer, once its "thinking…" is over."""
    answer = pressed.response_message
    assert answer is not None
    await world.discord.wait_until(lambda: not answer.loading)
    return ephemeral_answer(pressed)


def named(card: str, shown: str) -> bool:
    """Whether ``shown`` names the card ``card`` (not one of a longer value)."""
    return re.search(re.escape(card) + r"(?!\d)", shown) is not None


async def test_a_friendly_game_gives_the_player_to_act_their_hint_alone(world: World) -> None:
    lang = lang_of(world)
    hint = lang._("Hint")
    game = await started_with_hints(world)
    table = world.table()
    assert hint in table.button_labels()
    assert hints_on(lang) in describe(table)
    seat = rules_for(game.kind).to_act(game.state)[0]
    mover, other = world.user(game.seats[seat].user_id or 0), world.players[1 - seat]
    outsider = world.players[3]
    assert ephemeral_answer(await world.click(other, table, hint)) == said(NotYourHint, lang)
    assert ephemeral_answer(await world.click(outsider, table, hint)) == said(NotInGame, lang)
    # A turn's first roll is all it may do: nothing to weigh, and nothing counted.
    nothing = await world.click(mover, table, hint)
    assert await private_answer(world, nothing) == said(NothingToWeigh, lang)
    rng = random.Random(3)
    for _ in range(40):
        seat = rules_for(game.kind).to_act(game.state)[0]
        if analyst_for(game.kind).weighed(game.state, seat) is not None:
            break
        game = await move(world, game, "roll")
    else:
        raise AssertionError("no decision came")
    before = game
    mover = world.user(game.seats[seat].user_id or 0)
    table = world.table()
    shown = await private_answer(world, await world.click(mover, table, hint))
    weighed = analyst_for(game.kind).weighed(game.state, seat)
    assert weighed is not None
    assert lang._("💡 Hint: your options as the judge weighs them") in shown
    options = [option for option, _ in weighed.worths]
    for name in option_names(game, seat, options, lang, markdown=True).values():
        assert f"**{name}**" in shown
    assert shown.count("⭐") == 1
    # The game moves on: a press of the table as it was is refused.
    game = await move(world, game, rng.choice([o for o, _ in weighed.worths]))
    stale = await world.click(mover, world.table(), f"claimit:hint:{game.id}:{before.version}")
    assert ephemeral_answer(stale) == said(BoardMovedOn, lang)
    hints = world.bots[0].service.part(HintService)
    assert await hints.hints_asked(game.id) == {seat: 1}
    result = await world.result()
    ann, bo = (shared_words.name(s, lang) for s in game.seats)
    asked = {seat: 1}
    for player, n in zip((ann, bo), (asked.get(0, 0), asked.get(1, 0)), strict=True):
        line = lang.ngettext(
            "{player} asked {n} hint", "{player} asked {n} hints", n, player=player
        )
        assert line in describe(result)
    assert world.table() is result and title_of(result)
    assert hint not in result.button_labels()
    assert await world.bots[0].service.part(LadderService).rating_changes(game.id) == []


async def test_a_claim_hint_names_only_the_cards_of_the_player_to_act(world: World) -> None:
    lang = lang_of(world)
    game = await started_with_hints(world, "claim")
    assert isinstance(game.state, ClaimState)
    (seat,) = rules_for(game.kind).to_act(game.state)
    mover = world.user(game.seats[seat].user_id or 0)
    shown = await private_answer(world, await world.click(mover, world.table(), lang._("Hint")))
    weighed = analyst_for(game.kind).weighed(game.state, seat)
    assert weighed is not None and shown.count("⭐") == 1
    assert len(shown.splitlines()) == len(weighed.worths) + 2
    # Each card named is the presser's own: none of the other hand's.
    theirs = {card_name(card, lang) for card in game.state.hands[1 - seat]}
    ours = {card_name(card, lang) for card in game.state.hands[seat]}
    assert not any(named(name, shown) for name in theirs - ours)
    assert any(named(name, shown) for name in ours)


async def test_a_server_that_keeps_its_games_rateable_opens_no_lobby_with_hints(
    world: World,
) -> None:
    lang = lang_of(world)
    ann = world.players[0]
    settings: dict[str, Any] = {lang._("hints"): "never"}
    await world.command(ann, f"server {lang._('settings')}", **settings)
    refused = await world.command(ann, f"claimit {lang._('new')}", **asking(lang))
    assert await world.refusal(refused) == said(HintsOffHere, lang)
    assert await world.bots[0].service.current_game(world.channel.id) is None


async def test_a_hand_made_hint_press_on_a_rated_game_is_refused(world: World) -> None:
    lang = lang_of(world)
    lobby = await world.answered(world.players[0], f"claimit {lang._('new')}")
    game = await started(world, lobby)
    table = world.table()
    assert lang._("Hint") not in table.button_labels()
    mover = await world.mover()
    forged = f"claimit:hint:{game.id}:{game.version}"
    assert ephemeral_answer(await world.click(mover, table, forged)) == said(NoHints, lang)
    assert await world.bots[0].service.part(HintService).hints_asked(game.id) == {}
    assert (await world.bots[0].service.game(game.id)).version == game.version


async def test_a_hint_asked_while_the_last_is_weighed_is_refused_at_once(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    lang = lang_of(world)
    judge = HeldWeighing()
    monkeypatch.setattr(judging, "weighed_part", judge)
    game = await started_with_hints(world)
    try:
        mover = await world.mover()
        first = await world.click(mover, world.table(), lang._("Hint"))
        assert await judge.start() == "claimit"
        game = await move(world, game, "roll")
        assert await world.mover() is mover, "a roll's placing is theirs too"
        # Their first hint is still being weighed: the next is refused, privately, at once.
        again = await world.click(mover, world.table(), lang._("Hint"))
        assert ephemeral_answer(again) == said(HintStillWeighing, lang)
        judge.let_go()
        shown = await private_answer(world, first)
        assert lang._("💡 Hint: your options as the judge weighs them") in shown
        assert judge.idle(), "the refused press weighed nothing"
    finally:
        judge.let_go(100)
