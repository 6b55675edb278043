"""Playing: a turn's buttons and menus, ``board`` (the table moved to the bottom), ``log``
(the whole game so far), and a turn or lobby whose time ran out."""

from __future__ import annotations

import contextlib
import functools
import logging
from dataclasses import replace

import discord

from bot.background.deadlines import DeadlineWatch
from bot.discord_ui import face_drawing, game_notes
from bot.discord_ui.card_layout import edited, sent
from bot.discord_ui.commanded_game import cannot_post, game_meant
from bot.discord_ui.context import Context
from bot.discord_ui.conversations import place_of
from bot.discord_ui.core.turns.controls import TurnButton, TurnSelect
from bot.discord_ui.game_log import log_cards
from bot.discord_ui.game_messages import Recorded
from bot.discord_ui.interaction_answers import announce, answer_privately, in_time, tell
from bot.discord_ui.interactions import actor_of, reader
from bot.discord_ui.lean_requests import follow_up
from bot.discord_ui.part import Part
from bot.discord_ui.table_asks import On
from bot.games import shared_words
from bot.games.faces import face_for
from bot.service.errors import GameBroken, NoGameHere
from bot.storage import GameStatus

log = logging.getLogger(__name__)


class Turns(Part):
    """Playing a game on its table, and the deadlines that keep it from stalling."""

    controls = (TurnButton, TurnSelect)
    in_conversations = True

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.places = context.places
        self.lobbies = context.lobbies
        self.departures = context.departures
        self.conversations = context.conversations
        self.deadlines = DeadlineWatch(
            context.watched,
            self.deadline_passed,
            self.reminder_due,
            self.games.settle_away,
            context.clock,
        )

    def start(self) -> None:
        self.deadlines.start()

    async def stop(self) -> None:
        await self.deadlines.stop()

    async def show_board(self, interaction: discord.Interaction, kind: str) -> None:
        """Moves the game's table to the bottom of the channel or thread where it was
        asked for (a lobby is posted again there, the old one losing its buttons)."""
        found = await game_meant(self.service, interaction, kind)
        there = place_of(interaction).interaction_only
        if not there and await cannot_post(interaction):
            return
        async with self.games.held(found.id, interaction):
            game = await self.service.game(found.id)
            face = face_for(kind)
            if not game.status.is_open:
                raise NoGameHere(face.title, face.command)
            if game.state is None and game.status is not GameStatus.LOBBY:
                log.warning("game %s has no position: %s", game.id, game.broken)
                raise GameBroken(face.command)
            old = game.turn_message_id
            if game.status is GameStatus.LOBBY:
                content, _ = await self.lobbies.message(game)
                message_id = (await announce(interaction, **content)).id
                recorded: Recorded = {"lobby_message_id": message_id}
            else:
                lang = await self.languages.of_game(game)
                last = await self.service.history.last_outcome(game.id)
                headline = lang.say(game_notes.AS_IT_STANDS)
                drawn = await self.games.card(game, headline, last, lang)
                card = sent(drawn)
                if there:
                    # The old message loses its buttons while its token lets it.
                    await self.conversations.edit(game, **edited(replace(drawn, rows=())))
                if interaction.channel_id == game.place_id:
                    message_id = (await announce(interaction, **card)).id
                else:
                    # Asked in the channel of a game played in its thread: it goes there.
                    message_id = (await self.places.post(game, **card)).id
                    await tell(
                        interaction,
                        reader(interaction)._(
                            "The game is played in {place}: there it is.",
                            place=f"<#{game.place_id}>",
                        ),
                    )
                recorded = {"turn_message_id": message_id}
                try:
                    moved = replace(game, turn_message_id=message_id)
                    await self.games.relink_ping(moved, lang)
                except discord.HTTPException:
                    log.info("game %s's ping still links to its old table", game.id)
            await self.conversations.keep(game, message_id, interaction)
            try:
                await self.service.messages.mark_shown(game.id, game.version, recorded)
            except Exception:
                # The board is out; its id is recorded again by the next click on it.
                log.warning("could not record game %s's new message", game.id, exc_info=True)
            if there:
                return  # the bot can delete nothing there, nor edit it without its token
            # Only now, so that the game always has a message with live buttons.
            try:
                if game.status is GameStatus.LOBBY:
                    await self.places.strip_buttons(game)
                elif old is not None:
                    await self.places.delete(game, old)
            except discord.HTTPException:
                log.info("could not take game %s's old message away", game.id)

    async def show_log(
        self, interaction: discord.Interaction, kind: str, number: int | None
    ) -> None:
        """A game move by move, to whoever asks (in their language): the server's game
        ``number``, or else the game played here, or else the last one that ended here
        (played to the end or closed), so that what happened stays there to be read."""
        scope = await self.conversations.scope(interaction)
        assert scope is not None and interaction.channel_id is not None
        service = self.service
        game_id = None
        if number is None:
            with contextlib.suppress(NoGameHere):
                game_id = (await game_meant(service, interaction, kind)).id
        if game_id is None:
            game_id = await service.logged(scope, kind, interaction.channel_id, number)
        game = await service.game(game_id)
        mine = reader(interaction)
        lines = await self.games.log_lines(game, mine)
        face = face_for(kind)
        title = mine._("{game} · log", game=shared_words.game_name(face.title, game))
        if game.status is GameStatus.CANCELLED:
            lines = [*lines, game_notes.lobby_note(game, mine)]
        if not lines:
            await tell(interaction, mine._("Nobody has moved yet in {game}.", game=title))
            return
        cards = log_cards(title, lines)
        await answer_privately(interaction, cards[0])
        for card in cards[1:]:
            await follow_up(interaction.followup, **sent(card), ephemeral=True)

    async def play(
        self, interaction: discord.Interaction, pressed: TurnButton | TurnSelect, intent: str
    ) -> None:
        """A turn's button or menu (``intent``, what it plays) on the table (or on a turn
        notice in the player's direct messages): the move, answered by the table itself
        (or the notice); one pressed on a version the game has moved past changes
        nothing."""
        game_id, version = pressed.game, pressed.seen(pressed.version)
        actor = actor_of(interaction, pressed.kind, from_dm=True)
        if place_of(interaction).direct:
            await in_time(interaction, self.departures.require_member(game_id, actor))
        acting = functools.partial(self.service.turns.act, game_id, actor, version, intent)
        await self.games.move(game_id, acting, On.TABLE, interaction)

    async def deadline_passed(self, game_id: int, version: int) -> None:
        """A lobby nobody started closes; a quiet turn ends by itself. A player who is no
        longer in the server is not waited for: their seat goes to a computer player."""
        game = await self.service.game(game_id)
        if game.status is GameStatus.LOBBY:
            expiring = functools.partial(self.service.expire_lobby, game_id, version)
            await self.games.change(game_id, expiring, On.LOBBY)
            return
        if game.state is not None:
            for seat in face_drawing.acting(game):
                user = seat.user_id
                if user is not None and await self.departures.gone(game.guild_id, user):
                    await self.departures.member_left(game.guild_id, user)
                    return
        timing_out = functools.partial(self.service.turns.time_out, game_id, version)
        await self.games.move(game_id, timing_out, On.TABLE)

    async def reminder_due(self, game_id: int, deadline: float) -> None:
        """A long turn's end is near: whoever must act is pinged afresh, saying when it
        ends (a new message, since an edit notifies nobody); once per turn."""
        # Admitted as work, so that a stop waits for the reminder to be both sent and
        # noted: a stop between the two would send it again after the restart.
        async with self.games.held(game_id, admitted=True):
            game = await self.service.game(game_id)
            if game.status is not GameStatus.ACTIVE or game.deadline != deadline:
                return
            lang = await self.languages.of_game(game)
            await self.games.remind_before_end(game, lang)
            await self.service.messages.mark_reminded(game_id, deadline)
