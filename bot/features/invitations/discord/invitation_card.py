"""An invitation as its message shows it, and who is invited as the lobby shows it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.discord_ui.card_layout import Card, Line
from bot.discord_ui.game_links import game_link
from bot.features.invitations.discord.controls import Reply, ReplyButton
from bot.features.invitations.queries import Answer, Invitation
from bot.features.invitations.service import Guests
from bot.games import shared_words
from bot.games.escaping import escaped
from bot.games.face import GOLD
from bot.games.faces import face_for
from bot.storage import Game, GameStatus
from i18n import Language


@dataclass(frozen=True)
class Short:
    """An invitee whose reliability is below what the lobby asks: they can't accept."""

    percent: int
    minimum: int
    new: bool
    """No game of theirs has ended yet (their percent is the one a newcomer counts as)."""


def short_words(short: Short, lang: Language, *, yours: bool = False) -> str:
    """Why they can't take a seat, in a phrase (``yours``: told to the invitee)."""
    values = {
        "minimum": lang.percent(short.minimum / 100, 0),
        "percent": lang.percent(short.percent / 100, 0),
    }
    if short.new and yours:
        return lang._(
            "the lobby asks for {minimum} reliability, and no game of yours has ended yet, "
            "which counts as {percent}",
            **values,
        )
    if short.new:
        return lang._(
            "the lobby asks for {minimum} reliability, and no game of theirs has ended yet, "
            "which counts as {percent}",
            **values,
        )
    if yours:
        return lang._("the lobby asks for {minimum} reliability, and yours is {percent}", **values)
    return lang._("the lobby asks for {minimum} reliability, and theirs is {percent}", **values)


def short_line(name: str, short: Short, lang: Language) -> str:
    """The host's word that an invitee can't accept."""
    return lang._(
        "{player} can't accept: {why}. Finishing games here raises it.",
        player=escaped(name),
        why=short_words(short, lang),
    )


def invitation_card(
    game: Game,
    invitation: Invitation,
    lang: Language,
    *,
    ping: bool,
    short: Short | None = None,
    private: bool = True,
) -> Card:
    """The invitation in ``lang``: while the lobby is open and it is unanswered, who
    invites whom to what, with **Accept** and **Decline** (only **Decline**, saying why,
    when their reliability is ``short`` of the lobby's minimum); once answered or over,
    what became of it, an answer kept after the lobby's end. ``ping``: posted where the
    table is, naming its invitee above (which notifies them once, as it is posted);
    ``private``: only those invited may join (else the table was opened to all since)."""
    note = f"<@{invitation.user_id}>" if ping else None
    pings = (invitation.user_id,) if ping else ()
    title = shared_words.game_name(face_for(game.kind).title, game)
    if game.lobby_message_id is not None and game.status is GameStatus.LOBBY:
        title = f"[{title}]({game_link(game, game.lobby_message_id, game.channel_id)})"
    inviter = game.seat_of(invitation.invited_by)
    host = escaped(inviter.display_name) if inviter is not None else lang._("the host")
    over = _what_became(game, invitation, host, title, lang)
    if over is not None:
        return Card(title=None, text=over, accent=GOLD, note=note, pings=pings)
    if private:
        text = lang._(
            "✉️ {host} invites you to a private table of {game}: only those invited can join.",
            host=host,
            game=title,
        )
    else:
        text = lang._("✉️ {host} invites you to {game}.", host=host, game=title)
    decline = ReplyButton(game.kind, game.id, Reply.DECLINE, label=lang._("Decline"))
    if short is not None:
        footer = lang._(
            "You can't accept for now: {why}. Finishing games here raises it.",
            why=short_words(short, lang, yours=True),
        )
        rows: tuple[tuple[ReplyButton, ...], ...] = ((decline,),)
    else:
        footer = lang._("Accept to take a seat. The invitation ends when the game starts.")
        accept = ReplyButton(game.kind, game.id, Reply.ACCEPT, label=lang._("Accept"))
        rows = ((accept, decline),)
    return Card(
        title=None, text=text, accent=GOLD, footer=footer, rows=rows, note=note, pings=pings
    )


def _what_became(
    game: Game, invitation: Invitation, host: str, title: str, lang: Language
) -> str | None:
    """What became of the invitation once answered, or once its lobby started or closed;
    ``None`` while it waits for an answer."""
    invitee = escaped(invitation.name)
    if invitation.answer is Answer.DECLINED:
        return lang._(
            "{player} declined {host}'s invitation to {game}.",
            player=invitee,
            host=host,
            game=title,
        )
    if game.seat_of(invitation.user_id) is not None:
        return lang._(
            "✅ {player} accepted {host}'s invitation to {game}.",
            player=invitee,
            host=host,
            game=title,
        )
    if game.status is GameStatus.LOBBY:
        return None
    if game.started_at is not None:
        return lang._("🎲 {game} has started, so this invitation has ended.", game=title)
    return lang._("{game} was closed, so this invitation has ended.", game=title)


def guest_lines(
    game: Game, guests: Guests, short: dict[int, Short], lang: Language
) -> tuple[Line, ...]:
    """The lobby's field of who is invited, and what each said, and who can't accept for
    their reliability (none at a table that is open and invited nobody)."""
    if not guests.private and not guests.invitations:
        return ()
    said = []
    for invitation in guests.invitations:
        if game.seat_of(invitation.user_id) is not None:
            state = lang._("joined")
        elif invitation.answer is Answer.DECLINED:
            state = lang._("declined")
        elif invitation.user_id in short:
            state = lang._(
                "asked, but can't accept: {why}", why=short_words(short[invitation.user_id], lang)
            )
        elif invitation.answer is Answer.ACCEPTED:
            state = lang._("left again")
        else:
            state = lang._("asked")
        said.append(lang._("{player}: {state}", player=escaped(invitation.name), state=state))
    listed = " · ".join(said) if said else lang._("nobody yet")
    if guests.private:
        listed = lang._("🔒 Private: only those invited can join.") + "\n" + listed
    return (Line(lang._("Invited"), listed),)
