#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine, then runs it on
# half again as many workers as the machine has cores.
#   bash scripts/test.sh [pytest arguments]
# Debian packages (with apt-get, as root or through sudo): chromium-headless-shell for the
# sandbox's browser tests (the page brings its own emoji font), postgresql for the tests that
# run on PostgreSQL (they start a throwaway cluster of their own with its initdb and
# pg_ctl; nothing else of the package is used). The Python packages go into .venv.
# The disk tests mount a small tmpfs, which needs root or password-less sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends \
        "${missing[@]}"
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
# Installing builds the board's page too (setup.py: npm ci and esbuild, on the Node.js pip
# installs for it).
.venv/bin/pip install --quiet --disable-pip-version-check -e '.[test]'

# The suite starts hundreds of Python processes (its workers, bot and shard processes,
# picture processes, the sandbox) that import the same modules: without their bytecode
# kept (in __pycache__, which git ignores) each compiles them anew, a fifth of the CPU of
# the tests that start processes. An environment may forbid keeping it (Docker images
# often set PYTHONDONTWRITEBYTECODE); for the tests' run it is allowed.
unset PYTHONDONTWRITEBYTECODE

# Half again as many workers as cores (pytest-xdist): the end-to-end tests spend much
# of their time waiting on sockets, other processes and a browser, so on 2 cores two
# workers kept the CPU 60% busy. With three, a run's 2 cores were busy 83% of it (1,070 s
# of CPU in 640 s), yet a fourth worker made the suite slower (11:02 against 10:40, each
# in a fresh clone): the rest is waiting that more workers only crowd.
# Later arguments win, so -n0 runs in one process.
cores=$(nproc)
exec .venv/bin/pytest -n $((cores + (cores + 1) / 2)) --dist worksteal "$@"
