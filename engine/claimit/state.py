"""The position of a game of Claim It!, immutable and valid by construction.

The public constructor checks everything and raises ``InvalidState`` naming the
problem. The rules derive new positions through ``GameState.mid_turn`` and
``next_turn``, which skip the checks because every rule keeps the invariants (the
property tests hold them to it).

The board is held as bitboards (see ``board``): ``owners[seat]`` is the set of
spaces with that seat's marker anywhere in the stack, ``claimed`` the settled
claims (``C`` under a player marker), ``claims_this_turn`` the claim markers on
top of stacks, ``squatter_mask`` the squatters' spaces and ``squatters[n]`` the
space index of squatter ``n`` (or -1; index 0 is unused).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple

from engine.claimit.actions import Placement
from engine.claimit.board import SPACES, Space, indices, on_board
from engine.claimit.dice import Dice, candidates, check_dice
from engine.claimit.errors import BadDice, InvalidState, WrongPhase
from engine.claimit.stacks import Contents, read_stack, write_stack
from engine.errors import check_whole_number
from engine.unchecked import fill, unchecked

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
CLAIM_MARKERS: Final = 30
LAST_ROUND_THRESHOLD: Final = {2: 13, 3: 9, 4: 7, 5: 6}
"""Claimed spaces a player must hold after a stop to call the last round."""

NO_SQUATTERS: Final = (-1,) * 7


class Phase(StrEnum):
    ROLL = "roll"
    """The player to move must roll, or may stop once something was placed this turn."""
    PLACE = "place"
    """The player to move must place one marker from the pending roll."""
    OVER = "over"


class LastRound(NamedTuple):
    caller: int
    turns_left: int
    """Turns still to play, counting the one in progress; 0 once the game is over."""


@dataclass(frozen=True, slots=True, init=False, repr=False)
class GameState:
    players: int
    variant: bool
    turn: int
    phase: Phase
    last_round: LastRound | None
    dice: Dice | None
    owners: tuple[int, ...]
    claimed: int
    claims_this_turn: int
    squatters: tuple[int, ...]
    squatter_mask: int

    def __init__(
        self,
        players: int,
        *,
        board: Mapping[tuple[int, int], Sequence[str]] | None = None,
        turn: int = 0,
        phase: Phase | str = Phase.ROLL,
        variant: bool = False,
        last_round: tuple[int, int] | None = None,
        dice: Sequence[int] | None = None,
    ) -> None:
        check_whole_number("players", players, MIN_PLAYERS, MAX_PLAYERS)
        if type(variant) is not bool:
            raise InvalidState(f"variant must be true or false, not {variant!r}")
        check_whole_number("turn", turn, 0, players - 1)
        if phase not in tuple(Phase):
            raise InvalidState(f"phase must be one of roll, place, over, not {phase!r}")
        phase = Phase(phase)
        checked_last_round = _check_last_round(last_round, players, phase)

        owners = [0] * players
        claimed = claims_this_turn = squatter_mask = 0
        squatters = list(NO_SQUATTERS)
        for key, tokens in (board or {}).items():
            space = _check_space(key)
            contents = read_stack(space, tokens, players=players, turn=turn, variant=variant)
            if phase is Phase.OVER and contents.placed_this_turn:
                raise InvalidState(
                    f"space {space} holds {list(tokens)}: squatters and claim markers on top "
                    "are this turn's, and no turn is in progress once the game is over"
                )
            bit = space.bit
            if contents.owner >= 0:
                owners[contents.owner] |= bit
            if contents.claimed:
                claimed |= bit
            if contents.claim_this_turn:
                claims_this_turn |= bit
            if contents.squatter:
                n = contents.squatter
                if squatters[n] >= 0:
                    raise InvalidState(
                        f"squatter S{n} is on both {SPACES[squatters[n]]} and {space}; "
                        "there is one squatter of each number"
                    )
                squatters[n] = space.bit_index
                squatter_mask |= bit
        on_board_claims = (claimed | claims_this_turn).bit_count()
        if on_board_claims > CLAIM_MARKERS:
            raise InvalidState(
                f"{on_board_claims} claim markers on the board, but the game has {CLAIM_MARKERS}"
            )
        pending: Dice | None = None
        if phase is Phase.PLACE:
            try:
                pending = check_dice(dice if isinstance(dice, tuple | list) else ())
            except BadDice as e:
                raise InvalidState(f"in phase place the state needs the rolled dice: {e}") from None

        fill(
            self,
            players,
            variant,
            turn,
            phase,
            checked_last_round,
            pending,
            tuple(owners),
            claimed,
            claims_this_turn,
            tuple(squatters),
            squatter_mask,
        )
        if phase is Phase.PLACE and not self.pending_placements():
            raise InvalidState(
                f"the roll {pending} has no legal placement here: "
                "it would have busted, not left a placement to make"
            )

    @classmethod
    def new(cls, players: int, *, first: int = 0, variant: bool = False) -> GameState:
        """An empty board with seat ``first`` to roll."""
        return cls(players, turn=first, variant=variant)

    def mid_turn(
        self,
        dice: Dice | None,
        claims_this_turn: int,
        squatters: tuple[int, ...],
        squatter_mask: int,
    ) -> GameState:
        """This turn further on: its marks, and the roll waiting for a placement (``dice``)
        or none; the rest as it was."""
        phase = Phase.ROLL if dice is None else Phase.PLACE
        return unchecked(
            GameState,
            self.players,
            self.variant,
            self.turn,
            phase,
            self.last_round,
            dice,
            self.owners,
            self.claimed,
            claims_this_turn,
            squatters,
            squatter_mask,
        )

    def next_turn(
        self,
        turn: int,
        phase: Phase,
        last_round: LastRound | None,
        owners: tuple[int, ...],
        claimed: int,
    ) -> GameState:
        """The position after a turn's end: nothing of that turn is left on top of a stack."""
        return unchecked(
            GameState,
            self.players,
            self.variant,
            turn,
            phase,
            last_round,
            None,
            owners,
            claimed,
            0,
            NO_SQUATTERS,
            0,
        )

    def __repr__(self) -> str:
        board = {str(space): list(stack) for space, stack in self.board().items()}
        return (
            f"GameState({self.players}, board={board}, turn={self.turn}, "
            f"phase={self.phase.value!r}, variant={self.variant}, "
            f"last_round={self.last_round}, dice={self.dice})"
        )

    def contents(self, space: Space) -> Contents:
        bit = space.bit
        owner = next((seat for seat, mask in enumerate(self.owners) if mask & bit), -1)
        squatter = self.squatters.index(space.bit_index) if bit & self.squatter_mask else 0
        return Contents(
            owner, bool(self.claimed & bit), squatter, bool(self.claims_this_turn & bit)
        )

    def stack(self, space: Space) -> tuple[str, ...]:
        """The markers on a space, bottom to top."""
        return write_stack(self.contents(space))

    def board(self) -> dict[Space, tuple[str, ...]]:
        """Every non-empty space and its stack, in space order (row by row)."""
        occupied = self.marks_mask
        for mask in self.owners:
            occupied |= mask
        return {SPACES[i]: self.stack(SPACES[i]) for i in indices(occupied)}

    @property
    def marks_mask(self) -> int:
        """The spaces marked this turn: squatters and claim markers on top of stacks."""
        return self.squatter_mask | self.claims_this_turn

    @property
    def marks_this_turn(self) -> int:
        """How many spaces this turn marked (what a stop would settle, a bust lose)."""
        return self.marks_mask.bit_count()

    @property
    def placed_this_turn(self) -> bool:
        return bool(self.marks_mask)

    @property
    def claim_supply(self) -> int:
        return CLAIM_MARKERS - (self.claimed | self.claims_this_turn).bit_count()

    def legal_placements(self, dice: Sequence[int]) -> tuple[Placement, ...]:
        """What the player to move could place with this roll, sorted by column, row, marker.

        Empty means the roll busts. Raises ``WrongPhase`` outside phase roll and
        ``BadDice`` for anything but three dice.
        """
        if self.phase is not Phase.ROLL:
            raise WrongPhase(f"legal placements are asked before a roll, not in phase {self.phase}")
        return self._placements(dice)

    def can_place(self, dice: Sequence[int]) -> bool:
        """Whether the player to move could place anything with this roll (the roll does
        not bust): ``legal_placements`` is not empty, found without making it."""
        if self.phase is not Phase.ROLL:
            raise WrongPhase(f"placements are asked before a roll, not in phase {self.phase}")
        # The bust chance asks it of all 56 rolls at every table: most of them can place
        # with their first or second candidate, which making every placement never saw.
        blocked = self.claimed | self.claims_this_turn
        claim_spots = self.owners[self.turn] | self.squatter_mask
        claims_left = self.claim_supply > 0
        squatters = self.squatters
        for bit, n, _, _ in candidates(dice):
            if bit & blocked:
                continue
            if bit & claim_spots:
                if claims_left:
                    return True
            elif squatters[n] < 0:
                return True
        return False

    def pending_placements(self) -> tuple[Placement, ...]:
        """In phase place, the choices the rolled dice offer; otherwise none."""
        return self._placements(self.dice) if self.dice is not None else ()

    def _placements(self, dice: Sequence[int]) -> tuple[Placement, ...]:
        rolled = candidates(dice)
        blocked = self.claimed | self.claims_this_turn
        # A claim marker goes on the mover's own marker or on a squatter;
        # squatters go on empty spaces and other players' markers.
        claim_spots = self.owners[self.turn] | self.squatter_mask
        claims_left = self.claim_supply > 0
        squatters = self.squatters
        found = []
        for bit, n, as_squatter, as_claim in rolled:
            if bit & blocked:
                continue
            if bit & claim_spots:
                if claims_left:
                    found.append(as_claim)
            elif squatters[n] < 0:
                found.append(as_squatter)
        return tuple(found)


def _check_space(key: object) -> Space:
    if (
        isinstance(key, tuple)
        and len(key) == 2
        and type(key[0]) is int
        and type(key[1]) is int
        and on_board(key[0], key[1])
    ):
        return Space(key[0], key[1])
    raise InvalidState(f"{key!r} is not a space of the 6×6 board")


def _check_last_round(last_round: object, players: int, phase: Phase) -> LastRound | None:
    # Only what the state alone can show is checked: which seat's turn follows
    # from the caller is not, as the rulebook cases (claim-supply-*) accept a
    # last round whose turn order no play produces.
    if last_round is None:
        if phase is Phase.OVER:
            raise InvalidState("the game can only be over after its last round")
        return None
    if not isinstance(last_round, tuple) or len(last_round) != 2:
        raise InvalidState(f"last_round must be a caller and a turn count, not {last_round!r}")
    caller, turns_left = last_round
    check_whole_number("last_round caller", caller, 0, players - 1)
    check_whole_number("last_round turns_left", turns_left, 0, players)
    if (turns_left == 0) != (phase is Phase.OVER):
        raise InvalidState(
            f"last_round turns_left is {turns_left} in phase {phase}: "
            "it is 0 exactly when the game is over"
        )
    return LastRound(caller, turns_left)
