"""The drills' schedule (``bot.features.drills.schedule``: FSRS with its default model,
90% retention, whole days, unfuzzed): for a few runs of answers, each given when the
drill comes due, the days until it comes back after each, and its stability; then what
the ladder's drills carry over to.

    .venv/bin/python -m bench.drill_schedule
"""

from __future__ import annotations

from fsrs import Card, Rating

from bot.features.drills import schedule
from bot.features.drills.schedule import DAY, LADDER

START = 1_800_000_000.0
RIGHT, WRONG, HELPED = (
    schedule.rating(True, False),
    schedule.rating(False, False),
    schedule.rating(True, True),
)
RUNS = {
    "right ×6": [RIGHT] * 6,
    "right, right, wrong, right ×3": [RIGHT, RIGHT, WRONG, RIGHT, RIGHT, RIGHT],
    "wrong, right ×5": [WRONG] + [RIGHT] * 5,
    "right after the costs, right ×5": [HELPED] + [RIGHT] * 5,
    "right, right after the costs, right ×4": [RIGHT, HELPED] + [RIGHT] * 4,
}
"""Runs of answers to a new drill: ``Good``, ``Again`` and ``Hard`` as the service rates
them."""
WORDS = {Rating.Good: "right", Rating.Again: "wrong", Rating.Hard: "right after costs"}


def intervals(ratings: list[Rating]) -> list[tuple[Rating, float, float]]:
    """Each answer, given when due: its rating, the days until the drill comes back, and
    the card's stability after it."""
    card = schedule.new_card(START)
    found = []
    for rating in ratings:
        at = card.due.timestamp()
        card = schedule.reviewed(card, rating, at)
        assert card.stability is not None
        found.append((rating, (card.due.timestamp() - at) / DAY, card.stability))
    return found


def carried(card: Card, last: float) -> str:
    """A carried-over card: its stability, and the days from its last answer to its due."""
    assert card.stability is not None
    days = (card.due.timestamp() - last) / DAY
    return f"stability {card.stability:6.1f} days, due {_days(days)} after its last answer"


def _days(days: float) -> str:
    return f"{days:5.0f} {'day' if round(days) == 1 else 'days'}"


def main() -> None:
    print("Days until a drill comes back after each answer (each given when due):")
    for name, ratings in RUNS.items():
        print(f"\n  {name}")
        for rating, days, stability in intervals(ratings):
            print(f"    {WORDS[rating]:18} → {_days(days)}   (stability {stability:7.2f})")
    print(f"\nKnown from a stability of {schedule.KNOWN:.0f} days.")
    print("\nThe ladder's drills carried over (each right answer when it was due):")
    for rung in range(1, len(LADDER) + 1):
        last = START - LADDER[rung - 1] * DAY
        card = schedule.carried_over(rung, START, None, False)
        print(f"  rung {rung} ({rung} right in a row): {carried(card, last)}")
    retired = schedule.carried_over(len(LADDER), START, START, False)
    print(f"  retired:                   {carried(retired, START)}")
    wrong = schedule.carried_over(0, START + DAY, None, True)
    print(f"  answered wrong:            {carried(wrong, START)}")


if __name__ == "__main__":
    main()
