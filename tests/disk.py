"""A tiny disk of the test's own (a tmpfs), to fill up or make read-only for real.

Mounting needs root (as in CI) or password-less sudo; without either the test
fails and says so: a simulated full disk would not show what SQLite does on a
real one.
"""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path


def _run(*command: str) -> None:
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    done = subprocess.run([*prefix, *command], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(
            f"{' '.join(command)} failed ({done.stderr.strip()}): the disk tests mount a "
            "tmpfs, which needs root or password-less sudo"
        )


class TinyDisk:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._filler = path / "filler"

    def fill(self) -> None:
        """Takes every free byte, so the next write that needs space fails (ENOSPC)."""
        chunk = b"\0" * 4096
        with open(self._filler, "ab", buffering=0) as filler:
            while True:
                try:
                    filler.write(chunk)
                except OSError as e:
                    if e.errno != errno.ENOSPC:
                        raise
                    break
        assert os.statvfs(self.path).f_bavail == 0

    def free(self) -> None:
        self._filler.unlink()

    def read_only(self) -> None:
        _run("mount", "-o", "remount,ro", str(self.path))


@contextlib.contextmanager
def tiny_disk(folder: Path, size: str = "2m") -> Iterator[TinyDisk]:
    folder.mkdir(parents=True, exist_ok=True)
    _run("mount", "-t", "tmpfs", "-o", f"size={size},mode=0777", "tmpfs", str(folder))
    try:
        yield TinyDisk(folder)
    finally:
        _run("umount", "-l", str(folder))
