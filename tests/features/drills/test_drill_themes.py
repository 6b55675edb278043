"""Drills by their theme, what kind of decision each is: kept with each drill as it is
made; a drill made before themes given its own when first read, and written once; a
session of one theme serving that theme's drills alone, its scope carried in the
custom_id (within Discord's 100 characters) so that Next drill stays in it; the weakest
themes ranked by what their decisions cost per decision (ties: more decisions first);
``/my drills`` showing them with a button each, and an answer saying its theme, in
English and German; ``/<game> drills theme:`` offering the game's themes, refusing
another's; and through the real bot and the emulator, a theme session asked for by
command and by the button under ``/my drills``."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from bot.discord_ui.card_layout import Line
from bot.features.drills import queries, schedule, themes
from bot.features.drills.discord.cards import answer_card, drills_card, none_due_card
from bot.features.drills.discord.commands import commands
from bot.features.drills.discord.controls import DrillAnswer, NextDrill, scope_of
from bot.features.drills.drill import Answered
from bot.features.drills.service import SESSION, DrillService, Progress
from bot.features.drills.theme_words import theme_name
from bot.features.drills.themes import ThemeCost, game_themes, theme_of, theme_scope
from bot.games.analysis import Unit, Weighed
from bot.games.faces import face_for
from bot.games.registry import GAMES, analyst_for
from bot.service import GameService
from emulator import Interaction
from i18n import Language, english, language
from tests.bot.fixtures import ANN, ScriptedDice
from tests.e2e.world import describe, ephemeral_answer, make_world
from tests.features.drills.test_drill_cards import claimit_drill, items
from tests.features.drills.test_drills import claimit_drills, drawn, own
from tests.features.drills.test_service_drills import every_drill, played

LANGUAGES = (english(), language("de"))


def drills_of(service: GameService) -> DrillService:
    return service.part(DrillService)


async def inaccuracies_drilled(service: GameService, dice: ScriptedDice) -> None:
    """A Claim It! game of Ann's, who chose drills of her inaccuracies too, played out."""
    await service.players.choose(ANN.user_id, "en-US", declared={"drills": "inaccuracies"})
    await played(service, dice, "claimit")


async def kept_themes(service: GameService) -> dict[int, str | None]:
    rows = await service.database.read(lambda c: c.fetch("SELECT id, theme FROM drills"))
    return {row["id"]: row["theme"] for row in rows}


@pytest.mark.service_on_clock
async def test_each_drill_is_kept_with_its_positions_theme(
    service: GameService, dice: ScriptedDice
) -> None:
    await inaccuracies_drilled(service, dice)
    drills = await every_drill(service, ANN.user_id)
    assert drills
    kept = await kept_themes(service)
    analyst = analyst_for("claimit")
    for drill in drills:
        assert kept[drill.id] == theme_of(drill.kind, drill.state, drill.seat, drill.weighed)
        assert kept[drill.id] in analyst.themes


@pytest.mark.service_on_clock
async def test_a_drill_made_before_themes_gets_its_own_once_when_first_read(
    service: GameService, dice: ScriptedDice, monkeypatch: pytest.MonkeyPatch
) -> None:
    await inaccuracies_drilled(service, dice)
    assert await every_drill(service, ANN.user_id)
    made = await kept_themes(service)
    # As a database upgraded to themes keeps the drills made before them.
    await service.database.write(lambda c: c.execute("UPDATE drills SET theme = NULL"))
    assert set((await kept_themes(service)).values()) == {None}
    await every_drill(service, ANN.user_id)
    assert await kept_themes(service) == made

    def again(drills: object) -> list[tuple[int, str]]:
        raise AssertionError("a theme kept is not worked out again")

    monkeypatch.setattr(themes, "worked_out", again)
    await every_drill(service, ANN.user_id)
    await drills_of(service).weak_themes(ANN.user_id)


