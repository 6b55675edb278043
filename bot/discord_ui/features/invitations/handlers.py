"""Private tables: ``/<game> new invite:`` or ``private:`` opens a lobby only its host's
invitees may join (the lobby feature's command; the service makes the table private).
The lobby shows who is invited and what each said, and gives the host **Invite
players…** and **Open to all**. Each invitee is asked once: a message naming them where
the table is, or a direct message where they chose so in ``/my settings`` (a ping
while their direct messages are closed), with **Accept** and **Decline**. Once the
lobby starts or closes, the invitations still standing say so, their buttons gone.

Invitations are sent when their lobby is shown (the ``game_shown`` event), each taken
for sending in a transaction of its own so that it goes out once, whichever process
shows the lobby; and after a start, in the games of the process's shards, those a stop
left unsent or unended. Whether a game's invitations still stand is read from the
database, so that any process showing the game ends them."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Line, Rows, edited, sent
from bot.discord_ui.context import Context
from bot.discord_ui.feature import Feature
from bot.discord_ui.features.invitations.controls import (
    InvitePicker,
    OpenButton,
    Reply,
    ReplyButton,
    picked,
)
from bot.discord_ui.features.invitations.invitation_card import guest_lines, invitation_card
from bot.discord_ui.game_events import GameEnded
from bot.discord_ui.game_places import DMS_CLOSED, Recorded
from bot.discord_ui.interaction_answers import acknowledge, update_clicked
from bot.discord_ui.interactions import actor_of, player_of
from bot.discord_ui.nonces import send_once
from bot.service.invitation_changes import MOST_INVITATIONS
from bot.service.invitation_errors import InviteeLeftServer
from bot.storage import Game, GameStatus
from bot.storage.invitation_queries import Invitation
from bot.storage.shards import Shards
from i18n import Language, language

log = logging.getLogger(__name__)


class Invitations(Feature):
    """Private tables and their invitations."""

    controls = (ReplyButton, InvitePicker, OpenButton)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.client = context.client
        self.places = context.places
        self.lobbies = context.lobbies
        self.departures = context.departures
        self._none_live: set[int] = set()
        """Games in play found with no invitation live: none can come after, since an
        invitation is written only with its lobby's version checked, so a show of them
        reads nothing."""

    async def lobby_lines(self, game: Game, lang: Language) -> tuple[Line, ...]:
        """Who is invited, and what each said."""
        return guest_lines(game, await self.service.guests(game.id), lang)

    async def lobby_rows(self, game: Game, lang: Language, bots_allowed: bool) -> Rows:
        """The host's **Invite players…** and **Open to all**, while the table is private."""
        guests = await self.service.guests(game.id)
        if not guests.private:
            return ()
        rows: list[tuple[discord.ui.Item[Any], ...]] = []
        left = MOST_INVITATIONS - len(guests.invitations)
        if left > 0:
            placeholder = lang._("Invite players…")
            rows.append((InvitePicker(game.kind, game.id, most=left, placeholder=placeholder),))
        rows.append((OpenButton(game.kind, game.id, label=lang._("Open to all")),))
        return tuple(rows)

    async def resumed(self, shards: Shards) -> None:
        """What a stop left undone, in the games of this process's shards: invitations of
        open lobbies unsent, those of lobbies over still offering their buttons. One taken
        for sending by a process that may still be sending it (another one, or this one
        before its stop) is left to it for ``SENDING_FOR``; a later show takes it up."""
        for game_id in await self.service.games_with_live_invitations(shards):
            try:
                game = await self.service.game(game_id)
                if game.status is GameStatus.LOBBY:
                    await self._send(game_id)
                else:
                    await self._end(game)
            except Exception:
                # One game's invitations must not hold up the start; its next show
                # tries again.
                log.warning("game %s's invitations could not be caught up", game_id, exc_info=True)

    async def game_shown(self, game: Game) -> None:
        """A lobby shown sends its invitations not yet out; a game past its lobby ends
        those still standing, whichever process sent them."""
        if game.status is GameStatus.LOBBY:
            await self._send(game.id)
        elif game.id in self._none_live:
            return
        elif await self.service.has_live_invitations(game.id):
            await self._end(game)
        elif game.status is GameStatus.ACTIVE:
            self._none_live.add(game.id)

    async def game_ended(self, ended: GameEnded) -> None:
        """A game over is shown no more: it is not kept among those in play."""
        self._none_live.discard(ended.game.id)

    async def reply(self, interaction: discord.Interaction, button: ReplyButton) -> None:
        """**Accept** seats the invitee, as **Join** would; **Decline** is recorded. Their
        invitation, and the lobby, show it. An accept from a direct message by someone no
        longer on the table's server is refused, changing nothing."""
        player = player_of(interaction)

        async def change() -> Game:
            if button.reply is Reply.ACCEPT:
                if interaction.guild_id is None:
                    await self._require_member(button.game, player.user_id)
                return await self.service.accept_invitation(button.game, button.kind, player)
            return await self.service.decline_invitation(button.game, button.kind, player.user_id)

        async def show(game: Game) -> Recorded:
            invitation = await self.service.invitation(game.id, player.user_id)
            assert invitation is not None, "an answered invitation is kept"
            lang = await self._language(game, invitation)
            card = invitation_card(game, invitation, lang, ping=not invitation.by_dm)
            if button.shown:
                await update_clicked(interaction, **edited(card))
            else:
                await acknowledge(interaction)
                await self._edit(invitation, card)
            return await self.lobbies.show(game)

        await self.games.change(button.game, change, show, interaction)

    async def pick(self, interaction: discord.Interaction, picker: InvitePicker) -> None:
        """The host invites those picked; the lobby shows them, and each is asked."""
        actor = actor_of(interaction, picker.kind)
        invitees = picked(interaction)

        async def change() -> Game:
            return await self.service.invite(picker.game, actor, invitees)

        await self.games.change(
            picker.game, change, self._lobby_shown(interaction, picker.shown), interaction
        )

    async def open(self, interaction: discord.Interaction, button: OpenButton) -> None:
        """The host lets anyone join; the lobby shows it."""
        actor = actor_of(interaction, button.kind)

        async def change() -> Game:
            return await self.service.open_to_all(button.game, actor)

        await self.games.change(
            button.game, change, self._lobby_shown(interaction, button.shown), interaction
        )

    def _lobby_shown(
        self, interaction: discord.Interaction, shown: bool
    ) -> Callable[[Game], Awaitable[Recorded]]:
        """The lobby brought up to the host's change: the message pressed, where it shows
        the control, else the lobby's own."""

        async def show(game: Game) -> Recorded:
            if not shown:
                await acknowledge(interaction)
                return await self.lobbies.show(game)
            content, _ = await self.lobbies.message(game)
            await update_clicked(interaction, **content)
            return {}

        return show

    async def _require_member(self, game_id: int, user_id: int) -> None:
        """Refuses an accept by someone Discord says left the game's server."""
        game = await self.service.game(game_id)
        if await self.departures.gone(game.guild_id, user_id):
            raise InviteeLeftServer()

    async def _send(self, game_id: int) -> None:
        """Sends each of the game's invitations not yet out; one that fails is sent again
        at a later show (one taken by a sender that stopped, ``SENDING_FOR`` later)."""
        guests = await self.service.guests(game_id)
        if all(invitation.sent or invitation.ended for invitation in guests.invitations):
            return  # read, so that a lobby shown without one to send writes nothing
        game = await self.service.game(game_id)
        if game.lobby_message_id is None:
            return  # an invitation links to its lobby: it goes once that is recorded
        for invitation in await self.service.take_unsent_invitations(game_id):
            try:
                await self._deliver(game, invitation)
            except discord.HTTPException as error:
                log.info(
                    "game %s's invitation to %s could not be sent: %s",
                    game_id,
                    invitation.user_id,
                    error,
                )

    async def _deliver(self, game: Game, invitation: Invitation) -> None:
        """By direct message where its invitee chose so and their DMs take it, else a
        message naming them where the table is."""
        user = invitation.user_id
        if invitation.by_dm:
            lang = await self._language(game, invitation)
            try:
                channel = await self.client.create_dm(discord.Object(user))
                card = invitation_card(game, invitation, lang, ping=False)
                message = await send_once(channel, **sent(card), nonce=_nonce(game.id, user, "d"))
            except discord.Forbidden as error:
                if error.code != DMS_CLOSED:
                    raise
                log.info("%s takes no direct messages from the bot: invited by a ping", user)
            else:
                await self.service.invitation_sent(invitation, channel.id, message.id, by_dm=True)
                return
        lang = await self.languages.of_game(game)
        card = invitation_card(game, invitation, lang, ping=True)
        message = await self.places.post(game, **sent(card), nonce=_nonce(game.id, user, "p"))
        await self.service.invitation_sent(invitation, message.channel.id, message.id, by_dm=False)

    async def _end(self, game: Game) -> None:
        """Each invitation still offering its buttons says the lobby is over."""
        guests = await self.service.guests(game.id)
        for invitation in guests.invitations:
            if invitation.ended:
                continue
            if invitation.sent:
                lang = await self._language(game, invitation)
                card = invitation_card(game, invitation, lang, ping=not invitation.by_dm)
                await self._edit(invitation, card)
            await self.service.invitation_ended(invitation)

    async def _edit(self, invitation: Invitation, card: Card) -> None:
        """The invitation's message, brought up to ``card``; one deleted meanwhile stays gone."""
        if invitation.channel_id is None or invitation.message_id is None:
            return
        channel = self.client.get_partial_messageable(invitation.channel_id)
        try:
            await channel.get_partial_message(invitation.message_id).edit(**edited(card))
        except discord.HTTPException as error:
            log.info(
                "game %s's invitation to %s could not be shown: %s",
                invitation.game_id,
                invitation.user_id,
                error,
            )

    async def _language(self, game: Game, invitation: Invitation) -> Language:
        """A direct message's in its reader's language, a ping's in the game's."""
        if invitation.by_dm:
            return language((await self.service.players.get(invitation.user_id)).locale)
        return await self.languages.of_game(game)


def _nonce(game_id: int, user_id: int, how: str) -> str:
    """Names one invitation's message (Discord takes 25 characters): sent again after a
    lost answer, it is the one Discord made."""
    digest = hashlib.blake2b(f"{game_id}:{user_id}".encode(), digest_size=10).digest()
    return f"i{how}{int.from_bytes(digest, 'big'):x}"
