"""Telling a player by direct message that it is their turn, for those who chose it
(``/my settings``): sent when the channel would ping them, with the table's picture and
its description, naming the game, the server and the channel and linking to the table;
deleted once they act or the turn passes. Discord notifies nobody of an edit, so each
turn's notice is a new message, and a player's DMs hold at most one per game, none once
it is over. In the player's quiet hours it comes silently (Discord's @silent: no push or
desktop notification), as a ping in the channel does for them.

A player can move from the notice: it carries the turn's controls (in a game with
secrets, their own hand, which a DM keeps as private as an ephemeral message), a press
there is the move as on the table, the notice then shows what they choose next while
the turn is still theirs, and the table in the channel follows as usual. A press on a
notice the game has moved past changes nothing and says so.

A player whose direct messages refuse the bot (Discord's 50007) is pinged in the channel
instead, until they choose their settings again, and told why once, privately, at their
next move in the channel.

A conversation's game (a DM or group DM, or a server the bot is not in) has no channel
the bot can post in: whoever wants to be told of their turns at all is told by direct
message there. Discord lets the bot write only to someone who installed the app or
shares a server with it: anyone else's refusal is not taken for closed DMs (which would
send their servers' turns to the channel), but remembered for ``UNREACHABLE_FOR`` and
told, once and privately, at their next press there.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, field, replace

import discord

from bot.clock import Clock
from bot.discord_ui import face_drawing
from bot.discord_ui.card_layout import Card, edited, sent
from bot.discord_ui.components import custom_ids
from bot.discord_ui.game_links import game_link
from bot.discord_ui.game_messages import DMS_CLOSED, Answered
from bot.discord_ui.interaction_answers import acknowledge, update_clicked
from bot.discord_ui.interactions import reader
from bot.discord_ui.lean_requests import follow_up, post
from bot.discord_ui.message_hooks import ControlDrawing, MessageHooks
from bot.discord_ui.nonces import seat_nonce, send_once
from bot.discord_ui.table_cards import headline_of
from bot.games import shared_words
from bot.games.escaping import escaped
from bot.games.face import OpenPrivate
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.service.conversation_records import ConversationRecords
from bot.service.player_settings import PlayerSettingsService
from bot.service.player_times import quiet_until
from bot.storage import Game, GameStatus, Notify, TurnNotice
from i18n import Language, language

log = logging.getLogger(__name__)

HAND_FILE = "hand.png"
UNREACHABLE_FOR = 3600.0
"""Seconds a player whose direct messages refused a conversation game's notice is not
written to again (our figure: Discord is silent; an hour keeps a refusal per player
per hour at most from the invalid requests Discord counts against the bot)."""

HandCard = Callable[[Game, int, Language], Awaitable[Card | None]]
"""A seat's own hand as the game stands, with its controls (``None`` for a game without
secrets)."""
RecentPosts = Callable[[int, Callable[[discord.Message], bool]], Awaitable[list[discord.Message]]]
"""The bot's messages among a channel's newest that are of a kind
(``GameMessages.recent_posts``)."""


@dataclass(frozen=True)
class Reach:
    """How a turn reaches the players told of it now: pinged in the channel, told by
    direct message, and who of them is in their quiet hours (told without a sound)."""

    channel: list[int]
    direct: list[int]
    quiet: frozenset[int]


@dataclass(eq=False)
class TurnNotices:
    """The direct messages telling players it is their turn."""

    players: PlayerSettingsService
    client: discord.Client
    clock: Clock
    hand: HandCard
    hooks: MessageHooks
    conversations: ConversationRecords
    """What a conversation's notices call it."""
    untold: set[int] = field(default_factory=set, init=False)
    """Players whose direct messages just refused the bot for the first time: told
    why, privately, at their next move in the channel (a bot can write to one person
    alone only in answer to them)."""
    unreachable: dict[int, float] = field(default_factory=dict, init=False)
    """Per player, when their direct messages last refused a conversation game's notice
    (``UNREACHABLE_FOR``)."""
    unreached: set[int] = field(default_factory=set, init=False)
    """Of those, who is yet to be told why, at their next press."""
    _none: set[int] = field(default_factory=set, init=False)
    """Games known to have no notice (``kept``)."""
    _answered: dict[tuple[int, int], TurnNotice] = field(default_factory=dict, init=False)
    """Per game and player, the notice a press of theirs just showed the rest of their
    turn on: kept by the ``clear`` that follows that move."""

    async def split(
        self, users: Sequence[int], *, reminder: bool = False, conversation: bool = False
    ) -> Reach:
        """How each of ``users`` is told of their turn now: in the channel, by direct
        message (a player who wants both is in both; one who wants neither, in none; one
        on the daily summary only when it's a ``reminder`` of the turn's end), and who is
        in their quiet hours. In a ``conversation`` there is no channel: whoever wants to
        be told at each turn is told by direct message."""
        channel: list[int] = []
        direct: list[int] = []
        quiet: set[int] = set()
        now = self.clock.now()
        for user in users:
            settings = await self.players.get(user)
            notify = settings.notify
            by_dm = notify.by_dm or (reminder and notify is Notify.SUMMARY)
            if conversation:
                if (by_dm or notify.in_channel) and not settings.dms_closed:
                    direct.append(user)
            else:
                if by_dm and not settings.dms_closed:
                    direct.append(user)
                if notify.in_channel or (notify.writes and settings.dms_closed):
                    channel.append(user)
            if quiet_until(settings, now) is not None:
                quiet.add(user)
        return Reach(channel, direct, frozenset(quiet))

    async def send(
        self,
        game: Game,
        users: Sequence[int],
        ends: float | None = None,
        quiet: Collection[int] = (),
    ) -> list[int]:
        """Tells each of ``users`` by direct message (as a reminder: when the turn
        ``ends``; silently for those ``quiet``), in place of their notice of this game
        before; returns those whose direct messages refused it (to be pinged instead; in a
        conversation, nobody: there is no channel)."""
        kept = {notice.user_id: notice for notice in await self.kept(game.id)}
        refused = []
        for user in users:
            if game.interaction_only and self._unreachable(user):
                continue
            old = kept.get(user)
            if old is not None:
                await self._delete(old)
            card = await self._card(game, user, ends)
            try:
                channel = await self.client.create_dm(discord.Object(user))
                posted = await send_once(
                    functools.partial(post, self.client, channel.id),
                    **sent(card),
                    silent=user in quiet,
                    nonce=_nonce(game, user, ends),
                )
            except discord.Forbidden as error:
                if error.code != DMS_CLOSED:
                    raise
                if game.interaction_only:
                    log.info("%s can't be written to; not told of game %s", user, game.id)
                    self._refused(user)
                    continue
                log.info("%s takes no direct messages from the bot: pinged instead", user)
                if await self.players.dms_closed(user):
                    self.untold.add(user)
                refused.append(user)
                continue
            await self.players.keep_notice(TurnNotice(game.id, user, channel.id, posted.id))
            self._none.discard(game.id)
        return refused

    async def kept(self, game_id: int) -> list[TurnNotice]:
        """The game's notices in its players' direct messages. Most games have none, and
        only the process of a game's shard posts them: a game found without is known so
        here until this process posts one (or takes a shard over, ``unknown``)."""
        if game_id in self._none:
            return []
        notices = await self.players.notices(game_id)
        if not notices:
            self._none.add(game_id)
        return notices

    def _refused(self, user: int) -> None:
        """``user``'s direct messages refused a conversation's notice just now. Those
        refused longer ago than ``UNREACHABLE_FOR`` are forgotten, told or not, so that
        what is kept stays as small as the refusals of the last hour."""
        now = self.clock.now()
        for old in [u for u, at in self.unreachable.items() if now - at >= UNREACHABLE_FOR]:
            del self.unreachable[old]
            self.unreached.discard(old)
        self.unreachable[user] = now
        self.unreached.add(user)

    def _unreachable(self, user: int) -> bool:
        """Whether ``user``'s direct messages refused a conversation's notice within
        ``UNREACHABLE_FOR``."""
        refused = self.unreachable.get(user)
        if refused is None:
            return False
        return self.clock.now() - refused < UNREACHABLE_FOR

    def unknown(self) -> None:
        """Another process may have posted notices of games this one shows now (it took
        their shard over): they are read again."""
        self._none.clear()

    def forget(self, game_id: int) -> None:
        """The game is over: nothing more is known of its notices."""
        self._none.discard(game_id)

    async def _card(
        self, game: Game, user: int, ends: float | None = None, last: Outcome | None = None
    ) -> Card:
        """``user``'s notice of the game as it stands (``last``: the move from it that
        led here), in the language of their DMs."""
        lang = language((await self.players.get(user)).locale)
        seat = game.seat_of(user)
        hand = None if seat is None else await self.hand(game, seat.seat, lang)
        card = await notice_card(
            game, await self._place_name(game), lang, self.hooks.drawing, ends, hand, last
        )
        added = await self.hooks.notice_rows(game, user, lang)
        if card.below is not None:
            # Under the hand, whose own controls come last otherwise.
            return replace(card, below=replace(card.below, rows=(*card.below.rows, *added)))
        return replace(card, rows=(*card.rows, *added))

    async def clear(self, game: Game, keep: Collection[int] = (), actor: int | None = None) -> None:
        """Deletes the game's notices, but those of ``keep`` (who are still to act, and
        did not just act) and the one ``actor`` just moved from, when the turn is still
        theirs."""
        answered = None if actor is None else self._answered.pop((game.id, actor), None)
        acting = set(face_drawing.to_ping(game)) if game.status is GameStatus.ACTIVE else set()
        kept = await self.kept(game.id)
        for notice in kept:
            if notice.user_id in keep:
                continue
            if notice == answered and notice.user_id in acting:
                continue
            await self._delete(notice)
        if answered is not None and actor in acting and answered not in kept:
            # Moved from a notice whose post was never recorded: it is theirs now, not a
            # stray (``tidy``).
            await self.players.keep_notice(answered)
            self._none.discard(game.id)

    async def tidy(self, game: Game, recent: RecentPosts) -> None:
        """Deletes the notices of the game in its players' direct messages that Discord made
        but the bot never recorded: once the game is shown, they are stale or copies
        (``TurnPings.tidy``). Only the direct messages of players the bot writes to are
        read."""
        controls = tuple(f"{game.kind}:{part}:{game.id}:" for part in ("turn", "pick", "seat"))

        def of_game(message: discord.Message) -> bool:
            return any(c.startswith(controls) for c in custom_ids(message))

        recorded = {notice.message_id for notice in await self.kept(game.id)}
        for seat in game.seats:
            if seat.user_id is None or seat.is_bot:
                continue
            settings = await self.players.get(seat.user_id)
            if game.interaction_only:
                # In a conversation, anyone told of their turns at all is told by DM.
                writes = settings.notify is not Notify.NONE
            else:
                writes = settings.notify.writes
            if not writes or settings.dms_closed or self._unreachable(seat.user_id):
                continue
            channel = await self.client.create_dm(discord.Object(seat.user_id))
            for stray in await recent(channel.id, of_game):
                if stray.id not in recorded:
                    log.info("a turn notice of game %s was never recorded; deleted", game.id)
                    await self._delete(TurnNotice(game.id, seat.user_id, channel.id, stray.id))

    async def answer(self, interaction: discord.Interaction, outcome: Outcome) -> Answered:
        """A move made from a notice: the notice shows what the player chooses next while
        the turn is still theirs (or is acknowledged, to be deleted with the turn's end);
        the table follows in the channel."""
        game = outcome.game
        user = interaction.user.id
        pressed = interaction.message
        if game.status is GameStatus.ACTIVE and user in face_drawing.to_ping(game) and pressed:
            await update_clicked(interaction, **edited(await self._card(game, user, last=outcome)))
            notice = TurnNotice(game.id, user, pressed.channel.id, pressed.id)
            self._answered[(game.id, user)] = notice
        else:
            await acknowledge(interaction)
        return Answered({})

    async def _delete(self, notice: TurnNotice) -> None:
        channel = self.client.get_partial_messageable(notice.channel_id)
        try:
            await channel.get_partial_message(notice.message_id).delete()
        except discord.NotFound:
            log.info("a turn notice of game %s was gone already", notice.game_id)
        await self.players.forget_notice(notice)

    async def tell_if_closed(self, interaction: discord.Interaction) -> None:
        """Tells the presser, privately and once, that their direct messages refused
        the bot's turn notice, so that they are pinged in the channel instead (or, for a
        conversation's game, that they aren't told of their turns)."""
        user = interaction.user.id
        lang = reader(interaction)
        if user in self.unreached:
            self.unreached.discard(user)
            await follow_up(
                interaction.followup,
                content=lang._(
                    "I can't write to you, so you aren't told of your turns: install the app "
                    "to your account and let it message you."
                ),
                ephemeral=True,
            )
            return
        if user not in self.untold:
            return
        self.untold.discard(user)
        await follow_up(
            interaction.followup,
            content=lang._(
                "Your direct messages are closed to this bot, so your turn was told in the "
                "channel instead. Open them (the server's Privacy Settings), then choose "
                "/my settings notify again."
            ),
            ephemeral=True,
        )

    async def _place_name(self, game: Game) -> str:
        """The server's name, or for a conversation's game the conversation's (a group
        DM's name, or its members')."""
        if game.interaction_only:
            conversation = await self.conversations.conversation(game.guild_id)
            return conversation.name if conversation is not None else ""
        guild = self.client.get_guild(game.guild_id)
        return guild.name if guild is not None else str(game.guild_id)


