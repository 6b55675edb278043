"""What the bot does for each command and button: ask the service, then show the result.

Within a turn the game message is edited in place (through the interaction
response, or directly when a computer player moves); when a turn ends its
buttons are removed and a new message pings the next player. Everything
addressed to one person is ephemeral.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable
from typing import Any

import discord

from bot.discord_ui import text
from bot.discord_ui.buttons import lobby_view, turn_view
from bot.discord_ui.messages import board_message, lobby_embed, result_message
from bot.discord_ui.permissions import missing_permissions_message
from bot.discord_ui.surfaces import ChannelSurface, InteractionSurface, Surface, tell
from bot.service import SYSTEM, Actor, GameService, Outcome, Player, ServiceError
from bot.service.errors import BoardMovedOn, GameBroken, NoGameHere
from bot.storage import Game, GameStatus
from engine.claimit import Bust, Phase, Place, Roll, Stopped
from engine.claimit.bots import Level, RollAgain, decide
from render import LETTERS

log = logging.getLogger(__name__)

SOMETHING_WENT_WRONG = "Something went wrong on my side, so nothing changed. Please try again."


class GameFlow:
    def __init__(self, service: GameService, client: discord.Client, bot_pause: float) -> None:
        self.service = service
        self.client = client
        self.bot_pause = bot_pause
        self._bot_games: dict[int, asyncio.Task[None]] = {}

    # Commands --------------------------------------------------------------------

    async def new_game(
        self, interaction: discord.Interaction, variant: bool, bots: int, bot_level: str
    ) -> None:
        if await self._cannot_post(interaction):
            return
        assert interaction.guild_id is not None and interaction.channel_id is not None
        game = await self.service.create_lobby(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host=_player(interaction),
            variant=variant,
        )
        for _ in range(bots):
            game = await self.service.add_bot(game.id, _actor(interaction), None, bot_level)
        await interaction.response.send_message(embed=lobby_embed(game), view=lobby_view(game))
        message = await interaction.original_response()
        await self.service.set_lobby_message(game.id, message.id)

    async def show_board(self, interaction: discord.Interaction) -> None:
        """Posts the game again at the bottom of the channel; the old message loses its buttons."""
        game = await self._current(interaction)
        if await self._cannot_post(interaction):
            return
        # The old message loses its buttons first, so two live copies never coexist.
        if game.status is GameStatus.LOBBY:
            await _strip_buttons(interaction, game.lobby_message_id)
            await interaction.response.send_message(embed=lobby_embed(game), view=lobby_view(game))
            message = await interaction.original_response()
            await self.service.set_lobby_message(game.id, message.id)
        else:
            if game.broken is not None:
                raise GameBroken(game.broken)
            assert game.state is not None
            board = await board_message(game, game.state, "Here is the board.")
            await _strip_buttons(interaction, game.turn_message_id)
            await interaction.response.send_message(
                embed=board.embed, file=board.file(), view=turn_view(game, game.state)
            )
            message = await interaction.original_response()
            await self.service.set_turn_message(game.id, message.id)

    async def cancel(self, interaction: discord.Interaction) -> None:
        game = await self._current(interaction)
        game = await self.service.cancel(game.id, _actor(interaction))
        for message_id in (game.lobby_message_id, game.turn_message_id):
            await _strip_buttons(interaction, message_id)
        await interaction.response.send_message(
            f"Game {game.id} was cancelled by {text.escaped(interaction.user.display_name)}. "
            "It counts for nobody."
        )

    async def _current(self, interaction: discord.Interaction) -> Game:
        assert interaction.channel_id is not None
        game = await self.service.current_game(interaction.channel_id)
        if game is None:
            raise NoGameHere()
        return game

    async def _cannot_post(self, interaction: discord.Interaction) -> bool:
        refusal = missing_permissions_message(interaction.app_permissions)
        if refusal:
            await tell(interaction, refusal)
        return refusal is not None

    # Buttons ---------------------------------------------------------------------

    async def lobby_button(
        self, interaction: discord.Interaction, game_id: int, version: int, action: str
    ) -> None:
        await guarded(interaction, self._lobby_button(interaction, game_id, version, action))

    async def _lobby_button(
        self, interaction: discord.Interaction, game_id: int, version: int, action: str
    ) -> None:
        # Joining and leaving mean the same whatever the lobby showed; starting
        # and cancelling act on exactly the seats that were shown.
        if action == "addbot":
            level = _selected(interaction)
            game = await self.service.add_bot(game_id, _actor(interaction), None, level)
        elif action == "removebot":
            seat = int(_selected(interaction))
            game = await self.service.remove_bot(game_id, _actor(interaction), None, seat)
        elif action == "join":
            game = await self.service.join(game_id, _player(interaction), None)
        elif action == "leave":
            game = await self.service.leave(game_id, interaction.user.id, None)
        elif action == "start":
            game = await self.service.start(game_id, _actor(interaction), version)
        else:
            game = await self.service.cancel(game_id, _actor(interaction), version)
        if game.status is GameStatus.ACTIVE:
            assert game.state is not None
            first = text.seat_line(game.seats[game.state.turn])
            note = f"The game is on! {first} was drawn to go first."
            await interaction.response.edit_message(embed=lobby_embed(game, note), view=None)
            surface = InteractionSurface(interaction)
            await self._post_turn(surface, game, f"The game begins. {first} goes first.")
        elif game.status is GameStatus.CANCELLED:
            await interaction.response.edit_message(
                embed=lobby_embed(game, "This lobby was closed."), view=None
            )
        else:
            await interaction.response.edit_message(embed=lobby_embed(game), view=lobby_view(game))

    async def turn_button(
        self, interaction: discord.Interaction, game_id: int, version: int, action: str
    ) -> None:
        await guarded(interaction, self._turn_button(interaction, game_id, version, action))

    async def _turn_button(
        self, interaction: discord.Interaction, game_id: int, version: int, action: str
    ) -> None:
        actor = _actor(interaction)
        if action == "roll":
            outcome = await self.service.roll(game_id, actor, version)
        elif action == "stop":
            outcome = await self.service.stop(game_id, actor, version)
        else:
            outcome = await self.service.choose(game_id, actor, version, LETTERS.index(action))
        await self._present(InteractionSurface(interaction), outcome)

    async def _present(self, surface: Surface, outcome: Outcome) -> None:
        game, state, headline = outcome.game, outcome.state, text.happened(outcome)
        rolled = _three(outcome.action.dice) if isinstance(outcome.action, Roll) else None
        if not any(isinstance(e, Bust | Stopped) for e in outcome.events):
            board = board_message(game, state, headline, rolled=rolled)
            await surface.edit(board, turn_view(game, state))
            return
        busted = any(isinstance(e, Bust) for e in outcome.events)
        # The turn's last picture stays in the channel without buttons: a bust
        # shows the marks it lost, a stop the board it left.
        if busted:
            final = board_message(
                game, outcome.before, headline, rolled=rolled, bust=outcome.before.turn
            )
        else:
            final = board_message(game, state, headline, prompt=False)
        await surface.edit(final, None)
        if state.phase is Phase.OVER:
            results = await self.service.results(game.id)
            board_result = await result_message(game, results, headline)
            await surface.send(embed=board_result.embed, file=board_result.file())
        else:
            await self._post_turn(surface, game, headline)

    async def _post_turn(self, surface: Surface, game: Game, headline: str) -> None:
        """A new message for the player to move, pinging only them."""
        assert game.state is not None
        seat = game.seats[game.state.turn]
        board = await board_message(game, game.state, headline)
        ping = None if seat.user_id is None else f"<@{seat.user_id}>, it's your turn."
        message = await surface.send(
            content=ping,
            embed=board.embed,
            file=board.file(),
            view=turn_view(game, game.state),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(seat.user_id)] if seat.user_id else False
            ),
        )
        if message is not None:
            await self.service.set_turn_message(game.id, message.id)
        if seat.is_bot:
            self.play_bot_turns(game)

    # Computer players ----------------------------------------------------------------

    def play_bot_turns(self, game: Game) -> None:
        """Lets the computer players move, one visible step at a time, until a human's turn."""
        running = self._bot_games.get(game.id)
        if running is None or running.done():
            self._bot_games[game.id] = asyncio.create_task(
                self._bot_turns(game.id, game.channel_id)
            )

    async def stop_bot_turns(self) -> None:
        """On shutdown: a step in flight is either committed or not; a restart resumes."""
        for task in self._bot_games.values():
            task.cancel()
        await asyncio.gather(*self._bot_games.values(), return_exceptions=True)
        self._bot_games.clear()

    async def resume_bot_turns(self) -> None:
        """After a start or restart: every game waiting for a computer player goes on."""
        for game in await self.service.active_games():
            if game.state is not None and game.seats[game.state.turn].is_bot:
                self.play_bot_turns(game)

    async def _bot_turns(self, game_id: int, channel_id: int) -> None:
        channel = self.client.get_partial_messageable(channel_id)
        try:
            while True:
                game = await self.service.game(game_id)
                if game.status is not GameStatus.ACTIVE or game.broken or game.state is None:
                    return
                seat = game.seats[game.state.turn]
                if not seat.is_bot:
                    return
                await asyncio.sleep(self.bot_pause)
                # Seeded by the position, so a game replays the same decisions.
                rng = random.Random(f"{game.id}:{game.version}")
                level = Level(seat.bot_level or Level.NORMAL)
                # A hard decision can take a tenth of a second: not on the event loop.
                decision = await asyncio.to_thread(decide, game.state, level, rng)
                try:
                    if isinstance(decision, RollAgain):
                        outcome = await self.service.roll(game_id, SYSTEM, game.version)
                    elif isinstance(decision, Place):
                        outcome = await self.service.place(
                            game_id, SYSTEM, game.version, decision.placement
                        )
                    else:
                        outcome = await self.service.stop(game_id, SYSTEM, game.version)
                except BoardMovedOn:
                    continue
                await self._present(ChannelSurface(channel, game.turn_message_id), outcome)
        except ServiceError:
            return
        except Exception:
            log.exception("computer player in game %s failed", game_id)


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Turns refusals into ephemeral answers, and anything unexpected into an apology."""
    try:
        await work
    except ServiceError as refusal:
        await tell(interaction, refusal.message)
    except Exception:
        log.exception("handling interaction %s failed", interaction.id)
        await tell(interaction, SOMETHING_WENT_WRONG)


async def _strip_buttons(interaction: discord.Interaction, message_id: int | None) -> None:
    if message_id is None or not isinstance(interaction.channel, discord.abc.Messageable):
        return
    try:
        await interaction.channel.get_partial_message(message_id).edit(view=None)  # type: ignore[union-attr]
    except discord.HTTPException:
        log.info("could not remove the buttons of message %s", message_id)


def _player(interaction: discord.Interaction) -> Player:
    return Player(interaction.user.id, interaction.user.display_name)


def _actor(interaction: discord.Interaction) -> Actor:
    return Actor(interaction.user.id, can_moderate=interaction.permissions.manage_messages)


def _selected(interaction: discord.Interaction) -> str:
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values") or [""]
    return str(values[0])


def _three(dice: tuple[int, ...]) -> tuple[int, int, int]:
    return (dice[0], dice[1], dice[2])