@pytest.mark.service_on_clock
async def test_a_theme_session_serves_that_themes_drills_alone(
    service: GameService, dice: ScriptedDice
) -> None:
    await inaccuracies_drilled(service, dice)
    drills = drills_of(service)
    every = await every_drill(service, ANN.user_id, "claimit")
    kept = await kept_themes(service)
    for theme in game_themes("claimit"):
        mine = [d for d in every if kept[d.id] == theme]
        served = await drills.due(ANN.user_id, "claimit", limit=100, theme=theme)
        assert [d.id for d in served] == [d.id for d in mine]
        assert await drills.due_count(ANN.user_id, "claimit", theme) == len(mine)
    assert await drills.due(ANN.user_id, "nuggets", theme="roll_or_stop") == []


def themed(kind: str, theme: str, cost: Fraction, chosen: str = "b") -> queries.KeptDrill:
    """A drill of ``theme`` whose choice ``chosen`` cost ``cost`` spaces."""
    weighed = Weighed(Unit.SPACES, False, (("a", Fraction(0)), ("b", -cost)))
    card = schedule.kept(schedule.new_card(0.0))
    kept = queries.KeptDrill(
        0, ANN.user_id, kind, 0, {}, weighed.to_json(), chosen, 1, 5, 0, card, 0, None
    )
    return replace(kept, theme=theme)


def test_the_weakest_themes_are_those_whose_decisions_cost_most_per_decision() -> None:
    spaces = analyst_for("claimit").thresholds[Unit.SPACES]
    mistake, blunder = spaces.mistake, spaces.blunder
    drills = [
        themed("claimit", "roll_or_stop", mistake),
        themed("claimit", "blocking", blunder),
        *(themed("claimit", "placing", mistake) for _ in range(3)),
        # A choice the drill's options don't name (Claim's unseen card) counts nowhere.
        themed("claimit", "roll_or_stop", blunder, chosen="unseen"),
    ]
    weak = themes.weakest(drills)
    # One blunder outranks three mistakes; of two themes costing a mistake per decision,
    # the one with more decisions comes first, though its first drill was made later.
    assert [(w.theme, w.decisions) for w in weak] == [
        ("blocking", 1),
        ("placing", 3),
        ("roll_or_stop", 1),
    ]
    assert [w.cost for w in weak] == [3, 2, 2]
    assert themes.weakest(drills, 1) == weak[:1]


def test_a_drills_theme_is_the_same_whichever_option_is_best() -> None:
    # A steal far the worst, or the best: stealing either way, as a session shows it
    # before the answer.
    named = ("take", "roll", "take=1")
    for worths in ((0, -1, -9), (-9, -1, 0), (3, 3, 3)):
        weighed = Weighed(Unit.NUGGETS, True, tuple(zip(named, map(Fraction, worths), strict=True)))
        assert themes.theme_of("nuggets", None, 0, weighed) == "steal"


