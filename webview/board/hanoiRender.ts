// Tower of Hanoi as rods and disks: width grows with the disk size, each size has its own colour
// and its number, so moves are easy to follow between frames.
import type { HanoiScene } from '../../src/protocol/board';
import { clampInt, svgElement, svgText } from './svg';

/** Rod spacing: room for the widest disk, no more (a wide drawing shrinks its numbers in a side panel). */
const MIN_ROD_GAP = 110;
const MAX_ROD_GAP = 190;
const DISK_HEIGHT = 24;
const MARGIN = 24;
/** The drawing grows at most this much past its own size: a 3-disk tower need not fill a 1000 px panel. */
const MAX_SCALE = 1.6;

interface DrawnHanoi {
  svg: SVGSVGElement;
  width: number;
  height: number;
}

export function drawHanoi(scene: HanoiScene): DrawnHanoi {
  const rods = Array.isArray(scene.rods) ? scene.rods.slice(0, 12) : [];
  const allSizes = rods.flat().filter((size) => Number.isFinite(size));
  const disks = Math.max(clampInt(scene.disks, 1, 64), allSizes.length, ...allSizes.map((size) => size + 1));
  const rodHeight = (disks + 1.5) * DISK_HEIGHT;
  // Each size is 22 units wider than the one above it, from 34 for the smallest, plus a gap.
  const ROD_GAP = Math.min(MAX_ROD_GAP, Math.max(MIN_ROD_GAP, 34 + 22 * (disks - 1) + 26));
  const width = MARGIN * 2 + rods.length * ROD_GAP;
  const baseY = MARGIN + rodHeight;
  const height = baseY + 40;
  const svg = svgElement('svg', { class: 'board-svg hanoi', viewBox: `0 0 ${width} ${height}`, role: 'img' });
  svg.style.maxWidth = `${Math.round(width * MAX_SCALE)}px`;
  const title = svgElement('title');
  title.textContent = `Tower of Hanoi, ${disks} disks`;
  svg.append(
    title,
    svgElement('rect', { x: MARGIN / 2, y: baseY, width: width - MARGIN, height: 8, rx: 3, class: 'hanoi-base' }),
  );
  const widest = ROD_GAP - 26;
  rods.forEach((rod, index) => {
    const cx = MARGIN + ROD_GAP * (index + 0.5);
    const group = svgElement('g', { class: 'rod', 'data-rod': index });
    group.append(svgElement('rect', { x: cx - 4, y: MARGIN, width: 8, height: rodHeight, rx: 4, class: 'hanoi-rod' }));
    (Array.isArray(rod) ? rod : []).forEach((size, level) => {
      const diskWidth = 34 + ((widest - 34) * Math.max(0, size)) / Math.max(1, disks - 1);
      const y = baseY - (level + 1) * DISK_HEIGHT;
      const disk = svgElement('g', { class: `disk disk-${clampInt(size, 0, 63) % 8}`, 'data-size': size });
      disk.append(
        svgElement('rect', { x: cx - diskWidth / 2, y: y + 1, width: diskWidth, height: DISK_HEIGHT - 2, rx: 6 }),
        svgText(String(size), {
          x: cx,
          y: y + DISK_HEIGHT / 2,
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
        }),
      );
      group.append(disk);
    });
    const label = scene.rodLabels?.[index] ?? String.fromCharCode(65 + index);
    group.append(svgText(label, { x: cx, y: baseY + 28, class: 'rod-label', 'text-anchor': 'middle' }));
    svg.append(group);
  });
  return { svg, width, height };
}
