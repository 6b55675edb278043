"""A deliberately naive second reading of docs/rules/claim-it.md, on the JSON form (token lists).

It shares no code with the engine, so comparing the two on random games checks
the bitboards against the rulebook's own wording.
"""

from __future__ import annotations

import copy
from itertools import permutations
from typing import Any

THRESHOLD = {2: 13, 3: 9, 4: 7, 5: 6}
State = dict[str, Any]


def legal(state: State, dice: list[int]) -> list[dict[str, Any]]:
    board = state["board"]
    me = f"P{state['turn']}"
    claims_on_board = sum(stack.count("C") for stack in board.values())
    squatters_on_board = {t for stack in board.values() for t in stack if t.startswith("S")}
    found = set()
    for col, row, n in permutations(dice):
        stack = board.get(f"{col},{row}", [])
        if "C" in stack:
            continue
        top = stack[-1] if stack else None
        if top is None or (top.startswith("P") and top != me):
            if f"S{n}" not in squatters_on_board:
                found.add((col, row, f"S{n}"))
        elif claims_on_board < 30:
            found.add((col, row, "C"))
    return [{"col": c, "row": r, "marker": m} for c, r, m in sorted(found)]


def score(state: State) -> tuple[list[dict[str, int]], list[int]]:
    board = state["board"]
    table = []
    for seat in range(state["players"]):
        mine = {name for name, stack in board.items() if stack[-1] == f"P{seat}"}
        claims = sum(1 for name in mine if "C" in board[name])
        largest = 0
        unseen = set(mine)
        while unseen:
            todo = [unseen.pop()]
            size = 0
            while todo:
                col, row = map(int, todo.pop().split(","))
                size += 1
                for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    name = f"{col + dc},{row + dr}"
                    if name in unseen:
                        unseen.remove(name)
                        todo.append(name)
            largest = max(largest, size)
        table.append({"seat": seat, "largest": largest, "claims": claims, "spaces": len(mine)})
    best = max((s["largest"], s["claims"], s["spaces"]) for s in table)
    winners = [s["seat"] for s in table if (s["largest"], s["claims"], s["spaces"]) == best]
    return table, winners


def apply(state: State, action: dict[str, Any]) -> tuple[State, list[dict[str, Any]]]:
    """Applies one legal action (the oracle does not judge illegal ones)."""
    s = copy.deepcopy(state)
    board = s["board"]
    me = f"P{s['turn']}"
    if "roll" in action:
        if legal(s, action["roll"]):
            s["phase"] = "place"
            s["dice"] = list(action["roll"])
            return s, []
        for name in list(board):
            stack = board[name]
            if stack[-1] == "C":
                stack.pop()
            board[name] = [t for t in stack if not t.startswith("S")]
            if not board[name]:
                del board[name]
        return _end_turn(s, {"event": "bust", "seat": s["turn"]}, may_call=False)
    if "place" in action:
        p = action["place"]
        name = f"{p['col']},{p['row']}"
        stack = board.setdefault(name, [])
        if p["marker"] == "C" and s["variant"] and stack and stack[-1].startswith("S"):
            stack.pop()
        stack.append(p["marker"])
        s["phase"] = "roll"
        del s["dice"]
        return s, []
    for name, stack in board.items():
        if stack[-1] == "C":
            board[name] = ["C", me]
        elif stack[-1].startswith("S"):
            board[name] = [me]
    return _end_turn(s, {"event": "stop", "seat": s["turn"]}, may_call=True)


def _end_turn(s: State, ending: dict[str, Any], *, may_call: bool) -> tuple[State, list[Any]]:
    events = [ending]
    n = s["players"]
    me = f"P{s['turn']}"
    if s["last_round"] is not None:
        s["last_round"]["turns_left"] -= 1
        if s["last_round"]["turns_left"] == 0:
            s["phase"] = "over"
            events.append({"event": "game_over", "winners": score(s)[1]})
            return s, events
    elif may_call and sum(1 for st in s["board"].values() if st == ["C", me]) >= THRESHOLD[n]:
        s["last_round"] = {"caller": s["turn"], "turns_left": n}
        events.append({"event": "last_round", "seat": s["turn"]})
    s["turn"] = (s["turn"] + 1) % n
    s["phase"] = "roll"
    return s, events
