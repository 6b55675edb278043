"""How the bot logs, and what it never logs: interaction tokens.

An interaction's token lets whoever holds it answer as the bot for 15 minutes.
discord.py puts tokens into its DEBUG lines (every gateway event in full, the
URLs of interaction callbacks and webhook routes), so every line is redacted
as it is formatted, tracebacks included.
"""

from __future__ import annotations

import logging
import re

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
REDACTED = "[token]"
_TOKENS = (
    # /interactions/{id}/{token}/callback and /webhooks/{application}/{token}[/messages/…]
    re.compile(r"(/(?:interactions|webhooks)/\d+/)[^/\s'\"?]+"),
    # 'token': '…' in a logged payload (Python's repr, or JSON)
    re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+"""),
)


def redacted(text: str) -> str:
    """``text`` with every interaction token replaced, so that no log line holds one."""
    for pattern in _TOKENS:
        text = pattern.sub(rf"\g<1>{REDACTED}", text)
    return text


class RedactingFormatter(logging.Formatter):
    """A formatter whose every line, tracebacks included, is ``redacted``."""

    def format(self, record: logging.LogRecord) -> str:
        return redacted(super().format(record))


def configure_logging(level: str) -> None:
    """Log lines to standard error at ``level``, with tokens redacted and discord.py's own kept
    to warnings."""
    logging.basicConfig(level=level, format=FORMAT)
    for handler in logging.getLogger().handlers:
        handler.setFormatter(RedactingFormatter(FORMAT))
    if level != "DEBUG":
        # discord.py's own INFO lines (logging in, gateway sessions) are for debugging.
        logging.getLogger("discord").setLevel(logging.WARNING)
