"""A child for ``tests/test_forked.py``: says what it is, then exits with the status asked.

python -m tests.forked_probe STATUS
"""

from __future__ import annotations

import json
import os
import signal
import sys

if __name__ == "__main__":
    print(
        json.dumps(
            {
                "argv": sys.argv[1:],
                "folder": os.getcwd(),
                "said": os.environ.get("FORKED_PROBE"),
                "leads_its_session": os.getsid(0) == os.getpid(),
                "sigint": "ignored"
                if signal.getsignal(signal.SIGINT) == signal.SIG_IGN
                else "KeyboardInterrupt"
                if signal.getsignal(signal.SIGINT) is signal.default_int_handler
                else "other",
                "main": __name__,
            }
        ),
        flush=True,
    )
    print("to stderr", file=sys.stderr, flush=True)
    if sys.argv[1] == "wait":
        signal.pause()
    sys.exit(int(sys.argv[1]))
