"""Rematch: **Rematch** under a finished game's result asks its players to play again.
The first press posts the offer where the game was played ("Ann wants a rematch: 1 of 2
said yes"), which each player answers; a later press of Rematch is a yes. Once everyone
said yes (or the host starts with those who did), the new game's table opens there, and
the offer says which game it became. An offer lapses with the server's lobby time, and
says so; whichever process looks first ends it, once.
"""

from __future__ import annotations

import logging

import discord

from bot.background.looks import Looks
from bot.discord_ui.card_layout import Card, Rows, edited, sent
from bot.discord_ui.context import Context
from bot.discord_ui.feature import Feature
from bot.discord_ui.features.rematch.controls import RematchButton, RematchReply, Reply
from bot.discord_ui.features.rematch.offer_card import offer_card
from bot.discord_ui.interaction_answers import acknowledge, announce, tell, update_clicked
from bot.discord_ui.interactions import actor_of, reader
from bot.service.rematch_changes import Rematch
from bot.storage import Game
from i18n import Language

log = logging.getLogger(__name__)

NAP = 60.0
"""Seconds between looks for lapsed offers when none is open here: another process may
have made one meanwhile."""


class Rematches(Feature):
    """Finished games played again."""

    controls = (RematchButton, RematchReply)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.client = context.client
        self.lapses = OfferLapses(self)

    def start(self) -> None:
        self.lapses.start()

    async def stop(self) -> None:
        await self.lapses.stop()

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
        rematch = await self.service.offer_rematch(button.game, actor, interaction.channel_id)
        self.lapses.moved.set()
        offer = rematch.offer
        if offer.offered_by == interaction.user.id and list(offer.answers) == [offer.offered_by]:
            message = await announce(interaction, **sent(await self._card(rematch)))
            await self.service.rematch_shown(button.game, message.id)
            # Answered while it was being posted: it shows the answers since.
            latest = await self.service.rematch(button.game)
            if latest is not None and latest.offer.answers != offer.answers:
                await self._edit(latest, await self._card(latest))
        else:
            await tell(interaction, reader(interaction)._("You said yes to the rematch."))
            await self._edit(rematch, await self._card(rematch))
        await self._started(rematch)

    async def reply(self, interaction: discord.Interaction, button: RematchReply) -> None:
        """An answer on the offer: yes, no, or the host's start; the offer shows it."""
        async with self.games.opening():
            await self._reply(interaction, button)

    async def _reply(self, interaction: discord.Interaction, button: RematchReply) -> None:
        actor = actor_of(interaction, button.kind)
        if button.reply is Reply.START:
            rematch = await self.service.start_rematch(button.game, actor)
        else:
            yes = button.reply is Reply.YES
            rematch = await self.service.answer_rematch(button.game, actor, yes)
        card = await self._card(rematch)
        pressed = interaction.message
        if button.shown and pressed is not None:
            # The offer's own message, even one whose id was not recorded yet.
            await update_clicked(interaction, **edited(card))
            if rematch.offer.message_id is None:
                await self.service.rematch_shown(button.game, pressed.id)
        else:
            await acknowledge(interaction)
            await self._edit(rematch, card)
        await self._started(rematch)

    async def lapsed(self, rematch: Rematch) -> None:
        """An offer whose time ran out says so."""
        await self._edit(rematch, await self._card(rematch))

    async def _started(self, rematch: Rematch) -> None:
        """The new game's table opens where the game was played."""
        if rematch.started is None:
            return
        async with self.games.held(rematch.started.id):
            await self.games.show_afresh(rematch.started)

    async def _edit(self, rematch: Rematch, card: Card) -> None:
        """The offer's message, brought up to it; one deleted meanwhile stays gone."""
        offer = rematch.offer
        if offer.message_id is None:
            return
        channel = self.client.get_partial_messageable(offer.channel_id)
        try:
            await channel.get_partial_message(offer.message_id).edit(**edited(card))
        except discord.HTTPException as error:
            log.info("game %s's rematch offer could not be shown: %s", rematch.game.id, error)

    async def _card(self, rematch: Rematch) -> Card:
        """The offer in the game's language."""
        return offer_card(rematch, await self.languages.of_game(rematch.game))


class OfferLapses(Looks):
    """Ends each offer whose time ran out, and shows it, when it does; ``moved`` is set
    when an offer was made here (the next lapse may come sooner)."""

    what = "looking for lapsed rematch offers"

    def __init__(self, rematches: Rematches) -> None:
        super().__init__(rematches.clock)
        self.rematches = rematches

    async def look(self) -> float:
        service = self.rematches.service
        now = self.clock.now()
        for rematch in await service.lapse_rematches():
            await self.rematches.lapsed(rematch)
        upcoming = await service.next_rematch_lapse()
        return min(now + NAP, upcoming or now + NAP)
