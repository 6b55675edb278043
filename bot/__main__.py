"""Entry point of the ``claimit`` console script and ``python -m bot``."""

import sys


def main() -> int:
    print(
        "claimit: the Discord bot is not built yet. This version holds the Claim It! "
        "rules engine (engine/) only; the bot that DISCORD_TOKEN will start arrives with "
        "the storage, service and Discord layers.",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
