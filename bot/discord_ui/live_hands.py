"""One live private hand per player: the hand message a player opened follows its game,
edited whenever what they see changes, through the token of the interaction that last
showed it (Discord lets a token edit its message for 15 minutes, and each click of
theirs on the hand renews it). Its buttons count exactly while they must decide.

A hand replaced by a newer one, or whose game ended (or whose player left), says so and
loses its buttons, wherever Discord still allows the edit. Only the hand opened last
plays: a press in one it replaced (whose words came after the press, or never came)
changes nothing and turns it into what it is, so that two hands never take turns
replacing each other.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Hashable
from dataclasses import dataclass

import discord

from bot.background.stopping import WorkInFlight
from bot.background.table_follower import TableFollower
from bot.clock import Clock
from bot.discord_ui import face_drawing
from bot.discord_ui.card_layout import Card, edited
from bot.discord_ui.interaction_answers import in_time, update_clicked, update_private
from bot.discord_ui.interactions import reader
from bot.discord_ui.lean_requests import ORIGINAL, edit_through
from bot.discord_ui.limits import EDIT_WITHIN, INVALID_TOKEN, OLD_MESSAGE_EDITS
from bot.discord_ui.message_hooks import ControlDrawing
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.games.rules import hides
from bot.service import GameService
from bot.service.errors import Refusal
from bot.storage import Game, GameStatus, Hand
from i18n import Language, Message, language

log = logging.getLogger(__name__)

SUPERSEDED = Message("You opened your hand again: this one no longer follows the game.")
OVER = Message("This game is over: the result is on the game's table.")
CANCELLED = Message("This game was cancelled, so it ends here, unrated.")
LEFT = Message("You are no longer playing this game.")


class LiveHands:
    """The private hands of games with secrets, each following its game in a lane of its own,
    through its interaction's webhook."""

    def __init__(
        self,
        client: discord.Client,
        service: GameService,
        clock: Clock,
        work: WorkInFlight,
        expected: Callable[[Exception], bool],
        drawing: ControlDrawing,
    ) -> None:
        self.client = client
        self.service = service
        self.clock = clock
        self.work = work
        self.drawing = drawing
        self.follower = TableFollower(self._follow_news, _behind, expected)
        """The hands' own lane, apart from the table's: they answer to their webhooks'
        limits, not the channel's, and the next player plays from their hand without
        waiting for a table edit that waits on the channel."""
        self._news: dict[int, tuple[Game, Outcome | None, int | None]] = {}
        """Per game, the newest state its hands are to show, the last move, and the seat
        whose hand that move's answer showed already."""
        self._wanted_at: dict[int, int] = {}
        """Per game, the newest version its hands were asked to show."""
        self._answered: dict[int, tuple[int, int]] = {}
        """Per game, the version and seat whose own hand a move was made from and which
        showed it already: the lane leaves that hand be."""
        self._shown: dict[tuple[int, int], _Showing] = {}
        """What each live hand shows, so that a change it doesn't see costs no edit, and a
        show that read the game before the hand's own answer doesn't take it back."""
        self._showing: dict[tuple[int, int], asyncio.Lock] = {}
        """Per game and seat, held while its hand is edited: an edit of the lane's and the
        seat's own answer go out one after the other, each judged on what the other
        left, so that an older state's edit never lands after a newer one."""

    @contextlib.asynccontextmanager
    async def showing(self, game_id: int, seat: int) -> AsyncIterator[None]:
        """Holds the seat's hand while it is edited (and what it shows recorded)."""
        async with self._showing.setdefault((game_id, seat), asyncio.Lock()):
            yield

    def answered(self, game: Game, seat: int) -> None:
        """A move was made from this seat's hand, whose answer showed the game as it left
        it: the hand is left be at this version."""
        self._answered[game.id] = (game.version, seat)

    def want(self, game: Game, last: Outcome | None) -> None:
        """Every live hand of the game is to show it as it stands now (``last``: the move
        that led here): soon, in the hands' lane, once for however many changes come
        before that lane gets to it."""
        if not hides(rules_for(game.kind)):
            return  # a game without secrets has no hands to look for at every move
        if self._wanted_at.get(game.id, -1) >= game.version:
            return  # wanted already (at the move, before its table's show)
        self._wanted_at[game.id] = game.version
        answered = self._answered.get(game.id)
        seat = answered[1] if answered is not None and answered[0] == game.version else None
        self._news[game.id] = (game, last, seat)
        self.follower.want(game.id)

    def forget(self, game_id: int) -> None:
        """The game is over and its hands closed (or closing)."""
        for key in [key for key in self._showing if key[0] == game_id]:
            if not self._showing[key].locked():
                del self._showing[key]
        self._answered.pop(game_id, None)
        self._wanted_at.pop(game_id, None)
        self.service.messages.forget_hands(game_id)

    async def _follow_news(self, game_id: int) -> None:
        news = self._news.pop(game_id, None)
        if news is not None:
            async with self.work.answering():
                await self.follow(*news)

    async def card(
        self, game: Game, seat: int, lang: Language, last: Outcome | None
    ) -> tuple[Card, Hashable]:
        """A seat's hand as the game stands, and what it shows in short."""
        shown = await face_for(game.kind).private(game, seat, last, lang)
        if shown is None:
            raise NothingHidden()
        picture = shown.picture
        return face_drawing.private(game, shown, self.drawing), (
            shown.key,
            picture.text,
            picture.description,
            shown.choices,
        )

    async def own(
        self, game: Game, seat: int, lang: Language, last: Outcome | None = None
    ) -> tuple[Card, Hashable]:
        """A seat's hand as the game stands, with what the last move showed it (``last``,
        or else the move log's), and what it shows in short."""
        if last is None:
            try:
                last = await self.service.history.last_outcome(game.id)
            except Exception:
                log.warning("game %s's last move can't be replayed", game.id, exc_info=True)
        return await self.card(game, seat, lang, last)

    async def hand_card(self, game: Game, seat: int, lang: Language) -> Card | None:
        """A seat's hand as the game stands, with its controls, for its player's turn
        notice; ``None`` for a game without secrets."""
        if not hides(rules_for(game.kind)):
            return None
        card, _ = await self.own(game, seat, lang)
        return card

    async def answer(
        self,
        interaction: discord.Interaction,
        game: Game,
        seat: int,
        last: Outcome | None,
        note: str | None = None,
    ) -> None:
        """Shows the pressed hand as the game now stands (``note`` above it); it goes on
        following the game."""
        card, shows = await in_time(interaction, self.own(game, seat, reader(interaction), last))
        # After an edit of the lane's under way, never before it: the answer is newer.
        async with self.showing(game.id, seat):
            await update_private(interaction, _ready(card), note)
            if interaction.message is not None:
                await self.keep(interaction, game, seat, interaction.message.id, shows)

    async def keep(
        self,
        interaction: discord.Interaction,
        game: Game,
        seat: int,
        message_id: int,
        shows: Hashable,
    ) -> None:
        """The hand ``interaction`` has just shown (``message_id``) follows the game from
        now on; one it replaces says so."""
        hand = Hand(
            game.id,
            seat,
            interaction.user.id,
            message_id,
            interaction.token,
            str(interaction.locale),
            self.clock.now(),
        )
        old = await self.service.messages.keep_hand(hand)
        self._shown[(game.id, seat)] = _Showing(hand.token, shows, game.version)
        if old is not None and old.message_id != message_id:
            await self._close(old, SUPERSEDED)

    async def require_live(self, game_id: int, interaction: discord.Interaction) -> None:
        """Refuses a press in a hand of the presser's that a newer one replaced (Discord's
        message ids grow with time). A press in a hand that follows nothing any more (its
        token grew too old), or in one newer than the one kept (whose keeping failed),
        makes it the one that follows."""
        pressed = interaction.message
        if pressed is None or not pressed.flags.ephemeral:
            return
        hands = await self.service.messages.hands(game_id)
        if any(h.user_id == interaction.user.id and h.message_id > pressed.id for h in hands):
            raise HandReplaced()

    async def show_replaced(self, interaction: discord.Interaction) -> None:
        """The pressed hand, which a newer one replaced, says so, without buttons."""
        words = language(str(interaction.locale)).say(SUPERSEDED)
        await update_clicked(interaction, **edited(Card(title=None, text=words)))

    async def follow(self, game: Game, last: Outcome | None, answered: int | None = None) -> None:
        """Every live hand of the game shows it as it now stands (``answered``: the seat
        whose hand the change was made from, shown already)."""
        for hand in await self.service.messages.hands(game.id):
            if hand.seat == answered:
                continue
            try:
                await self._follow(game, hand, last)
            except Exception:
                # One hand that can't be shown holds up no other, nor the game.
                log.warning(
                    "game %s's hand of seat %s fell behind", game.id, hand.seat, exc_info=True
                )

    async def _follow(self, game: Game, hand: Hand, last: Outcome | None) -> None:
        if self.clock.now() - hand.opened_at > EDIT_WITHIN:
            await self._drop(hand)
            return
        seat = game.seats[hand.seat] if hand.seat < len(game.seats) else None
        if game.status is not GameStatus.ACTIVE:
            await self._close(hand, OVER if game.status is GameStatus.FINISHED else CANCELLED)
            return
        if seat is None or seat.user_id != hand.user_id:
            await self._close(hand, LEFT)
            return
        card, shows = await self.card(game, hand.seat, language(hand.locale), last)
        async with self.showing(game.id, hand.seat):
            showing = self._shown.get((game.id, hand.seat))
            if showing is not None and (
                # A newer state is shown (the seat's own move's answer, or a hand opened
                # since, which this one, read before, may no longer be).
                showing.version > game.version
                or (showing.token == hand.token and showing.shows == shows)
            ):
                return
            if await self._edit(hand, card):
                self._shown[(game.id, hand.seat)] = _Showing(hand.token, shows, game.version)

    async def _close(self, hand: Hand, why: Message) -> None:
        """The hand says ``why`` it no longer follows the game, without buttons."""
        if self.clock.now() - hand.opened_at <= EDIT_WITHIN:
            await self._edit(hand, Card(title=None, text=language(hand.locale).say(why)))
        await self._drop(hand)

    async def _edit(self, hand: Hand, card: Card) -> bool:
        """Edits the hand; ``False`` (and it is forgotten) when Discord no longer lets it."""
        if self.client.application_id is None:
            return False
        webhook = discord.Webhook.partial(
            self.client.application_id, hand.token, client=self.client
        )
        try:
            await edit_through(webhook, ORIGINAL, **edited(card))
        except discord.NotFound:
            await self._drop(hand)
            return False
        except discord.HTTPException as error:
            if error.status != 401 and error.code not in (INVALID_TOKEN, OLD_MESSAGE_EDITS):
                raise
            # An expired token, or a hand over an hour old whose edits Discord allows only
            # now and then: it stops following, and My hand opens a new one.
            log.info(
                "game %s's hand of seat %s stops following (%s)",
                hand.game_id,
                hand.seat,
                error.code,
            )
            await self._drop(hand)
            return False
        return True

    async def _drop(self, hand: Hand) -> None:
        key = (hand.game_id, hand.seat)
        if key in self._shown and self._shown[key].token == hand.token:
            del self._shown[key]
        await self.service.messages.drop_hand(hand)


async def _ready(card: Card) -> Card:
    return card


async def _behind(game_id: int, error: Exception) -> None:
    """The hands could not be read (the database failing), which the lane has logged: the
    game's next change, or the player's My hand, shows them afresh."""


@dataclass(frozen=True)
class _Showing:
    """What a live hand shows: through which token, what in short, at which version."""

    token: str
    shows: Hashable
    version: int


class HandReplaced(Refusal):
    """A press in a hand that a newer one replaced: only the hand opened last plays."""

    words = SUPERSEDED


class NothingHidden(Refusal):
    """A private message asked of a game that has none (only a hand-made button can)."""

    words = Message("Nothing is hidden in this game: everything is on the game message.")
