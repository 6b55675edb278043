"""``python -m engine.claimit.conformance``: the Claim It! rules-conformance protocol on
stdin/stdout."""

import sys

from engine.claimit.protocol import PROTOCOL

if __name__ == "__main__":
    PROTOCOL.serve(sys.stdin.buffer, sys.stdout)
