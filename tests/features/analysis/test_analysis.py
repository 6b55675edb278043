"""What decided it, through Discord: the button under a result and a replay and
``/<game> analysis``, shown to the asker alone ("judging…" edited into the report),
judged once and kept with each seat's figures, shared in the channel once, with a button
into the step-through at the costliest decision; each player's ledger in points of win
chance (luck, decisions, the luck-adjusted result) and the top line from its figures, in
each game, in English and German; a report of an older make judged again when asked;
and the refusals of a game still played or closed early, and of a third report asked
while a member waits for two."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Collection, Sequence
from typing import Any

import pytest

from bot.features.analysis import judging
from bot.features.analysis.service import AnalysisService
from bot.games.analysis import Analysis, Analyst, Fortune, Judged, Played
from bot.games.claim.game import intent_of
from bot.games.face import BaseFace, seat_names
from bot.games.faces import face_for
from bot.games.ledgers import results
from bot.games.registry import analyst_for, rules_for
from bot.games.seat_summaries import costliest
from emulator import Interaction, Message, User
from engine.claim.actions import Play, Take
from i18n import english
from tests.bot.held_judges import Held
from tests.e2e.world import World, ephemeral_answer, note_of, shared_post, text_of, title_of

pytestmark = pytest.mark.e2e

REPORT = "📊 What decided it · {game}"
LEDGER = {
    "en": ("🎲 Luck: ", "🧭 ", "⚖️ Luck-adjusted result: "),
    "de": ("🎲 Glück: ", "🧭 ", "⚖️ Glücksbereinigtes Ergebnis: "),
}
"""How each player's ledger's lines begin, in each language."""
TOP_LINE = {
    "en": re.compile(
        r"(The (dice|cards) gave .+ [-+][\d.]+ points of win chance and .+ [-+][\d.]+; "
        r"their decisions cost ≥?[\d.]+ and ≥?[\d.]+: (the dice decided it|the cards decided "
        r"it|the decisions decided it|both decided it|a close game|small edges of both "
        r"added up)|A shared game: nobody lost it)\."
    ),
    "de": re.compile(
        r"(Die (Würfel|Karten) gaben .+ [-+][\d,]+ Prozentpunkte Siegchance und .+ "
        r"[-+][\d,]+; ihre Entscheidungen kosteten ≥?[\d,]+ und ≥?[\d,]+: .+|Ein geteilter "
        r"Sieg: .+)\."
    ),
}
"""The line on what decided it, from the figures."""


async def shown_report(world: World, asked: Interaction, game: str, title: str = REPORT) -> Message:
    """The report an interaction answered privately, once "judging…" became it."""
    message = asked.response_message
    assert message is not None and message.ephemeral
    assert message.visible_to == asked.user.id
    return await world.discord.wait_for_message(
        world.channel, lambda m: m is message and title_of(m) == title.format(game=game)
    )


def service(world: World) -> AnalysisService:
    return world.bots[0].service.part(AnalysisService)


def has_the_ledgers(report: Message, players: Sequence[str], lang: str) -> None:
    """Each player's ledger, its lines begun as ``LEDGER`` begins them, and the line on
    what decided it from their figures."""
    for player in players:
        (told,) = [t for t in report.text_displays() if t.startswith(f"**{player}")]
        lines = told.split("\n")[1:]
        for line, start in zip(lines, LEDGER[lang], strict=False):
            assert line.startswith(start), (player, line)
        assert len(lines) >= len(LEDGER[lang])
    said = text_of(report).split("\n", 1)[0]
    assert TOP_LINE[lang].fullmatch(said), said


async def seats_kept(world: World, game_id: int) -> list[tuple[Any, ...]]:
    """Each seat's figures, as the report wrote them: seat, user, level, decisions,
    chance lost, luck, result."""
    rows = await world.bots[0].service.database.read(
        lambda c: c.fetch(
            "SELECT seat, user_id, level, decisions, chance_lost, luck, result "
            "FROM analysis_seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
    )
    return [tuple(row) for row in rows]


async def kept_as_judged(world: World, game_id: int) -> None:
    """The kept report's seats' figures are its own: one row per seat, whose it is (a
    person's, or a computer player's level), its decisions and what they cost, its luck,
    and its result as the game's results tell it."""
    analysis = await service(world).stored(game_id)
    assert analysis is not None and analysis.current
    game = await world.bots[0].service.game(game_id)
    standings = await world.bots[0].service.history.results(game_id)
    won = [next(r.won for r in standings if r.seat == seat) for seat in range(len(game.seats))]
    result = results(won, rules_for(game.kind).teams(len(game.seats)))
    rows = await seats_kept(world, game_id)
    assert [row[:3] for row in rows] == [
        (seat.seat, seat.user_id, None if seat.bot_level is None else seat.bot_level.value)
        for seat in game.seats
    ]
    for seat, _, _, decisions, lost, luck, won_by in rows:
        mine = [d for d in analysis.decisions if d.seat == seat]
        assert decisions == len(mine)
        assert abs(lost - float(sum(d.chance_cost for d in mine))) < 1e-9
        assert abs(luck - float(analysis.luck(seat))) < 1e-9
        assert won_by == float(result[seat])


