// The web board in a real browser: headless Chromium driven by playwright-core.
//
//   node run.mjs URL [SCREENSHOT_DIR]
//
// URL is a running `spacechess serve` (crates/web/tests/browser.rs starts one on a free port and
// runs this script). Chromium is /usr/bin/chromium unless CHROMIUM names another. The script
// loads the page, picks Raumschach, plays a move by clicking the level diagram (the man, then
// its destination), waits for the engine's answer in the move list, and exercises undo/redo,
// the move list, the 3D view's picking, attacks, the record and the position editor; then it
// plays a few moves of other variants and writes screenshots to SCREENSHOT_DIR (default
// target/screenshots). Any JavaScript console error or page error fails it. Exit code 0 when
// every step passed; the last line is "N passed, M failed".

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const url = process.argv[2];
const shots = path.resolve(process.argv[3] || 'target/screenshots');
if (!url) {
  console.error('usage: node run.mjs URL [SCREENSHOT_DIR]');
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });

const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spacechess-chromium-'));
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let passed = 0;
let failed = 0;
const problems = [];

async function step(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    passed += 1;
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed += 1;
    problems.push(`${name}: ${e.message}`);
    console.log(`FAIL ${name}: ${e.stack || e.message}`);
  }
}

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: true,
  args,
  viewport: { width: 1400, height: 950 },
  acceptDownloads: true,
});
const page = context.pages()[0] || (await context.newPage());
page.setDefaultTimeout(60000);
const consoleErrors = [];
page.on('console', (msg) => {
  if (msg.type() === 'error') consoleErrors.push(`console error: ${msg.text()}`);
});
page.on('pageerror', (err) => consoleErrors.push(`page error: ${err.message}`));

const state = (expr) => page.evaluate(`(() => { const s = window.spacechess.state; return ${expr}; })()`);

/// Waits until the page shows `variant` with `ply` moves played and no search running.
async function settled(variant, ply) {
  await page.waitForFunction(([v, p]) => {
    const s = window.spacechess && window.spacechess.state;
    return s && s.variant === v && s.pos && document.body.dataset.variant === v && !s.thinking
      && (p === null || s.ply === p) && s.pos.moves.length === s.ply;
  }, [variant, ply === undefined ? null : ply]);
}

async function pickVariant(name) {
  await page.selectOption('#variant', name);
  await settled(name, 0);
}

async function allHuman() {
  const n = await state('s.players.length');
  for (let i = 0; i < n; i++) await page.selectOption(`#side-${i}`, 'human');
}

/// The engine plays `count` moves for whoever is to move (every side human: one click each).
async function engineMoves(variant, count) {
  for (let i = 0; i < count; i++) {
    const ply = await state('s.ply');
    const over = await state('!!s.pos.outcome');
    if (over) return;
    await page.click('#engine-move');
    await settled(variant, ply + 1);
  }
}

async function cellOf(name) {
  const cell = await state(`s.board.cells.find((c) => c.name === ${JSON.stringify(name)})`);
  assert(cell, `no cell named ${name}`);
  return cell.cell;
}

/// Clicks a man in the diagram so its destinations show (the man with the most destinations).
async function selectSomeMan() {
  const from = await state(`(() => {
    const count = new Map();
    for (const m of s.pos.legal) if (m.from.length) count.set(m.from[0], (count.get(m.from[0]) || 0) + 1);
    let best = null;
    for (const [cell, n] of count) if (best === null || n > count.get(best)) best = cell;
    return best;
  })()`);
  if (from === null) return null;
  await page.click(`svg.diagram g.man[data-cell="${from}"]`);
  await page.waitForFunction((c) => window.spacechess.state.selected === c, from);
  return from;
}

