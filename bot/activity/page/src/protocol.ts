// What the server sends the page (bot/activity/server.py and game_views.py) and what the
// page sends it: the shapes the page reads, as far as it reads them. Each game's own table
// is typed by its board module.

/** A choice as a button: its intent is what a press sends. */
export interface ButtonChoice {
  type: 'button';
  intent: string;
  label: string;
  emoji?: string | null;
  tone?: string | null;
  enabled?: boolean;
}

export interface MenuOption {
  intent: string;
  label: string;
  description?: string | null;
  emoji?: string | null;
}

/** A choice as a menu: a button that opens a list of options. */
export interface MenuChoice {
  type: 'menu';
  name: string;
  placeholder: string;
  options: MenuOption[];
}

export type Choice = ButtonChoice | MenuChoice;

export interface Seat {
  seat: number;
  name: string;
  bot: boolean;
  colour: string;
  acting: boolean;
}

export type Status = 'lobby' | 'active' | 'finished' | 'cancelled';

export interface Game {
  id: number;
  kind: string;
  title: string;
  status: Status;
  version: number;
  you: number | null;
  seats: Seat[];
  to_act: number[];
  deadline: number | null;
  now: number;
  headline: string;
  happened: string[];
  result: string[] | null;
  /** What the features add to the board for this viewer (a rematch, a take-back). */
  actions: BoardAction[];
}

/** A feature's action on the board (bot/activity/actions.py): a button sending its name. */
export interface BoardAction {
  name: string;
  label: string;
  icon: string | null;
  tone: string;
  enabled: boolean;
}

/** A feature's action answered to its asker alone (a hint), of the game at `version`:
 * shown beside the choices while the game stays there. */
export interface Answered {
  type: 'answered';
  game: number;
  version: number;
  lines: string[];
}

/** The board of a game as one viewer sees it: `table` is the game's own. */
export interface Board<Table = unknown, Own = unknown> {
  table: Table;
  words: string;
  own: Own | null;
  own_words: string | null;
  choices: Choice[];
  key: string | null;
}

export interface GameMessage<Table = unknown, Own = unknown> {
  type: 'game';
  game: Game;
  board: Board<Table, Own>;
}

/** A game in the channel's list. */
export interface Listing {
  id: number;
  kind: string;
  title: string;
  status: Status;
  players: string[];
  min: number;
  max: number;
  seated: boolean;
  can_join: boolean;
  can_start: boolean;
  version: number;
}

/** A way into a feature's place on the board (bot/activity/places.py), in the games list:
 * a game's lesson. */
export interface PlaceEntry {
  place: string;
  key: string;
  kind: string;
  title: string;
  label: string;
  icon: string;
  note: string | null;
}

/** One of a place's own buttons: the ask it sends (with `key`, where it leads elsewhere). */
export interface PlaceWay {
  ask: string;
  label: string;
  icon: string | null;
  tone: string;
  key: string | null;
}

/** A feature's place as its viewer sees it: its words and ways, over a game's board
 * (`view`, none where it shows no game) whose moves are the place's asks. `lit`: what the
 * board points at, in its game's tokens (the `data-token` of what the boards draw). */
export interface PlaceMessage {
  type: 'place';
  place: string;
  key: string;
  version: number;
  title: string;
  progress: string | null;
  said: string[];
  ways: PlaceWay[];
  lit: string[];
  view: GameMessage | null;
}

export type Words = Record<string, string>;

export type ServerMessage =
  | { type: 'welcome'; words: Words; lang: string }
  | { type: 'games'; games: Listing[]; conversation?: boolean }
  | { type: 'places'; places: PlaceEntry[] }
  | PlaceMessage
  | { type: 'watching'; game: number | null }
  | GameMessage
  | Answered
  | { type: 'refused'; text: string }
  | { type: 'pong' };

export type PageMessage =
  | { type: 'hello'; access_token: string | null; instance_id: string; locale: string | null }
  | { type: 'watch'; game: number }
  | { type: 'list' }
  | { type: 'move'; game: number; intent: string; version: number; key: string | null }
  | { type: 'join' | 'start'; game: number; version: number }
  | { type: 'action'; game: number; action: string; version: number }
  | { type: 'place'; place: string; key: string; ask: 'open' }
  | { type: 'place'; place: string; key: string; ask: string; version: number; intent?: string }
  | { type: 'ping' };
