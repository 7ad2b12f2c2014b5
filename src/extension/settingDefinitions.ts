// Every `waypoint.*` setting in one place: its default (the one package.json declares) and how a
// configured value is read. Settings are user input: shapes are checked, and a value of the wrong
// shape reads as the default rather than flowing on as the wrong type. No vscode import here, so
// tests can check these against package.json with a plain getter (settings.ts binds them to VS Code).
import { DEFAULT_MAX_FILE_SIZE_MB } from '../core/util/fileLimits';
import { PROMPT_STYLES, type PromptStyle } from '../core/benchmarks/grasp/prompt';
import { SCORING_MODES, type GraspScoringMode } from '../core/benchmarks/grasp/types';
import { DEFAULT_LAYOUT_ENGINE, LAYOUT_ENGINES, type LayoutEngineName } from '../core/maze/layoutEngines';

interface SettingDefinition<T> {
  default: T;
  /** The configured value (undefined when unset) as the extension uses it. */
  read(raw: unknown): T;
}

function setting<T>(fallback: T, accept: (raw: unknown) => raw is T): SettingDefinition<T> {
  return { default: fallback, read: (raw) => (accept(raw) ? raw : fallback) };
}

const oneOf = <T extends string>(allowed: readonly T[], fallback: T) =>
  setting<T>(fallback, (raw): raw is T => (allowed as readonly unknown[]).includes(raw));
const numberAtLeast = (minimum: number, fallback: number, integer = false) =>
  setting<number>(
    fallback,
    (raw): raw is number =>
      typeof raw === 'number' && Number.isFinite(raw) && raw >= minimum && (!integer || Number.isInteger(raw)),
  );
const boolean = (fallback: boolean) => setting<boolean>(fallback, (raw): raw is boolean => typeof raw === 'boolean');
const nonEmptyString = (fallback: string) =>
  setting<string>(fallback, (raw): raw is string => typeof raw === 'string' && raw !== '');

export const SETTINGS = {
  /** Files above this are not read whole (validation, the CLI); see core/fileLimits. */
  'validation.maxFileSizeMB': numberAtLeast(1, DEFAULT_MAX_FILE_SIZE_MB),
  'validation.onStartup': boolean(true),
  /** Read by vscode-languageclient itself (the client's id is `waypoint`); listed so every setting has a home. */
  'trace.server': oneOf(['off', 'messages', 'verbose'] as const, 'off'),
  /** Extra pairs of mutually reverse actions, e.g. [["enter", "exit"]]; malformed pairs are dropped. */
  'mango.reversePairs': {
    default: [] as Array<[string, string]>,
    read: (raw: unknown): Array<[string, string]> =>
      Array.isArray(raw)
        ? raw.filter(
            (pair): pair is [string, string] =>
              Array.isArray(pair) && pair.length === 2 && pair.every((item) => typeof item === 'string'),
          )
        : [],
  },
  'mango.skeletonPathLimit': numberAtLeast(0, 0, true),
  'mango.cutoff': numberAtLeast(0, 70, true),
  /** Times Run Benchmark asks each question (`--epochs K`). */
  'runs.epochs': numberAtLeast(1, 1, true),
  'mango.promptTemplate': oneOf(['release', 'paper'] as const, 'release'),
  /** The maze view's layout: compass (the default) or ELK layered. */
  'maze.layout': oneOf<LayoutEngineName>(LAYOUT_ENGINES, DEFAULT_LAYOUT_ENGINE),
  /** MANGO and BabyAI: faithful (the paper) or reference (the released evaluator). */
  'evaluation.scoringMode': oneOf(['faithful', 'reference'] as const, 'faithful'),
  'grasp.scoringMode': oneOf<GraspScoringMode>(SCORING_MODES, 'faithful'),
  'grasp.promptStyle': oneOf<PromptStyle>(PROMPT_STYLES, 'chat'),
  /** Model profiles; each entry is checked against the profile schema where it is used (eval/profiles.ts). */
  models: { default: [] as unknown[], read: (raw: unknown): unknown[] => (Array.isArray(raw) ? raw : []) },
  defaultModel: nonEmptyString('oracle'),
} satisfies Record<string, SettingDefinition<unknown>>;

export type SettingName = keyof typeof SETTINGS;
export type SettingValue<K extends SettingName> = ReturnType<(typeof SETTINGS)[K]['read']>;

/** Reads one setting through `get` (the raw configured value of `waypoint.<name>`, undefined when unset). */
export function readSetting<K extends SettingName>(get: (name: string) => unknown, name: K): SettingValue<K> {
  return SETTINGS[name].read(get(name)) as SettingValue<K>;
}
