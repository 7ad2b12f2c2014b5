// media/webview.css is one stylesheet for every webview app. A rule left open (as a merge once left
// the map diff's last rule) silently swallows every rule after it: the Play panel lost its layout.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/paths';

describe('media/webview.css', () => {
  it('closes every block it opens, so no rule swallows the ones after it', () => {
    const css = readFileSync(join(repoRoot, 'media', 'webview.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) =>
      comment.replace(/[^\n]/g, ' '),
    );
    let depth = 0;
    const lines = css.split('\n');
    lines.forEach((line, index) => {
      for (const char of line) {
        if (char === '{') depth++;
        if (char === '}') depth--;
        assert.ok(depth >= 0, `line ${index + 1}: '}' closes nothing`);
      }
      // Only @media and similar group rules nest; a property line never opens a block inside a rule.
      assert.ok(depth <= 2, `line ${index + 1}: a block opened inside a rule (a '}' missing above?)`);
    });
    assert.equal(depth, 0, 'a block is left open at the end');
  });
});
