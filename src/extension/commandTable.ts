// Every command the extension registers, by feature (rust-analyzer's createCommands): id -> the
// factory that makes its handler from what activation shares. activate() registers the table in
// one loop. `commands` is exactly package.json's contributes.commands and `internalCommands` none
// of them (test/unit/activation.test.ts checks both ways).
import { boardCommands, boardInternalCommands } from './board/commands';
import type { CommandTable } from './commandContext';
import { evaluationCommands, resultsCommands, runsCommands, runsInternalCommands } from './eval/commands';
import { mangoCommands } from './mango/commands';
import { playCommands } from './play/commands';
import { serverCommands } from './serverCommands';

/** The features' tables as one; an id in two of them is a mistake, not an override. */
function joined(...tables: CommandTable[]): CommandTable {
  const table: Record<string, CommandTable[string]> = {};
  for (const [id, factory] of tables.flatMap((features) => Object.entries(features))) {
    if (id in table) throw new Error(`Waypoint: the command ${id} is in two command tables.`);
    table[id] = factory;
  }
  return table;
}

/** The commands a person runs (palette, menus, lenses, tests): each is contributed in package.json. */
export const commands = joined(
  evaluationCommands,
  playCommands,
  mangoCommands,
  serverCommands,
  runsCommands,
  boardCommands,
  resultsCommands,
);

/** Commands called by code (a question command revealing its run, a benchmark's reopenCommand hook): registered, never contributed. */
export const internalCommands = joined(runsInternalCommands, boardInternalCommands);

/** Everything activate() registers. */
export const allCommands = joined(commands, internalCommands);
