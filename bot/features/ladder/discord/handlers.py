"""``/<game> leaderboard``, ``stats``, ``history`` and ``recompute``, each for its own
game: answered only to the person who asked, like every lookup. What other features
add to them (a leaderboard's views and fields, a stats card's fields, a history's
notes) comes through the core's message hooks (``Context.hooks``).

In a conversation (a DM or group DM, or a server the bot is not in) the ladder is the
conversation's own, kept under its scope as its games are, never a server's; its
seasons and ``recompute`` stay a server's."""

from __future__ import annotations

from dataclasses import replace

import discord
from discord.app_commands import Choice

from bot.discord_ui.card_layout import Card, Line, Rows, edited, layout
from bot.discord_ui.context import Context
from bot.discord_ui.conversations import place_of
from bot.discord_ui.interaction_answers import (
    answer_privately,
    defer_now,
    require_private,
    update_clicked,
)
from bot.discord_ui.interactions import reader
from bot.discord_ui.lean_requests import ORIGINAL, edit_through
from bot.discord_ui.part import Part
from bot.features.ladder.discord import messages
from bot.features.ladder.discord.components import LadderPageButton
from bot.features.ladder.discord.messages import LADDER_COLOUR
from bot.features.ladder.discord.views import ALL_TIME, view_choices
from bot.features.ladder.service import LadderService, Leaderboard
from bot.games.faces import face_for
from bot.games.registry import rules_for
from bot.service.errors import NoLadderHere, NotAllowedToRecompute
from i18n import Language


