"""What the bot does for each command, button and deadline: ask the service, then show
the result.

Within a turn the game message is edited in place (through the interaction
response, or directly when a computer player moves or a deadline passes); when a
turn ends its buttons are removed and a new message pings the next player.
Everything addressed to one person is ephemeral.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any

import discord

from bot.discord_ui import text
from bot.discord_ui.buttons import lobby_view, turn_view
from bot.discord_ui.computer_players import ComputerPlayers
from bot.discord_ui.messages import board_message, lobby_embed, result_message
from bot.discord_ui.permissions import missing_permissions_message, missing_thread_permissions
from bot.discord_ui.places import GamePlaces
from bot.discord_ui.surfaces import InteractionSurface, Surface, tell
from bot.service import (
    Actor,
    GameService,
    GuildSettingsService,
    Outcome,
    Player,
    ServiceError,
)
from bot.service.errors import GameBroken, NoGameHere
from bot.service.game_service import TAKEOVER_SUFFIX
from bot.storage import EndReason, Game, GameStatus
from engine.claimit import Bust, Passed, Phase, Roll, Stopped
from render import LETTERS

log = logging.getLogger(__name__)

SOMETHING_WENT_WRONG = "Something went wrong on my side, so nothing changed. Please try again."


class GameFlow:
    def __init__(
        self,
        service: GameService,
        settings: GuildSettingsService,
        client: discord.Client,
        bot_pause: float,
    ) -> None:
        self.service = service
        self.settings = settings
        self.client = client
        self.places = GamePlaces(client, service)
        self.computer = ComputerPlayers(service, self.places.surface, self._present, bot_pause)

    # Commands --------------------------------------------------------------------

    async def new_game(
        self,
        interaction: discord.Interaction,
        *,
        variant: bool | None,
        bots: int,
        bot_level: str,
        turn_timeout: int | None,
    ) -> None:
        if await self._cannot_post(interaction):
            return
        assert interaction.guild_id is not None and interaction.channel_id is not None
        game = await self.service.create_lobby(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host=_player(interaction),
            variant=variant,
            turn_timeout=turn_timeout,
            bots=bots,
            bot_level=bot_level,
        )
        await interaction.response.send_message(
            embed=lobby_embed(game), view=await self._lobby_view(game)
        )
        message = await interaction.original_response()
        await self.service.set_lobby_message(game.id, message.id)
        if (await self.settings.get(game.guild_id)).threads:
            await self._open_thread(interaction, game, message)

    async def _open_thread(
        self, interaction: discord.Interaction, game: Game, lobby: discord.InteractionMessage
    ) -> None:
        """Gives the game its own thread off the lobby message, or says why it plays here."""
        if not isinstance(interaction.channel, discord.TextChannel):
            await tell(interaction, "Games started inside a thread play right there.")
            return
        missing = missing_thread_permissions(interaction.app_permissions)
        if missing is not None:
            await tell(interaction, missing)
            return
        try:
            thread = await lobby.create_thread(
                name=f"Claim It! · game {game.id}", auto_archive_duration=1440
            )
        except discord.HTTPException:
            log.warning("could not start a thread for game %s", game.id, exc_info=True)
            await tell(
                interaction,
                "I couldn't start a thread for this game, so it runs here in the channel.",
            )
            return
        await self.service.set_thread(game.id, thread.id)
        game = replace(game, thread_id=thread.id)
        await lobby.edit(embed=lobby_embed(game), view=await self._lobby_view(game))

    async def show_board(self, interaction: discord.Interaction) -> None:
        """Posts the game again at the bottom of the channel or thread where it was asked
        for; the old message loses its buttons."""
        game = await self._current(interaction)
        if await self._cannot_post(interaction):
            return
        # The old message loses its buttons first, so two live copies never coexist.
        if game.status is GameStatus.LOBBY:
            await self.places.edit_lobby(game, view=None)
            await interaction.response.send_message(
                embed=lobby_embed(game), view=await self._lobby_view(game)
            )
            message = await interaction.original_response()
            await self.service.set_lobby_message(game.id, message.id)
        else:
            if game.broken is not None:
                raise GameBroken(game.broken)
            assert game.state is not None
            board = await board_message(game, game.state, "Here is the board.")
            await self.places.strip_buttons(game)
            await interaction.response.send_message(
                embed=board.embed, file=board.file(), view=turn_view(game, game.state)
            )
            message = await interaction.original_response()
            await self.service.set_turn_message(game.id, message.id)

    async def cancel(self, interaction: discord.Interaction) -> None:
        game = await self._current(interaction)
        game = await self.service.cancel(game.id, _actor(interaction))
        await self.places.strip_buttons(game)
        await interaction.response.send_message(
            f"Game {game.id} was cancelled by {text.escaped(interaction.user.display_name)}. "
            "It counts for nobody."
        )

    async def leave(self, interaction: discord.Interaction) -> None:
        game = await self._current(interaction)
        was_lobby = game.status is GameStatus.LOBBY
        game = await self.service.leave(game.id, interaction.user.id, None)
        if was_lobby:
            await self._show_lobby(game)
            closed = game.status is GameStatus.CANCELLED
            await tell(
                interaction,
                "You left the lobby." + (" It was empty, so it closed." if closed else ""),
            )
            return
        who = text.escaped(interaction.user.display_name)
        await interaction.response.send_message(_takeover_note(game, who, "left the game"))
        await self._after_takeover(game)

    async def member_left(self, guild_id: int, user_id: int) -> None:
        """Someone left the server (or their account is gone): their seats are freed."""
        for game_id in await self.service.games_of_member(guild_id, user_id):
            try:
                before = await self.service.game(game_id)
                seat = before.seat_of(user_id)
                game = await self.service.leave(game_id, user_id, None)
            except ServiceError:
                continue
            if before.status is GameStatus.LOBBY:
                await self._show_lobby(game)
                continue
            who = text.name(seat) if seat else "A player"
            await self.places.surface(game).send(
                content=_takeover_note(game, who, "left the server")
            )
            await self._after_takeover(game)

    async def _after_takeover(self, game: Game) -> None:
        if game.status is not GameStatus.ACTIVE:
            await self.places.strip_buttons(game)
        elif game.state is not None and game.seats[game.state.turn].is_bot:
            self.computer.play(game)

    async def _show_lobby(self, game: Game, note: str | None = None) -> None:
        if game.status is GameStatus.LOBBY:
            await self.places.edit_lobby(
                game, embed=lobby_embed(game, note), view=await self._lobby_view(game)
            )
        else:
            closed = note or _lobby_closed(game)
            await self.places.edit_lobby(game, embed=lobby_embed(game, closed), view=None)

    async def _lobby_view(self, game: Game) -> discord.ui.View:
        """The lobby's buttons; the bot menu only where the server allows computer players."""
        settings = await self.settings.get(game.guild_id)
        return lobby_view(game, bots_allowed=settings.bots_allowed)

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
            if game.thread_id is not None:
                note += f" Follow it in <#{game.thread_id}>."
            await interaction.response.edit_message(embed=lobby_embed(game, note), view=None)
            surface = InteractionSurface(interaction, self.places.poster(game))
            await self._post_turn(surface, game, f"The game begins. {first} goes first.")
        elif game.status is GameStatus.CANCELLED:
            await interaction.response.edit_message(
                embed=lobby_embed(game, _lobby_closed(game)), view=None
            )
        else:
            await interaction.response.edit_message(
                embed=lobby_embed(game), view=await self._lobby_view(game)
            )

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
        await self._present(
            InteractionSurface(interaction, self.places.poster(outcome.game)), outcome
        )

    # Deadlines -------------------------------------------------------------------

    async def deadline_passed(self, game_id: int, version: int) -> None:
        """A lobby nobody started closes; a quiet turn ends by itself. A player who is no
        longer in the server is not waited for: their seat goes to a computer player."""
        game = await self.service.game(game_id)
        if game.status is GameStatus.LOBBY:
            game = await self.service.expire_lobby(game_id, version)
            await self._show_lobby(game)
            return
        if game.state is not None and game.broken is None:
            seat = game.seats[game.state.turn]
            if seat.user_id is not None and await self._gone(game.guild_id, seat.user_id):
                await self.member_left(game.guild_id, seat.user_id)
                return
        outcome = await self.service.time_out(game_id, version)
        await self._present(self.places.surface(outcome.game), outcome)

    async def _gone(self, guild_id: int, user_id: int) -> bool:
        guild = self.client.get_guild(guild_id)
        if guild is None:
            return False
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return True
        except discord.HTTPException:
            log.info("could not check whether %s is still in server %s", user_id, guild_id)
        return False

    # Showing what happened -------------------------------------------------------------

    async def _present(self, surface: Surface, outcome: Outcome) -> None:
        game, state, headline = outcome.game, outcome.state, text.happened(outcome)
        if outcome.took_over is not None:
            headline += "\n\n" + _takeover_note(game, text.name(outcome.took_over), None)
        rolled = _three(outcome.action.dice) if isinstance(outcome.action, Roll) else None
        if not any(isinstance(e, Bust | Stopped | Passed) for e in outcome.events):
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
            board_result = await result_message(game, outcome, headline)
            posted = await surface.send(embed=board_result.embed, file=board_result.file())
            # The server's history links to this message.
            if posted is not None:
                await self.service.set_turn_message(game.id, posted.id)
        elif game.status is GameStatus.ACTIVE:
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
            self.computer.play(game)


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Turns refusals into ephemeral answers, and anything unexpected into an apology."""
    try:
        await work
    except ServiceError as refusal:
        await tell(interaction, refusal.message)
    except Exception:
        log.exception("handling interaction %s failed", interaction.id)
        await tell(interaction, SOMETHING_WENT_WRONG)


def _takeover_note(game: Game, who: str, why: str | None) -> str:
    """What the table is told when a computer player takes a seat over."""
    if why is None:
        line = f"🤖 {who.removesuffix(TAKEOVER_SUFFIX)} was away for two turns in a row"
    else:
        line = f"🤖 {who} {why}"
    if game.status is GameStatus.ACTIVE:
        return line + ", so a computer player (normal) plays their seat from now on."
    return line + f", and no human player is left, so game {game.id} is over. It counts for nobody."


def _lobby_closed(game: Game) -> str:
    if game.end_reason is EndReason.LOBBY_EXPIRED:
        return "Nobody started this game in time, so the lobby closed itself."
    if game.end_reason is EndReason.LOBBY_EMPTY:
        return "Everyone left, so this lobby closed."
    return "This lobby was closed."


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
