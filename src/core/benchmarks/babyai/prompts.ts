// The prompts of prompters/utils.py @ e9996c8 (spec §4): upstream's TEMPLATES (promptTemplates.ts)
// rendered exactly as Python's str.format renders them, one user message and no system message.
// The few-shot templates name a field str.format cannot resolve, so upstream raises KeyError
// before any model is asked (spec §12 row 9): the reference mode reports that as a prompt
// construction error; the faithful mode substitutes FEW_SHOT_EXAMPLES[task][0], the example the
// template means.
import { type BabyTask, FEW_SHOT_EXAMPLES, type PromptStrategy, TEMPLATES } from './promptTemplates';

export { BABY_TASKS, type BabyTask, PROMPT_STRATEGIES, type PromptStrategy } from './promptTemplates';

/** The zero-shot templates (the editor's and the CLI's default prompt). */
export const ZERO_SHOT_TEMPLATES = TEMPLATES.zero_shot;

/** A value str.format can be given: text, or something `[key]` indexes into. */
type FormatValue = string | readonly FormatValue[] | { readonly [key: string]: FormatValue };

/** What Python raises while formatting, named as Python names it (`KeyError: 'FEW_SHOT_EXAMPLES'`). */
export class PythonFormatError extends Error {
  constructor(
    readonly pythonType: 'KeyError' | 'IndexError' | 'ValueError' | 'TypeError',
    readonly detail: string,
  ) {
    super(`${pythonType}: ${detail}`);
  }
}

const pyRepr = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Resolves `name[key][0].attr`-style field names as string.Formatter.get_field does, keyword arguments only. */
function fieldValue(field: string, kwargs: Readonly<Record<string, FormatValue>>): FormatValue {
  const first = /^[^.[]*/.exec(field)![0];
  if (first === '' || /^\d+$/.test(first))
    throw new PythonFormatError('IndexError', `Replacement index ${first || 0} out of range for positional args tuple`);
  if (!Object.hasOwn(kwargs, first)) throw new PythonFormatError('KeyError', pyRepr(first));
  let value: FormatValue = kwargs[first];
  let rest = field.slice(first.length);
  while (rest !== '') {
    const index = /^\[([^\]]+)\]/.exec(rest);
    if (!index)
      throw new PythonFormatError(
        'ValueError',
        rest.startsWith('[') ? "Missing ']' in format string" : 'attribute access is not supported by this port',
      );
    const key = index[1];
    if (typeof value === 'string' || Array.isArray(value)) {
      if (!/^\d+$/.test(key))
        throw new PythonFormatError(
          'TypeError',
          `${typeof value === 'string' ? 'string' : 'list'} indices must be integers`,
        );
      const item: FormatValue | undefined = value[Number(key)];
      if (item === undefined)
        throw new PythonFormatError(
          'IndexError',
          `${typeof value === 'string' ? 'string' : 'list'} index out of range`,
        );
      value = item;
    } else {
      // Python passes a non-digit key as a string, so `[Task.PREDICT]` looks up the text "Task.PREDICT".
      const record = value as { readonly [key: string]: FormatValue };
      if (!Object.hasOwn(record, key)) throw new PythonFormatError('KeyError', /^\d+$/.test(key) ? key : pyRepr(key));
      value = record[key];
    }
    rest = rest.slice(index[0].length);
  }
  return value;
}

/**
 * Python's `template.format(**kwargs)` for the fields these templates use: `{{` and `}}` escapes,
 * keyword fields with `[key]` lookups; substituted text is never scanned again. Conversions and
 * format specs are refused (no upstream template has one) rather than rendered approximately.
 */
export function pythonFormat(template: string, kwargs: Readonly<Record<string, FormatValue>>): string {
  let out = '';
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf('{', at);
    const close = template.indexOf('}', at);
    if (close >= 0 && (open < 0 || close < open)) {
      if (template[close + 1] !== '}')
        throw new PythonFormatError('ValueError', "Single '}' encountered in format string");
      out += template.slice(at, close + 1);
      at = close + 2;
      continue;
    }
    if (open < 0) {
      out += template.slice(at);
      break;
    }
    out += template.slice(at, open);
    if (template[open + 1] === '{') {
      out += '{';
      at = open + 2;
      continue;
    }
    const end = template.indexOf('}', open);
    if (end < 0)
      throw new PythonFormatError(
        'ValueError',
        open === template.length - 1 ? "Single '{' encountered in format string" : "expected '}' before end of string",
      );
    const field = template.slice(open + 1, end);
    if (/[!:{]/.test(field))
      throw new PythonFormatError(
        'ValueError',
        `conversions and format specs are not supported by this port ({${field}})`,
      );
    const value = fieldValue(field, kwargs);
    if (typeof value !== 'string') throw new PythonFormatError('TypeError', `{${field}} is not text`);
    out += value;
    at = end + 1;
  }
  return out;
}

/** The few-shot fields resolved as the faithful mode reads them: `[Task.PREDICT][0]` is FEW_SHOT_EXAMPLES[predict][0]. */
const FAITHFUL_FEW_SHOT: FormatValue = {
  'Task.PREDICT': FEW_SHOT_EXAMPLES.predict,
  'Task.PLAN': FEW_SHOT_EXAMPLES.plan,
  'Task.DECOMPOSE': FEW_SHOT_EXAMPLES.decompose,
};

interface PromptOptions {
  /** Default zero_shot. */
  strategy?: PromptStrategy;
  /** Only the few-shot templates differ by mode; default faithful. */
  mode?: 'faithful' | 'reference';
}

/**
 * The single user message sent for a task (temperature 1.0, max_tokens 8192 upstream). Throws
 * PythonFormatError where upstream's str.format raises: the few-shot templates in reference mode.
 */
export function renderBabyPrompt(
  task: BabyTask,
  description: string,
  actions: readonly string[] = [],
  options: PromptOptions = {},
): { role: 'user'; content: string }[] {
  const strategy = options.strategy ?? 'zero_shot';
  const kwargs: Record<string, FormatValue> = { description, str_action_seq: actions.join(', ') };
  if (strategy === 'few_shot' && (options.mode ?? 'faithful') === 'faithful')
    kwargs.FEW_SHOT_EXAMPLES = FAITHFUL_FEW_SHOT;
  return [{ role: 'user', content: pythonFormat(TEMPLATES[strategy][task], kwargs) }];
}

/**
 * Why upstream cannot build this prompt in `mode` ("prompt construction error: …"), or null. Only
 * the reference mode fails, and only for the few-shot templates (spec §12 row 9).
 */
export function promptConstructionError(task: BabyTask, strategy: PromptStrategy, mode: string): string | null {
  if (mode !== 'reference') return null;
  try {
    renderBabyPrompt(task, '', [], { strategy, mode });
    return null;
  } catch (error) {
    if (!(error instanceof PythonFormatError)) throw error;
    return `prompt construction error: upstream's ${strategy} ${task} template raises ${error.message} in str.format (reference mode; the faithful mode substitutes FEW_SHOT_EXAMPLES[${task}][0])`;
  }
}
