"""Playing: a turn's buttons and menus, ``board`` (the table moved to the bottom), ``log``
(the whole game so far), and a turn or lobby whose time ran out."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace

import discord

from bot.background.deadlines import DeadlineWatch
from bot.discord_ui import presenter, text
from bot.discord_ui.cards import sent
from bot.discord_ui.commanded_game import cannot_post, game_meant
from bot.discord_ui.components import selected
from bot.discord_ui.controls.turns import TurnButton, TurnSelect
from bot.discord_ui.feature import Core, Feature, takes
from bot.discord_ui.features.leaving.handlers import Leaving
from bot.discord_ui.game_log import log_cards
from bot.discord_ui.interactions import actor_of, deferral, reader
from bot.discord_ui.places import Answered, Recorded
from bot.discord_ui.surfaces import announce, in_time, tell
from bot.discord_ui.table import AS_IT_STANDS
from bot.games import shared_words
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.service.errors import GameBroken, NoGameHere
from bot.storage import GameStatus

log = logging.getLogger(__name__)


class Turns(Feature):
    """Playing a game on its table, and the deadlines that keep it from stalling."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self.deadlines = DeadlineWatch(
            self.table, self.deadline_passed, self.reminder_due, self.table.settle_away, core.clock
        )

    def start(self) -> None:
        self.deadlines.start()

    async def stop(self) -> None:
        await self.deadlines.stop()

    async def show_board(self, interaction: discord.Interaction, kind: str) -> None:
        """Moves the game's table to the bottom of the channel or thread where it was
        asked for (a lobby is posted again there, the old one losing its buttons)."""
        found = await game_meant(self.table.service, interaction, kind)
        if await cannot_post(interaction):
            return
        async with (
            self.table.locks.hold(found.id, deferral(interaction)),
            self.table.displays.hold(found.id),
        ):
            game = await self.table.service.game(found.id)
            face = face_for(kind)
            if not game.status.is_open:
                raise NoGameHere(face.title, face.command)
            if game.state is None and game.status is not GameStatus.LOBBY:
                log.warning("game %s has no position: %s", game.id, game.broken)
                raise GameBroken(face.command)
            old = game.turn_message_id
            if game.status is GameStatus.LOBBY:
                content, _ = await self.table.lobbies.message(game)
                message = await announce(interaction, **content)
                recorded: Recorded = {"lobby_message_id": message.id}
            else:
                lang = await self.table.languages.of_game(game)
                last = await self.table.service.history.last_outcome(game.id)
                headline = lang.say(AS_IT_STANDS)
                card = sent(await self.table.cards.card(game, headline, last, lang))
                if interaction.channel_id == game.place_id:
                    message = await announce(interaction, **card)
                else:
                    # Asked in the channel of a game played in its thread: it goes there.
                    message = await self.table.places.post(game, **card)
                    await tell(
                        interaction,
                        reader(interaction)._(
                            "The game is played in {place}: there it is.",
                            place=f"<#{game.place_id}>",
                        ),
                    )
                recorded = {"turn_message_id": message.id}
                try:
                    moved = replace(game, turn_message_id=message.id)
                    await self.table.pings.relink(moved, lang)
                except discord.HTTPException:
                    log.info("game %s's ping still links to its old table", game.id)
            try:
                await self.table.service.messages.mark_shown(game.id, game.version, recorded)
            except Exception:
                # The board is out; its id is recorded again by the next click on it.
                log.warning("could not record game %s's new message", game.id, exc_info=True)
            # Only now, so that the game always has a message with live buttons.
            try:
                if game.status is GameStatus.LOBBY:
                    await self.table.places.strip_buttons(game)
                elif old is not None:
                    await self.table.places.delete(game, old)
            except discord.HTTPException:
                log.info("could not take game %s's old message away", game.id)

    async def show_log(
        self, interaction: discord.Interaction, kind: str, number: int | None
    ) -> None:
        """A game move by move, to whoever asks (in their language): the server's game
        ``number``, or else the game played here, or else the last one that ended here
        (played to the end or closed), so that what happened stays there to be read."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        service = self.table.service
        game_id = None
        if number is None:
            with contextlib.suppress(NoGameHere):
                game_id = (await game_meant(service, interaction, kind)).id
        if game_id is None:
            game_id = await service.logged(
                interaction.guild_id, kind, interaction.channel_id, number
            )
        game = await service.game(game_id)
        mine = reader(interaction)
        lines = await self.table.logs.lines(game, mine)
        face = face_for(kind)
        title = mine._("{game} · log", game=shared_words.game_name(face.title, game))
        if game.status is GameStatus.CANCELLED:
            lines = [*lines, text.lobby_note(game, mine)]
        if not lines:
            await tell(interaction, mine._("Nobody has moved yet in {game}.", game=title))
            return
        cards = log_cards(title, lines)
        await interaction.response.send_message(**sent(cards[0]), ephemeral=True)
        for card in cards[1:]:
            await interaction.followup.send(**sent(card), ephemeral=True)

    @takes(TurnButton, TurnSelect)
    async def turn_button(
        self, interaction: discord.Interaction, pressed: TurnButton | TurnSelect
    ) -> None:
        """A turn's button or menu on the table (or on a turn notice in the player's
        direct messages): the move, answered by the table itself (or the notice); one
        pressed on a version the game has moved past changes nothing."""
        game_id, version = pressed.game, pressed.seen(pressed.version)
        intent = pressed.intent if isinstance(pressed, TurnButton) else selected(interaction)
        actor = actor_of(interaction, pressed.kind, from_dm=True)
        if interaction.guild_id is None:
            leaving = self.core.features.get(Leaving)
            await in_time(interaction, leaving.require_member(game_id, actor))

        async def change() -> Outcome:
            return await self.table.service.act(game_id, actor, version, intent)

        async def show(outcome: Outcome) -> Answered:
            if interaction.guild_id is None:
                return await self.table.pings.notices.answer(interaction, outcome)
            lang = await self.table.languages.of_game(outcome.game)
            game = outcome.game
            pressed = None if interaction.message is None else interaction.message.id
            if pressed is None or pressed == game.turn_message_id:
                answered = await self.table.answer(outcome, lang, interaction)
                await self.table.pings.notices.tell_if_closed(interaction)
                return answered
            # The pressed message is the game's table, even one whose id was never
            # recorded; one recorded instead of it is a stale copy.
            stale = game.turn_message_id
            placed = replace(outcome, game=replace(game, turn_message_id=pressed))
            await self.table.answer(placed, lang, interaction)
            if stale is not None:
                await self.table.places.delete(game, stale)
            return Answered({"turn_message_id": pressed})

        await self.table.move(game_id, change, show, interaction)

    async def deadline_passed(self, game_id: int, version: int) -> None:
        """A lobby nobody started closes; a quiet turn ends by itself. A player who is no
        longer in the server is not waited for: their seat goes to a computer player."""
        game = await self.table.service.game(game_id)
        if game.status is GameStatus.LOBBY:
            await self.table.change(
                game_id,
                lambda: self.table.service.expire_lobby(game_id, version),
                self.table.lobbies.show,
            )
            return
        if game.state is not None:
            leaving = self.core.features.get(Leaving)
            for seat in presenter.acting(game):
                user = seat.user_id
                if user is not None and await leaving.memberships.gone(game.guild_id, user):
                    await leaving.member_left(game.guild_id, user)
                    return
        await self.table.move(
            game_id, lambda: self.table.service.time_out(game_id, version), self.table.show
        )

    async def reminder_due(self, game_id: int, deadline: float) -> None:
        """A long turn's end is near: whoever must act is pinged afresh, saying when it
        ends (a new message, since an edit notifies nobody); once per turn."""
        # Admitted as work, so that a stop waits for the reminder to be both sent and
        # noted: a stop between the two would send it again after the restart.
        async with (
            self.table.work.admitted(),
            self.table.locks.hold(game_id),
            self.table.displays.hold(game_id),
        ):
            game = await self.table.service.game(game_id)
            if game.status is not GameStatus.ACTIVE or game.deadline != deadline:
                return
            lang = await self.table.languages.of_game(game)
            await self.table.pings.remind_before_end(game, lang)
            await self.table.service.messages.mark_reminded(game_id, deadline)
