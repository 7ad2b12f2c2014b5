// Run ids (runs.md §1: one per `waypoint run`, import, batch import or editor batch), one scheme for
// every host: the UTC start time to the second and 6 random hex digits, after what made the run
// when it is not a model run (`import-20250501T120000-a1b2c3`), so files sort and read by time.

/** A fresh run id, e.g. `20250501T120000-a1b2c3`, or `import-20250501T120000-a1b2c3` with a kind. */
export function newRunId(kind?: 'import' | 'batch', now: Date = new Date()): string {
  const bytes = new Uint8Array(3);
  globalThis.crypto.getRandomValues(bytes);
  const id = `${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}-${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  return kind ? `${kind}-${id}` : id;
}
