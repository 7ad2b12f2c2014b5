// The HTML report's one script: the filterable per-question table (200 rows at a time, so 40,000
// records open at once) whose rows expand to prompt, raw answer, parsed answer, scores and
// diagnostics, and to the answer's replay (replayFrames.ts: grids as glyph/style pairs, other
// scenes as text) stepped with ◀ ▶ and a slider. Record text is only ever set as textContent,
// never parsed as HTML.
export const DRILL_DOWN_SCRIPT = String.raw`(async () => {
async function load() {
  const holder = document.getElementById('records');
  if (holder.dataset.encoding !== 'gzip-base64') return JSON.parse(holder.textContent);
  const binary = atob(holder.textContent.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return JSON.parse(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text());
}
const data = await load();
const S = data.strings;
const body = document.getElementById('rows');
const filter = document.getElementById('filter');
const model = document.getElementById('model');
const more = document.getElementById('more');
const count = document.getElementById('count');
const PAGE = 200;
let shown = PAGE;
const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
// numbers.ts fixedDecimals at three decimals (half to even on the shortest decimal form), as the tables print; a test holds them equal.
const num = (v) => { if (v === null || !Number.isFinite(v)) return '—'; const t = Math.abs(v).toExponential().split('e'); const m = t[0].split('.'); const f = m[1] || ''; const drop = -3 - (Number(t[1]) - f.length); const a = BigInt(m[0] + f); let k; if (drop <= 0) k = a * 10n ** BigInt(-drop); else { const s = 10n ** BigInt(drop); k = a / s; const r = (a % s) * 2n; if (r > s || (r === s && k % 2n === 1n)) k += 1n; } const d = k.toString().padStart(4, '0'); return (v < 0 && k !== 0n ? '-' : '') + d.slice(0, -3) + '.' + d.slice(-3); };
const fieldText = (i) => i === null ? '—' : S[i];
[...new Set(data.rows.map((r) => r.m))].forEach((i) => { const o = el('option', S[i]); o.value = String(i); model.appendChild(o); });
const haystack = data.rows.map((r) => [S[r.m], r.id, r.l === undefined ? '' : S[r.l], S[r.mode], r.err || '', r.tc === undefined ? '' : S[r.tc]].concat(r.f.map(fieldText)).join(' ').toLowerCase());
const pretty = (v) => v === undefined ? '(none)' : JSON.stringify(v, null, 1);
function scores(r) { const names = S[r.s[0]] === '' ? [] : S[r.s[0]].split('	'); const o = {}; names.forEach((n, i) => { o[n] = r.s[1][i]; }); return pretty(o); }
function text(i) {
  const t = data.texts[i];
  if (typeof t === 'string') return t;
  const base = data.texts[t[0]];
  return base.slice(0, t[1]) + t[3] + base.slice(base.length - t[2]);
}
const STYLE_CLASSES = { W: 'cw', A: 'ca', S: 'cs', r: 'cr', g: 'cg', b: 'cb', p: 'cp', y: 'cy', e: 'ce' };
function gridTable(rows) {
  const table = el('table', undefined, 'grid');
  for (const row of rows) {
    const tr = el('tr');
    for (let i = 0; i + 1 < row.length; i += 2) tr.appendChild(el('td', row[i], STYLE_CLASSES[row[i + 1]] || ''));
    table.appendChild(tr);
  }
  return table;
}
function replay(rp) {
  const box = el('div', undefined, 'replay');
  box.appendChild(el('div', rp.t + (rp.m ? ' — mission: ' + rp.m : ''), 'rp-title'));
  const controls = el('div', undefined, 'rp-controls');
  const back = el('button', '◀', 'rp-back');
  const slider = el('input');
  const next = el('button', '▶', 'rp-next');
  const where = el('span', undefined, 'rp-step');
  back.type = next.type = 'button';
  back.title = 'previous step';
  next.title = 'next step';
  slider.type = 'range';
  slider.min = '0';
  slider.max = String(rp.fr.length - 1);
  slider.value = '0';
  slider.setAttribute('aria-label', 'step');
  [back, slider, next, where].forEach((e) => controls.appendChild(e));
  const body = el('div', undefined, 'rp-body');
  const scene = el('div', undefined, 'rp-scene');
  const side = el('div', undefined, 'rp-side');
  body.appendChild(scene);
  body.appendChild(side);
  box.appendChild(controls);
  box.appendChild(body);
  // Which cell styles mean what: only those the replay uses.
  const legend = el('div', undefined, 'rp-legend');
  const used = new Set(rp.fr.flatMap((f) => (f.g || []).flatMap((row) => row.split('').filter((_, i) => i % 2 === 1))));
  [['A', 'agent'], ['S', 'start'], ['W', 'wall / obstacle']].filter(([style]) => used.has(style)).forEach(([style, name]) => {
    legend.appendChild(el('span', ' ', 'swatch ' + STYLE_CLASSES[style]));
    legend.appendChild(document.createTextNode(name));
  });
  const show = (i) => {
    const f = rp.fr[i];
    slider.value = String(i);
    back.disabled = i === 0;
    next.disabled = i === rp.fr.length - 1;
    where.textContent = 'step ' + i + ' of ' + (rp.fr.length - 1);
    scene.textContent = '';
    scene.appendChild(f.g ? gridTable(f.g) : el('pre', f.x || ''));
    if (f.g) scene.appendChild(legend);
    side.textContent = '';
    const action = el('div', undefined, 'rp-action');
    action.appendChild(el('b', 'action: '));
    action.appendChild(el('code', f.a === null ? '(start)' : f.a));
    (f.fl || []).forEach((flag) => action.appendChild(el('span', flag, 'flag ' + (flag === 'invalid' || flag === 'blocked' || flag === 'takeFailed' ? 'bad' : ''))));
    side.appendChild(action);
    if (f.n) side.appendChild(el('div', f.n, 'rp-note'));
    if (f.f) {
      const dl = el('dl');
      f.f.forEach(([label, value, tone]) => { dl.appendChild(el('dt', label)); dl.appendChild(el('dd', value, tone === 'good' || tone === 'bad' ? tone : '')); });
      side.appendChild(dl);
    }
    if (f.sg) side.appendChild(el('div', 'subgoals: ' + f.sg.join(' ← '), 'rp-note'));
  };
  const current = () => Number(slider.value);
  back.addEventListener('click', () => show(Math.max(0, current() - 1)));
  next.addEventListener('click', () => show(Math.min(rp.fr.length - 1, current() + 1)));
  slider.addEventListener('input', () => show(current()));
  show(0);
  return box;
}
function detail(r) {
  const box = el('div', undefined, 'detail');
  const section = (title, content) => { box.appendChild(el('h4', title)); box.appendChild(el('pre', content)); };
  section('Question', (r.l === undefined ? '' : S[r.l] + '\n') + 'sample id ' + r.id);
  if (r.err) section('Error', r.err);
  if (r.tc !== undefined) section('Cut', S[r.tc]);
  box.appendChild(el('h4', 'Replay'));
  box.appendChild(r.rp ? replay(r.rp) : el('p', 'No replay: ' + S[r.rn], 'note rp-none'));
  section('Prompt', r.p ? r.p.map(([role, i]) => '[' + S[role] + ']\n' + text(i)).join('\n\n') : '(left out of this report to keep it small; the run file has it)');
  section('Raw answer' + (r.cut ? ' (first ' + r.raw.length + ' of ' + r.cut + ' characters)' : ''), r.raw);
  section('Parsed answer', pretty(r.parsed));
  section('Scores (' + S[r.mode] + ')', scores(r));
  section('Diagnostics', r.d.length ? r.d.map((d) => (d[0] + 1) + ':' + (d[1] + 1) + ' ' + S[d[2]] + ' ' + S[d[4]] + ' [' + S[d[3]] + ']').join('\n') : 'none');
  return box;
}
function render() {
  const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
  const m = model.value === '' ? -1 : Number(model.value);
  const matching = [];
  for (let i = 0; i < data.rows.length; i++) {
    if (m >= 0 && data.rows[i].m !== m) continue;
    if (words.every((w) => haystack[i].includes(w))) matching.push(i);
  }
  body.textContent = '';
  for (const i of matching.slice(0, shown)) {
    const r = data.rows[i];
    const tr = el('tr', undefined, r.err ? 'error' : r.ok ? '' : 'invalid');
    [S[r.m], r.l === undefined ? r.id : S[r.l]].concat(r.f.map(fieldText), r.v.map(num), [r.ok ? 'yes' : 'no']).forEach((c) => tr.appendChild(el('td', c)));
    if (r.tc !== undefined) tr.lastChild.appendChild(el('span', S[r.tc].split(' (')[0], 'flag'));
    tr.title = 'sample id ' + r.id;
    tr.tabIndex = 0;
    const open = () => {
      const next = tr.nextSibling;
      if (next && next.classList && next.classList.contains('expanded')) { next.remove(); return; }
      const row = el('tr', undefined, 'expanded');
      const cell = el('td');
      cell.colSpan = tr.children.length;
      cell.appendChild(detail(r));
      row.appendChild(cell);
      tr.after(row);
    };
    tr.addEventListener('click', open);
    tr.addEventListener('keydown', (e) => { if (e.key === 'Enter') open(); });
    body.appendChild(tr);
  }
  count.textContent = 'Showing ' + Math.min(shown, matching.length) + ' of ' + matching.length + ' matching records (' + data.rows.length + ' in all).';
  more.hidden = matching.length <= shown;
}
filter.addEventListener('input', () => { shown = PAGE; render(); });
model.addEventListener('change', () => { shown = PAGE; render(); });
more.addEventListener('click', () => { shown += PAGE * 5; render(); });
render();
})();`;
