// Each game's board, by the game's kind (its Registration's `kind` in bot/games/<game>/):
// src/boards/<kind>.ts, listed here. tests/activity/test_page_boards.py fails for a
// registered game without one.

import * as claim from './boards/claim.ts';
import * as claimit from './boards/claimit.ts';
import * as nuggets from './boards/nuggets.ts';
import type { Chooser } from './choices.ts';
import type { Board, Game, GameMessage } from './protocol.ts';

/** What a board draws with: the game, its board, the message shown before (to animate
 * what changed), and the choices' way to act. */
export interface Drawing<Table, Own = unknown> {
  game: Game;
  board: Board<Table, Own>;
  previous: GameMessage<Table, Own> | null;
  how: Chooser;
}

/** A drawn board: its element, the intents of the choices it shows itself (the others go
 * in the common list), and what each seat's line adds. */
export interface Drawn {
  el: HTMLElement;
  used: Set<string>;
  seatExtra?: (seat: number) => string;
}

export interface BoardModule {
  render(drawing: Drawing<never, never>): Drawn;
  /** The game's small picture in the games list. */
  icon(): Element;
}

export const BOARDS: Record<string, BoardModule | undefined> = { claimit, nuggets, claim };