async def seat_names_of(world: World, game_id: int) -> list[str]:
    """The game's players as the report heads their ledgers."""
    game = await world.bots[0].service.game(game_id)
    return [seat.display_name for seat in game.seats]


async def steps_to_the_named_move(
    world: World, asker: User, report: Message, kind: str, game_id: int
) -> None:
    """The report's costliest decision, its button and the step that opens agree: the
    same move number, and the step shows what that move of the log did."""
    analysis = await service(world).stored(game_id)
    assert analysis is not None
    worst = costliest(analysis.decisions)
    assert worst is not None
    number = worst.move + 1
    assert f"The picture: the game's costliest decision, move {number} (" in text_of(report)
    stepped = await world.click(asker, report, f"Step through from move {number}")
    assert stepped.response_message is not None
    heading, said = text_of(stepped.response_message).split("\n", 1)
    outcomes = await world.bots[0].service.history.outcomes(game_id)
    assert heading.endswith(f" · Move {number} of {len(outcomes)}"), heading
    made = outcomes[worst.move]
    face = face_for(kind)
    assert isinstance(face, BaseFace)
    assert said == face.replay_step(seat_names(made.game, english()), made, english()).caption


async def test_a_gold_nuggets_report_is_judged_once_shown_privately_and_shared(
    world: World,
) -> None:
    ann, bo = world.players[0], world.players[1]
    lobby = await world.answered(ann, "nuggets new", bots=1)
    await world.click(ann, lobby, "Start")
    result = await world.finish(random.Random(7))
    assert result.button_labels() == ["Replay", "What decided it", "Rematch"]
    game = (await world.bots[0].service.history.outcomes(1))[0].game
    assert await service(world).stored(game.id) is None

    asked = await world.click(ann, result, "What decided it")
    assert "Judging every decision of Gold Nuggets #1" in ephemeral_answer(asked)
    report = await shown_report(world, asked, "Gold Nuggets #1")
    analysis = await service(world).stored(game.id)
    assert analysis is not None and analysis.decisions, "judged once, and kept"
    # A game of two is solved: every decision exact, in chance to win.
    assert {(d.unit.value, d.exact) for d in analysis.decisions} == {("win chance", True)}

    assert analysis.fortunes and {f.kind.value for f in analysis.fortunes} == {"roll"}
    await kept_as_judged(world, game.id)

    # Each player's ledger, the computer player's too: their luck in points of win
    # chance and in the result's words (their busts), their decisions summed up, their
    # luck-adjusted result; and the line on what decided it from those figures.
    has_the_ledgers(report, ("Ann", "Bot 1 (normal)"), "en")
    for player in ("Ann", "Bot 1 (normal)"):
        (told,) = [t for t in report.text_displays() if t.startswith(f"**{player}")]
        # The points' word ("lucky"), then the busts as facts.
        assert re.search(rf" points \([\w ]+\)\. \*\*{re.escape(player)}\*\* busted ", told)
    assert " points (" in "\n".join(report.text_displays()), "nuggets beside the points"
    worst = costliest(analysis.decisions)
    assert worst is not None
    step_through = f"Step through from move {worst.move + 1}"
    share, first, *others = report.button_labels()
    assert (share, first) == ("Share in the channel", step_through)
    # Each other player's own costliest decision, a press away.
    seats = {d.seat: d for d in analysis.decisions}
    assert all(label.split(": move ")[0] in ("Ann", "Bot 1 (normal)") for label in others)
    assert len(others) <= len(seats) - 1
    (picture,) = report.gallery_items()
    assert (picture.description or "").startswith(f"The position of move {worst.move + 1}")

    # Kept: the next asker gets it at once, without "judging…".
    again = await world.click(bo, result, "What decided it")
    assert again.response_message is not None
    assert title_of(again.response_message) == "📊 What decided it · Gold Nuggets #1"

    # The step-through opens on the costliest decision, numbered as the report numbers it.
    await steps_to_the_named_move(world, ann, report, "nuggets", game.id)

    shared = await world.click(bo, again.response_message, "Share in the channel")
    post = await shared_post(world, shared)
    assert ephemeral_answer(shared).startswith("Shared in the channel: https://discord.com/")
    assert title_of(post) == "📊 What decided it · Gold Nuggets #1"
    assert note_of(post) == f"Shared by <@{bo.id}>." and post.mentions == []
    assert post.button_labels() == [step_through, *others]
    twice = ephemeral_answer(await world.click(ann, report, "Share in the channel"))
    assert twice.startswith("The report of Gold Nuggets #1 is already shared: ")

    # The kept report, asked in German, in German.
    bo.locale = "de"
    german = await world.command(bo, "nuggets analyse")
    assert german.response_message is not None
    assert title_of(german.response_message) == "📊 Was entschied · Gold Nuggets #1"
    has_the_ledgers(german.response_message, ("Ann", "Bot 1 (normal)"), "de")


