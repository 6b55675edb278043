// Each game's board, by the game's kind (its Registration's `kind` in bot/games/<game>/):
// src/boards/<kind>.ts, listed here. tests/activity/test_page_boards.py fails for a
// registered game without one.

import * as claim from './boards/claim.ts';
import * as claimit from './boards/claimit.ts';
import * as nuggets from './boards/nuggets.ts';
import type { BoardModule } from './drawing.ts';

export const BOARDS: Record<string, BoardModule | undefined> = { claimit, nuggets, claim };
