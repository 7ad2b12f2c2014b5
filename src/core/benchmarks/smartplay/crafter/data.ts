// Crafter's rules table (danijar/crafter data.yaml as vendored by SmartPlay), in upstream order:
// the order of `items` is the order of the inventory text, `materials` fixes material ids (and so
// the order of SmartPlay's "You see" lines), and `actions` is the action index order.

export const ACTIONS = [
  'noop',
  'move_left',
  'move_right',
  'move_up',
  'move_down',
  'do',
  'sleep',
  'place_stone',
  'place_table',
  'place_furnace',
  'place_plant',
  'make_wood_pickaxe',
  'make_stone_pickaxe',
  'make_iron_pickaxe',
  'make_wood_sword',
  'make_stone_sword',
  'make_iron_sword',
] as const;

/** SmartPlay's action texts, index for index with ACTIONS (crafter_env.py `action_list`). */
export const ACTION_TEXTS = [
  'Noop',
  'Move West',
  'Move East',
  'Move North',
  'Move South',
  'Do',
  'Sleep',
  'Place Stone',
  'Place Table',
  'Place Furnace',
  'Place Plant',
  'Make Wood Pickaxe',
  'Make Stone Pickaxe',
  'Make Iron Pickaxe',
  'Make Wood Sword',
  'Make Stone Sword',
  'Make Iron Sword',
] as const;

export const MATERIALS = [
  'water',
  'grass',
  'stone',
  'path',
  'sand',
  'tree',
  'lava',
  'coal',
  'iron',
  'diamond',
  'table',
  'furnace',
] as const;
type Material = (typeof MATERIALS)[number];

export const WALKABLE: readonly string[] = ['grass', 'path', 'sand'];

export const ITEMS = [
  'health',
  'food',
  'drink',
  'energy',
  'sapling',
  'wood',
  'stone',
  'coal',
  'iron',
  'diamond',
  'wood_pickaxe',
  'stone_pickaxe',
  'iron_pickaxe',
  'wood_sword',
  'stone_sword',
  'iron_sword',
] as const;
export type Item = (typeof ITEMS)[number];
export const ITEM_MAX = 9;
export const VITALS: readonly Item[] = ['health', 'food', 'drink', 'energy'];

interface CollectRule {
  require: Partial<Record<Item, number>>;
  receive: Partial<Record<Item, number>>;
  leaves: Material;
  probability?: number;
}

export const COLLECT: Partial<Record<string, CollectRule>> = {
  tree: { require: {}, receive: { wood: 1 }, leaves: 'grass' },
  stone: { require: { wood_pickaxe: 1 }, receive: { stone: 1 }, leaves: 'path' },
  coal: { require: { wood_pickaxe: 1 }, receive: { coal: 1 }, leaves: 'path' },
  iron: { require: { stone_pickaxe: 1 }, receive: { iron: 1 }, leaves: 'path' },
  diamond: { require: { iron_pickaxe: 1 }, receive: { diamond: 1 }, leaves: 'path' },
  water: { require: {}, receive: { drink: 1 }, leaves: 'water' },
  grass: { require: {}, receive: { sapling: 1 }, probability: 0.1, leaves: 'grass' },
};

interface PlaceRule {
  uses: Partial<Record<Item, number>>;
  where: readonly string[];
  type: 'material' | 'object';
}

export const PLACE: Record<string, PlaceRule> = {
  stone: { uses: { stone: 1 }, where: ['grass', 'sand', 'path', 'water', 'lava'], type: 'material' },
  table: { uses: { wood: 2 }, where: ['grass', 'sand', 'path'], type: 'material' },
  furnace: { uses: { stone: 4 }, where: ['grass', 'sand', 'path'], type: 'material' },
  plant: { uses: { sapling: 1 }, where: ['grass'], type: 'object' },
};

interface MakeRule {
  uses: Partial<Record<Item, number>>;
  nearby: readonly Material[];
  gives: number;
}

export const MAKE: Record<string, MakeRule> = {
  wood_pickaxe: { uses: { wood: 1 }, nearby: ['table'], gives: 1 },
  stone_pickaxe: { uses: { wood: 1, stone: 1 }, nearby: ['table'], gives: 1 },
  iron_pickaxe: { uses: { wood: 1, coal: 1, iron: 1 }, nearby: ['table', 'furnace'], gives: 1 },
  wood_sword: { uses: { wood: 1 }, nearby: ['table'], gives: 1 },
  stone_sword: { uses: { wood: 1, stone: 1 }, nearby: ['table'], gives: 1 },
  iron_sword: { uses: { wood: 1, coal: 1, iron: 1 }, nearby: ['table', 'furnace'], gives: 1 },
};

export const ACHIEVEMENTS = [
  'collect_coal',
  'collect_diamond',
  'collect_drink',
  'collect_iron',
  'collect_sapling',
  'collect_stone',
  'collect_wood',
  'defeat_skeleton',
  'defeat_zombie',
  'eat_cow',
  'eat_plant',
  'make_iron_pickaxe',
  'make_iron_sword',
  'make_stone_pickaxe',
  'make_stone_sword',
  'make_wood_pickaxe',
  'make_wood_sword',
  'place_furnace',
  'place_plant',
  'place_stone',
  'place_table',
  'wake_up',
] as const;