async def test_the_command_finds_a_finished_game_and_refuses_others_plainly(
    world: World,
) -> None:
    ann = world.players[0]
    none_yet = ephemeral_answer(await world.command(ann, "nuggets analysis"))
    assert "No Gold Nuggets game has been played to the end in this channel yet" in none_yet
    lobby = await world.answered(ann, "nuggets new", bots=1)
    await world.click(ann, lobby, "Start")
    await world.finish(random.Random(3))
    latest = await world.command(ann, "nuggets analysis")
    await shown_report(world, latest, "Gold Nuggets #1")
    numbered = await world.command(ann, "nuggets analysis", game=1)
    assert numbered.response_message is not None
    assert title_of(numbered.response_message) == "📊 What decided it · Gold Nuggets #1"

    lobby = await world.answered(ann, "nuggets new", bots=1)
    await world.click(ann, lobby, "Start")
    running = ephemeral_answer(await world.command(ann, "nuggets analysis", game=2))
    assert "Gold Nuggets #2 is still being played" in running
    assert await service(world).stored(2) is None
    await world.command(ann, "nuggets cancel")
    closed = ephemeral_answer(await world.command(ann, "nuggets analysis", game=2))
    assert "Gold Nuggets #2 was closed before its end" in closed
    missing = ephemeral_answer(await world.command(ann, "nuggets analysis", game=9))
    assert "This server has no Gold Nuggets game #9" in missing


