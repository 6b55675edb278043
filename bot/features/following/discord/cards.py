"""What following a game says: the answer to a follow, the lines above a follower's
direct messages, and a followed game in ``/my games``."""

from __future__ import annotations

from bot.discord_ui.card_layout import Card
from bot.discord_ui.face_drawing import acting
from bot.discord_ui.game_links import game_link
from bot.features.following.discord.controls import UnfollowButton
from bot.features.following.settings import Following
from bot.games import shared_words
from bot.games.escaping import escaped
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.service.errors import slash
from bot.storage import Game, GameStatus
from i18n import Language


def game_name(game: Game) -> str:
    """``Claim It! #4``."""
    return shared_words.game_name(face_for(game.kind).title, game)


def linked_name(game: Game) -> str:
    """The game's name, linking to its table (or result) where it has one."""
    name = game_name(game)
    if game.turn_message_id is None:
        return name
    return f"[{name}]({game_link(game, game.turn_message_id)})"


def has_rounds(game: Game) -> bool:
    """Whether the game has rounds whose ends a follower may hear of."""
    return face_for(game.kind).rounds_over(()) is not None


def followed_card(game: Game, new: bool, following: Following, lang: Language) -> Card:
    """The answer to a follow (``new``: it began now, else it stood), with **Unfollow**:
    when the follower hears of the game, as they chose."""
    name = linked_name(game)
    if not new:
        text = lang._("You follow {game} already.", game=name)
    elif following is Following.ROUNDS and has_rounds(game):
        text = lang._(
            "🔔 You follow {game}: you'll hear of each round's end and of the game's end by "
            "direct message.",
            game=name,
        )
    else:
        text = lang._("🔔 You follow {game}: you'll hear of its end by direct message.", game=name)
        if following is Following.ROUNDS:
            text += " " + lang._(
                "{title} has no rounds, so only its end counts.", title=face_for(game.kind).title
            )
    if new:
        text += "\n" + lang._(
            "/my settings following chooses whether you hear of each round's end too."
        )
    unfollow = UnfollowButton(game.kind, game.id, label=lang._("Unfollow"))
    return Card(title=None, text=text, accent=GOLD, rows=((unfollow,),))


def end_note(game: Game, server: str, lang: Language) -> str:
    """Above the end's direct message: which game, where, and how to watch it again."""
    lines = [
        lang._(
            "🔔 {game}, which you follow, is over: on {server}, in {channel}.",
            game=linked_name(game),
            server=f"**{escaped(server)}**",
            channel=f"<#{game.place_id}>",
        )
    ]
    if game.status is GameStatus.FINISHED:
        lines.append(
            lang._(
                "Watch it again with {replay} {option}:{number}.",
                replay=slash(face_for(game.kind).command, "replay").words(lang),
                option=lang._("game"),
                number=shared_words.number(game),
            )
        )
    return "\n".join(lines)


def closed_headline(game: Game, lang: Language) -> str:
    """The end of a game closed before it was played to its end."""
    return lang._("{game} was closed before its end.", game=game_name(game))


def round_headline(rounds: int, lang: Language) -> str:
    """Over the table once ``rounds`` rounds are over."""
    return lang._("Round {number} is over.", number=rounds)


def round_note(game: Game, server: str, lang: Language) -> str:
    """Above a round's direct message: which game, and where."""
    return lang._(
        "🔔 {game}, which you follow, on {server}, in {channel}:",
        game=linked_name(game),
        server=f"**{escaped(server)}**",
        channel=f"<#{game.place_id}>",
    )


def listed(game: Game, lang: Language, server: str | None) -> str:
    """A followed game in ``/my games``: its name with a link, where (``server``: asked
    in a DM, which lists every server's), and whose turn it is."""
    where = f"<#{game.place_id}>"
    if server is not None:
        where = lang._("{channel} on {server}", channel=where, server=escaped(server))
    movers = [shared_words.seat_line(seat, lang) for seat in acting(game)]
    if not movers:
        return f"**{linked_name(game)}** · {where}"
    state = lang._("{players} to play", players=lang.list(movers))
    return f"**{linked_name(game)}** · {where} · {state}"
