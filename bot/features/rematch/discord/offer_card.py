"""A rematch offer as its message shows it, in the game's language."""

from __future__ import annotations

from bot.discord_ui.card_layout import Card, Rows, answer_line
from bot.discord_ui.game_links import game_link
from bot.features.rematch.discord.controls import RematchReply, Reply
from bot.features.rematch.service import Rematch, plays_again
from bot.features.rematch.states import RematchState
from bot.games import shared_words
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.games.registry import rules_for
from i18n import Language


def offer_card(rematch: Rematch, lang: Language, *, ping: bool = False) -> Card:
    """The offer in ``lang``: who asked, each player's answer, when it lapses and its
    buttons while it stands; once it ended, how. ``ping``: as first posted, naming the
    players yet to answer above it (which notifies them once, as it is posted)."""
    game, offer = rematch.game, rematch.offer
    title = shared_words.game_name(face_for(game.kind).title, game)
    names = {s.user_id: shared_words.seat_name(s, lang) for s in game.seats if s.user_id}
    said = [
        answer_line(
            names[user], offer.answers.get(user), lang._("yes"), lang._("no"), lang._("not yet")
        )
        for user in rematch.players
    ]
    heading = lang._(
        "🔁 {player} wants a rematch of {game}: {yes} of {all} said yes.",
        player=names[offer.offered_by],
        game=title,
        yes=len(offer.accepted),
        all=len(rematch.players),
    )
    rows: Rows = ()
    if rematch.started is not None:
        new = rematch.started
        name = shared_words.game_name(face_for(new.kind).title, new)
        words = lang._("🔁 The rematch of {game} has started: {new}.", game=title, new=name)
        if new.turn_message_id is not None:
            link = game_link(new, new.turn_message_id)
            words = lang._(
                "🔁 The rematch of {game} has started: [{new}]({link}).",
                game=title,
                new=name,
                link=link,
            )
    elif offer.state is RematchState.LAPSED:
        words = heading + "\n" + lang._("Nobody started it in time, so the offer lapsed.")
    elif offer.state is RematchState.DECLINED:
        words = heading + "\n" + lang._("Too many said no, so there is no rematch.")
    else:
        computers = any(seat.is_bot and plays_again(seat, rematch.players) for seat in game.seats)
        when = shared_words.deadline(offer.expires_at)
        if computers:
            then = lang._(
                "The offer lapses {when}. Whoever says yes plays again, with the same "
                "computer players; the host can start once enough have.",
                when=when,
            )
        else:
            then = lang._(
                "The offer lapses {when}. Whoever says yes plays again; the host can start "
                "once enough have.",
                when=when,
            )
        words = heading + "\n" + then
        rows = (
            (
                RematchReply(game.kind, game.id, Reply.YES, label=lang._("Yes, again")),
                RematchReply(game.kind, game.id, Reply.NO, label=lang._("No, thanks")),
                RematchReply(game.kind, game.id, Reply.START, label=lang._("Start now")),
            ),
        )
    fewest = rules_for(game.kind).min_players
    asked = (
        () if not (ping and rows) else tuple(u for u in rematch.players if u not in offer.answers)
    )
    return Card(
        title=None,
        text=words,
        accent=GOLD,
        lines=tuple(said) if rematch.started is None else (),
        footer=lang.ngettext(
            "A rematch needs at least {n} player, counting computer players.",
            "A rematch needs at least {n} players, counting computer players.",
            fewest,
        )
        if rows
        else None,
        rows=rows,
        note=" ".join(f"<@{user}>" for user in asked) or None,
        pings=asked,
    )
