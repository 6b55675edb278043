"""The picture process's own side: what runs in each of the bot's picture processes
(``bot.games.painters`` starts them and speaks to them).

A picture process is a plain command (``BOOT``), handed a socket to the bot and a pipe
whose other end only the bot's process holds. Each message is a picture: its number,
then the function and its arguments, pickled. Each answer is the number, whether it was
made, the bytes (or the error) and the CPU seconds the making took, which the bot adds
up to decide how many processes it needs.
"""

from __future__ import annotations

import multiprocessing.connection
import os
import pickle
import signal
import struct
import threading
import time
from typing import Final

from bot.games.free_memory import HeapTrim

LENGTH: Final = struct.Struct("!i")
"""A message's length before it, as ``multiprocessing.connection`` frames them (the
process's end reads and writes with it)."""
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
    pipe = multiprocessing.connection.Connection(socket_fd)
    heap = HeapTrim()
    while True:
        try:
            asked = memoryview(pipe.recv_bytes())
        except EOFError:
            return
        (number,) = NUMBER.unpack_from(asked)
        answer = (number, *_made(asked[NUMBER.size :]))
        pipe.send_bytes(pickle.dumps(answer, pickle.HIGHEST_PROTOCOL))
        # Once the answer is on its way: its asker does not wait for the trim.
        heap.due()


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
