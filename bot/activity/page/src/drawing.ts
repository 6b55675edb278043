// What a game's board (src/boards/<kind>.ts) is given to draw and gives back, apart from
// the list of boards (boards.ts), which imports every board: a board importing these from
// there would import its own importer.

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
