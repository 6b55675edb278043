"""Private tables: ``/<game> new invite:`` or ``private:`` opens a lobby only its host's
invitees may join (options it adds to the lobby's command, ``lobby_options``; its
``lobby_opened`` hook makes the table private). The lobby shows who is invited and what
each said, and gives the host **Invite players…** and **Open to all**. Each invitee is
asked once: a message naming them where the table is, or a direct message where they
chose so in ``/my settings`` (a ping while their direct messages are closed), with
**Accept** and **Decline**. Once the lobby starts or closes, the invitations still
standing say so, their buttons gone.

Invitations are sent when their lobby is shown (the ``game_shown`` event), each a
message owed its invitee (``OwedPosts``): posted once, whichever process shows the
lobby, and after a start (or a shard taken over) in the games of the process's shards,
those a stop left unsent or unended. A ping goes beside the lobby in its channel, never
into the game's thread, which is empty until the game starts there. An invitee whose
reliability is below the lobby's minimum is told so on their invitation, which then
offers no Accept, and so is the host, on the lobby and when inviting. Whether a game's
invitations still stand is read from the database, so that any process showing the game
ends them."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Line, Rows, edited, sent
from bot.discord_ui.context import Context
from bot.discord_ui.game_events import GameEnded
from bot.discord_ui.game_messages import DMS_CLOSED
from bot.discord_ui.interaction_answers import in_time, tell, update_clicked
from bot.discord_ui.interactions import actor_of, player_of, reader
from bot.discord_ui.lean_requests import Posted, edit_message
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.owed_messages import Owed
from bot.discord_ui.part import Part
from bot.discord_ui.table_asks import On
from bot.features.invitations.discord.controls import (
    InvitePicker,
    OpenButton,
    Reply,
    ReplyButton,
    picked,
)
from bot.features.invitations.discord.invitation_card import (
    Short,
    guest_lines,
    invitation_card,
    short_line,
)
from bot.features.invitations.errors import InviteeLeftServer, NotInvited
from bot.features.invitations.queries import Invitation
from bot.features.invitations.service import MOST_INVITATIONS, Guests, InvitationService
from bot.storage import Game, GameStatus
from bot.storage.shards import Shards
from i18n import Language, language

log = logging.getLogger(__name__)


class Invitations(Part, Adds):
    """Private tables and their invitations."""

    controls = (ReplyButton, InvitePicker, OpenButton)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.invitations = context.service.part(InvitationService)
        self.places = context.places
        self.lobbies = context.lobbies
        self.departures = context.departures
        self._none_live: set[int] = set()
        """Games in play found with no invitation live: none can come after, since an
        invitation is written only with its lobby's version checked, so a show of them
        reads nothing."""

    async def lobby_lines(self, game: Game, lang: Language) -> tuple[Line, ...]:
        """Who is invited, what each said, and who can't accept for their reliability."""
        guests = await self.invitations.guests(game.id)
        return guest_lines(game, guests, await self._short(game, guests), lang)

    async def lobby_rows(self, game: Game, lang: Language, bots_allowed: bool) -> Rows:
        """The host's **Invite players…** while the table is private or invited someone
        (opened to all since, it may invite more), and **Open to all** while private."""
        guests = await self.invitations.guests(game.id)
        if not guests.private and not guests.invitations:
            return ()
        rows: list[tuple[discord.ui.Item[Any], ...]] = []
        left = MOST_INVITATIONS - len(guests.invitations)
        if left > 0:
            placeholder = lang._("Invite players…")
            rows.append((InvitePicker(game.kind, game.id, most=left, placeholder=placeholder),))
        if guests.private:
            rows.append((OpenButton(game.kind, game.id, label=lang._("Open to all")),))
        return tuple(rows)

    async def resumed(self, shards: Shards) -> None:
        """What a stop left undone, in the games of this process's shards: invitations of
        open lobbies unsent, those of lobbies over still offering their buttons."""
        for game_id in await self.invitations.games_with_live_invitations(shards):
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
        elif await self.invitations.has_live_invitations(game.id):
            await self._end(game)
        elif game.status is GameStatus.ACTIVE:
            self._none_live.add(game.id)

    async def game_ended(self, ended: GameEnded) -> None:
        """A game over is shown no more: it is not kept among those in play."""
        self._none_live.discard(ended.game.id)

    async def reply(self, interaction: discord.Interaction, button: ReplyButton) -> None:
        """**Accept** seats the invitee, as **Join** would; **Decline** is recorded. Their
        invitation, and the lobby, show it. A press by anyone the id names no invitation
        of is refused in the same words whatever the id names (a game elsewhere, or
        none), and so is one on another invitee's invitation (``_theirs``); an accept by
        someone no longer on the table's server, wherever the press comes from, is refused
        too, changing nothing."""
        player = player_of(interaction)
        mine = await self.invitations.invitation(button.game, player.user_id)
        if mine is None or not await self._theirs(interaction, button, player.user_id):
            raise NotInvited()

        replying: Callable[[], Awaitable[Game]]
        if button.reply is Reply.ACCEPT:
            await in_time(interaction, self._require_member(button.game, player.user_id))
            replying = partial(self.invitations.accept_invitation, button.game, button.kind, player)
        else:
            replying = partial(
                self.invitations.decline_invitation, button.game, button.kind, player.user_id
            )
        # The press is acknowledged and the lobby shows the reply; then, the game still
        # held, the invitation does.
        async with self.games.changed(button.game, replying, On.ELSEWHERE, interaction) as game:
            invitation = await self.invitations.invitation(game.id, player.user_id)
            assert invitation is not None, "an answered invitation is kept"
            card = await self._card(game, invitation)
            if button.shown:
                await update_clicked(interaction, **edited(card))
            else:
                await self._edit(invitation, card)

    async def _theirs(
        self, interaction: discord.Interaction, button: ReplyButton, user_id: int
    ) -> bool:
        """Whether the invitation pressed is the presser's: every invitation to a game
        carries the same buttons, so one pressed on another invitee's message (someone
        invited too, answering it) is theirs to answer alone."""
        pressed = interaction.message
        if pressed is None or not button.shown:
            return True
        guests = await self.invitations.guests(button.game)
        owner = next((i.user_id for i in guests.invitations if i.message_id == pressed.id), None)
        return owner is None or owner == user_id

    async def pick(self, interaction: discord.Interaction, picker: InvitePicker) -> None:
        """The host invites those picked; the lobby shows them, and each is asked. Those
        whose reliability is below the lobby's minimum are named to the host at once."""
        actor = actor_of(interaction, picker.kind)
        invitees = picked(interaction)
        inviting = partial(self.invitations.invite, picker.game, actor, invitees)
        on = On.LOBBY if picker.shown else On.ELSEWHERE
        game = await self.games.change(picker.game, inviting, on, interaction)
        short = await self._short(game, await self.invitations.guests(game.id))
        named = [i for i in invitees if i.user_id in short]
        if named:
            lang = reader(interaction)
            lines = [short_line(i.name, short[i.user_id], lang) for i in named]
            await tell(interaction, "\n".join(lines))

    async def open(self, interaction: discord.Interaction, button: OpenButton) -> None:
        """The host lets anyone join; the lobby shows it."""
        actor = actor_of(interaction, button.kind)
        opening = partial(self.invitations.open_to_all, button.game, actor)
        on = On.LOBBY if button.shown else On.ELSEWHERE
        await self.games.change(button.game, opening, on, interaction)

    async def _require_member(self, game_id: int, user_id: int) -> None:
        """Refuses an accept by someone Discord says left the game's server."""
        game = await self.service.game(game_id)
        if await self.departures.gone(game.guild_id, user_id):
            raise InviteeLeftServer()

    async def _send(self, game_id: int) -> None:
        """Posts each of the game's invitations owed: once its lobby is shown (an
        invitation links to it), each once."""
        unsent = await self.invitations.unsent_invitations(game_id)
        if not unsent:
            return  # read, so that a lobby shown without one to send writes nothing
        game = await self.service.game(game_id)
        for invitation in unsent:
            await self.context.owed.post(self._owed(game, invitation))

    def _owed(self, game: Game, invitation: Invitation, *, ping: bool = False) -> Owed:
        """The invitation, by direct message where its invitee chose so (``ping``: their
        direct messages refused it), else a message naming them beside the lobby."""
        user = invitation.user_id
        direct = invitation.by_dm and not ping

        async def place() -> int:
            if direct:
                return (await self.client.create_dm(discord.Object(user))).id
            return game.channel_id

        async def compose() -> dict[str, Any] | None:
            current = await self.invitations.invitation(game.id, user)
            if current is None or current.sent or current.ended:
                return None
            now = await self.service.game(game.id)
            if now.status is not GameStatus.LOBBY:
                return None
            shown = replace(current, by_dm=direct)
            return sent(await self._card(now, shown))

        async def recorded(message: Posted, made_before: bool) -> None:
            await self.invitations.invitation_sent(
                invitation, message.channel_id, message.id, direct
            )
            if not direct:
                self.places.posted(message.channel_id, message.id)

        async def refused(error: discord.HTTPException) -> None:
            if direct and error.code == DMS_CLOSED:
                log.info("%s takes no direct messages from the bot: invited by a ping", user)
                await self.invitations.invitation_by_ping(invitation)
                await self.context.owed.post(self._owed(game, invitation, ping=True))
                return
            # Nowhere to ask them: the lobby shows it asked, and its end ends it.
            await self.invitations.invitation_ended(invitation)

        how = "dm" if direct else "ping"
        return Owed(
            f"invitation:{game.id}:{user}:{how}", game.guild_id, place, compose, recorded, refused
        )

    async def _card(self, game: Game, invitation: Invitation) -> Card:
        """The invitation as its message shows it, in its reader's language, saying so
        when the invitee's reliability is below the lobby's minimum."""
        lang = await self._language(game, invitation)
        short = None
        if game.status is GameStatus.LOBBY and game.seat_of(invitation.user_id) is None:
            short = (await self._short(game, None, (invitation.user_id,))).get(invitation.user_id)
        private = (await self.invitations.guests(game.id)).private
        return invitation_card(
            game, invitation, lang, ping=not invitation.by_dm, short=short, private=private
        )

    async def _short(
        self, game: Game, guests: Guests | None, users: tuple[int, ...] | None = None
    ) -> dict[int, Short]:
        """Of the invitees not seated (``users``, or the game's), those whose reliability
        is below what the lobby asks, with both (as the features tell, ``shortfalls``)."""
        if game.status is not GameStatus.LOBBY:
            return {}
        if users is None:
            assert guests is not None
            users = tuple(i.user_id for i in guests.invitations if game.seat_of(i.user_id) is None)
        if not users:
            return {}
        found = await self.invitations.shortfalls(game, users)
        return {user: Short(s.percent, s.minimum, s.new) for user, s in found.items()}

    async def _end(self, game: Game) -> None:
        """Each invitation still offering its buttons says the lobby is over."""
        guests = await self.invitations.guests(game.id)
        for invitation in guests.invitations:
            if invitation.ended:
                continue
            if invitation.sent:
                await self._edit(invitation, await self._card(game, invitation))
            await self.invitations.invitation_ended(invitation)

    async def _edit(self, invitation: Invitation, card: Card) -> None:
        """The invitation's message, brought up to ``card``; one deleted meanwhile stays gone."""
        if invitation.channel_id is None or invitation.message_id is None:
            return
        try:
            await edit_message(
                self.client, invitation.channel_id, invitation.message_id, **edited(card)
            )
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
