// The maze view's message protocol. The host (extension, or the browser test host) sends a
// MazeGraph built by core (core/mango/mazeTypes.ts); the webview lays it out and draws it, and
// reports clicks back.

import type { CutoffStats, MazeGraph, Trajectory } from '../core/mango/mazeTypes';

export type { MazeDirection, MazeNode, MazeEdge, MazeGraph, CutoffStats, StepVerdict, TrajectoryStep, Trajectory } from '../core/mango/mazeTypes';

export type HostToMazeMessage =
  | { type: 'graph'; graph: MazeGraph; elkWorkerUrl: string }
  | { type: 'trajectory'; trajectory: Trajectory }
  | { type: 'highlight'; nodes: string[]; edges: string[] }
  | { type: 'stats'; stats: CutoffStats };

export type MazeToHostMessage =
  | { type: 'ready' }
  | { type: 'revealNode'; name: string }
  | { type: 'revealEdge'; id: string }
  /** A click on a dashed (imputed) edge: the host offers to write it into edges.json. */
  | { type: 'imputedEdge'; source: string; action: string; destination: string }
  /** Export: `data` is SVG text, or a PNG as base64. */
  | { type: 'export'; format: 'svg' | 'png'; fileName: string; data: string }
  | { type: 'cutoff'; step: number }
  /** `milliseconds`: this graph's layout; `engineStartMs`: waiting for the ELK worker to start. */
  | { type: 'layout'; milliseconds: number; engineStartMs: number; nodes: number; edges: number };
