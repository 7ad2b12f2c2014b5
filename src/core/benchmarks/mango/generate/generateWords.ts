// Small word lists for generated and re-skinned MANGO games: room names are "<adjective> <noun>",
// observations are assembled from the feature sentences. Written for Waypoint (no game's text), and
// free of the direction words so that rotating a re-skin never touches a generated name.

export const ROOM_ADJECTIVES: readonly string[] = [
  'amber', 'ashen', 'bare', 'bitter', 'bleak', 'bright', 'broken', 'brass', 'cedar', 'chalk',
  'cinder', 'cobalt', 'copper', 'coral', 'crimson', 'crooked', 'damp', 'dim', 'dusty', 'echoing',
  'emerald', 'faded', 'fallen', 'foggy', 'frozen', 'gilded', 'glass', 'granite', 'grassy', 'grey',
  'hollow', 'humid', 'icy', 'iron', 'ivory', 'jade', 'leaden', 'lofty', 'low', 'marble',
  'misty', 'mossy', 'muddy', 'narrow', 'oaken', 'old', 'pale', 'pewter', 'quiet', 'rusty',
  'sandy', 'scarlet', 'shady', 'silent', 'silver', 'slate', 'smoky', 'sombre', 'stony', 'sunken',
  'tangled', 'tiled', 'umber', 'velvet', 'violet', 'windy', 'wooden', 'yellow',
];

export const ROOM_NOUNS: readonly string[] = [
  'alcove', 'annex', 'arcade', 'archive', 'armoury', 'atrium', 'bakery', 'balcony', 'barracks', 'bathhouse',
  'belfry', 'boathouse', 'bridge', 'cavern', 'chamber', 'chapel', 'cistern', 'cloister', 'corridor', 'courtyard',
  'crypt', 'dairy', 'den', 'dungeon', 'forge', 'foyer', 'gallery', 'garden', 'gatehouse', 'granary',
  'grotto', 'hall', 'hangar', 'kennel', 'landing', 'larder', 'library', 'loft', 'mill',
  'nursery', 'observatory', 'orchard', 'pantry', 'parlour', 'pavilion', 'quarry', 'refectory', 'scullery', 'shrine',
  'solar', 'stable', 'stairwell', 'storeroom', 'study', 'tannery', 'terrace', 'theatre', 'tower', 'tunnel',
  'undercroft', 'vault', 'vestry', 'vineyard', 'warren', 'workshop',
];

/** First sentences of a room's prose: what is there, never a direction or a name. */
export const FEATURE_SENTENCES: readonly string[] = [
  'Cobwebs drift between the rafters.',
  'Water drips somewhere out of sight.',
  'A cold draught stirs the dust.',
  'Broken crates are stacked against one wall.',
  'Faded murals cover the plaster.',
  'The floor is worn smooth by many feet.',
  'A single lamp flickers on a hook.',
  'Roots have pushed through the cracked stones.',
  'Something small scurries away as you arrive.',
  'The air smells of wax and old paper.',
  'Puddles of rainwater reflect the ceiling.',
  'A rusted bell hangs from a chain.',
  'Moss softens every corner.',
  'Shelves sag under the weight of clay jars.',
  'The walls are scorched as if by an old fire.',
  'Chalk marks count days on a pillar.',
  'A heap of rope lies coiled by the wall.',
  'Your footsteps echo far longer than they should.',
  'Sunlight falls through a crack in the roof.',
  'A table is laid for a meal nobody ate.',
];

/** Things a walkthrough's idle steps examine; their answers are prose without a room title. */
export const IDLE_OBJECTS: readonly string[] = ['floor', 'walls', 'ceiling', 'dust', 'shadows', 'stones'];

/** Non-compass two-way moves: the action there (with `{noun}`, the destination's noun) and the way back. */
export const PASSAGE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['enter {noun}', 'exit'],
  ['climb to {noun}', 'climb back'],
  ['go through archway', 'go back'],
  ['crawl into {noun}', 'crawl out'],
];

/** One-way moves (never reversed by the evaluator: not direction names). */
export const ONE_WAY_ACTIONS: readonly string[] = ['slide down chute', 'jump into pit', 'squeeze through crack', 'drop through trapdoor', 'ride the lift'];

/** Verb phrases a rename re-skin gives non-direction actions (`{noun}` is a fresh noun). */
export const RENAMED_ACTIONS: readonly string[] = ['touch {noun}', 'kneel at {noun}', 'ring {noun}', 'wave at {noun}', 'knock on {noun}', 'bow to {noun}'];
