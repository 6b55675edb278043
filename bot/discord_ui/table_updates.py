"""How the live table shows a game (``LiveTable``, which changes games, shows them
through this): a click's answer, the table edited in place or posted anew
at the bottom, the lobby it came from, and what follows a show (pings, computer players,
and once the game is over, the word to the features that it ended).

What each game's show was left at between changes is ``TableMemory``."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, replace

import discord

from bot.background.computer_players import ComputerPlayers
from bot.clock import Clock
from bot.discord_ui import face_drawing, game_notes
from bot.discord_ui.card_layout import Card, edited, sent
from bot.discord_ui.conversations import Conversations, place_of
from bot.discord_ui.game_events import GameEvents
from bot.discord_ui.game_log import GameLogs
from bot.discord_ui.game_messages import (
    ARCHIVED_THREAD,
    LOCKED_THREAD,
    Answered,
    FollowUpsBehind,
    GameMessages,
    Recorded,
    placed,
)
from bot.discord_ui.interaction_answers import (
    acknowledge,
    announce,
    in_time,
    tell,
    update_clicked,
)
from bot.discord_ui.interactions import reader
from bot.discord_ui.lean_requests import ORIGINAL, Made, edit_message, edit_through
from bot.discord_ui.limits import OLD_MESSAGE_EDITS
from bot.discord_ui.live_hands import LiveHands
from bot.discord_ui.lobby_messages import LobbyMessages
from bot.discord_ui.nonces import nonce
from bot.discord_ui.permissions import missing_thread_permissions
from bot.discord_ui.pings import TurnPings
from bot.discord_ui.public_languages import PublicLanguages
from bot.discord_ui.table_asks import Cancelled, Left, On, Shows
from bot.discord_ui.table_cards import TableCards, headline_of
from bot.discord_ui.table_memory import TableMemory
from bot.games import shared_words
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.service import Actor, GameService, GuildSettingsService
from bot.service.errors import GameBroken
from bot.service.time_away import stands_in
from bot.storage import Game, GameStatus
from i18n import Language, Message

log = logging.getLogger(__name__)

PRIVATE_ONLY = Message(
    "This server lets apps installed to your account answer only you here, so nobody else "
    "could join. Start the game in a group DM, or ask an admin to add the bot."
)

NOT_EDITABLE = (OLD_MESSAGE_EDITS, ARCHIVED_THREAD, LOCKED_THREAD)
"""Refusals of a table's edit that a table posted anew gets past: a post unarchives an
archived thread, and one that is locked sends the game to its channel."""


@dataclass(eq=False)
class TableUpdates:
    """The live table's shows of a game, over the parts ``LiveTable`` wires up."""

    service: GameService
    settings: GuildSettingsService
    client: discord.Client
    clock: Clock
    places: GameMessages
    languages: PublicLanguages
    lobbies: LobbyMessages
    logs: GameLogs
    cards: TableCards
    hands: LiveHands
    pings: TurnPings
    computer: ComputerPlayers
    state: TableMemory
    """Each game's show as the table last left it."""
    events: GameEvents
    """The features following games hear here of each game shown and ended."""
    conversations: Conversations
    """A conversation game's one message, shown through the token it follows."""

    async def game_broken(self, game_id: int) -> None:
        """A game whose saved data is damaged can't go on: its clock stops (so its
        deadline stops firing), and its players are told."""
        game = await self.service.game(game_id)
        if not await self.service.stop_clock(game_id):
            return  # stopped and told already
        log.error("game %s is damaged (%s); its clock is stopped", game.id, game.broken)
        lang = await self.languages.of_server(game.guild_id)
        broken = GameBroken(face_for(game.kind).command)
        words = f"⚠️ {lang.say(broken.words)}"
        if game.interaction_only:
            # Nothing is posted there: its message says it, while its token lasts.
            if game.state is not None:
                await self.conversations.edit(
                    game, **edited(await face_drawing.closed(game, words, lang))
                )
            return
        try:
            await self.places.post(game, content=words)
        except discord.HTTPException:
            log.info("could not tell game %s's players that it is damaged", game.id)

    async def answer_move(
        self, outcome: Outcome, on: On, interaction: discord.Interaction | None
    ) -> Answered:
        """A move's answer to whoever pressed for it, where ``on`` says; the table
        elsewhere, pings and hands follow (and all of it for a move nobody pressed for: a
        computer player's, a time-out)."""
        if interaction is None:
            return Answered()
        if place_of(interaction).direct:
            return await self.pings.notices.answer(interaction, outcome)
        game = outcome.game
        if on is On.HAND:
            # The presser's own hand is the answer Discord waits for; the table and the
            # other hands follow.
            await self.hands.answer(interaction, game, outcome.seat, outcome)
            # The hands' lane leaves that hand be at this version: what the move showed
            # that seat alone stays.
            self.hands.answered(game, outcome.seat)
            return self.answered_elsewhere(game.id, interaction)
        lang = await self.languages.of_game(game)
        pressed = None if interaction.message is None else interaction.message.id
        if pressed is None or pressed == game.turn_message_id:
            answered = await self._answer(outcome, lang, interaction)
            await self.pings.notices.tell_if_closed(interaction)
            return answered
        # The pressed message is the game's table, even one whose id was never
        # recorded; one recorded instead of it is a stale copy.
        stale = game.turn_message_id
        await self._answer(
            replace(outcome, game=replace(game, turn_message_id=pressed)), lang, interaction
        )
        if stale is not None and not game.interaction_only:
            await self.places.delete(game, stale)
        return Answered({"turn_message_id": pressed})

    async def show_change(
        self, game: Game, shows: Shows, interaction: discord.Interaction | None
    ) -> Recorded:
        """A change (a lobby's, someone leaving, a cancel) shown whole, as ``shows`` says,
        and whoever asked for it answered."""
        if isinstance(shows, Left):
            return await self._left(game, shows, interaction)
        if isinstance(shows, Cancelled):
            lang = await self.languages.of_game(game)
            said = game_notes.cancelled(game, shows.who, lang)
            if interaction is not None:
                await tell(interaction, reader(interaction)._("You cancelled the game."))
            return await self.lobbies.show(game) | await self.close(game, said, lang)
        if interaction is None:
            if game.status is GameStatus.ACTIVE:
                # Started with nobody's press here (on the board): the lobby becomes
                # the table as a start's catch-up makes it.
                return await self.show_current(game)
            return await self.lobbies.show(game)
        if game.status is GameStatus.ACTIVE:
            return await self.start(game, interaction)
        if shows is not On.LOBBY:
            await acknowledge(interaction)
            return await self.lobbies.show(game)
        content, _ = await self.lobbies.message(game)
        await update_clicked(interaction, **content)
        await self._keep(game, interaction)
        return {}

    async def _keep(self, game: Game, interaction: discord.Interaction) -> None:
        """The pressed message was just updated through the press: a conversation's
        follows through its token from now on."""
        if interaction.message is not None:
            await self.conversations.keep(game, interaction.message.id, interaction)

    async def _left(
        self, game: Game, left: Left, interaction: discord.Interaction | None
    ) -> Recorded:
        """Someone left: a lobby shows them gone, a game under way says who took their
        seat; whoever asked reads what the table now says, in their own language."""
        if game.started_at is None:
            if interaction is None:
                # Nobody asked (they left the server): shown as a catch-up shows it.
                return await self.show_current(game)
            mine = reader(interaction)
            await tell(
                interaction,
                mine._("You left the lobby. It was empty, so it closed.")
                if game.status is GameStatus.CANCELLED
                else mine._("You left the lobby."),
            )
            return await self.lobbies.show(game)
        seat = game.seat_left_by(left.user_id)
        lang = await self.languages.of_game(game)
        if interaction is not None:
            mine = reader(interaction)
            await tell(interaction, game_notes.takeover_note(game, seat, left.why, mine))
        return await self.show_current(game, game_notes.takeover_note(game, seat, left.why, lang))

    async def _answer(
        self, outcome: Outcome, lang: Language, interaction: discord.Interaction
    ) -> Answered:
        """A click's answer: when it was pressed on the game's table, that table as the
        move left it, edited through the click; otherwise the click is acknowledged. The
        table elsewhere, pings and hands follow."""
        game = outcome.game
        pressed = interaction.message
        on_table = pressed is not None and pressed.id == game.turn_message_id
        if on_table and pressed is not None and not await self._moved_on(game, pressed.id):
            card = await in_time(
                interaction, self.cards.card(game, headline_of(outcome, lang), outcome, lang)
            )
            await update_clicked(interaction, **edited(card))
            await self._keep(game, interaction)
            self.state.on_table(game.id, pressed.id, game.version)
        else:
            await acknowledge(interaction)
            self.answered_elsewhere(game.id, interaction)
        return Answered()

    def answered_elsewhere(self, game_id: int, interaction: discord.Interaction) -> Answered:
        """A move's presser was answered away from the table (their hand, a bare
        acknowledgement): if the table then can't follow, they are told the move counted."""
        self.state.asked(game_id, interaction)
        return Answered()

    async def show_current(self, game: Game, headline: str | None = None) -> Recorded:
        """Shows the game as it stands, on its own messages: for a change whose message
        never went out, or one made without a move (a takeover, someone leaving: what
        happened is ``headline``)."""
        if game.broken is not None:
            if game.status.is_open and game.deadline is not None:
                await self.game_broken(game.id)
            if not game.interaction_only:
                await self.places.strip_buttons(game)
            return {}
        if game.status is GameStatus.LOBBY:
            return await self.lobbies.show(game)
        adopted: Recorded = {}
        if game.turn_message_id is None and game.thread_id is None and game.lobby_message_id:
            # The start made the lobby the table, but a stop came before that was recorded.
            adopted = {"turn_message_id": game.lobby_message_id}
            game = placed(game, adopted)
        return adopted | await self._show_current(game, headline)

    async def _show_current(self, game: Game, headline: str | None) -> Recorded:
        lang = await self.languages.of_game(game)
        if game.status is GameStatus.CANCELLED:
            return await self.lobbies.show(game) | await self.close(game, headline, lang)
        assert game.state is not None
        try:
            last = await self.service.history.last_outcome(game.id, game)
        except Exception:
            log.warning("game %s's last move can't be replayed", game.id, exc_info=True)
            last = None
            headline = headline or lang.say(game_notes.AS_IT_STANDS)
        if last is not None and not game.move_shown and headline is None:
            return await self.present(replace(last, game=game), lang)
        if headline is None:
            face = face_for(game.kind)
            headline = (
                shared_words.first_turn(game, lang) if last is None else face.happened(last, lang)
            )
        # Before the first move the lobby may not show the start yet.
        recorded = await self.lobbies.show(game) if last is None else await self._stub_over(game)
        game = placed(game, recorded)
        self.hands.want(game, last)
        recorded |= await self.show_table(game, self.cards.card(game, headline, last, lang))
        await self._after(
            placed(game, recorded), lang, before=game.pinged, recorded=recorded, last=last
        )
        return recorded

    async def present(self, outcome: Outcome, lang: Language) -> Recorded:
        """Shows a move on the game's table (unless a click's answer showed it there
        already), then pings whoever is newly to act and brings the live hands up to
        date."""
        game = outcome.game
        self.hands.want(game, outcome)
        if self.state.shows(game):
            recorded: Recorded = {}
        else:
            card = self.cards.card(game, headline_of(outcome, lang), outcome, lang)
            recorded = await self.show_table(game, card)
        recorded |= await self._stub_over(placed(game, recorded))
        rules = rules_for(game.kind)
        before = [game.seats[n].user_id for n in rules.to_act(outcome.before)]
        actor = game.seats[outcome.seat].user_id
        await self._after(
            placed(game, recorded),
            lang,
            before=[user for user in before if user is not None],
            actor=actor,
            recorded=recorded,
            last=outcome,
        )
        return recorded

    async def _stub_over(self, game: Game) -> Recorded:
        """A game played in its own thread has ended: the lobby it was started from, in
        the channel, says so rather than that the game is on."""
        if game.status is GameStatus.FINISHED and game.thread_id is not None:
            return await self.lobbies.show(game)
        return {}

    async def start(self, game: Game, interaction: discord.Interaction) -> Recorded:
        """The game has just started from its lobby (``interaction``, its Start): the
        lobby message becomes the table, or, where the game has a thread, says so while
        the table opens in the thread."""
        lang = await self.languages.of_game(game)
        card = self.cards.card(game, shared_words.first_turn(game, lang), None, lang)
        if game.thread_id is None and interaction.message is not None:
            await update_clicked(interaction, **edited(await in_time(interaction, card)))
            await self._keep(game, interaction)
            recorded: Recorded = {"turn_message_id": interaction.message.id}
        else:
            content, _ = await self.lobbies.message(game)
            await update_clicked(interaction, **content)
            recorded = await self.show_table(game, card)
        self.hands.want(game, None)
        await self._after(placed(game, recorded), lang, recorded=recorded)
        return recorded

    async def announce(self, game: Game, interaction: discord.Interaction) -> Recorded:
        """A new lobby, as its command's answer, and its thread where the server wants one."""
        content, _ = await self.lobbies.message(game)
        lobby = await announce(interaction, **content)
        if game.interaction_only:
            return await self._announced_there(game, lobby, interaction)
        posted = replace(game, lobby_message_id=lobby.id)
        # Still holding the game: a Join or Start pressed on the lobby at once waits
        # until its thread is recorded, so the game never starts in the channel
        # while its thread is being made.
        try:
            settings = await self.settings.get(game.guild_id)
            if settings.threads:
                await self._open_thread(interaction, posted)
        except Exception:
            # The lobby is out: a missing thread must not be reported as nothing done.
            log.warning("could not give game %s its thread", game.id, exc_info=True)
        return {"lobby_message_id": lobby.id}

    async def _announced_there(
        self, game: Game, lobby: Made, interaction: discord.Interaction
    ) -> Recorded:
        """A conversation's lobby is out (no thread: the bot can make none there), and
        follows through its command's token. Where Discord made it private (a server
        whose Use External Apps is off for the host lets apps installed to an account
        answer them alone), nobody could join: it is cancelled, and the host told."""
        if not lobby.ephemeral:
            await self.conversations.keep(game, lobby.id, interaction)
            return {"lobby_message_id": lobby.id}
        log.info("game %s's lobby came out private; cancelled", game.id)
        # In the host's name: nobody else could have seen it.
        closed = await self.service.cancel(game.id, Actor(interaction.user.id))
        lang = reader(interaction)
        content, _ = await self.lobbies.message(closed)
        await edit_through(interaction.followup, ORIGINAL, **content)
        await tell(interaction, lang.say(PRIVATE_ONLY))
        recorded: Recorded = {"lobby_message_id": lobby.id}
        # Shown as it closed: nobody else sees it, and nothing of it follows.
        await self.service.messages.mark_shown(closed.id, closed.version, recorded)
        self.end(closed)
        return recorded

    async def _open_thread(self, interaction: discord.Interaction, game: Game) -> None:
        """Gives the game its own thread off the lobby message, or says why it plays here
        (to the host, in their language; the thread is named in the server's)."""
        host = reader(interaction)
        if isinstance(interaction.channel, discord.VoiceChannel):
            # A voice channel's chat has no threads: its game is played beside the voice.
            await tell(interaction, host._("Games in a voice channel's chat play right there."))
            return
        if not isinstance(interaction.channel, discord.TextChannel):
            await tell(interaction, host._("Games started inside a thread play right there."))
            return
        missing = missing_thread_permissions(interaction.app_permissions, host)
        if missing is not None:
            await tell(interaction, missing)
            return
        if game.lobby_message_id is None:
            return
        lobby = interaction.channel.get_partial_message(game.lobby_message_id)
        try:
            thread = await lobby.create_thread(
                name=shared_words.game_name(face_for(game.kind).title, game),
                auto_archive_duration=1440,
            )
        except discord.HTTPException:
            log.warning("could not start a thread for game %s", game.id, exc_info=True)
            await tell(
                interaction,
                host._("I couldn't start a thread for this game, so it runs here in the channel."),
            )
            return
        await self.service.messages.set_thread(game.id, thread.id)
        # Named, the lobby links to its thread.
        await self.lobbies.show(replace(game, thread_id=thread.id))

    async def close(self, game: Game, headline: str | None, lang: Language) -> Recorded:
        """A game closed before its end: its table (when it had one apart from its lobby)
        shows it as it stood, saying why, without choices; its ping and hands go."""
        self.hands.want(game, None)
        if game.state is not None and game.turn_message_id is not None:
            words = headline or game_notes.lobby_note(game, lang)
            await self.show_table(game, face_drawing.closed(game, words, lang))
        await self._after(game, lang)
        return {}

    async def show_table(self, game: Game, rendering: Awaitable[Card]) -> Recorded:
        """Puts the table up to date: edited in place, or, once the channel has moved on
        past it (and the server wants it), posted anew at the bottom and the old one
        deleted."""
        card = await rendering
        old = game.turn_message_id
        if game.interaction_only:
            # Its one message, through its token while that lasts: never posted anew
            # (the bot can't), and shown as far as the conversation allows either way.
            if old is not None and await self.conversations.edit(game, **edited(card)):
                self.state.on_table(game.id, old, game.version)
            return {}
        if (
            old is not None
            and self.state.editable(game.id, old)
            and not await self._moved_on(game, old)
        ):
            try:
                await edit_message(self.client, game.place_id, old, **edited(card))
                self.state.on_table(game.id, old, game.version)
                self.state.edit_worked(game.id)
                return {}
            except discord.NotFound:
                log.info("game %s's table is gone; posting it afresh", game.id)
            except discord.HTTPException as error:
                if error.code not in NOT_EDITABLE:
                    self.state.edit_refused(game.id)
                    raise
                log.info("game %s's table can't be edited (%s); posted anew", game.id, error.code)
        message = await self.places.post_table(game, **sent(card), nonce=nonce("t", game))
        self.state.on_table(game.id, message.id, game.version)
        self.state.edit_worked(game.id)
        if old is not None:
            await self.places.delete(game, old)
        recorded: Recorded = {"turn_message_id": message.id}
        if message.channel_id != game.place_id:
            # Its thread was deleted or locked: the game plays in its channel now, where
            # its lobby no longer sends anyone to the thread.
            recorded["thread_id"] = None
            recorded |= await self.lobbies.show(placed(game, recorded))
        return recorded

    async def _moved_on(self, game: Game, table: int) -> bool:
        if game.interaction_only:
            return False  # the bot sees no message of a conversation's but its own
        settings = await self.settings.get(game.guild_id)
        if not settings.move_table:
            return False
        ignoring = () if game.ping_message_id is None else (game.ping_message_id,)
        return await self.places.tails.moved_on(game.place_id, table, ignoring)

    async def _after(
        self,
        game: Game,
        lang: Language,
        before: Sequence[int] = (),
        actor: int | None = None,
        recorded: Recorded | None = None,
        last: Outcome | None = None,
    ) -> None:
        """What follows a change shown on the table (where ``recorded`` says it now is,
        ``last`` the move that led there): pings, computer players, and once the game is
        over, its end."""
        try:
            if recorded and "turn_message_id" in recorded:
                game = await self.pings.relink(game, lang)
            game = await self.pings.update(game, before, lang, actor)
        except discord.HTTPException as error:
            raise FollowUpsBehind(recorded or {}, error) from error
        if not game.status.is_open:
            self.end(game, last)
        elif computer_to_move(game, self.clock.now()):
            self.computer.play(game)

    def end(self, game: Game, last: Outcome | None = None) -> None:
        """The game is over and shown (or has nowhere left to be shown): the features
        following games hear that it ended, if it had begun (``last``: the move that
        finished it), and nothing of it is kept in memory any more (its pings, log lines,
        hands, last move and position are read again if ever asked for)."""
        if game.started_at is not None:
            self.events.ended(game, last)
        self.pings.forget(game.id)
        self.logs.forget(game.id)
        self.state.forget(game.id)
        self.hands.forget(game.id)
        self.service.history.forget(game.id)


def computer_to_move(game: Game, now: float) -> bool:
    """Whether a computer player is to act in the game now (for a seat of its own, or
    standing in for someone away)."""
    return game.status is GameStatus.ACTIVE and any(
        s.is_bot or stands_in(s, now) for s in face_drawing.acting(game)
    )
