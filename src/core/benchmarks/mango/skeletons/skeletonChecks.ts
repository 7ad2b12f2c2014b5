// Semantic checks of skeleton lines against the game's edges: a DF path must be a path of the
// graph with the edges' labels, the path-level maxima, the right length and distance from the
// shortest path, and the id upstream computes; RF lines need known endpoints and the right id.
// Every skeleton appears once. Lines are checked as they stream past, with bounded state.
import type { Diagnostic } from '../../../util/text';
import { DiagnosticCap } from '../../../util/diagnosticCap';
import { MangoCodes } from '../walkthrough/codes';
import type { SkeletonLine } from '../walkthrough/gameFiles';
import { dfSkeletonId, rfSkeletonId } from './skeletons';
import type { DfSkeleton, EdgeRecord, PathStep, RfSkeleton } from '../types';

const LABEL_FIELDS = [
  'seen_in_forward',
  'seen_in_reversed',
  'edge_min_step',
  'seen_in_forward_answerable',
  'seen_in_reversed_answerable',
  'edge_min_step_answerable',
] as const;
const PATH_LABELS = [
  ['min_step_forward', 'seen_in_forward'],
  ['min_step_total', 'edge_min_step'],
  ['min_step_forward_answerable', 'seen_in_forward_answerable'],
  ['min_step_total_answerable', 'edge_min_step_answerable'],
] as const;

/** Checks DF or RF lines one by one against a game's edges. */
export class SkeletonChecker {
  private readonly edges = new Map<string, EdgeRecord>();
  private readonly successors = new Map<string, Set<string>>();
  private readonly locations = new Set<string>();
  private readonly shortest = new Map<string, Map<string, number>>();
  private readonly seenIds = new Map<string, number>();
  /** Lines stream past in order: the first problems are kept, the rest counted. */
  private readonly found = new DiagnosticCap();

  constructor(records: readonly EdgeRecord[]) {
    for (const record of records) {
      this.edges.set(JSON.stringify([record.src_node, record.action, record.dst_node]), record);
      const next = this.successors.get(record.src_node) ?? new Set<string>();
      next.add(record.dst_node);
      this.successors.set(record.src_node, next);
      this.locations.add(record.src_node).add(record.dst_node);
    }
  }

  private report(
    line: SkeletonLine<unknown>,
    path: ReadonlyArray<string | number>,
    code: string,
    message: string,
    severity: Diagnostic['severity'] = 'error',
  ): void {
    this.found.add({ severity, code, message, range: line.rangeAt(path) });
  }

  /** The problems found so far (capped, see DiagnosticCap). */
  get diagnostics(): Diagnostic[] {
    return this.found.list();
  }

  private checkId(line: SkeletonLine<DfSkeleton | RfSkeleton>, expected: string): void {
    const { id } = line.record;
    if (id !== expected)
      this.report(
        line,
        ['id'],
        MangoCodes.skeletonId,
        `id is not the SHA-256 upstream computes for this ${'path_details' in line.record ? 'path' : 'pair'} (expected ${expected.slice(0, 12)}…).`,
      );
    const first = this.seenIds.get(id);
    if (first !== undefined)
      this.report(
        line,
        ['id'],
        MangoCodes.skeletonDuplicate,
        `Duplicate skeleton: the same id is on line ${first + 1}.`,
      );
    else this.seenIds.set(id, line.line);
  }

  /** Node distance by breadth-first search, cached per source. */
  private distance(source: string, target: string): number | undefined {
    let distances = this.shortest.get(source);
    if (!distances) {
      distances = new Map([[source, 0]]);
      const queue = [source];
      for (let head = 0; head < queue.length; head++) {
        const node = queue[head];
        for (const next of this.successors.get(node) ?? []) {
          if (!distances.has(next)) {
            distances.set(next, (distances.get(node) ?? 0) + 1);
            queue.push(next);
          }
        }
      }
      this.shortest.set(source, distances);
    }
    return distances.get(target);
  }

