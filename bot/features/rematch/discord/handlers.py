"""Rematch: **Rematch** under a finished game's result asks its players to play again.
The first press posts the offer where the game was played ("Ann wants a rematch: 1 of 2
said yes"), pinging the others once, which each player answers; a later press of
Rematch is a yes. Once everyone said yes (or the host starts with those who did), the
new game's table opens there, and the offer links to it. An offer lapses with the
server's lobby time, and says so; whichever process looks first ends it, once.

The offer's message is owed while the offer has none, and posted once (``OwedPosts``);
each change of the offer counts a version, and its message records the one it shows, so
that whatever a stop cut short (a post, an edit, the link to the new table) is brought
up to date when the shard's process starts again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.background.looks import Looks
from bot.discord_ui.card_layout import Card, Rows, edited, sent
from bot.discord_ui.context import Context
from bot.discord_ui.interaction_answers import acknowledge, tell, update_clicked
from bot.discord_ui.interactions import actor_of, reader
from bot.discord_ui.lean_requests import Posted, edit_message
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.owed_messages import Owed
from bot.discord_ui.part import LookingPart
from bot.features.rematch import REMATCH
from bot.features.rematch.discord.controls import RematchButton, RematchReply, Reply
from bot.features.rematch.discord.offer_card import offer_card
from bot.features.rematch.service import Rematch, RematchService
from bot.storage import Game
from bot.storage.shards import Shards
from i18n import Language

log = logging.getLogger(__name__)

NAP = 60.0
"""Seconds between looks for lapsed offers when none is open here: another process may
have made one meanwhile."""


class Rematches(LookingPart, Adds):
    """Finished games played again (its looks close the offers that lapsed)."""

    looks: OfferLapses

    controls = (RematchButton, RematchReply)
    board_actions = (REMATCH.name,)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.offers = context.service.part(RematchService)
        self.looks = OfferLapses(self)

    async def resumed(self, shards: Shards) -> None:
        """Each offer of ``shards``' games that a stop left unposted, or showing less than
        it became, is brought up to date (its new game's table opened first)."""
        for game_id in await self.offers.offers_behind(shards):
            rematch = await self.offers.rematch(game_id)
            if rematch is not None:
                await self._started(rematch)
                await self._show(rematch)

    async def result_rows(self, game: Game, lang: Language) -> Rows:
        """**Rematch**, under every finished game's result."""
        return ((RematchButton(game.kind, game.id, label=lang._("Rematch")),),)

    async def ask(self, interaction: discord.Interaction, button: RematchButton) -> None:
        """**Rematch**: a new offer, posted where the game was played, or a yes to the one
        that stands (its message shows it; the presser is told)."""
        # The yes that starts the game shows it: a catch-up meanwhile would post it too.
        async with self.games.opening():
            await self._ask(interaction, button)

    async def _ask(self, interaction: discord.Interaction, button: RematchButton) -> None:
        assert interaction.channel_id is not None
        actor = actor_of(interaction, button.kind)
        rematch = await self.offers.offer_rematch(button.game, actor, interaction.channel_id)
        self.looks.moved.set()
        offer = rematch.offer
        if offer.offered_by == interaction.user.id and list(offer.answers) == [offer.offered_by]:
            await acknowledge(interaction)
        else:
            await tell(interaction, reader(interaction)._("You said yes to the rematch."))
        await self._started(rematch)
        await self._show(rematch)

    async def board_acted(
        self, action: str, game_id: int, made: Callable[[], Awaitable[object]]
    ) -> None:
        """**Rematch** on the board: a new offer, or a yes to the one that stands, shown
        as a press in the channel shows it."""
        async with self.games.opening():
            rematch = await made()
            assert isinstance(rematch, Rematch)
            self.looks.moved.set()
            await self._started(rematch)
            await self._show(rematch)

    async def reply(self, interaction: discord.Interaction, button: RematchReply) -> None:
        """An answer on the offer: yes, no, or the host's start; the offer shows it."""
        async with self.games.opening():
            await self._reply(interaction, button)

    async def _reply(self, interaction: discord.Interaction, button: RematchReply) -> None:
        actor = actor_of(interaction, button.kind)
        if button.reply is Reply.START:
            rematch = await self.offers.start_rematch(button.game, actor)
        else:
            yes = button.reply is Reply.YES
            rematch = await self.offers.answer_rematch(button.game, actor, yes)
        pressed = interaction.message
        if button.shown and pressed is not None:
            # The offer's own message, even one whose id was not recorded yet.
            await update_clicked(interaction, **edited(await self._card(rematch)))
            if rematch.started is None:
                await self.offers.rematch_shown(button.game, pressed.id, rematch.offer.version)
        else:
            await acknowledge(interaction)
        await self._started(rematch)
        await self._show(rematch)

    async def lapsed(self, rematch: Rematch) -> None:
        """An offer whose time ran out says so."""
        await self._show(rematch)

    async def _started(self, rematch: Rematch) -> None:
        """The new game's table opens where the game was played."""
        if rematch.started is None:
            return
        async with self.games.held(rematch.started.id):
            await self.games.show_afresh(rematch.started)

    async def _show(self, rematch: Rematch) -> None:
        """The offer's message as the offer now stands: posted once if it has none yet,
        else edited (a started one linking to the new game's table, read now that it is
        shown); the version it shows recorded."""
        latest = await self.offers.rematch(rematch.game.id)
        if latest is None:
            return
        offer = latest.offer
        if offer.message_id is None:
            await self.context.owed.post(self._owed(latest))
            return
        if offer.shown >= offer.version:
            return
        try:
            await edit_message(
                self.client, offer.channel_id, offer.message_id, **edited(await self._card(latest))
            )
        except discord.HTTPException as error:
            # Deleted by a moderator, or Discord failing: it stays as it was.
            log.info("game %s's rematch offer could not be shown: %s", latest.game.id, error)
            return
        if latest.started is None or latest.started.turn_message_id is not None:
            await self.offers.rematch_shown(latest.game.id, offer.message_id, offer.version)

    def _owed(self, rematch: Rematch) -> Owed:
        """The offer's message, owed while the offer has none."""
        game_id = rematch.game.id
        latest = rematch

        async def place() -> int:
            return rematch.offer.channel_id

        async def compose() -> dict[str, Any] | None:
            nonlocal latest
            now = await self.offers.rematch(game_id)
            if now is None or now.offer.message_id is not None:
                return None
            latest = now
            return sent(await self._card(now, posted=True))

        async def recorded(message: Posted, made_before: bool) -> None:
            self.context.places.posted(message.channel_id, message.id)
            if made_before and not await self._caught_up(message, latest):
                await self.offers.rematch_shown(game_id, message.id, 0)
                return
            await self.offers.rematch_shown(game_id, message.id, latest.offer.version)
            # Answered while it was being posted: it shows the answers since.
            await self._show(latest)

        async def refused(error: discord.HTTPException) -> None:
            log.info("game %s's rematch offer has nowhere to go: %s", game_id, error)

        offer = rematch.offer
        key = f"rematch-offer:{game_id}:{int(offer.offered_at * 1000)}"
        return Owed(key, rematch.game.guild_id, place, compose, recorded, refused)

    async def _caught_up(self, message: Posted, rematch: Rematch) -> bool:
        """``message``, which Discord may have made at an earlier try (it gives back the
        message it made under the nonce, composed then), edited to say what ``rematch``
        says, pings and all (an edit notifies nobody); ``False`` if Discord failed it."""
        try:
            card = await self._card(rematch, posted=True)
            await edit_message(self.client, message.channel_id, message.id, **edited(card))
        except discord.HTTPException as error:
            log.info("game %s's rematch offer could not be shown: %s", rematch.game.id, error)
            return False
        return True

    async def _card(self, rematch: Rematch, *, posted: bool = False) -> Card:
        """The offer in the game's language (``posted``: as first posted, pinging the
        players yet to answer)."""
        return offer_card(rematch, await self.languages.of_game(rematch.game), ping=posted)


class OfferLapses(Looks):
    """Ends each offer whose time ran out, and shows it, when it does; ``moved`` is set
    when an offer was made here (the next lapse may come sooner)."""

    what = "looking for lapsed rematch offers"

    def __init__(self, rematches: Rematches) -> None:
        super().__init__(rematches.clock)
        self.rematches = rematches

    async def look(self) -> float:
        offers = self.rematches.offers
        now = self.clock.now()
        for rematch in await offers.lapse_rematches():
            await self.rematches.lapsed(rematch)
        upcoming = await offers.next_rematch_lapse()
        return min(now + NAP, upcoming or now + NAP)
