"""Whether an end-to-end run's figures are a result: a run whose clicks went unanswered
(or were answered after Discord's 3 s, or whose games had to be started again, or whose
players' waits ran out) did less than it was asked, and its CPU per action is the cost
of that lesser work, not of the workload (``starvation``). Against the floor, a side
whose requests per action are far from the other's is doing other work (answers put off
and followed up, say) and the two are not compared either (``lopsided``, ``verdict``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from bench.discord_requests import KindRequests

COMPARED = ("posts", "edits", "deletes", "answers", "answer edits", "follow-ups")
"""The requests the bot and the floor are compared by (``discord_requests``' names)."""
LOPSIDED = 1.5
"""How many times the other side's requests of one kind per action one side may make
before the two runs did different work."""
NOTICEABLE = 0.05
"""Requests of one kind per action below which neither side's figure is looked at: a
few requests in a short run (0.01 against 0.03 per action) differ by chance."""


def starvation(unanswered: int, late: int, restarts: int, waits_ran_out: int) -> list[str]:
    """What went without an answer in a run, in words; none for a run that answered
    everything in time."""
    found = []
    for count, one, many in (
        (unanswered, "click unanswered", "clicks unanswered"),
        (
            late,
            "interaction answered after Discord's 3 s",
            "interactions answered after Discord's 3 s",
        ),
        (restarts, "game started again for want of an answer", "games started again"),
        (waits_ran_out, "wait ran out", "waits ran out"),
    ):
        if count:
            found.append(f"{count} {one if count == 1 else many}")
    return found


def per_action(requests: KindRequests, what: str) -> float:
    return requests.counts[what] / requests.moves


def side_by_side(
    ours: Mapping[str, KindRequests], theirs: Mapping[str, KindRequests]
) -> Iterator[tuple[str, KindRequests, KindRequests]]:
    """The game kinds both sides played an action of, with each side's requests."""
    for kind, mine in ours.items():
        other = theirs.get(kind)
        if other is not None and mine.moves and other.moves:
            yield kind, mine, other


def lopsided(
    ours: Mapping[str, KindRequests], theirs: Mapping[str, KindRequests], who: str = "the bot"
) -> list[str]:
    """Per game kind and request, where one side made more than ``LOPSIDED`` times the
    other's per action (``ours`` are ``who``'s, ``theirs`` the floor's)."""
    found = []
    for kind, mine, other in side_by_side(ours, theirs):
        for what in COMPARED:
            a, b = per_action(mine, what), per_action(other, what)
            if max(a, b) >= NOTICEABLE and max(a, b) > LOPSIDED * min(a, b):
                found.append(f"{kind} {what} {a:.2f} {who}, {b:.2f} the floor")
    return found


def verdict(bot: list[str], floor: list[str], requests: list[str]) -> str | None:
    """Why the bot's run and the floor's are not to be compared (their ``starvation``,
    their ``lopsided`` requests), or None when they are."""
    reasons = []
    if bot:
        reasons.append(f"the bot's run was starved ({', '.join(bot)})")
    if floor:
        reasons.append(f"the floor's run was starved ({', '.join(floor)})")
    if requests:
        reasons.append(
            f"their requests per action differ by more than {LOPSIDED:g}× ({'; '.join(requests)})"
        )
    return f"not a result: {'; '.join(reasons)}" if reasons else None
