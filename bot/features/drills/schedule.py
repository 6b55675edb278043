"""When a drill comes back: FSRS (the maintained ``fsrs`` package, its default model and a
desired recall of 90%), each answer a review of the drill's card. A wrong answer is rated
``Again``; a right one ``Good``, or ``Hard`` where the player saw the options' costs
before answering; a later game meeting the position as a mistake again is an ``Again``
at that game's end.

The package's same-day steps (a new card asked again after 1 and 10 minutes, a lapsed
one after 10) are left out: drills are asked in daily sessions, with a reminder a day,
so every answer schedules its card in whole days from the model's stability, a wrong one
the next day at the soonest. Its fuzzing is off too: it draws the spread from the
module's own random numbers, where the bot passes randomness in and wants the same
answers to give the same schedule (tests, a replayed history).

Drills from before FSRS stood on a ladder of waits (``LADDER``): ``carried_over`` makes
each one's card from what the ladder kept of it, so that its history counts."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

from fsrs import Card, Rating, Scheduler, State

DAY = 24 * 3600.0
SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
"""FSRS with its default parameters and desired retention (0.9), in whole days, unfuzzed."""
KNOWN = 21.0
"""The stability, in days, from which a drill is known: three weeks after its last answer
its recall is still predicted at 90% (Anki calls such a card mature)."""
LADDER = (1, 3, 7, 21)
"""The days the drills' ladder before FSRS waited after each right answer in a row; one
more right answer after the last wait retired a drill."""


@dataclass(frozen=True)
class Kept:
    """A drill's card as its row keeps it (``schema.drills``)."""

    stability: float | None
    difficulty: float | None
    card_state: int
    card_step: int | None
    reviewed_at: float | None
    due_at: float


def moment(at: float) -> datetime:
    """A time of the bot's clock as the package takes one."""
    return datetime.fromtimestamp(at, UTC)


def new_card(due_at: float) -> Card:
    """A drill never answered, due at ``due_at``."""
    # The card's id is never read: 0 spares the package's own (now, after a sleep).
    return Card(card_id=0, state=State.Learning, step=0, due=moment(due_at))


def card_of(kept: Kept) -> Card:
    """The card a row keeps."""
    return Card(
        card_id=0,
        state=State(kept.card_state),
        step=kept.card_step,
        stability=kept.stability,
        difficulty=kept.difficulty,
        due=moment(kept.due_at),
        last_review=None if kept.reviewed_at is None else moment(kept.reviewed_at),
    )


def kept(card: Card) -> Kept:
    """The card as its row keeps it."""
    reviewed = card.last_review
    return Kept(
        card.stability,
        card.difficulty,
        int(card.state),
        card.step,
        None if reviewed is None else reviewed.timestamp(),
        card.due.timestamp(),
    )


def rating(right: bool, hinted: bool) -> Rating:
    """An answer as a review: wrong, ``Again``; right, ``Good``, or ``Hard`` after the
    options' costs were shown."""
    if not right:
        return Rating.Again
    return Rating.Hard if hinted else Rating.Good


def reviewed(card: Card, rated: Rating, at: float) -> Card:
    """The card after a review rated ``rated`` at ``at``."""
    return SCHEDULER.review_card(card, rated, moment(at))[0]


def answered(kept_card: Kept, rated: Rating, at: float) -> Kept:
    """A kept card after a review rated ``rated`` at ``at``: due the scheduler's whole days
    after ``at`` itself (the card's datetimes keep microseconds, the bot's clock more)."""
    card = reviewed(card_of(kept_card), rated, at)
    assert card.last_review is not None
    wait = (card.due - card.last_review).total_seconds()
    return replace(kept(card), reviewed_at=at, due_at=at + wait)


def met_again(card: Card, met_at: float, now: float) -> Card:
    """The card once a game that ended at ``met_at`` met its position as a mistake again:
    an ``Again`` then (after its last review, where an answer came since), and due at once
    (``now``), as a new drill is."""
    last = card.last_review
    at = met_at if last is None else max(met_at, last.timestamp())
    lapsed = reviewed(card, Rating.Again, at)
    lapsed.due = moment(now)
    return lapsed


def carried_over(rung: int, due_at: float, retired_at: float | None, wrong: bool) -> Card:
    """The card of a drill the ladder kept: ``rung`` right answers in a row (the last at
    ``due_at`` less its wait), or retired at ``retired_at`` after one more; else,
    ``wrong``, a wrong answer the day before ``due_at``, or never answered since it was
    met. Each right answer is taken as given when it was due: the ladder kept only the
    last one's time, and an answer given later than due only makes the card's history
    shorter than it was."""
    if retired_at is not None:
        return _rights(len(LADDER) + 1, retired_at, due_at)
    if rung:
        return _rights(rung, due_at - LADDER[rung - 1] * DAY, due_at)
    if wrong:
        return reviewed(new_card(due_at), Rating.Again, due_at - DAY)
    return new_card(due_at)


def _rights(count: int, last: float, due_at: float) -> Card:
    """A card answered right ``count`` times, the last at ``last``, each after the
    ladder's wait from the one before."""
    card = new_card(due_at)
    for index in range(count):
        card = reviewed(card, Rating.Good, last - sum(LADDER[index : count - 1]) * DAY)
    return card
