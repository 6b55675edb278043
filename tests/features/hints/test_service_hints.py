"""Hints through the service, on both databases: only in a game opened with them, which
is never rated (not on the ladder, nor in a season); refused on a server that keeps its
games rateable, to anyone but the player to act, to computer players, and on a table the
game has moved past; a setting changed mid-game changes nothing; each position weighed
once and counted once; a member's hints bounded (two being weighed, one a game) and
taken fairly among the members asking, before work nobody waits for; and a Claim hint
the same however the cards its seat has not seen lie."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from bot.features.analysis import judging as judges
from bot.features.analysis.service import AnalysisService
from bot.features.hints.discord.cards import hint_card
from bot.features.hints.errors import (
    HintsOffHere,
    HintStillWeighing,
    NoHints,
    NoHintsForComputers,
    NothingToWeigh,
    NotYourHint,
    TooManyHints,
)
from bot.features.hints.service import Hint, HintsAsked, HintService
from bot.features.hints.settings import HintsMode
from bot.features.seasons import queries as season_queries
from bot.games.analysis import Unit, Weighed
from bot.games.claim.game import intent_of
from bot.games.claimit import words as claimit_words
from bot.games.registry import analyst_for, rules_for
from bot.service import Actor, GameService, GuildSettingsService, Player
from bot.service.errors import BoardMovedOn, NotInGame
from bot.service.game_loading import SYSTEM
from bot.storage import Database, Game, rating_queries
from bot.storage.ratings import NEW_PLAYER
from engine.claim.actions import Play
from engine.claim.state import ClaimState
from engine.claimit.actions import Placement
from i18n import english, language
from render.claimit import lettered
from tests.bot.fixtures import (
    ANN,
    BO,
    CY,
    PLAYERS,
    ScriptedDice,
    new_tournament,
    play_to_the_end,
    tournaments_of,
)
from tests.bot.held_judges import HeldWeighing
from tests.clock import ManualClock
from tests.lesson_decisions import claimit_placing, claimit_rolling


class Judge:
    """The game's judge as the tests see it: each position it weighs, and a weighing
    that names the seat it was asked for."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int]] = []
        self.nothing = False

    def __call__(self, kind: str, positions: Sequence[tuple[Any, int]]) -> list[Weighed | None]:
        return [self.one(kind, seat) for _, seat in positions]

    def one(self, kind: str, seat: int) -> Weighed | None:
        self.asked.append((kind, seat))
        if self.nothing:
            return None
        worths = ((f"stop for seat {seat}", Fraction(3)), ("roll", Fraction(5, 4)))
        return Weighed(Unit.SPACES, False, worths)


@pytest.fixture
def judge(monkeypatch: pytest.MonkeyPatch) -> Judge:
    judging = Judge()
    # Where the bot's judges weigh a position (in a thread: tests judge in one).
    monkeypatch.setattr(judges, "weighed_part", judging)
    return judging


