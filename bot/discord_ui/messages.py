"""The lobby, turn and result messages: embeds with the board image attached."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass

import discord

from bot.discord_ui import text
from bot.service import Outcome
from bot.storage import Game
from engine.claimit import MAX_PLAYERS, GameState, Phase, roll_odds
from render import LETTERS, View, render_board
from render.palette import PLAYERS

BOARD_FILE = "board.png"


def _color(seat: int) -> discord.Colour:
    r, g, b = PLAYERS[seat].color
    return discord.Colour.from_rgb(r, g, b)


def lobby_embed(game: Game, note: str | None = None) -> discord.Embed:
    seats = "\n".join(
        text.seat_line(s) + (" (host)" if s.user_id == game.host_id else "") for s in game.seats
    )
    embed = discord.Embed(
        title=f"Claim It! · game {game.id}",
        description=(note + "\n\n" if note else "")
        + f"**Players ({len(game.seats)}/{MAX_PLAYERS})**\n{seats}",
        colour=_color(0),
    )
    embed.add_field(name="Rule variant", value="on" if game.variant else "off")
    embed.add_field(name="Turn time", value=text.minutes(game.turn_timeout))
    if game.thread_id is not None:
        embed.add_field(name="Played in", value=f"<#{game.thread_id}>")
    if note is None and game.deadline is not None:
        embed.add_field(name="Lobby closes", value=text.deadline(game.deadline))
    if note is None:
        embed.set_footer(text="Join with the button. The host starts with 2 to 5 players.")
    return embed


@dataclass(frozen=True)
class BoardMessage:
    embed: discord.Embed
    png: bytes

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), BOARD_FILE)


async def board_message(
    game: Game,
    state: GameState,
    headline: str,
    *,
    rolled: tuple[int, int, int] | None = None,
    bust: int | None = None,
    prompt: bool = True,
) -> BoardMessage:
    """The board for ``state`` under what just happened; ``prompt`` adds what the
    player to move does next."""
    png = await _render(game, state, rolled=rolled, bust=bust)
    embed = discord.Embed(
        title=f"Claim It! · game {game.id}",
        description=headline + (_prompt(game, state, bust) if prompt else ""),
        colour=_color(state.turn),
    )
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    if state.last_round is not None and state.phase is not Phase.OVER:
        embed.set_footer(
            text=f"Last round: {game.seats[state.last_round.caller].display_name} plays last."
        )
    return BoardMessage(embed, png)


async def _render(
    game: Game,
    state: GameState,
    *,
    rolled: tuple[int, int, int] | None = None,
    bust: int | None = None,
) -> bytes:
    """The board image, drawn in a worker thread so the event loop keeps answering."""
    names = tuple(s.display_name for s in game.seats)
    return await asyncio.to_thread(render_board, state, View(names=names, rolled=rolled, bust=bust))


def _prompt(game: Game, state: GameState, bust: int | None) -> str:
    if state.phase is Phase.OVER or bust is not None:
        return ""
    who = text.seat_line(game.seats[state.turn])
    lines = []
    if state.placed_this_turn:
        lines.append(text.this_turn(state))
    if state.phase is Phase.PLACE:
        letters = LETTERS[: len(state.pending_placements())]
        choice = letters[0] if len(letters) == 1 else f"{letters[0]}–{letters[-1]}"
        lines.append(f"{who}: choose a placement ({choice}).")
    elif state.placed_this_turn:
        lines.append(f"{who}: roll again, or stop & claim.")
    else:
        lines.append(f"{who}: roll the dice.")
    if state.phase is Phase.ROLL:
        lines.append(text.odds(roll_odds(state)))
    if game.deadline is not None and not game.seats[state.turn].is_bot:
        lines.append(
            f"⏰ The turn ends by itself {text.deadline(game.deadline)} (keeping what was placed)."
        )
    return "\n\n" + "\n".join(lines)


async def result_message(game: Game, outcome: Outcome, headline: str) -> BoardMessage:
    assert game.state is not None
    results = outcome.results
    winners = [game.seats[r.seat] for r in results if r.won]
    title = (
        f"{text.name(winners[0])} wins!"
        if len(winners) == 1
        else "Shared win: " + " and ".join(text.name(w) for w in winners) + "!"
    )
    png = await _render(game, game.state)
    embed = discord.Embed(
        title=f"Claim It! · game {game.id} · game over",
        description=f"{headline}\n\n**{title}**\n{text.results_table(game, results)}",
        colour=discord.Colour.gold(),
    )
    computers = any(seat.is_bot for seat in game.seats)
    embed.add_field(
        name="Ratings", value=text.rating_changes(outcome.rating_changes, computers), inline=False
    )
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    return BoardMessage(embed, png)