async function shot(name) {
  await page.mouse.move(1, 1);
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

try {
  await step('page loads with the catalogue and a board', async () => {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'yes');
    const options = await page.$$eval('#variant option', (os) => os.map((o) => o.value));
    for (const v of ['raumschach', 'sphinx', 'goff', 'cubic8-4', 'ecila', 'spectral']) {
      assert(options.includes(v), `variant ${v} missing from the chooser`);
    }
    assert((await page.title()) === 'spacechess', 'title');
  });

  await step('Raumschach: a move clicked in the diagram, the engine answers', async () => {
    await pickVariant('raumschach');
    await page.selectOption('#strength', 'd2');
    assert((await page.$$('svg.diagram .panel-name')).length === 5, 'five levels');
    const side1 = await page.$eval('#side-1', (s) => s.value);
    assert(side1 === 'engine', `Black should be the engine by default, is ${side1}`);
    const legal = await state('s.pos.legal.map((m) => m.text)');
    const text = legal.includes('Ac2-Ac3') ? 'Ac2-Ac3' : legal[0];
    const move = await state(`s.pos.legal.find((m) => m.text === ${JSON.stringify(text)})`);
    await page.click(`svg.diagram g.man[data-cell="${move.from[0]}"]`);
    await page.waitForSelector(`svg.diagram .dot-destination[data-cell="${move.to[0]}"]`);
    const dots = await page.$$('svg.diagram .dot-destination, svg.diagram .ring-capture');
    const want = await state(`new Set(s.pos.legal.filter((m) => m.from[0] === ${move.from[0]}).flatMap((m) => m.to)).size`);
    assert(dots.length === want, `${dots.length} destinations drawn, ${want} expected`);
    await page.click(`svg.diagram .dot-destination[data-cell="${move.to[0]}"]`);
    await settled('raumschach', 2);
    const shown = await page.$$eval('#moves .mv:not(.start)', (ms) => ms.map((m) => m.textContent));
    assert(shown.length === 2 && shown[0] === text, `move list ${JSON.stringify(shown)}`);
    const last = await state('s.pos.last');
    assert(last && last.text === shown[1], 'the last move is the engine\'s');
    assert(await page.$('svg.diagram .mark-last'), 'last move highlighted');
  });

  await step('Raumschach: a second move dragged, undo, redo, the move list', async () => {
    const legal = await state('s.pos.legal');
    const move = legal.find((m) => m.kind === 'Plain') || legal[0];
    const from = await page.$(`svg.diagram g.man[data-cell="${move.from[0]}"]`);
    const a = await from.boundingBox();
    const to = await page.$(`svg.diagram [data-cell="${move.to[0]}"].sq, svg.diagram [data-cell="${move.to[0]}"].point`);
    const b = await to.boundingBox();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2 + 5, (a.y + b.y) / 2 + 5, { steps: 4 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
    await page.mouse.up();
    await settled('raumschach', 4);
    await page.click('#undo');
    await settled('raumschach', 2);
    await page.click('#redo');
    await settled('raumschach', 3);
    await page.click('#moves .mv[data-ply="1"]');
    await settled('raumschach', 1);
    await page.click('#go-end');
    await settled('raumschach', 4);
    assert((await state('s.moves.length')) === 4, 'four moves kept');
  });

  await step('Raumschach: the 3D view draws and picks a man', async () => {
    const blank = await page.evaluate(() => {
      const c = document.querySelector('#cube canvas');
      return c && c.width > 100 && c.height > 100 ? c.toDataURL('image/png').length : 0;
    });
    assert(blank > 20000, `the 3D canvas looks empty (${blank} bytes)`);
    const from = await state('s.pos.legal[0].from[0]');
    const p = await page.evaluate((c) => window.spacechess.cube.screenPoint(c), from);
    assert(p, 'no screen point');
    await page.mouse.click(p.x, p.y);
    await page.waitForFunction((c) => window.spacechess.state.selected === c, from, { timeout: 5000 });
    await page.keyboard.press('Escape');
  });

  await step('Raumschach: attacks on a cell (right-click)', async () => {
    const king = await state('s.pos.men.find((m) => m.piece === "K" && m.player === 0).cell');
    await page.click(`svg.diagram g.man[data-cell="${king}"]`, { button: 'right' });
    await page.waitForFunction(() => window.spacechess.state.attack !== null);
    const text = await page.textContent('#attack-list');
    assert(/attack/i.test(text), `attack list: ${text}`);
    await page.keyboard.press('Escape');
    await page.click('#tool-attacks summary');
  });

  await step('Raumschach: the record is written and read back', async () => {
    await page.click('#tool-record summary');
    await page.click('#show-record');
    await page.waitForFunction(() => document.querySelector('#record-text').value.includes('[Variant'));
    const record = await page.inputValue('#record-text');
    const moves = await state('s.moves.slice(0, s.ply)');
    assert(record.includes('[Variant "raumschach"]'), record);
    assert(record.includes(`1. ${moves[0]} ${moves[1]}`), `numbered moves in\n${record}`);
    await page.click('#new-game');
    await settled('raumschach', 0);
    await page.click('#load-record');
    await settled('raumschach', moves.length);
    assert(JSON.stringify(await state('s.moves')) === JSON.stringify(moves), 'same moves after loading');
    await page.click('#tool-record summary');
  });

  await step('Raumschach: the position editor removes a man and validates', async () => {
    await page.click('#tool-editor summary');
    const before = await state('s.pos.men.length');
    await page.click('#edit-start');
    await page.click('#editor-erase');
    const pawn = await state('s.pos.men.find((m) => m.piece === "P" && m.player === 0).cell');
    await page.click(`svg.diagram g.man[data-cell="${pawn}"]`);
    await page.waitForFunction(() => /accepts/.test(document.querySelector('#editor-message').textContent));
    await page.click('#editor-done');
    await settled('raumschach', 0);
    const count = await state('s.pos.men.length');
    assert(count === before - 1, `${count} men after removing one of ${before}`);
    await page.click('#tool-editor summary');
    await page.click('#new-game');
    await settled('raumschach', 0);
  });

  await step('Raumschach: screenshot after a few moves', async () => {
    await allHuman();
    await engineMoves('raumschach', 4);
    await selectSomeMan();
    await shot('raumschach');
  });

  await step('Raumschach: best lines shown without playing, and hidden after a move', async () => {
    const ply = await state('s.ply');
    await page.selectOption('#strength', 'd2');
    await page.click('#engine-lines');
    await page.waitForFunction(() => document.querySelector('#engine-info').textContent.includes('best lines'));
    const text = await page.textContent('#engine-info');
    const rows = text.split('\n').slice(1);
    assert(rows.length === 3, `three lines: ${text}`);
    rows.forEach((r, i) => assert(r.startsWith(`${i + 1}. `), `line ${i + 1}: ${text}`));
    const firsts = new Set(rows.map((r) => r.trim().split(/\s+/)[2]));
    assert(firsts.size === 3, `each line begins with another move: ${text}`);
    assert(await state('s.ply') === ply, 'nothing was played');
    await shot('raumschach-lines');
    await page.click('#engine-move');
    await settled('raumschach', ply + 1);
    const after = await page.textContent('#engine-info');
    assert(!after.includes('best lines'), `the lines of the earlier position are gone: ${after}`);
  });

  for (const [variant, plies] of [['sphinx', 4], ['sphinx-reduced', 2], ['goff', 4], ['cubic8-4', 8], ['cubic', 4], ['spectral', 4]]) {
    await step(`${variant}: a few engine moves, a man selected, screenshot`, async () => {
      await pickVariant(variant);
      await page.selectOption('#strength', 'd1');
      await allHuman();
      await engineMoves(variant, plies);
      await selectSomeMan();
      await shot(variant);
    });
  }

  await step('goff-quantum: a pawn packet drawn as five half-size virtual pawns of weight 1', async () => {
    await pickVariant('goff-quantum');
    await allHuman();
    assert((await page.$$('svg.diagram g.man.virtual')).length === 0, 'the start has no virtual piece');
    const from = await cellOf('K2,2');
    const to = await cellOf('K4,4');
    await page.click(`svg.diagram g.man[data-cell="${from}"]`);
    await page.click(`svg.diagram [data-cell="${to}"].dot-destination, svg.diagram [data-cell="${to}"].ring-capture`);
    // Several moves reach K4,4 (spreads 1 and the whole perimeter): the chooser names them.
    await page.click('#chooser-moves button[value="P(K2,2) - [K4,4]"]');
    await settled('goff-quantum', 1);
    const pawns = await page.$$eval('svg.diagram g.man.virtual', (gs) => gs.map((g) => [g.dataset.piece, g.dataset.weight, Number(g.dataset.cell)]));
    assert(pawns.length === 5 && pawns.every(([p, w]) => p === 'P' && w === '1'), `virtual men ${JSON.stringify(pawns)}`);
    assert(!pawns.some(([, , c]) => c === from), 'no pawn is left on K2,2');
    assert(!(await page.$(`svg.diagram g.man:not(.virtual)[data-cell="${from}"]`)), 'K2,2 is empty in every reality');
    assert((await state('s.pos.virtual.realities')) === '5', 'five realities');
    await page.hover(`svg.diagram g.man.virtual[data-cell="${to}"] circle`);
    const hovered = await page.$eval('#hover-cell', (e) => e.textContent);
    assert(hovered.includes('weight 1 of 5'), `hover line ${hovered}`);
    await shot('goff-quantum');
  });

  await step('ecila: placement phase (palette), screenshot', async () => {
    await pickVariant('ecila');
    await allHuman();
    await engineMoves('ecila', 3);
    await page.waitForSelector('#placement:not([hidden]) .man-button');
    await page.click('#placement .man-button');
    const dests = await state('s.pos.legal.filter((m) => !m.from.length).length');
    assert(dests > 0, 'placements');
    await page.waitForSelector('svg.diagram .dot-destination');
    await shot('ecila');
    const to = await page.$eval('svg.diagram .dot-destination', (d) => Number(d.getAttribute('data-cell')));
    await page.click(`svg.diagram .dot-destination[data-cell="${to}"]`);
    await settled('ecila', 4);
  });

  await step('no JavaScript error on the console or the page', async () => {
    assert(consoleErrors.length === 0, consoleErrors.join('\n'));
  });
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}

for (const p of problems) console.log(`problem: ${p}`);
console.log(`screenshots in ${shots}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
