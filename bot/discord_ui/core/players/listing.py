"""The card ``/my games`` answers with: a line per game, those waiting on the asker
first, then the others by how soon their clock runs out, lobbies last."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.discord_ui import limits
from bot.discord_ui.card_layout import Card
from bot.discord_ui.face_drawing import acting
from bot.discord_ui.game_links import game_link
from bot.games import shared_words
from bot.games.escaping import escaped
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.service.conversation_records import ConversationRecords
from bot.storage import Game, GameStatus
from i18n import Language


def my_games_card(
    games: Sequence[Game],
    user_id: int,
    lang: Language,
    servers: Mapping[int, str] | None = None,
    now: float = 0.0,
    title: str | None = None,
) -> Card:
    """``user_id``'s games (their lobbies and running games in one server, or with
    ``servers``' names in every server), in ``lang``, as they stand at ``now`` (whose
    clock waits for someone away)."""
    if title is None:
        title = lang._("🎲 Your games here") if servers is None else lang._("🎲 Your games")
    if not games:
        nothing = (
            lang._("You play no game in this server right now.")
            if servers is None
            else lang._("You play no game right now.")
        )
        return Card(title=title, text=nothing, accent=GOLD)
    ordered = sorted(games, key=lambda game: _order(game, user_id, now))
    lines = [
        _line(game, user_id, lang, None if servers is None else servers[game.guild_id], now)
        for game in ordered
    ]
    waiting = sum(1 for game in games if waits_on(game, user_id, now))
    heading = (
        lang.ngettext("{n} game waits for you.", "{n} games wait for you.", waiting)
        if waiting
        else lang._("No game waits for you.")
    )
    return Card(
        title=title,
        text=heading + "\n" + limits.joined_within(lines, limits.CARD_TEXT - len(heading) - 1),
        accent=GOLD,
    )


async def place_names(
    games: Sequence[Game], client: discord.Client, conversations: ConversationRecords
) -> dict[int, str]:
    """The name of each game's place, by its ``guild_id``: the server's, or for a
    conversation's game (whose ``guild_id`` names no server) the conversation's."""
    names: dict[int, str] = {}
    for game in games:
        if game.guild_id in names:
            continue
        if game.interaction_only:
            conversation = await conversations.conversation(game.guild_id)
            names[game.guild_id] = "" if conversation is None else conversation.name
        else:
            guild = client.get_guild(game.guild_id)
            names[game.guild_id] = str(game.guild_id) if guild is None else guild.name
    return names


def waits_on(game: Game, user_id: int, now: float) -> bool:
    """Whether the game waits for ``user_id`` to act (and they are not away)."""
    return game.status is GameStatus.ACTIVE and any(
        seat.user_id == user_id and not seat.away_at(now) for seat in acting(game)
    )


def _order(game: Game, user_id: int, now: float) -> tuple[int, float, int]:
    if game.status is not GameStatus.ACTIVE:
        return (2, 0.0, game.id)
    return (0 if waits_on(game, user_id, now) else 1, game.deadline or 0.0, game.id)


def _line(game: Game, user_id: int, lang: Language, server: str | None, now: float) -> str:
    name = shared_words.game_name(face_for(game.kind).title, game)
    shown = game.turn_message_id if game.status is GameStatus.ACTIVE else game.lobby_message_id
    if shown is not None:
        channel = game.place_id if game.status is GameStatus.ACTIVE else game.channel_id
        name = f"[{name}]({game_link(game, shown, channel)})"
    if server is not None and game.interaction_only:
        name = lang._("{game} in {place}", game=name, place=escaped(server))
    elif server is not None:
        name = lang._("{game} on {server}", game=name, server=escaped(server))
    if game.status is not GameStatus.ACTIVE:
        return lang._("{game}: in its lobby, not started yet", game=name)
    if waits_on(game, user_id, now):
        state = lang._("your turn")
    else:
        movers = [shared_words.seat_line(seat, lang) for seat in acting(game)]
        state = lang._("{players} to play", players=lang.list(movers)) if movers else ""
    away = [seat for seat in game.seats if seat.away_at(now)]
    if game.paused_left is not None and away:
        waiting = lang.list(shared_words.name(seat, lang) for seat in away)
        ends = lang._("the clock waits for {players}, away", players=waiting)
    elif game.deadline is None:
        return f"**{name}**: {state}" if state else f"**{name}**"
    else:
        ends = lang._("ends {when}", when=shared_words.deadline(game.deadline))
    return f"**{name}**: {state} · {ends}"
