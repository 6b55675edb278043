"""An invitation to a private table as its message reads, and who is invited as the lobby
reads it, in English and German: who invites whom to what with Accept and Decline while it
stands (naming its invitee when pinged), what became of it once answered or over, and
each invitee's answer on the lobby."""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.discord_ui.card_layout import Card, sent
from bot.features.invitations.discord.invitation_card import (
    Short,
    guest_lines,
    invitation_card,
    short_line,
)
from bot.features.invitations.queries import Answer, Invitation
from bot.features.invitations.service import Guests
from bot.storage import Game, GameStatus, Seat
from i18n import english, language
from tests.games.stored import stored
from tests.layouts import sent_body

ANN, BO, CY, DI = 11, 12, 13, 14


def lobby(*seated: Seat) -> Game:
    seats = (Seat(0, ANN, None, "Ann", 0), *seated)
    game = stored("claimit", None, seats, over=False)
    return replace(
        game, number=3, status=GameStatus.LOBBY, host_id=ANN, started_at=None, lobby_message_id=7
    )


def invitation(user: int, name: str, answer: Answer = Answer.ASKED) -> Invitation:
    return Invitation(
        game_id=lobby().id,
        user_id=user,
        name=name,
        invited_by=ANN,
        invited_at=1.0,
        answer=answer,
        by_dm=False,
        channel_id=1,
        message_id=2,
        ended=False,
    )


def labels(card: Card) -> list[str | None]:
    shown = [getattr(item, "item", item) for row in card.rows for item in row]
    return [button.label for button in shown if isinstance(button, discord.ui.Button)]


def test_a_pinged_invitation_names_its_invitee_and_offers_accept_and_decline() -> None:
    game = lobby()
    card = invitation_card(game, invitation(BO, "Bo"), english(), ping=True)
    assert card.text.startswith("✉️ Ann invites you to a private table of [Claim It! #3](")
    assert card.text.endswith("/7): only those invited can join.")
    assert card.note == f"<@{BO}>" and card.pings == (BO,)
    assert labels(card) == ["Accept", "Decline"]
    assert card.footer == "Accept to take a seat. The invitation ends when the game starts."
    mentions = sent(card)["allowed_mentions"].to_dict()
    assert mentions["users"] == [BO] and "users" not in mentions["parse"]
    assert f"<@{BO}>" in str(sent_body(card)["components"])
    direct = invitation_card(game, invitation(BO, "Bo"), english(), ping=False)
    assert direct.note is None and direct.pings == () and labels(direct) == ["Accept", "Decline"]


def test_an_answered_or_ended_invitation_says_so_without_buttons() -> None:
    bo = Seat(1, BO, None, "Bo", 1)
    accepted = invitation_card(
        lobby(bo), invitation(BO, "Bo", Answer.ACCEPTED), english(), ping=True
    )
    assert accepted.text.startswith("✅ Bo accepted Ann's invitation to [Claim It! #3](")
    assert accepted.rows == () and accepted.note == f"<@{BO}>"
    declined = invitation_card(
        lobby(), invitation(CY, "Cy", Answer.DECLINED), english(), ping=False
    )
    assert declined.text.startswith("Cy declined Ann's invitation to [Claim It! #3](")
    assert declined.rows == ()
    started = replace(lobby(bo), status=GameStatus.ACTIVE, started_at=5.0)
    ended = invitation_card(started, invitation(DI, "Di"), english(), ping=True)
    assert ended.text == "🎲 Claim It! #3 has started, so this invitation has ended."
    closed = replace(lobby(), status=GameStatus.CANCELLED)
    gone = invitation_card(closed, invitation(DI, "Di"), english(), ping=False)
    assert gone.text == "Claim It! #3 was closed, so this invitation has ended."
    assert ended.rows == () and gone.rows == ()
    # An answer stands after the lobby's end: a start doesn't overwrite a decline.
    declined_then = invitation_card(
        started, invitation(CY, "Cy", Answer.DECLINED), english(), ping=False
    )
    assert declined_then.text.startswith("Cy declined Ann's invitation to Claim It! #3")
    kept = invitation_card(started, invitation(BO, "Bo", Answer.ACCEPTED), english(), ping=True)
    assert kept.text.startswith("✅ Bo accepted Ann's invitation to Claim It! #3")


def test_an_invitee_below_the_lobbys_reliability_is_told_why_and_offered_no_accept() -> None:
    short = Short(48, 80, new=False)
    card = invitation_card(lobby(), invitation(BO, "Bo"), english(), ping=False, short=short)
    assert labels(card) == ["Decline"]
    assert card.footer == (
        "You can't accept for now: the lobby asks for 80% reliability, and yours is 48%. "
        "Finishing games here raises it."
    )
    game = lobby()
    [line] = guest_lines(game, Guests(True, (invitation(BO, "Bo"),)), {BO: short}, english())
    assert line.value.endswith(
        "Bo: asked, but can't accept: the lobby asks for 80% reliability, and theirs is 48%"
    )
    assert short_line("Bo", short, english()) == (
        "Bo can't accept: the lobby asks for 80% reliability, and theirs is 48%. Finishing "
        "games here raises it."
    )


def test_the_lobby_shows_who_is_invited_and_what_each_said() -> None:
    game = lobby(Seat(1, BO, None, "Bo", 1))
    invited = (
        invitation(BO, "Bo", Answer.ACCEPTED),
        invitation(CY, "Cy", Answer.DECLINED),
        invitation(DI, "Di*"),
        invitation(15, "Ed", Answer.ACCEPTED),
    )
    [line] = guest_lines(game, Guests(True, invited), {}, english())
    assert line.name == "Invited"
    assert line.value == (
        "🔒 Private: only those invited can join.\n"
        "Bo: joined · Cy: declined · Di\\*: asked · Ed: left again"
    )
    [alone] = guest_lines(game, Guests(True, ()), {}, english())
    assert alone.value == "🔒 Private: only those invited can join.\nnobody yet"
    [opened] = guest_lines(game, Guests(False, invited[:1]), {}, english())
    assert opened.value == "Bo: joined"
    assert guest_lines(game, Guests(False, ()), {}, english()) == ()


def test_in_german() -> None:
    de = language("de")
    card = invitation_card(lobby(), invitation(BO, "Bo"), de, ping=True)
    assert card.text.startswith("✉️ Ann lädt dich an einen privaten Tisch von [Claim It! #3](")
    assert card.text.endswith(": Nur Eingeladene können beitreten.")
    assert labels(card) == ["Annehmen", "Ablehnen"]
    game = lobby(Seat(1, BO, None, "Bo", 1))
    invited = (invitation(BO, "Bo", Answer.ACCEPTED), invitation(CY, "Cy", Answer.DECLINED))
    [line] = guest_lines(game, Guests(True, invited), {}, de)
    assert line.name == "Eingeladen"
    assert line.value == ("🔒 Privat: Nur Eingeladene können beitreten.\nBo: dabei · Cy: abgelehnt")
    started = replace(game, status=GameStatus.ACTIVE, started_at=5.0)
    ended = invitation_card(started, invitation(CY, "Cy"), de, ping=False)
    assert ended.text == "🎲 Claim It! #3 hat begonnen, damit ist diese Einladung vorbei."
