// A small argv reader: positional arguments plus `--flag` / `--option value` / `--option=value`.
// Unknown options are usage errors (exit 2) rather than silently ignored.

import { REASONING_EFFORTS, type ReasoningEffort } from '../core/eval/types';

export class UsageError extends Error {}

/** A file the user named cannot be used (missing, a folder, a FIFO, unreadable): exit 1 with this one line. */
export class InputError extends Error {}

export interface ParsedArgs {
  positionals: string[];
  flags: Set<string>;
  options: Map<string, string>;
}

/** Splits argv by the declared boolean flags and value options. */
export function parseArgs(
  argv: readonly string[],
  booleanFlags: readonly string[],
  valueOptions: readonly string[],
): ParsedArgs {
  const parsed: ParsedArgs = { positionals: [], flags: new Set(), options: new Map() };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (!argument.startsWith('--') || argument === '--') {
      parsed.positionals.push(argument);
      continue;
    }
    const [name, inlineValue] = argument.slice(2).split(/=(.*)/s, 2);
    if (booleanFlags.includes(name) && inlineValue === undefined) parsed.flags.add(name);
    else if (valueOptions.includes(name)) {
      const value = inlineValue ?? argv[++index];
      // `--html --json` would otherwise write a file named "--json": a value that looks like an
      // option is the value left out (a value that really starts with -- can be given as --name=--x).
      if (value === undefined || (inlineValue === undefined && /^--./.test(value)))
        throw new UsageError(`--${name} needs a value${value === undefined ? '' : `, not the option ${value}`}`);
      // Two different values would leave one silently ignored.
      const earlier = parsed.options.get(name);
      if (earlier !== undefined && earlier !== value)
        throw new UsageError(`--${name} is given twice ('${earlier}' and '${value}'); give it once`);
      parsed.options.set(name, value);
    } else throw new UsageError(`unknown option --${name}`);
  }
  return parsed;
}

/** An option that must be a non-negative integer (usage error otherwise). */
export function nonNegativeInteger(text: string | undefined, option: string): number {
  if (text === undefined || !/^\d+$/.test(text))
    throw new UsageError(`--${option} must be a non-negative integer, not '${text ?? ''}'`);
  return Number(text);
}

/** An option that must be a positive integer. */
export function positiveInteger(text: string | undefined, option: string): number {
  const value = nonNegativeInteger(text, option);
  if (value === 0) throw new UsageError(`--${option} must be at least 1`);
  return value;
}

/** `--reasoning-effort`'s value: one of the efforts servers take. */
export function reasoningEffortOption(text: string): ReasoningEffort {
  const effort = REASONING_EFFORTS.find((candidate) => candidate === text);
  if (!effort) throw new UsageError(`--reasoning-effort must be one of ${REASONING_EFFORTS.join(', ')}, not '${text}'`);
  return effort;
}