class Ladder(Part):
    """The server's ladder of each game, answered to whoever asks."""

    controls = (LadderPageButton,)
    in_conversations = True

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.ladder = context.service.part(LadderService)

    async def prepare(self) -> None:
        await self.ladder.count_old_games()

    async def leaderboard(
        self, interaction: discord.Interaction, kind: str, page: int, season: str | None = None
    ) -> None:
        """``/<game> leaderboard``: a page of the server's ladder, or with ``season`` a
        view another feature offers (a season's standings), to the asker alone. A
        feature's default view (the current season, in a server with seasons) replaces
        the first page, and ``season: all`` is the ladder of all time."""
        guild_id = None if place_of(interaction).interaction_only else interaction.guild_id
        if season is None and guild_id is not None and page == 1:
            season = await self.context.hooks.leaderboard_default(guild_id, kind)
        if guild_id is not None and season is not None and season.strip().casefold() != ALL_TIME:
            lang, user_id = reader(interaction), interaction.user.id
            card = await self.context.hooks.leaderboard_view(
                guild_id, kind, season, user_id, await self._place(interaction), lang
            )
            if card is not None:
                await answer_privately(interaction, card)
                return
        board = await self._board(interaction, kind, page)
        if not board.entries:
            said = messages.no_ladder(
                kind, reader(interaction), conversation=place_of(interaction).private
            )
            await answer_privately(interaction, said)
            return
        await answer_privately(interaction, await self._page(board, kind, interaction))

    async def season_choices(
        self, interaction: discord.Interaction, kind: str, typed: str
    ) -> list[Choice[str]]:
        """The views of the leaderboard the features offer, as the asker types (none, and
        so not the ladder of all time either, when no feature offers one)."""
        if interaction.guild_id is None or place_of(interaction).interaction_only:
            return []
        lang = reader(interaction)
        views = await self.context.hooks.leaderboard_views(interaction.guild_id, kind, lang)
        return view_choices(views, typed, lang)

    async def turn_page(self, interaction: discord.Interaction, button: LadderPageButton) -> None:
        """Previous or Next on a leaderboard: the asker's message turns to that page."""
        if await self._scope(interaction) is None:
            raise NoLadderHere(face_for(button.kind).command)
        require_private(interaction)
        board = await self._board(interaction, button.kind, button.page)
        if not board.entries:
            said = messages.no_ladder(
                button.kind, reader(interaction), conversation=place_of(interaction).private
            )
            gone = Card(title=None, text=said)
            await update_clicked(interaction, view=layout(gone))
            return
        await update_clicked(
            interaction, **edited(await self._page(board, button.kind, interaction))
        )

    async def _board(self, interaction: discord.Interaction, kind: str, page: int) -> Leaderboard:
        scope = await self._scope(interaction)
        assert scope is not None
        return await self.ladder.leaderboard(scope, kind, interaction.user.id, page)

    async def _page(self, board: Leaderboard, kind: str, interaction: discord.Interaction) -> Card:
        """A leaderboard page: the caller's note, the ladder, the fields other features
        add, the page buttons."""
        scope = await self._scope(interaction)
        assert scope is not None
        lang = reader(interaction)
        card = messages.leaderboard_card(
            board,
            kind,
            await self._place(interaction),
            lang,
            _pages(board, kind, lang),
            conversation=place_of(interaction).interaction_only,
        )
        added = await self.context.hooks.leaderboard_lines(scope, kind, lang)
        return replace(card, lines=added, note=_caller_note(board, interaction.user.id, lang))

    async def stats(
        self,
        interaction: discord.Interaction,
        kind: str,
        user: discord.User | discord.Member | None,
    ) -> None:
        """``/<game> stats``: a player's record in this server, with what other features add
        to it (the asker's, with the server's dice, when nobody is named)."""
        scope = await self._scope(interaction)
        assert scope is not None
        who = user or interaction.user
        stats = await self.ladder.stats(scope, kind, who.id)
        lang = reader(interaction)
        dice: Line | None = None
        if user is None and rules_for(kind).dice:
            # Asked without a player: the server's dice too, and whether they look fair.
            rolled = await self.ladder.dice(scope, kind)
            dice = messages.dice_line(kind, await self._place(interaction), rolled, lang)
        conversation = place_of(interaction).interaction_only
        added = await self.context.hooks.stats_lines(
            scope, kind, who.id, lang, conversation=conversation
        )
        more = (*added, *(() if dice is None else (dice,)))
        if stats is None:
            is_self = who.id == interaction.user.id
            private = place_of(interaction).private
            none = messages.no_stats(kind, who.display_name, is_self, lang, conversation=private)
            if not more:
                await answer_privately(interaction, none)
                return
            card = Card(title=None, text=none, accent=LADDER_COLOUR, lines=more)
        else:
            card = messages.stats_card(stats, kind, who.display_avatar.url, lang)
            card = replace(card, lines=(*card.lines, *more))
        await answer_privately(interaction, card)

    async def history(self, interaction: discord.Interaction, kind: str) -> None:
        """``/<game> history``: the last games played to the end in this server."""
        scope = await self._scope(interaction)
        assert scope is not None
        games = await self.ladder.history(scope, kind)
        lang = reader(interaction)
        if not games:
            said = messages.no_history(kind, lang, conversation=place_of(interaction).private)
            await answer_privately(interaction, said)
            return
        notes = await self.context.hooks.history_notes([game.id for game in games], lang)
        place = place_of(interaction)
        name = await self._place(interaction)
        # A conversation has no replays (the bot is no member there): none is pointed to.
        card = messages.history_card(
            games, kind, place.guild_id, name, lang, notes, replays=not place.interaction_only
        )
        await answer_privately(interaction, card)

    async def _scope(self, interaction: discord.Interaction) -> int | None:
        """Whose ladder the asker sees: the server's, or the conversation's."""
        return await self.context.conversations.scope(interaction)

    async def _place(self, interaction: discord.Interaction) -> str:
        """What the ladder's place is called: the server, or the conversation."""
        if place_of(interaction).interaction_only:
            scope = await self._scope(interaction)
            assert scope is not None
            conversation = await self.service.conversations.conversation(scope)
            assert conversation is not None, "recorded as it was met (its scope)"
            return conversation.name
        if interaction.guild is not None:
            return interaction.guild.name
        return reader(interaction)._("this server")

    async def recompute(self, interaction: discord.Interaction, kind: str) -> None:
        """``/<game> recompute``: the server's ladder rebuilt from its stored games (Manage
        Server only)."""
        # Like settings: Discord can't restrict one sub-command, so it is checked here.
        if not interaction.permissions.manage_guild:
            raise NotAllowedToRecompute()
        assert interaction.guild_id is not None
        await defer_now(interaction, ephemeral=True, thinking=True)
        counted = await self.ladder.recompute(interaction.guild_id, kind)
        board = await self.ladder.leaderboard(interaction.guild_id, kind, interaction.user.id)
        # Replaces the "thinking…" answer the defer showed.
        lang = reader(interaction)
        rebuilt = lang.ngettext(
            "Rebuilt this server's ladder from its {n} finished game.",
            "Rebuilt this server's ladder from its {n} finished games.",
            counted,
        )
        players = lang.ngettext("{n} player is on it.", "{n} players are on it.", board.players)
        settled = lang._("Ratings, records and trends now follow from the stored results alone.")
        words = f"{rebuilt} {players} {settled}"
        await edit_through(interaction.followup, ORIGINAL, content=words)


def _caller_note(board: Leaderboard, user_id: int, lang: Language) -> str | None:
    """Tells a caller who isn't on the ladder why (one who is has their line)."""
    on_page = any(entry.user_id == user_id for entry in board.entries)
    return None if on_page or board.caller is not None else messages.not_on_ladder(lang)


def _pages(board: Leaderboard, kind: str, lang: Language) -> Rows:
    """Previous and Next, when there is more than one page."""
    if board.pages == 1:
        return ()
    first, last = board.page == 1, board.page == board.pages
    previous, following = lang._("◀ Previous"), lang._("Next ▶")
    return (
        (
            LadderPageButton(kind, board.page - 1, label=previous, disabled=first),
            LadderPageButton(kind, board.page + 1, label=following, disabled=last),
        ),
    )