  checkDf(line: SkeletonLine<DfSkeleton>): void {
    const skeleton = line.record;
    const steps = skeleton.path_details;
    const records = this.checkDfSteps(line);
    if (steps.length > 0 && steps[steps.length - 1].node !== skeleton.dst_node) {
      this.report(
        line,
        ['dst_node'],
        MangoCodes.skeletonPath,
        `dst_node is '${skeleton.dst_node}', but the path ends at '${steps[steps.length - 1].node}'.`,
      );
    }
    if (skeleton.step_count !== steps.length)
      this.report(
        line,
        ['step_count'],
        MangoCodes.skeletonLabel,
        `step_count is ${skeleton.step_count}, but the path has ${steps.length} steps.`,
      );
    this.checkId(line, dfSkeletonId(steps));
    if (records === null) return;
    for (const [pathField, edgeField] of PATH_LABELS) {
      const expected = Math.max(...records.map((record) => record[edgeField]));
      if (skeleton[pathField] !== expected)
        this.report(
          line,
          [pathField],
          MangoCodes.skeletonLabel,
          `${pathField} is ${skeleton[pathField]}; the largest ${edgeField} along the path is ${expected}.`,
        );
    }
    const shortest = this.distance(skeleton.src_node, skeleton.dst_node);
    if (shortest !== undefined && skeleton.diff_shortest !== steps.length - shortest) {
      this.report(
        line,
        ['diff_shortest'],
        MangoCodes.skeletonLabel,
        `diff_shortest is ${skeleton.diff_shortest}; this path is ${steps.length - shortest} longer than the shortest (${shortest} steps).`,
      );
    }
  }
  /**
   * Each step: it starts where the path is, it is an edge of edges.json, its labels are the edge's. Returns the edges,
   * or null when the path is broken.
   */
  private checkDfSteps(line: SkeletonLine<DfSkeleton>): EdgeRecord[] | null {
    const skeleton = line.record;
    const steps = skeleton.path_details;
    let pathIsValid = true;
    const records: EdgeRecord[] = [];
    steps.forEach((step: PathStep, index) => {
      const expectedStart = index === 0 ? skeleton.src_node : steps[index - 1].node;
      if (step.prev_node !== expectedStart) {
        this.report(
          line,
          ['path_details', index, 'prev_node'],
          MangoCodes.skeletonPath,
          `Step ${index + 1} starts at '${step.prev_node}', but the path is at '${expectedStart}'.`,
        );
        pathIsValid = false;
      }
      const record = this.edges.get(JSON.stringify([step.prev_node, step.action, step.node]));
      if (!record) {
        this.report(
          line,
          ['path_details', index],
          MangoCodes.skeletonPath,
          `'${step.prev_node}' —${step.action}→ '${step.node}' is not an edge of edges.json.`,
        );
        pathIsValid = false;
        return;
      }
      records.push(record);
      for (const field of LABEL_FIELDS) {
        if (step[field] !== record[field])
          this.report(
            line,
            ['path_details', index, field],
            MangoCodes.skeletonLabel,
            `${field} is ${step[field]}, but the edge in edges.json says ${record[field]}.`,
          );
      }
    });
    return pathIsValid ? records : null;
  }

  checkRf(line: SkeletonLine<RfSkeleton>): void {
    const { src_node, dst_node } = line.record;
    for (const field of ['src_node', 'dst_node'] as const) {
      if (!this.locations.has(line.record[field]))
        this.report(line, [field], MangoCodes.skeletonPath, `'${line.record[field]}' is not a location of edges.json.`);
    }
    if (src_node === dst_node)
      this.report(line, ['dst_node'], MangoCodes.skeletonPath, 'An RF pair needs two different locations.');
    this.checkId(line, rfSkeletonId(src_node, dst_node));
  }
}
