"""The ladder through Discord: rating changes at game over, leaderboard, stats, history."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from discord.app_commands import Choice

from bot.discord_ui.card_layout import Card, Line
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.part import Part
from bot.features.ladder.discord.handlers import Ladder
from bot.storage.opening import open_database
from i18n import Language
from tests.e2e.world import World, describe, ephemeral_answer, line_value, note_of, title_of
from tests.finished_games import write_finished_games

pytestmark = pytest.mark.e2e


async def test_a_server_without_games_gets_friendly_empty_answers(world: World) -> None:
    ann, bo = world.players[:2]
    assert "Nobody is on this server's ladder yet" in ephemeral_answer(
        await world.command(ann, "claimit leaderboard")
    )
    assert "You haven't finished" in ephemeral_answer(await world.command(ann, "claimit stats"))
    assert "Bo hasn't finished" in ephemeral_answer(
        await world.command(ann, "claimit stats", user=bo)
    )
    assert "No game has been played to the end" in ephemeral_answer(
        await world.command(bo, "claimit history")
    )


async def test_a_finished_game_shows_rating_changes_and_fills_the_ladder(world: World) -> None:
    ann, bo, cy = world.players[:3]
    await world.start_game(3)
    result = await world.result()
    ratings = line_value(result, "Ratings")
    for player in (ann, bo, cy):
        assert f"{player.name}: 1,000 → **" in ratings
    assert ratings.count("first rated game") == 3 and "provisional (?)" in ratings
    service = world.bots[0].service
    (game,) = [
        g for g in await world.bots[0].parts.get(Ladder).ladder.history(world.guild.id, "claimit")
    ]
    results = await service.history.results(game.id)

    board = await world.command(bo, "claimit leaderboard")
    text = ephemeral_answer(board)
    assert board.response_message is not None and board.response_message.buttons() == []
    order = [line for line in text.split("\n") if "game ·" in line]
    assert title_of(board.response_message) == "Claim It! · Prospectors ladder"
    assert len(order) == 3 and order[0].startswith("`1.`")
    winner = next(p for p in (ann, bo, cy) if p.id == next(r.user_id for r in results if r.won))
    # One game makes nobody a medallist: every rating is still provisional.
    assert f"`1.` **{winner.name}**" in text and "1 win (100%)" in text and "🥇" not in text
    assert all("? · 1 game" in line for line in order)
    assert "provisional" in describe(board.response_message)

    stats = ephemeral_answer(await world.command(ann, "claimit stats", user=cy))
    cy_result = next(r for r in results if r.user_id == cy.id)
    assert "Claim It! · Cy" in stats and "Rating **" in stats and "of 3" in stats
    assert "Provisional: 1 of the first 5 rated games" in stats
    assert "**Games** 1 game" in stats and f"best {cy_result.figures['largest_mine']}" in stats
    assert f"{cy_result.figures['claims']} in all" in stats
    assert f"{cy_result.figures['busts']} in {cy_result.figures['turns']}" in stats
    assert f"**Best single turn** {cy_result.figures['best_turn']} space" in stats
    assert "over the last game" in stats

    history = ephemeral_answer(await world.command(cy, "claimit history"))
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{result.id}"
    assert f"**#{game.number}**" in history and f"[final message]({link})" in history
    assert all(p.name in history for p in (ann, bo, cy)) and "unrated" not in history
    assert "/claimit log and /claimit replay with a game's number" in history
    logged = ephemeral_answer(await world.command(cy, "claimit log", game=game.number))
    assert f"Claim It! #{game.number} · log" in logged and "1. " in logged


async def test_a_game_against_computer_players_alone_is_unrated(world: World) -> None:
    ann = world.players[0]
    lobby = await world.answered(ann, "claimit new", bots=2)
    await world.click(ann, lobby, "Start")
    result = await world.finish(random.Random(2))
    assert line_value(result, "Ratings").startswith("Unrated")
    stats = ephemeral_answer(await world.command(ann, "claimit stats"))
    assert "**Unrated** so far" in stats and "**Games** 1 game" in stats
    assert "Nobody is on this server's ladder yet" in ephemeral_answer(
        await world.command(ann, "claimit leaderboard")
    )
    assert "· unrated" in ephemeral_answer(await world.command(ann, "claimit history"))


async def test_a_long_ladder_pages_with_buttons_and_shows_the_callers_place(
    world: World,
) -> None:
    ann, bo = world.players[:2]
    regulars = list(range(900, 914))
    # Six games each: settled ratings, so the top of the ladder has its medals.
    tables: list[tuple[int, ...]] = [
        (regulars[n], regulars[(n + k) % 14]) for k in (1, 2, 3) for n in range(14)
    ]
    # Ann leaves three games, so she ranks last in each: low on the ladder.
    tables += [(regulars[n], regulars[n + 5], ann.id) for n in range(3)]
    names = {ann.id: ann.name} | {r: f"Regular {r - 900}" for r in regulars}
    database = await open_database(world.database)
    try:
        await write_finished_games(
            database, world.guild.id, 0, random.Random(9), tables=tables, names=names,
            leavers={ann.id},
        )  # fmt: skip
    finally:
        await database.close()
    await world.bots[0].parts.get(Ladder).ladder.recompute(world.guild.id, "claimit")

    page_1 = await world.answered(ann, "claimit leaderboard")
    assert "Page 1 of 2 · 15 players" in describe(page_1)
    assert page_1.button_labels() == ["◀ Previous", "Next ▶"]
    assert page_1.button("◀ Previous").get("disabled")
    places = [line for line in describe(page_1).split("\n") if "best mine" in line]
    ann_place = (
        await world.bots[0].parts.get(Ladder).ladder.stats(world.guild.id, "claimit", ann.id)
    )
    assert ann_place is not None and ann_place.place is not None
    assert ann_place.place > 10
    assert "**Your place**" in describe(page_1) and len(places) == 11
    assert f"`{ann_place.place}.` **Ann**" in describe(page_1)

    await world.click(ann, page_1, "Next ▶")
    assert "Page 2 of 2" in describe(page_1)
    assert "`11.`" in describe(page_1) and "🥇" not in describe(page_1)
    assert page_1.button("Next ▶").get("disabled")
    await world.click(ann, page_1, "◀ Previous")
    assert "Page 1 of 2" in describe(page_1) and "🥇" in describe(page_1)

    last_page = await world.command(bo, "claimit leaderboard", page=7)
    assert last_page.response_message is not None
    assert "`15.`" in describe(last_page.response_message)
    assert "not on the ladder yet" in note_of(last_page.response_message)


async def test_recompute_is_for_manage_server_and_keeps_the_ladder(world: World) -> None:
    ann, bo = world.players[:2]
    await world.start_game(2)
    await world.result()
    before = ephemeral_answer(await world.command(bo, "claimit leaderboard"))
    refused = ephemeral_answer(await world.command(bo, "claimit recompute"))
    assert "Manage Server" in refused
    done = await world.command(ann, "claimit recompute")
    answer = await world.discord.wait_for_message(
        world.channel, lambda m: m is done.response_message and "Rebuilt" in (m.content or "")
    )
    assert answer.ephemeral and "from its 1 finished game. 2 players are on it." in answer.content
    assert ephemeral_answer(await world.command(bo, "claimit leaderboard")) == before


async def test_luck_in_the_result_and_the_servers_dice_in_stats(world: World) -> None:
    ann, bo = world.players[:2]
    empty = ephemeral_answer(await world.command(ann, "claimit stats"))
    assert "You haven't finished" in empty and "0 dice were rolled here" in empty
    assert "Too few dice yet" in empty
    await world.start_game(2)
    result = await world.result()
    (game,) = await world.bots[0].parts.get(Ladder).ladder.history(world.guild.id, "claimit")
    results = await world.bots[0].service.history.results(game.id)
    luck = line_value(result, "Luck")
    for r in results:
        f = r.figures
        expected = f"{f['bust_odds'] / 1_000_000:.1f}"
        times = "time" if f["busts"] == 1 else "times"
        assert (
            f"**{r.display_name}** busted {f['busts']} {times} where {expected} were expected "
            f"({f['rolls']} roll" in luck
        )
        assert sum(f[f"dice_{face}"] for face in "123456") == 3 * f["rolls"]

    mine = ephemeral_answer(await world.command(ann, "claimit stats"))
    rolled = sum(3 * r.figures["rolls"] for r in results)
    assert f"**The dice in Prospectors**\n{rolled:,} dice were rolled here" in mine
    assert "**Luck** Busted" in mine and "fair dice come out" in mine
    assert "chi-square" in mine and "5 degrees of freedom" in mine
    theirs = ephemeral_answer(await world.command(ann, "claimit stats", user=bo))
    assert "**Luck** Busted" in theirs and "were rolled here" not in theirs


class Cheers(Part, Adds):
    """A third feature's part: a line under every page of the ladder, and a view of the
    leaderboard of its own, through what a part declares (it names no ladder code)."""

    async def leaderboard_lines(self, guild_id: int, kind: str, lang: Language) -> Sequence[Line]:
        return (Line("Cheers", "👏 3 given"),)

    async def leaderboard_views(
        self, guild_id: int, kind: str, lang: Language
    ) -> Sequence[Choice[str]]:
        return (Choice(name="most cheered", value="cheers"),)

    async def leaderboard_view(
        self, guild_id: int, kind: str, asked: str, user_id: int, server: str, lang: Language
    ) -> Card | None:
        return Card(title=f"Most cheered · {server}", text="👏") if asked == "cheers" else None


async def test_another_feature_adds_a_view_and_a_line_to_the_leaderboard(world: World) -> None:
    ann = world.players[0]
    await world.start_game(2)
    await world.result()
    ladder = world.bots[0].parts.get(Ladder)
    ladder.context.hooks.add(Cheers(ladder.context))

    page = await world.command(ann, "claimit leaderboard")
    assert page.response_message is not None
    assert line_value(page.response_message, "Cheers") == "👏 3 given"
    assert "**Ann**" in ephemeral_answer(page)
    offered = await world.discord.autocomplete(
        ann, world.channel, "claimit leaderboard", "season", ""
    )
    # The ladder of all time comes last, once another view is offered (none are without).
    assert offered == [
        {"name": "most cheered", "value": "cheers"},
        {"name": "all time (the rating)", "value": "all"},
    ]
    # Seasons, off in this server, refuse "cheers" as a season: the view is Cheers' own.
    view = await world.command(ann, "claimit leaderboard", season="cheers")
    assert view.response_message is not None
    assert title_of(view.response_message) == "Most cheered · Prospectors"
    ladder_again = await world.command(ann, "claimit leaderboard", season="all")
    assert "**Ann**" in ephemeral_answer(ladder_again)