async def test_a_claim_it_report_in_german_judges_placements_and_stops_estimated(
    world: World,
) -> None:
    ann, outsider = world.players[0], world.players[-1]
    outsider.locale = "de"
    await world.start_game(2)
    result = await world.result()
    asked = await world.click(outsider, result, "What decided it")
    assert "Jede Entscheidung von Claim It! #1 wird bewertet" in ephemeral_answer(asked)
    report = await shown_report(world, asked, "Claim It! #1", "📊 Was entschied · {game}")
    german = "\n".join(report.text_displays())
    assert "Würfe" in german, "the plain words on the dice beside the luck"
    assert "Schätzungen" in german, "the report says its figures are estimates"
    names = await seat_names_of(world, 1)
    has_the_ledgers(report, names, "de")
    assert german.startswith("### 📊 Was entschied · Claim It! #1\nDie Würfel gaben ")
    analysis = await service(world).stored(1)
    assert analysis is not None and analysis.decisions and analysis.fortunes
    assert not any(d.exact for d in analysis.decisions)
    assert {d.unit.value for d in analysis.decisions} <= {"spaces", "win chance"}
    await kept_as_judged(world, 1)
    # The same report, asked by an English reader: judged once, in their words.
    english = await world.click(ann, result, "What decided it")
    assert english.response_message is not None
    assert title_of(english.response_message) == "📊 What decided it · Claim It! #1"
    assert "estimates" in "\n".join(english.response_message.text_displays())
    has_the_ledgers(english.response_message, names, "en")
    await steps_to_the_named_move(world, ann, english.response_message, "claimit", 1)
    shared = await world.click(ann, english.response_message, "Share in the channel")
    assert title_of(await shared_post(world, shared)) == "📊 What decided it · Claim It! #1"
    asked_again = await world.command(outsider, "claimit analyse", spiel=1)
    assert asked_again.response_message is not None
    assert title_of(asked_again.response_message) == "📊 Was entschied · Claim It! #1"


async def test_a_claim_report_judges_card_choices_and_the_cards_luck_by_the_chance_to_win(
    world: World,
) -> None:
    ann = world.players[0]
    await world.start_game(2, command="claim")
    result = await world.result()
    assert result.button_labels() == ["Replay", "What decided it", "Rematch"]
    report = await shown_report(
        world, await world.click(ann, result, "What decided it"), "Claim #1"
    )
    said = "\n".join(report.text_displays())
    assert "Claim has no dice: its luck is in the cards" in said
    names = await seat_names_of(world, 1)
    has_the_ledgers(report, names, "en")
    assert text_of(report).startswith("The cards gave ")
    analysis = await service(world).stored(1)
    assert analysis is not None and analysis.decisions
    assert {d.unit.value for d in analysis.decisions} == {"win chance"}
    # The deal, and the cards that came after it: never a roll.
    kinds = {fortune.kind.value for fortune in analysis.fortunes}
    assert "deal" in kinds and kinds <= {"deal", "prize", "draw"}
    await kept_as_judged(world, 1)
    # Every card the report names was seen face up by everybody: played, or a face-up
    # prize taken.
    outcomes = await world.bots[0].service.history.outcomes(1)
    public = {
        intent_of(action).split("=", 1)[1]
        for action in (outcome.action.action for outcome in outcomes)
        if isinstance(action, Play) or (isinstance(action, Take) and action.card is not None)
    }
    named = {
        token.split("=", 1)[1]
        for d in analysis.decisions
        for token in (d.chosen, d.best)
        if token.startswith(("play=", "discard=", "take=")) and token != "take=top"
    }
    assert named <= public
    await steps_to_the_named_move(world, ann, report, "claim", 1)

    outsider = world.players[-1]
    outsider.locale = "de"
    german = await world.command(outsider, "claim analyse")
    assert german.response_message is not None
    assert title_of(german.response_message) == "📊 Was entschied · Claim #1"
    assert "Claim hat keine Würfel" in "\n".join(german.response_message.text_displays())
    has_the_ledgers(german.response_message, names, "de")
    assert text_of(german.response_message).startswith("Die Karten gaben ")
    shared = await world.click(outsider, german.response_message, "Im Kanal teilen")
    # Posted in the game's language, whoever shares it.
    assert title_of(await shared_post(world, shared)) == "📊 What decided it · Claim #1"
    # A game still being played has no report: it would tell what others hold.
    await world.start_game(2, command="claim")
    running = ephemeral_answer(await world.command(ann, "claim analysis", game=2))
    assert "Claim #2 is still being played" in running
    assert await service(world).stored(2) is None


