"""Private messages (hands) of games with secrets: **My hand** shows a player their own
message, whose buttons play what only they may see; the hand then follows the game
(``bot.discord_ui.live_hands``)."""

from __future__ import annotations

import functools

import discord

from bot.discord_ui.card_layout import Card, Rows
from bot.discord_ui.context import Context
from bot.discord_ui.conversations import place_of
from bot.discord_ui.core.hands.controls import PrivateButton, PrivateOpen, hand_opener
from bot.discord_ui.interaction_answers import in_time, require_private, reveal
from bot.discord_ui.interactions import actor_of, reader
from bot.discord_ui.live_hands import HandReplaced
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.part import Part
from bot.discord_ui.table_asks import On
from bot.games.face import OpenPrivate
from bot.games.faces import face_for
from bot.service.errors import BoardMovedOn, NotYourTurn
from bot.storage import Game
from i18n import Language, Message

MOVED_ON_PRIVATELY = Message(
    "The game has moved on since that was shown, so nothing changed. Here it is as it stands."
)


class Hands(Part, Adds):
    """A seat's own message in a game with secrets, opened and played from."""

    controls = (PrivateOpen, PrivateButton)
    in_conversations = True

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.hands = context.hands
        self.departures = context.departures

    async def ping_rows(self, game: Game, lang: Language) -> Rows:
        """**My hand** under a turn's ping, where the game's face offers one."""
        opens = [c for c in face_for(game.kind).choices(game, lang) if isinstance(c, OpenPrivate)]
        return tuple((hand_opener(game, control),) for control in opens[:1])

    async def open_private(self, interaction: discord.Interaction, opened: PrivateOpen) -> None:
        """**My hand**: the presser's own message, in their language, which then follows the
        game; refused to anyone not seated."""
        game_id = opened.game
        actor = actor_of(interaction, opened.kind)
        # Held, so that no change is made or shown between this hand and its following
        # the game; read once held (a move made meanwhile, whose hands' show has found
        # none of the presser's, would never reach a hand that showed the game before it).
        # Every wait is within Discord's time to answer: a busy game, the read, the card.
        async with self.games.held(game_id, interaction):
            game, seat = await in_time(
                interaction, self.service.seat_for(game_id, actor), ephemeral=True, thinking=True
            )
            card, shows = await in_time(
                interaction,
                self.hands.own(game, seat.seat, reader(interaction)),
                ephemeral=True,
                thinking=True,
            )
            message_id = await reveal(interaction, _ready(card))
            await self.hands.keep(interaction, game, seat.seat, message_id, shows)

    async def play_privately(self, interaction: discord.Interaction, button: PrivateButton) -> None:
        """A press in a hand: the seat's own move, answered in that hand; one the game has moved
        past shows the hand as it stands instead. A press on the hand a turn notice carries
        in the player's direct messages is answered by that notice (and one the game has
        moved past says so), the hand in the channel following."""
        game_id, key, intent = button.game, button.seen(button.key), button.intent
        actor = actor_of(interaction, button.kind, from_dm=True)
        in_dm = place_of(interaction).direct
        if in_dm:
            await in_time(interaction, self.departures.require_member(game_id, actor))
        acting = functools.partial(self.service.turns.act, game_id, actor, None, intent, key=key)
        try:
            await self.games.move(game_id, acting, On.HAND, interaction)
        except HandReplaced:
            await self.hands.show_replaced(interaction)
        except (BoardMovedOn, NotYourTurn) as refused:
            if in_dm:
                raise
            # Shown in the message pressed, which must be the hand: a hand's custom_id
            # copied onto the table would show everybody the hand there.
            require_private(interaction)
            # What the message offered is gone (a hand that fell behind offers a turn that
            # isn't its player's any more): what there is to decide now is shown instead.
            game, seat = await self.service.seat_for(game_id, actor)
            mine = reader(interaction)
            why = MOVED_ON_PRIVATELY if isinstance(refused, BoardMovedOn) else refused.words
            await self.hands.answer(interaction, game, seat.seat, None, mine.say(why))


async def _ready(card: Card) -> Card:
    return card