def test_a_theme_sessions_custom_ids_fit_discord_and_read_back() -> None:
    longest = max(
        (theme_scope(kind, theme) for kind in GAMES for theme in game_themes(kind)), key=len
    )
    pressed = DrillAnswer(longest, SESSION, 2**63 - 1, 10**9 - 1, "x" * 40)
    assert len(pressed.custom_id) <= 100
    assert scope_of(longest) == tuple(longest.split("."))
    assert scope_of("claimit") == ("claimit", None)
    assert scope_of("all") == (None, None)


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_my_drills_shows_the_weakest_themes_each_with_its_session(lang: Language) -> None:
    progress = [Progress("claimit", 2, 0, 0, 1, Fraction(1))]
    weak = [
        ThemeCost("claimit", "roll_or_stop", 3, Fraction(5, 2)),
        ThemeCost("nuggets", "steal", 1, Fraction(3)),
    ]
    card = drills_card(progress, lang, weak)
    line = next(li for li in card.lines if li.name == lang._("Your weakest kinds of decision"))
    assert isinstance(line, Line)
    first, second = line.value.split("\n")
    assert theme_name("claimit", "roll_or_stop", lang) in first and "Claim It!" in first
    assert lang.number(2.5, digits=2) in first
    assert theme_name("nuggets", "steal", lang) in second
    scopes = [item.scope for item in items(card) if isinstance(item, NextDrill)]
    assert scopes == ["all", "claimit.roll_or_stop", "nuggets.steal"]
    assert (
        card.footer is not None
        and lang._(
            "Kinds of decision are ranked by what the decisions your drills were made from "
            "cost per decision; a button below serves the drills due of one."
        )
        in card.footer
    )
    # German names its themes in German.
    if lang.code == "de":
        assert theme_name("claimit", "roll_or_stop", lang) == "Weiterwürfeln oder stoppen"


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_an_answer_says_its_theme_and_next_drill_stays_in_the_session(lang: Language) -> None:
    drill, game = claimit_drill()
    theme = theme_of(drill.kind, drill.state, drill.seat, drill.weighed)
    scope = theme_scope("claimit", theme)
    answered = Answered(drill, drill.weighed.best, drill.weighed.best, Fraction(0), True, 1.0)
    card = answer_card(answered, game, scope, 0, 3, 0.0, lang, here=True)
    said = lang._("Kind of decision: {theme}", theme=theme_name("claimit", theme, lang))
    assert said in card.text
    assert [i.scope for i in items(card) if isinstance(i, NextDrill)] == [scope]
    none = none_due_card("claimit", [], lang, theme)
    named = theme_name("claimit", theme, lang)
    assert none.text == lang._(
        "No {game} drill of “{theme}” is due today.", game=face_for("claimit").title, theme=named
    )


def test_each_games_drills_command_offers_its_themes() -> None:
    for kind, rules in GAMES.items():
        (command,) = commands(rules, face_for(kind))
        (option,) = command.parameters
        assert [c.value for c in option.choices] == list(game_themes(kind))
        assert [c.name for c in option.choices] == list(game_themes(kind).values())


def answer(interaction: Interaction) -> str:
    message = interaction.response_message
    assert message is not None and message.ephemeral
    return describe(message)


@pytest.mark.e2e
async def test_a_theme_session_through_the_bot_by_command_and_by_button(
    tmp_path: Path, database_target: str
) -> None:
    async with await make_world(tmp_path, 2, database=database_target) as world:
        await world.start_bot()
        ann = world.players[0]
        await claimit_drills(world, 2)
        drills = await own(world, ann)
        analyst = analyst_for("claimit")
        theme = theme_of(drills[0].kind, drills[0].state, drills[0].seat, drills[0].weighed)
        other = next(t for t in analyst.themes if t != theme)
        card = await drawn(world, await world.command(ann, "claimit drills", theme=theme))
        shown = [b["custom_id"] for b in card.buttons()]
        # Every control of the drill carries the session's scope: its options, Show the costs.
        assert shown and all(c.split(":")[1:3] == [f"claimit.{theme}", "0"] for c in shown)
        nothing = await drawn(world, await world.command(ann, "claimit drills", theme=other))
        assert f"No Claim It! drill of “{theme_name('claimit', other, english())}”" in describe(
            nothing
        )
        # A theme of another game's (a client that ignores the choices) is refused in
        # plain words, before any drill is served.
        before = await own(world, ann)
        forged = ephemeral_answer(await world.command(ann, "claimit drills", theme="steal"))
        assert forged.startswith("'steal' isn't one of the choices of theme")
        assert "Drill" not in forged and await own(world, ann) == before
        overview = await drawn(world, await world.command(ann, "my drills"))
        assert "Your weakest kinds of decision" in describe(overview)
        button = next(
            b["custom_id"]
            for b in overview.buttons()
            if b["custom_id"] == f"drillnext:claimit.{theme}:0"
        )
        await world.click(ann, overview, button)
        await world.handled()
        pressed = [b["custom_id"] for b in overview.buttons()]
        assert pressed and all(c.split(":")[1:3] == [f"claimit.{theme}", "0"] for c in pressed)
