// Validation of standalone benchmark files (one file, no game folder), by kind. The CLI, the
// language server's open documents and its workspace scan all come through here.
import type { StandaloneKind } from './fileKinds';
import { validateEpisodeLog } from './smartplay/episodeChecks';
import type { Diagnostic } from './text';

type Validator = (text: string) => Diagnostic[];

const validators: Partial<Record<StandaloneKind, Validator>> = {
  'smartplay-episode': (text) => validateEpisodeLog(text).diagnostics,
};

/** Diagnostics of one standalone file, or null when this kind has no validator in this build. */
export function validateStandalone(kind: StandaloneKind, text: string): Diagnostic[] | null {
  const validate = validators[kind];
  return validate ? validate(text) : null;
}