async def test_a_report_of_an_older_make_is_judged_again_when_asked(world: World) -> None:
    """A game judged before luck was weighed: its report is kept until somebody asks, then
    judged again ("judging…" first), shown with the ledgers, and kept in its place with
    its seats' figures."""
    ann = world.players[0]
    lobby = await world.answered(ann, "nuggets new", bots=1)
    await world.click(ann, lobby, "Start")
    result = await world.finish(random.Random(5))
    game = (await world.bots[0].service.history.outcomes(1))[0].game
    old = Analysis(2, (), 0.5, version=1).to_json()
    await world.bots[0].service.database.write(
        lambda c: c.execute(
            "INSERT INTO analyses (game_id, report, made_at) VALUES (?, ?, ?)",
            (game.id, json.dumps(old), 1.0),
        )
    )
    assert await seats_kept(world, game.id) == []

    asked = await world.click(ann, result, "What decided it")
    assert "Judging every decision of Gold Nuggets #1" in ephemeral_answer(asked)
    report = await shown_report(world, asked, "Gold Nuggets #1")
    has_the_ledgers(report, ("Ann", "Bot 1 (normal)"), "en")
    again = await service(world).stored(game.id)
    assert again is not None and again.current and again.decisions and again.fortunes
    await kept_as_judged(world, game.id)


class HeldAnalyst:
    """A game's own analyst, each piece of a game's judging (its luck, its decisions)
    held until the test lets it go."""

    def __init__(self, analyst: Analyst, held: Held) -> None:
        self._analyst = analyst
        self._held = held

    def __getattr__(self, name: str) -> Any:
        return getattr(self._analyst, name)

    def judge(
        self, moves: Sequence[Played], only: Collection[int], seed: int, **given: Any
    ) -> list[Judged]:
        self._held.hold("decisions")
        return self._analyst.judge(moves, only, seed, **given)

    def luck(
        self, moves: Sequence[Played], seed: int, part: int = 0, parts: int = 1
    ) -> list[Fortune]:
        self._held.hold("luck")
        return self._analyst.luck(moves, seed, part, parts)


async def test_a_third_report_asked_while_two_are_judged_is_refused_at_once(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = world.players[0]
    for _ in range(3):
        lobby = await world.answered(ann, "nuggets new", bots=1)
        await world.click(ann, lobby, "Start")
        await world.played_out(await world.game_here(), each_shown=False)
    held = Held()
    monkeypatch.setattr(judging, "analyst_for", lambda kind: HeldAnalyst(analyst_for(kind), held))
    try:
        asked = [await world.command(ann, "nuggets analysis", game=game) for game in (1, 2)]
        for game, each in enumerate(asked, start=1):
            assert f"Judging every decision of Gold Nuggets #{game}" in ephemeral_answer(each)
        third = await world.command(ann, "nuggets analysis", game=3)
        assert ephemeral_answer(third) == (
            "You're waiting for 2 reports being judged already. Ask for this one once one "
            "of them is shown."
        )
        ann.locale = "de"
        german = await world.command(ann, "nuggets analyse", spiel=3)
        assert ephemeral_answer(german) == (
            "Du wartest schon auf 2 Auswertungen, die gerade entstehen. Frag nach dieser, "
            "sobald eine davon gezeigt wird."
        )
        held.let_go(100)
        for game, each in enumerate(asked, start=1):
            await shown_report(world, each, f"Gold Nuggets #{game}")
        assert await service(world).stored(3) is None, "nothing queued for the third"
        shown = await world.command(ann, "nuggets analyse", spiel=3)
        await shown_report(world, shown, "Gold Nuggets #3", "📊 Was entschied · {game}")
    finally:
        held.let_go(100)
