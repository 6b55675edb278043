"""Private messages (hands) of games with secrets."""
