"""The lobby message, the same for every game: its embed and its buttons (each game draws
its own turns, ``bot.games.face``)."""

from __future__ import annotations

import discord

from bot.discord_ui import text
from bot.discord_ui.lobby.components import LOBBY_BUTTONS, BotSelect, LobbyAction, LobbyButton
from bot.games.faces import face_for
from bot.games.registry import rules_for
from bot.storage import Game
from i18n import Language
from render.common.palette import PLAYERS


def seat_colour(seat: int) -> discord.Colour:
    r, g, b = PLAYERS[seat].color
    return discord.Colour.from_rgb(r, g, b)


def lobby_embed(game: Game, lang: Language, note: str | None = None) -> discord.Embed:
    face, rules = face_for(game.kind), rules_for(game.kind)
    seats = "\n".join(
        text.seat_line(s, lang) + (lang._(" (host)") if s.user_id == game.host_id else "")
        for s in game.seats
    )
    players = lang._(
        "**Players ({seated}/{most})**", seated=len(game.seats), most=rules.max_players
    )
    embed = discord.Embed(
        title=lang._("{title} · game {game}", title=face.title, game=game.id),
        description=(note + "\n\n" if note else "") + f"{players}\n{seats}",
        colour=seat_colour(0),
    )
    for name, value in face.option_fields(game.options, lang):
        embed.add_field(name=name, value=value)
    embed.add_field(name=lang._("Turn time"), value=text.minutes(game.turn_timeout, lang))
    if game.thread_id is not None:
        embed.add_field(name=lang._("Played in"), value=f"<#{game.thread_id}>")
    if note is None and game.deadline is not None:
        embed.add_field(name=lang._("Lobby closes"), value=text.deadline(game.deadline))
    if note is None:
        embed.set_footer(
            text=lang._(
                "Join with the button. The host starts with {fewest} to {most} players.",
                fewest=rules.min_players,
                most=rules.max_players,
            )
        )
    return embed


def lobby_view(game: Game, lang: Language, *, bots_allowed: bool = True) -> discord.ui.View:
    rules = rules_for(game.kind)
    view = discord.ui.View(timeout=None)
    for action in LOBBY_BUTTONS:
        disabled = action is LobbyAction.START and len(game.seats) < rules.min_players
        view.add_item(
            LobbyButton(game.kind, game.id, game.version, action, disabled=disabled, lang=lang)
        )
    if bots_allowed and len(game.seats) < rules.max_players:
        view.add_item(BotSelect(game.kind, game.id, game.version, LobbyAction.ADD_BOT, lang=lang))
    if any(s.is_bot for s in game.seats):
        view.add_item(
            BotSelect(
                game.kind, game.id, game.version, LobbyAction.REMOVE_BOT, lobby=game, lang=lang
            )
        )
    return view
