// A generated walkthrough in the upstream format, for timing the parser and the server.

/** `steps` steps: moves, takes and looks, with room titles and descriptions as Jericho prints them. */
export function syntheticWalkthrough(steps: number): string {
  const parts: string[] = [];
  const rooms = ['Harbour Road', 'Fish Market', 'Net Loft', 'Quay', 'Cliff Path', 'Lamp Room'];
  for (let step = 0; step < steps; step++) {
    const action = step === 0 ? 'Init' : ['north', 'south', 'take lamp', 'up', 'down', 'look'][step % 6];
    const observation =
      step % 3 === 0
        ? 'Taken.'
        : `${rooms[step % rooms.length]}\nA description of the room that runs for a sentence or two, as Jericho prints it.\n\nThere is a brass lamp here.`;
    parts.push(`===========\n==>STEP NUM: ${step}\n==>ACT: ${action}\n==>OBSERVATION: ${observation}\n\n`);
  }
  return `${parts.join('')}===========\n`;
}
