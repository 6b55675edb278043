"""Following a game: **Follow** under every table being played, and ``/<game> follow``
by the game's number from anywhere in its server (refused to whoever can't see where it
is played, and in a private thread to whoever is not in it). Each follow is answered
privately, with **Unfollow**; ``/my games`` lists the games one follows, each with
**Unfollow**. The follower hears of the end, and (as they chose in ``/my settings``) of
each round's end, by direct message (``notices``).
"""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.discord_ui import limits
from bot.discord_ui.card_layout import Line, Rows, edited
from bot.discord_ui.context import Context
from bot.discord_ui.game_events import GameEnded
from bot.discord_ui.interaction_answers import answer_privately, tell, update_clicked
from bot.discord_ui.interactions import actor_of, reader
from bot.discord_ui.message_hooks import MY_GAMES, Adds
from bot.discord_ui.part import Part
from bot.features.following.discord.cards import followed_card, game_name, listed
from bot.features.following.discord.controls import FollowButton, UnfollowButton
from bot.features.following.discord.notices import FollowNotices, sees, server_name
from bot.features.following.service import FollowService, NotSeen
from bot.features.following.settings import FOLLOWING
from bot.storage import Game
from bot.storage.shards import Shards
from i18n import Language

LISTED = 10
"""The games ``/my games`` offers **Unfollow** for (the first followed): within a
message's components, beside the card's own."""


class Follows(Part, Adds):
    """Games followed by whoever can see them."""

    controls = (FollowButton, UnfollowButton)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.follows = FollowService(context.database, self.clock.now)
        self.notices = FollowNotices(context, self.follows)

    async def table_rows(self, game: Game, lang: Language) -> Rows:
        """**Follow**, under every table being played."""
        return ((FollowButton(game.kind, game.id, label=lang._("Follow")),),)

    async def game_shown(self, game: Game) -> None:
        """Those who chose to hear of each round's end are told of the rounds over."""
        await self.notices.shown(game)

    async def game_ended(self, ended: GameEnded) -> None:
        """Every follower is told of the end, once."""
        await self.notices.ended(ended.game, ended.last)

    async def resumed(self, shards: Shards) -> None:
        """What a stop left owed to followers in ``shards``' games goes out."""
        await self.notices.resumed(shards)

    async def follow(self, interaction: discord.Interaction, button: FollowButton) -> None:
        """**Follow**: the presser, who sees the table, follows its game (a second press
        says they do already). A button naming a game not played where it was pressed is
        refused as every such button is, whatever the id names."""
        actor = actor_of(interaction, button.kind)
        game = await self.service.game_for(button.game, actor)
        assert actor.user_id is not None
        if not await sees(self.client, game, actor.user_id, interaction.channel_id):
            raise NotSeen(game)
        rounds = await self.notices.rounds_over(button.game, button.kind)
        followed = await self.follows.follow(button.game, actor, rounds)
        await self._answer(interaction, followed.game, followed.new)

    async def follow_numbered(
        self, interaction: discord.Interaction, kind: str, number: int
    ) -> None:
        """``/<game> follow number``: the server's game of that number, refused unless the
        asker can see where it is played."""
        # The games' groups are offered in servers alone, to their members.
        member = interaction.user
        assert interaction.guild_id is not None and isinstance(member, discord.Member)
        game = await self.follows.numbered(interaction.guild_id, kind, number)
        if not await sees(self.client, game, member.id, interaction.channel_id):
            raise NotSeen(game)
        rounds = await self.notices.rounds_over(game.id, kind)
        game = await self.follows.follow_numbered(game, member.id, rounds)
        await self._answer(interaction, game, new=True)

    async def unfollow(self, interaction: discord.Interaction, button: UnfollowButton) -> None:
        """**Unfollow**: the presser no longer follows the game; pressed in ``/my games``,
        the list is drawn again without it."""
        game = await self.follows.unfollow(button.game, interaction.user.id)
        lang = reader(interaction)
        words = lang._("🔕 You no longer follow {game}.", game=game_name(game))
        pressed = interaction.message
        if button.listed and pressed is not None and pressed.flags.ephemeral:
            card = await self.context.hooks.panel(MY_GAMES, interaction)
            await update_clicked(interaction, **edited(replace(card, text=f"{words}\n{card.text}")))
            return
        await tell(interaction, words)

    async def my_games_lines(
        self, user: int, guild_id: int | None, lang: Language
    ) -> tuple[Line, ...]:
        """The games being played that ``user`` follows, each with where it is and whose
        turn it is."""
        games = await self.follows.followed(user, guild_id)
        if not games:
            return ()
        lines = [
            listed(game, lang, None if guild_id is not None else server_name(self.client, game))
            for game in games
        ]
        return (
            Line(lang._("🔔 Games you follow"), limits.joined_within(lines, limits.FIELD_VALUE)),
        )

    async def my_games_rows(self, user: int, guild_id: int | None, lang: Language) -> Rows:
        """**Unfollow** for each game ``user`` follows (the first ``LISTED``)."""
        games = await self.follows.followed(user, guild_id)
        buttons = tuple(
            UnfollowButton(
                game.kind,
                game.id,
                label=lang._("Unfollow {game}", game=game_name(game)),
                listed=True,
            )
            for game in games[:LISTED]
        )
        return tuple(buttons[i : i + 5] for i in range(0, len(buttons), 5))

    async def _answer(self, interaction: discord.Interaction, game: Game, new: bool) -> None:
        """The follow, in words, with **Unfollow**."""
        settings = await self.service.players.get(interaction.user.id)
        card = followed_card(game, new, FOLLOWING.of(settings), reader(interaction))
        await answer_privately(interaction, card)
