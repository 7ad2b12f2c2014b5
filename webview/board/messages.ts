// Shape checks for messages from the host. The renderers still treat every field defensively
// (clamped sizes, text inserted as text), so these only keep obviously wrong messages out.
import type { BoardScene, HostToBoardMessage } from '../../src/protocol/board';

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null;
}

export function isScene(value: unknown): value is BoardScene {
  if (!isObject(value)) return false;
  switch (value.kind) {
    case 'grid':
      return typeof value.width === 'number' && typeof value.height === 'number' && Array.isArray(value.cells);
    case 'hanoi':
      return Array.isArray(value.rods);
    case 'table':
      return Array.isArray(value.columns) && Array.isArray(value.rows);
    case 'text':
      return typeof value.text === 'string';
    default:
      return false;
  }
}

export function isHostMessage(value: unknown): value is HostToBoardMessage {
  if (!isObject(value)) return false;
  if (value.type === 'timeline') {
    const timeline = value.timeline;
    return isObject(timeline) && Array.isArray(timeline.frames) && timeline.frames.every((frame) => isObject(frame) && isScene(frame.scene));
  }
  if (value.type === 'scene') return isScene(value.scene);
  if (value.type === 'select') return typeof value.frame === 'number';
  return false;
}
