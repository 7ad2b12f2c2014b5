// A played MANGO episode as the route answer the maze view draws. Its own module, free of the text
// adventure's dependencies (walkthrough parser, graph), because the extension's activation bundle
// needs it to draw episode records.

/** A played episode's moves as MANGO's answer steps, refused commands left out (Show in Maze on a play record). */
export function episodeRoute(
  start: string,
  steps: ReadonlyArray<{ command: string; location: string; valid: boolean }>,
): Array<{ location_before: string; action: string; location_after: string }> {
  const route: Array<{ location_before: string; action: string; location_after: string }> = [];
  let here = start;
  for (const step of steps) {
    if (!step.valid) continue;
    route.push({
      location_before: here,
      action: step.command.trim().replace(/\s+/g, ' ').toLowerCase(),
      location_after: step.location,
    });
    here = step.location;
  }
  return route;
}

/** The same route as the answer text the maze view parses. */
export function episodeRouteAnswer(
  start: string,
  steps: ReadonlyArray<{ command: string; location: string; valid: boolean }>,
): string {
  return JSON.stringify(episodeRoute(start, steps));
}
