// The pan-and-zoom gesture on the maze view, shared by the navigation test (which checks where the
// map ends up after each phase) and `npm run bench` (which times the frames drawn while it runs):
// zoom in through every level of detail, drag the map around, zoom back out.
import type { Page } from 'playwright-core';

export type GesturePhase = 'zoom in' | 'pan' | 'zoom out';

/**
 * Where the pointer is pressed and the wheel turns: the drawing's centre, in whole page pixels
 * (the events' clientX/Y are whole pixels, so the test can say exactly where the pointer was).
 */
export async function canvasCentre(page: Page): Promise<{ x: number; y: number }> {
  const canvas = (await page.locator('.maze-canvas').boundingBox()) as {
    x: number;
    y: number;
    width: number;
    height: number;
  };
  return { x: Math.round(canvas.x + canvas.width / 2), y: Math.round(canvas.y + canvas.height / 2) };
}

/** Where the drag of the 'pan' phase lets go, relative to where it was pressed. */
export const PAN_RELEASE = { dx: Math.sin(59 / 8) * 250, dy: Math.cos(59 / 8) * 150 };

/** Runs the gesture; `afterPhase` is awaited after each of its three phases. */
export async function panAndZoom(page: Page, afterPhase: (phase: GesturePhase) => Promise<void>): Promise<void> {
  const { x, y } = await canvasCentre(page);
  await page.mouse.move(x, y);
  for (let turn = 0; turn < 30; turn++) await page.mouse.wheel(0, -60);
  await afterPhase('zoom in');
  await page.mouse.down();
  for (let move = 0; move < 60; move++)
    await page.mouse.move(x + Math.sin(move / 8) * 250, y + Math.cos(move / 8) * 150);
  await page.mouse.up();
  await afterPhase('pan');
  for (let turn = 0; turn < 30; turn++) await page.mouse.wheel(0, 60);
  await afterPhase('zoom out');
}
