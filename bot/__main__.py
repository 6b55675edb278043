"""Entry point of the ``claimit`` console script and ``python -m bot``: the command
(``bot.command_line``), in an interpreter that keeps no docstrings
(``bot.optimized_interpreter``). The command is imported only once the process runs
optimized: imported first, the whole bot would be loaded twice."""

from __future__ import annotations

import sys

from bot.optimized_interpreter import run_optimized


def main(argv: list[str] | None = None) -> int:
    """``claimit``: the exit status of the command. Run as a program (no ``argv``), it runs
    itself again optimized first."""
    if argv is None:
        run_optimized()
    from bot.command_line import main as command

    return command(argv)


if __name__ == "__main__":
    sys.exit(main())
