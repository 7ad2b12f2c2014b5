// What "Mark step as move" changed, so that "Unmark step move" can remove exactly that. The edges
// file keeps only the earliest step per label, so a mark that lowers a label (an edge first seen at
// step 20, now marked at step 5) would otherwise lose the 20 for good. The journal lives as long as
// the language server; an entry is used only while the file still holds the value the mark wrote
// (so an undone or hand-edited mark never restores a stale value).
import type { EdgeRecord } from '../../core/benchmarks/mango/types';

/** The numeric label fields of an edge record. */
export type EdgeLabel = Exclude<keyof EdgeRecord, 'src_node' | 'dst_node' | 'action'>;

interface LabelChange {
  edge: string;
  field: EdgeLabel;
  before: number;
  after: number;
}

interface GameJournal {
  labels: LabelChange[];
  /** Edges a mark inserted, with the step it marked. */
  inserted: Map<string, number>;
  /** Location and action names a mark added to the name lists (they existed nowhere before). */
  names: { 'mango-locations': Set<string>; 'mango-actions': Set<string> };
}

type NameListKind = keyof GameJournal['names'];

export function edgeKey(record: Pick<EdgeRecord, 'src_node' | 'action' | 'dst_node'>): string {
  return `${record.src_node}\u0000${record.action}\u0000${record.dst_node}`;
}

export class MarkJournal {
  private readonly games = new Map<string, GameJournal>();

  private game(key: string): GameJournal {
    let journal = this.games.get(key);
    if (!journal) {
      journal = {
        labels: [],
        inserted: new Map(),
        names: { 'mango-locations': new Set(), 'mango-actions': new Set() },
      };
      this.games.set(key, journal);
    }
    return journal;
  }

  recordLabel(game: string, edge: string, field: EdgeLabel, before: number, after: number): void {
    if (before !== after) this.game(game).labels.push({ edge, field, before, after });
  }

  recordInserted(game: string, edge: string, step: number): void {
    this.game(game).inserted.set(edge, step);
  }

  recordName(game: string, kind: NameListKind, name: string): void {
    this.game(game).names[kind].add(name);
  }

  /** Whether a mark at `step` inserted this edge (and forgets it). */
  takeInserted(game: string, edge: string, step: number): boolean {
    const inserted = this.games.get(game)?.inserted;
    if (inserted?.get(edge) !== step) return false;
    inserted.delete(edge);
    return true;
  }

  /** The value a mark replaced, if the latest mark of this label wrote `current` (and forgets it). */
  takeLabel(game: string, edge: string, field: EdgeLabel, current: number): number | undefined {
    const labels = this.games.get(game)?.labels ?? [];
    for (let index = labels.length - 1; index >= 0; index--) {
      const change = labels[index];
      if (change.edge !== edge || change.field !== field) continue;
      if (change.after !== current) return undefined;
      labels.splice(index, 1);
      return change.before;
    }
    return undefined;
  }

  /** Names marks added to the list of `kind`. */
  addedNames(game: string, kind: NameListKind): ReadonlySet<string> {
    return this.games.get(game)?.names[kind] ?? new Set();
  }

  forgetName(game: string, kind: NameListKind, name: string): void {
    this.games.get(game)?.names[kind].delete(name);
  }
}
