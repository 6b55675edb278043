"""A tournament's arithmetic: matches, pairings, points and standings, for every game.

Pure like the ladder (no Discord, no database, no clock, nothing random), so that a
round planned again after a restart, or on another process, is the same round.

The rules, in plain words:

- **Matches.** A round seats its players in as few matches of the chosen size (N) as
  hold them, filled as evenly as possible: when the count doesn't divide, some matches
  have one player fewer (7 players in matches of 3 play in matches of 3, 2 and 2). When
  that would leave a match with fewer players than the game needs (one player in
  matches of 2), one player sits out with a **bye** and the others are split again.
  There is at most one bye a round.
- **Points.** At a finished match of n players, the k-th place scores
  (N-1)(n-k)/(n-1): a full match gives N-1, N-2, …, 1, 0 points; a match with fewer
  players still gives its winner N-1 and its last 0, so winning in a smaller match is
  worth as much. Players who tie share the points of the places they span (two tied
  first of three in matches of 3 get 1½ each). In a tournament of 2-player matches a win
  is 1 point, a loss 0 and a draw ½ each. A bye scores as a win: N-1. A game that was
  cancelled gives nobody points.
- **Swiss rounds by standing.** Each round, the players still in the tournament are
  taken in standing order: the leaders sit in match 1, the next group in match 2, and
  so on, the larger matches first; a rematch is not avoided. A bye goes to the
  lowest-placed player who has not had one, so nobody has two while someone has had
  none.
- **Round robin.** The whole schedule is fixed at the start. In matches of 2 every pair
  plays exactly once: n-1 rounds for an even number of players, n rounds for an odd
  number, each player sitting out once. In larger matches the rounds are chosen so that
  every pair sits together at least once, in at most n-1 rounds and fewer the larger
  the matches; byes go round so that nobody sits out twice before everyone has once.
- **Standings.** Points are the sum of the points of each finished match and each bye.
  Ties are broken by the opponents' points (the points of everyone a player sat with
  in a finished game, counted once for each game together), then by the number of
  first places (a shared first counts, a bye does not), then by seed (the rating order
  at the start). Players equal in points, opponents' points and first places share a
  rank. Players who were dropped or left keep their points and their place in the
  standings, but are paired no more.
- **Final.** When a tournament ends with a final of its leaders, the first N players
  still in it play one more match. Its result orders them at the top of the standings
  (players who tie in it share a rank and keep their standing order); everyone else
  follows in standing order. The final adds no points: the points shown stay those of
  the regular rounds.
"""

from bot.league.match_sizes import match_sizes
from bot.league.points import bye_points, match_points, points_text
from bot.league.round_robin import round_robin, round_robin_rounds
from bot.league.standings import Entrant, Played, Row, final_match, standings, with_final
from bot.league.swiss import RoundPlan, swiss_round

__all__ = [
    "Entrant",
    "Played",
    "RoundPlan",
    "Row",
    "bye_points",
    "final_match",
    "match_points",
    "match_sizes",
    "points_text",
    "round_robin",
    "round_robin_rounds",
    "standings",
    "swiss_round",
    "with_final",
]