def _nonce(game: Game, user: int, ends: float | None) -> str:
    """Names the notice of this turn (or, ``ends``, of its end coming) to this player."""
    seat = game.seat_of(user)
    assert seat is not None, "only a seated player is told of a turn"
    return seat_nonce("e" if ends is not None else "d", game, seat.seat)


async def notice_card(
    game: Game,
    place: str,
    lang: Language,
    drawing: ControlDrawing,
    ends: float | None = None,
    hand: Card | None = None,
    last: Outcome | None = None,
) -> Card:
    """The notice: a line naming the game and where it is played (``place``: the server,
    and the channel; a conversation by its name) with a link to the table (and, as a
    reminder, when the turn ``ends``), over the table as it stands (its picture,
    description and what to do; when the player moved from the notice, what that move
    did, its dice shown, as ``last``) with the turn's controls, or, in a game with
    secrets, over the player's own ``hand``, which says what to do, with its controls."""
    title = shared_words.game_name(face_for(game.kind).title, game)
    if game.turn_message_id is not None:
        title = f"[{title}]({game_link(game, game.turn_message_id)})"
    if game.interaction_only:
        note = lang._("🎲 Your turn in {game}, in {place}.", game=title, place=_bold(place))
    else:
        note = lang._(
            "🎲 Your turn in {game} on {server}, in {channel}.",
            game=title,
            server=_bold(place),
            channel=f"<#{game.place_id}>",
        )
    if hand is not None and ends is None:
        # The hand says what to do, not when the turn ends, as the table would.
        ends = game.deadline
    if ends is not None:
        note += "\n" + lang._("⏰ Your turn ends {when}.", when=shared_words.deadline(ends))
    headline = lang._("It's your turn.") if last is None else headline_of(last, lang)
    face = face_for(game.kind)
    card = face_drawing.drawn(await face.turn(game, headline, last, lang))
    if hand is not None:
        picture = None if hand.image is None else replace(hand.image, filename=HAND_FILE)
        # The table's words would send the player to a hand that is right below.
        return replace(card, text=headline, note=note, below=replace(hand, image=picture))
    # What the player chooses from the table (a game with secrets has its hand above).
    choices = [c for c in face.choices(game, lang) if not isinstance(c, OpenPrivate)]
    return replace(card, note=note, rows=face_drawing.controls(game, choices, drawing))


def _bold(name: str) -> str:
    return f"**{escaped(name)}**"
