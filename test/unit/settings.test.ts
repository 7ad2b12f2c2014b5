// The extension's settings: one typed accessor per `waypoint.*` setting package.json contributes,
// with the same default (and the same allowed values), and nothing declared twice or left out.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSetting, SETTINGS, type SettingName } from '../../src/extension/settingDefinitions';
import { repoRoot } from '../support/paths';

interface Contributed {
  default?: unknown;
  enum?: unknown[];
}

function contributedSettings(): Map<string, Contributed> {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: {
      configuration: { properties: Record<string, Contributed> } | Array<{ properties: Record<string, Contributed> }>;
    };
  };
  const sections = [manifest.contributes.configuration].flat();
  return new Map(sections.flatMap((section) => Object.entries(section.properties)));
}

describe('settings', () => {
  const contributed = contributedSettings();
  const names = Object.keys(SETTINGS) as SettingName[];

  it('has a typed accessor for every waypoint.* setting in package.json, and none it does not declare', () => {
    assert.ok(contributed.size > 0);
    assert.deepEqual([...contributed.keys()].sort(), names.map((name) => `waypoint.${name}`).sort());
  });

  it("uses package.json's default when a setting is unset or malformed", () => {
    for (const name of names) {
      const declared = contributed.get(`waypoint.${name}`);
      assert.deepEqual(SETTINGS[name].default, declared?.default, `default of waypoint.${name}`);
      assert.deepEqual(
        readSetting(() => undefined, name),
        declared?.default,
        `unset waypoint.${name}`,
      );
      assert.deepEqual(
        readSetting(() => ({ wrong: 'shape' }), name),
        declared?.default,
        `malformed waypoint.${name}`,
      );
    }
  });

  it('accepts exactly the values package.json allows for enumerated settings', () => {
    for (const name of names) {
      const allowed = contributed.get(`waypoint.${name}`)?.enum;
      if (!allowed) continue;
      for (const value of allowed)
        assert.equal(
          readSetting(() => value, name),
          value,
          `waypoint.${name} = ${String(value)}`,
        );
      assert.equal(
        readSetting(() => 'no-such-value', name),
        contributed.get(`waypoint.${name}`)?.default,
      );
    }
  });

  it('reads configured values through the getter it is given', () => {
    const configured: Record<string, unknown> = {
      'mango.cutoff': 35,
      'mango.reversePairs': [['enter', 'exit'], ['broken'], 'x'],
      'validation.maxFileSizeMB': 0,
      'mango.skeletonPathLimit': 2.5,
      defaultModel: 'gpt',
    };
    const get = (key: string) => configured[key];
    assert.equal(readSetting(get, 'mango.cutoff'), 35);
    assert.deepEqual(readSetting(get, 'mango.reversePairs'), [['enter', 'exit']]);
    assert.equal(readSetting(get, 'validation.maxFileSizeMB'), 64, 'below the minimum of 1');
    assert.equal(readSetting(get, 'mango.skeletonPathLimit'), 0, 'not an integer');
    assert.equal(readSetting(get, 'defaultModel'), 'gpt');
  });
});
