"""``voice:true``'s guest list: everyone else in the host's voice channel, in the order
they joined it, as many as a table may invite; refused, making nothing, where it was not
typed in the chat of the host's voice channel or nobody else is there."""

from __future__ import annotations

import pytest

from bot.features.invitations.discord.lobby_options import VoiceRoom, guests_asked
from bot.features.invitations.errors import HostNotInVoice, NobodyElseInVoice, NotInVoiceChat
from bot.features.invitations.service import MOST_INVITATIONS, Guestlist, Invitee

FRIENDS = tuple(Invitee(10 + n, f"Friend {n}", False, True) for n in range(12))


def asked(room: VoiceRoom | None, *, private: bool | None = None) -> Guestlist:
    (guests,) = guests_asked({"invite": None, "private": private, "voice": room})
    assert isinstance(guests, Guestlist)
    return guests


def test_everyone_else_in_voice_is_invited_up_to_a_tables_most() -> None:
    guests = asked(VoiceRoom(True, True, True, FRIENDS[:4]))
    assert guests == Guestlist(True, FRIENDS[:4])
    crowded = asked(VoiceRoom(True, True, True, FRIENDS))
    assert crowded.invited == FRIENDS[:MOST_INVITATIONS]


def test_voice_false_or_left_out_asks_nothing_of_voice() -> None:
    assert asked(None) == Guestlist(False, ())
    assert asked(VoiceRoom(False, False, False), private=True) == Guestlist(True, ())


@pytest.mark.parametrize(
    ("room", "refusal"),
    [
        (VoiceRoom(True, False, False), NotInVoiceChat),
        (VoiceRoom(True, True, False, FRIENDS[:2]), HostNotInVoice),
        (VoiceRoom(True, True, True, ()), NobodyElseInVoice),
    ],
)
def test_voice_is_refused_outside_the_hosts_voice_channel_or_alone(
    room: VoiceRoom, refusal: type[Exception]
) -> None:
    with pytest.raises(refusal):
        asked(room)