@pytest.fixture
async def held(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[HeldWeighing]:
    """``HeldWeighing`` where the bot's judges weigh a position, one judge at a time (the
    threads' judging, tests' own); every weighing it holds is let go at the end."""
    judge = HeldWeighing()
    monkeypatch.setattr(judges, "weighed_part", judge)
    monkeypatch.setattr(judges, "THREADS", 1)
    yield judge
    judge.let_go(100)


async def started_between(
    service: GameService, dice: ScriptedDice, channel: int, kind: str, host: Player, guest: Player
) -> Game:
    """A game of ``kind`` with hints in ``channel``: ``host`` to act first."""
    game = await service.create_lobby(
        kind=kind, guild_id=10, channel_id=channel, host=host, asked=(HintsAsked(True),)
    )
    game = await service.join(game.id, guest, game.version)
    dice.values = [0]
    return await service.start(game.id, Actor(host.user_id), game.version)


async def test_a_burst_of_hints_is_cut_at_its_bound_and_another_member_s_hint_comes_next(
    service: GameService, dice: ScriptedDice, held: HeldWeighing
) -> None:
    """Ann presses Hint in six games at once: two are weighed, four refused at once in
    plain words; Cy's hint, pressed after, starts after at most one more of Ann's, and
    every hint before the drills' weighing nobody waits for."""
    reports = service.part(AnalysisService)
    reports.judging = judges.Judging(0)
    anns = [
        await started_between(service, dice, channel, "claimit", ANN, BO) for channel in range(6)
    ]
    cys = await started_between(service, dice, 7, "nuggets", CY, BO)
    # Work nobody waits for (a game's drills) holds the one judge as the burst comes.
    drills = asyncio.create_task(service.reports.weighed("claim", [(None, 0)] * 3))
    assert await held.start() == "claim"
    pressed = [asyncio.create_task(hint(service, game, ANN, game.version)) for game in anns]
    refused = []
    for task in asyncio.as_completed(pressed):
        try:
            await task
        except TooManyHints as error:
            refused.append(english().say(error.words))
        if len(refused) == 4:
            break
    assert (
        refused
        == [
            "You have 2 hints being weighed already, in other games. Ask again once one of "
            "them is shown."
        ]
        * 4
    )
    assert language("de").say(TooManyHints(2).words) == (
        "Für dich werden schon 2 Tipps abgewogen, in anderen Partien. Frag noch einmal, "
        "sobald einer davon gezeigt wird."
    )
    accepted = [task for task in pressed if not task.done()]
    waiting = [game for game, task in zip(anns, pressed, strict=True) if not task.done()]
    assert len(waiting) == 2, "nothing queued past the bound"
    # A press of a position being weighed waits on its weighing: not refused, nor weighed.
    again = [asyncio.create_task(hint(service, game, ANN, game.version)) for game in waiting]
    cy = asyncio.create_task(hint(service, cys, CY, cys.version))
    # Queued once its press has read the game: the drills' two, Ann's two and Cy's.
    while reports.judging.share.waiting < 5:
        await asyncio.sleep(0)
    for _ in range(5):
        held.let_go()
        await held.start()
    assert held.started == ["claim", "claimit", "nuggets", "claimit", "claim", "claim"]
    held.let_go()
    assert (await cy).weighed.best == "stop"
    shown = [await task for task in accepted]
    assert [hint.game.id for hint in shown] == [game.id for game in waiting]
    assert [await task for task in again] == shown
    assert len(await drills) == 3
    assert held.idle(), "nothing more weighed"


async def test_a_member_s_next_hint_in_a_game_waits_until_the_last_is_shown(
    service: GameService, dice: ScriptedDice, held: HeldWeighing
) -> None:
    service.part(AnalysisService).judging = judges.Judging(0)
    game = await started_between(service, dice, 1, "claimit", ANN, BO)
    first = asyncio.create_task(hint(service, game, ANN, game.version))
    assert await held.start() == "claimit"
    dice.values = [1, 2, 3]
    rolled = await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")
    # Ann moved on while her hint is weighed: her next one waits for it.
    with pytest.raises(HintStillWeighing) as refused:
        await hint(service, game, ANN, rolled.game.version)
    assert english().say(refused.value.words) == (
        "Your last hint in this game is still being weighed. Ask again once it is shown."
    )
    held.let_go()
    assert (await first).game.version == game.version
    # Shown: the next position's hint is weighed.
    later = asyncio.create_task(hint(service, game, ANN, rolled.game.version))
    assert await held.start() == "claimit"
    held.let_go()
    assert (await later).game.version == rolled.game.version
    assert await hints_of(service).hints_asked(game.id) == {0: 2}


def hints_of(service: GameService) -> HintService:
    return service.part(HintService)


async def set_hints(database: Database, mode: HintsMode) -> None:
    await GuildSettingsService(database).change(10, declared={"hints": mode})


async def lobby(
    service: GameService, *, hints: bool = True, humans: int = 2, bots: int = 0
) -> Game:
    """A claimit lobby hosted by Ann (with hints, unless not), the others of ``humans``
    seated."""
    game = await service.create_lobby(
        kind="claimit",
        guild_id=10,
        channel_id=1,
        host=ANN,
        options={"variant": False},
        bots=bots,
        asked=(HintsAsked(hints),),
    )
    for player in PLAYERS[1:humans]:
        game = await service.join(game.id, player, game.version)
    return game


async def started(
    service: GameService, dice: ScriptedDice, *, hints: bool = True, humans: int = 2, bots: int = 0
) -> Game:
    """``lobby``, started with Ann first."""
    game = await lobby(service, hints=hints, humans=humans, bots=bots)
    dice.values = [0]
    return await service.start(game.id, Actor(ANN.user_id), game.version)


async def hint(
    service: GameService, game: Game, player: Player, version: int | None = None
) -> Hint:
    """``player`` presses Hint on ``game``'s table (as it showed ``version``)."""
    return await hints_of(service).hint(game.id, Actor(player.user_id), version)


async def stored_hints(database: Database, game_id: int) -> int:
    rows = await database.read(
        lambda c: c.fetch("SELECT COUNT(*) AS n FROM hints WHERE game_id = ?", (game_id,))
    )
    return int(rows[0]["n"])


async def test_a_lobby_with_hints_keeps_them_and_is_never_rated(
    service: GameService, database: Database
) -> None:
    game = await lobby(service)
    assert await hints_of(service).hints_on(game.id)
    assert await database.read(lambda c: rating_queries.is_unrated(c, game.id))
    plain = await service.create_lobby(
        kind="claimit", guild_id=10, channel_id=2, host=BO, options={"variant": False}
    )
    assert not await hints_of(service).hints_on(plain.id)
    assert not await database.read(lambda c: rating_queries.is_unrated(c, plain.id))


async def test_a_lobby_asking_hints_where_the_server_allows_none_is_refused_whole(
    service: GameService, database: Database
) -> None:
    await set_hints(database, HintsMode.NEVER)
    with pytest.raises(HintsOffHere) as refused:
        await lobby(service)
    assert "Hints are off on this server" in str(refused.value.words.text)
    # Nothing was made: the channel is free, and a lobby without hints opens in it.
    game = await lobby(service, hints=False)
    assert not await hints_of(service).hints_on(game.id)
    assert not await database.read(lambda c: rating_queries.is_unrated(c, game.id))


async def test_a_hint_press_on_a_game_without_hints_is_refused_and_keeps_nothing(
    service: GameService, dice: ScriptedDice, database: Database, judge: Judge
) -> None:
    game = await started(service, dice, hints=False)
    with pytest.raises(NoHints):
        await hint(service, game, ANN, game.version)
    assert judge.asked == [] and await stored_hints(database, game.id) == 0


async def test_a_setting_changed_mid_game_changes_nothing(
    service: GameService, dice: ScriptedDice, database: Database, judge: Judge
) -> None:
    with_hints = await started(service, dice)
    # Turned off mid-game: the game opened with hints keeps them.
    await set_hints(database, HintsMode.NEVER)
    shown = await hint(service, with_hints, ANN, with_hints.version)
    assert shown.weighed.best == "stop for seat 0"
    without = await service.create_lobby(
        kind="claimit", guild_id=10, channel_id=2, host=CY, options={"variant": False}
    )
    without = await service.join(without.id, PLAYERS[3], without.version)
    dice.values = [0]
    without = await service.start(without.id, Actor(CY.user_id), without.version)
    # Turned on mid-game: the game opened without them stays without, and rated.
    await set_hints(database, HintsMode.FRIENDLY)
    with pytest.raises(NoHints):
        await hints_of(service).hint(without.id, Actor(CY.user_id), without.version)
    assert not await database.read(lambda c: rating_queries.is_unrated(c, without.id))
    assert await stored_hints(database, without.id) == 0


async def test_only_the_player_to_act_gets_a_hint_and_of_their_own_options(
    service: GameService, dice: ScriptedDice, database: Database, judge: Judge
) -> None:
    game = await started(service, dice)
    with pytest.raises(NotYourHint):
        await hint(service, game, BO, game.version)
    with pytest.raises(NotInGame):
        await hint(service, game, CY, game.version)
    with pytest.raises(NoHintsForComputers):
        await hints_of(service).hint(game.id, SYSTEM, game.version)
    assert judge.asked == []
    shown = await hint(service, game, ANN, game.version)
    assert judge.asked == [("claimit", 0)] and shown.seat == 0
    assert shown.game.state == game.state
    assert [option for option, _ in shown.weighed.worths] == ["stop for seat 0", "roll"]


async def test_a_hint_of_a_table_the_game_moved_past_is_refused(
    service: GameService, dice: ScriptedDice, judge: Judge
) -> None:
    game = await started(service, dice)
    dice.values = [1, 2, 3]
    rolled = await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")
    with pytest.raises(BoardMovedOn):
        await hint(service, game, ANN, game.version)
    assert judge.asked == []
    assert (await hint(service, game, ANN, rolled.game.version)).game.version == (
        rolled.game.version
    )


async def test_computer_players_never_get_hints(
    service: GameService, dice: ScriptedDice, database: Database, judge: Judge
) -> None:
    game = await started(service, dice, humans=1, bots=1)
    dice.values = [1, 2, 3]
    rolled = await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")
    state = rolled.game.state
    placement = state.pending_placements()[0]
    placed = await service.turns.act(
        game.id, Actor(ANN.user_id), rolled.game.version, str(placement)
    )
    stopped = await service.turns.act(game.id, Actor(ANN.user_id), placed.game.version, "stop")
    # The computer player is to act: nobody gets a hint for its seat.
    assert rules_for("claimit").to_act(stopped.game.state) == (1,)
    with pytest.raises(NoHintsForComputers):
        await hints_of(service).hint(game.id, SYSTEM, stopped.game.version)
    with pytest.raises(NotYourHint):
        await hint(service, game, ANN, stopped.game.version)
    assert judge.asked == [] and await stored_hints(database, game.id) == 0


async def test_a_position_is_weighed_once_and_counted_once(
    service: GameService, dice: ScriptedDice, database: Database, judge: Judge
) -> None:
    game = await started(service, dice)
    first, second = await asyncio.gather(
        hint(service, game, ANN, game.version), hint(service, game, ANN, game.version)
    )
    assert first.weighed == second.weighed and len(judge.asked) == 1
    # Another process over the same database shows the one kept, at once.
    elsewhere = GameService(database, dice=dice)
    assert (await hint(elsewhere, game, ANN, game.version)).weighed == first.weighed
    assert len(judge.asked) == 1
    assert await hints_of(service).hints_asked(game.id) == {0: 1}
    dice.values = [1, 2, 3]
    rolled = await service.turns.act(game.id, Actor(ANN.user_id), game.version, "roll")
    await hint(service, game, ANN, rolled.game.version)
    await hint(service, game, ANN, rolled.game.version)
    assert await hints_of(service).hints_asked(game.id) == {0: 2}
    assert len(judge.asked) == 2


async def test_a_position_with_nothing_to_decide_is_said_so_and_not_counted(
    service: GameService, dice: ScriptedDice, judge: Judge
) -> None:
    game = await started(service, dice)
    judge.nothing = True
    with pytest.raises(NothingToWeigh):
        await hint(service, game, ANN, game.version)
    with pytest.raises(NothingToWeigh):
        await hint(service, game, ANN, game.version)
    assert len(judge.asked) == 1
    assert await hints_of(service).hints_asked(game.id) == {}


async def test_a_game_with_hints_played_to_its_end_moves_no_rating_nor_a_season(
    service: GameService, dice: ScriptedDice, database: Database, judge: Judge
) -> None:
    with_hints = await started(service, dice)
    await hint(service, with_hints, ANN, with_hints.version)
    ended = await play_to_the_end(service, with_hints, random.Random(4))
    assert ended.state is not None
    without = await service.create_lobby(
        kind="claimit", guild_id=10, channel_id=2, host=ANN, options={"variant": False}
    )
    without = await service.join(without.id, BO, without.version)
    dice.values = [0]
    without = await service.start(without.id, Actor(ANN.user_id), without.version)
    await play_to_the_end(service, without, random.Random(4))

    async def read(c: Any) -> tuple[Any, ...]:
        return (
            await rating_queries.rating_changes(c, with_hints.id),
            await rating_queries.rating_changes(c, without.id),
            await c.fetch("SELECT id, rated FROM games ORDER BY id"),
            await season_queries.season_entries(c, 10, "claimit", 0.0, None, NEW_PLAYER.mu),
        )

    hinted, rated, flags, season = await database.read(read)
    assert hinted == [] and len(rated) == 2
    assert {int(row["id"]): row["rated"] for row in flags} == {with_hints.id: 0, without.id: 1}
    # The season counts the rated game alone: one game each.
    assert sorted(entry.games for entry in season) == [1, 1]
    assert await hints_of(service).hints_asked(with_hints.id) == {0: 1}


def claim_swapped(state: ClaimState, seat: int) -> ClaimState:
    """``state`` with the cards ``seat`` has not seen dealt otherwise: the other hand's
    cards traded with as many from the bottom of the deck."""
    other = 1 - seat
    hand = state.hands[other]
    deck = state.deck
    count = min(len(hand), len(deck))
    hands = list(state.hands)
    hands[other] = deck[-count:] + hand[count:]
    swapped = replace(state, hands=tuple(hands), deck=deck[:-count] + hand[:count])
    assert swapped != state
    return swapped


async def test_a_claim_hint_is_the_same_however_the_unseen_cards_lie(
    service: GameService, dice: ScriptedDice
) -> None:
    game = await service.create_lobby(
        kind="claim", guild_id=10, channel_id=1, host=ANN, asked=(HintsAsked(True),)
    )
    game = await service.join(game.id, BO, game.version)
    dice.values = [0]
    game = await service.start(game.id, Actor(ANN.user_id), game.version)
    shown = await hint(service, game, ANN, game.version)
    state = game.state
    assert isinstance(state, ClaimState)
    assert analyst_for("claim").weighed(claim_swapped(state, 0), 0) == shown.weighed
    # Its options are Ann's own: none names a card of Bo's hand.
    bos = {intent_of(Play(card)).partition("=")[2] for card in state.hands[1]}
    assert not any(option.partition("=")[2] in bos for option, _ in shown.weighed.worths)


def test_a_hint_marks_the_best_and_says_what_each_other_option_gives_away() -> None:
    rolling = claimit_rolling()
    weighed = Weighed(Unit.SPACES, True, (("stop", Fraction(3)), ("roll", Fraction(3))))
    card = hint_card(Hint(rolling.game, rolling.seat, weighed), english())
    assert card.text.splitlines() == [
        "⭐ **Stop & claim**: 3.00 spaces, the best",
        "👍 **Roll**: 3.00 spaces, as good",
    ]
    assert card.footer is not None and card.footer.startswith("These worths are exact.")
    placing = claimit_placing()
    first, second, third = lettered(placing.game.state)[:3]
    worths = (
        (str(first[1]), Fraction(3)),
        (str(second[1]), Fraction(2999, 1000)),
        (str(third[1]), Fraction(1)),
    )
    card = hint_card(
        Hint(placing.game, placing.seat, Weighed(Unit.SPACES, True, worths)), english()
    )

    def named(lettered: tuple[str, Placement]) -> str:
        return f"{lettered[0]}: {claimit_words.placement(lettered[1], english())}"

    assert card.text.splitlines() == [
        f"⭐ **{named(first)}**: 3.00 spaces, the best",
        f"▫️ **{named(second)}**: 3.00 spaces, barely less than the best",
        f"▫️ **{named(third)}**: 1.00 spaces, 2.00 spaces less than the best",
    ]


@pytest.mark.service_on_clock
async def test_a_tournaments_game_never_has_hints(
    service: GameService, clock: ManualClock, judge: Judge
) -> None:
    """A tournament makes its tables itself, with no lobby to ask for hints in: its games,
    rated or not, never have them."""
    tournaments = tournaments_of(service)
    made = new_tournament(10, 1, clock.now() + 3600, rounds=1)
    board = await tournaments.create_tournament(made, ANN, True)
    for person in (ANN, BO, CY):
        board = await tournaments.sign_up(board.tournament.id, person)
    clock.advance(3600)
    board = (await tournaments.advance_tournament(board.tournament.id)).board
    (match,) = board.of_round(board.tournament.round)
    game = await tournaments.open_match(board.tournament.id, match.round, match.match_no, 9_001)
    assert game is not None and game.state is not None
    (seat,) = rules_for(game.kind).to_act(game.state)
    with pytest.raises(NoHints):
        await hints_of(service).hint(game.id, Actor(game.seats[seat].user_id), game.version)
    assert not await hints_of(service).hints_on(game.id) and judge.asked == []
