"""The picture process's own side: what runs in each of the bot's picture processes
(``bot.games.painters`` starts them and speaks to them).

A picture process is a plain command (``BOOT``), handed a socket to the bot and a pipe
whose other end only the bot's process holds. Each message is a picture: its number,
then the function and its arguments, pickled. Each answer is the number, whether it was
made, the bytes (or the error) and the CPU seconds the making took, which the bot adds
up to decide how many processes it needs.

It imports nothing of the bot's but this module and ``free_memory`` (no event loop, no
metrics): each picture's function, as it is unpickled, brings in the drawing code it
needs, so that a process holds only what the games it draws use.
"""

from __future__ import annotations

import os
import pickle
import signal
import socket
import struct
import threading
import time
from collections.abc import Iterator
from typing import Final

from bot.games.free_memory import HeapTrim

LENGTH: Final = struct.Struct("!i")
"""A message's length, before it (either way)."""
NUMBER: Final = struct.Struct("!q")
"""A picture's number, before what it asks (pickled): a request the process can't load is
still answered, with the error."""
BOOT: Final = (
    "import sys; from bot.games.picture_process import serve; serve(*map(int, sys.argv[1:]))"
)
"""A picture process's start: ``serve`` of the socket and the pipe it is given."""


def serve(socket_fd: int, watched: int) -> None:
    """The picture process: answers each picture asked of it, in order, until the bot
    closes its end of the socket (``socket_fd``), or its process ends (``watched``, a
    pipe whose other end only the bot's process holds, is closed)."""
    # A stop's signal reaches the whole process group (Ctrl-C, systemd, the tests):
    # the bot stops its picture processes itself once it has no more pictures to make.
    # Should the bot be killed, they end with it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    threading.Thread(
        target=_end_with_the_bot, args=(watched,), name="end with the bot", daemon=True
    ).start()
    bot = socket.socket(fileno=socket_fd)
    heap = HeapTrim()
    for asked in _messages(bot):
        (number,) = NUMBER.unpack_from(asked)
        answer = pickle.dumps((number, *_made(asked[NUMBER.size :])), pickle.HIGHEST_PROTOCOL)
        bot.sendall(LENGTH.pack(len(answer)) + answer)
        # Once the answer is on its way: its asker does not wait for the trim.
        heap.due()


def _messages(bot: socket.socket) -> Iterator[memoryview]:
    """Each message the bot writes, until it closes its end."""
    reading = bot.makefile("rb")
    while len(head := reading.read(LENGTH.size)) == LENGTH.size:
        (length,) = LENGTH.unpack(head)
        message = reading.read(length)
        if len(message) < length:
            return  # its end closed midway: the bot is gone
        yield memoryview(message)


def ready() -> None:
    """Nothing: asked once of each process, so that it is up before the first picture (a
    function of this module's, which the process has imported already)."""


def pictures_made() -> tuple[int, int, int, int]:
    """The pictures this process encoded, those the same as their album's last, and their
    bands taken as drawn before and drawn (``render.common.png.Albums``)."""
    # Imported here, not above: the bot's process imports this module for the protocol,
    # and needs Pillow only when it draws in threads of its own.
    from render.common.png import ALBUMS

    return ALBUMS.pictures, ALBUMS.again, ALBUMS.found, ALBUMS.missed


def _made(asked: memoryview) -> tuple[bool, object, float]:
    """What was asked, made: whether it was, its value (or error), and the CPU seconds the
    making took (not the loading, which the first of a kind spends importing its code)."""
    try:
        function, args, kwargs = pickle.loads(asked)
    except Exception as error:
        return False, _sendable(error), 0.0
    started = time.thread_time()
    try:
        return True, function(*args, **kwargs), time.thread_time() - started
    except Exception as error:
        return False, _sendable(error), time.thread_time() - started


def _sendable(error: Exception) -> Exception:
    """The error as it can go back to the bot (its own, if it survives pickling)."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def _end_with_the_bot(watched: int) -> None:
    """Ends this process once the bot's process has ended, however it ended (killed
    while this one draws, its socket's end would not be read)."""
    while os.read(watched, 1):
        pass
    os._exit(0)
