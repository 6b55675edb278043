"""A picture sent is freed with its message, not left to the cyclic collector."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest
from discord.http import handle_message_parameters

from bot.discord_ui.card_layout import Card, Image
from tests.layouts import galleries


@pytest.fixture
def no_cyclic_collection() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@pytest.mark.usefixtures("no_cyclic_collection")
def test_a_pictures_buffer_is_freed_once_discord_py_has_sent_it() -> None:
    upload = Image(b"\x89PNG" + bytes(64_000), "The board.").file()
    buffer = weakref.ref(upload.fp)
    # discord.py's own way with a message's files: read them for the request, then close
    # them once it is sent.
    with handle_message_parameters(files=[upload]) as sending:
        assert sending.files is not None
        sending.files[0].reset()
        assert sending.files[0].fp.read()[:4] == b"\x89PNG"
        sending.files[0].fp.close()  # aiohttp closes what it uploaded: kept open for a retry
        sending.files[0].reset()
    del sending, upload
    assert buffer() is None, "the picture's buffer is held in a reference cycle"


def test_a_cards_two_pictures_are_two_files_whatever_their_names() -> None:
    """A gallery finds its picture by file name: a lower part's picture named as the upper
    one's would show the upper one twice."""
    table, hand = Image(b"table", "The table."), Image(b"hand", "Your hand.")
    card = Card(title=None, text="", image=table, below=Card(title=None, text="", image=hand))
    files = card.files()
    names = [file.filename for file in files]
    assert len(set(names)) == 2 and [file.fp.read() for file in files] == [b"table", b"hand"]
    assert galleries(card) == [f"attachment://{name}" for name in names]
