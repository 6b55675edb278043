"""``python -m engine.gold_nuggets.conformance``: the Gold Nuggets rules-conformance protocol
on stdin/stdout."""

import sys

from engine.gold_nuggets.protocol import PROTOCOL

if __name__ == "__main__":
    # A JSON integer is an integer however long; Python's default cap on the
    # digits it parses would turn a valid request into a bad one.
    sys.set_int_max_str_digits(0)
    PROTOCOL.serve(sys.stdin.buffer, sys.stdout)
