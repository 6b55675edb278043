"""Each invitation reaches its invitee once across a kill of the bot as it is posted,
on the core's scenes of kills (``tests/e2e/test_owed_message_kills.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from emulator import Message
from tests.e2e.test_owed_message_kills import POST, WHEN, scene
from tests.e2e.world import describe

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.long(seconds=3)]


@pytest.mark.parametrize("when", WHEN)
async def test_every_invitation_reaches_its_invitee_once(tmp_path: Path, when: str) -> None:
    async with scene(tmp_path) as here:
        await here.start()
        lobby = (await here.command("Ann", "claimit new", private=True)).response_message
        assert lobby is not None
        invitees = ["Bo", "Cy", "Di", "Ed"]
        here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.emulator.select_users(
            here.people["Ann"], lobby, "Invite players…", [here.people[n] for n in invitees]
        )
        await here.killed_and_back()

        def asked(name: str) -> list[Message]:
            mention = f"<@{here.people[name].id}>"
            return [m for m in here.channel.messages if mention in describe(m)]

        await here.bot.logged("posting again what a stopped process left unrecorded")
        await here.all_sent("invitation:", len(invitees))
        assert [len(asked(name)) for name in invitees] == [1, 1, 1, 1]
