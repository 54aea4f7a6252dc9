// The spacechess web board: the page's state and controls. It holds no chess logic: the board
// model, the men, the legal moves with their cells, check, the outcome, the notation and the
// engine's moves all come from the JSON API (api.js, docs/web.md). The level diagram
// (diagram.js) and the 3D view (cube.js) draw the same `view` of the state.

import { api } from './api.js';
import { Diagram } from './diagram.js';
import { Cube } from './cube.js';
import { playerColour } from './theme.js';
import { tagName, optionsTag, optionsOfRecord } from './record.js';
import { composePosition } from './editor.js';

const $ = (id) => document.getElementById(id);

const state = {
  catalogue: [],
  variant: null,
  options: {}, // the options that differ from their defaults, as texts
  board: null,
  players: [],
  pieces: {},
  cellName: new Map(),
  start: null, // the position the game started from (null: the variant's start)
  defaultStart: null,
  moves: [], // the whole line, the future beyond `ply` kept for redo
  ply: 0,
  moverAt: [], // moverAt[i]: the player to move after i moves (who plays moves[i])
  pos: null, // the /api/position reply for moves[0..ply]
  selected: null, // a cell, or {placement: letter}
  sides: [],
  flipped: false,
  hover: null,
  attack: null, // {cell, attackers: Map(cell -> player), list}
  edit: null, // {men: Map(cell -> man), toMove, base, tool, valid}
  engineInfo: '',
  thinking: false,
};

let positionSeq = 0;
let engineSeq = 0;
let diagram = null;
let cube = null;

// ---------------------------------------------------------------- messages

function say(text, kind = 'info') {
  const m = $('message');
  m.textContent = text || '';
  m.className = text ? kind : '';
}

function fail(e) {
  say(e && e.message ? e.message : String(e), 'error');
}

function playerName(p) {
  return state.players[p] ? state.players[p].name : `Player ${p + 1}`;
}

function manName(man) {
  return `${playerName(man.player)} ${state.pieces[man.piece] || man.piece}`;
}

// ---------------------------------------------------------------- variant and options

function variantInfo(name) {
  return state.catalogue.find((v) => v.name === name);
}

function optionControls() {
  const box = $('options');
  box.replaceChildren();
  const info = variantInfo(state.variant);
  if (!info || !info.options.length) {
    box.textContent = 'This variant has no rule options.';
    $('apply-options').hidden = true;
    return;
  }
  $('apply-options').hidden = false;
  for (const o of info.options) {
    const row = document.createElement('label');
    row.className = 'option';
    row.title = o.doc || '';
    const value = state.options[o.name] !== undefined ? state.options[o.name] : o.default;
    let input;
    if (o.kind === 'true or false') {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = value === 'true';
    } else if (o.allowed && o.allowed.length) {
      input = document.createElement('select');
      for (const a of o.allowed) {
        const opt = document.createElement('option');
        opt.value = opt.textContent = a;
        input.appendChild(opt);
      }
      input.value = value;
    } else {
      input = document.createElement('input');
      input.type = o.kind === 'a number' ? 'number' : 'text';
      input.value = value;
    }
    input.dataset.option = o.name;
    input.dataset.default = o.default;
    const name = document.createElement('span');
    name.textContent = o.name.replace(/_/g, ' ');
    row.append(name, input);
    const doc = document.createElement('small');
    doc.textContent = o.doc || '';
    row.appendChild(doc);
    box.appendChild(row);
  }
}

function readOptions() {
  const out = {};
  for (const input of $('options').querySelectorAll('[data-option]')) {
    const v = input.type === 'checkbox' ? String(input.checked) : String(input.value).trim();
    if (v !== input.dataset.default) out[input.dataset.option] = v;
  }
  return out;
}

/// Loads a variant's board model and starts a new game (or the given start and moves).
async function loadVariant(name, options = {}, game = {}) {
  const board = await api.board(name, options);
  state.variant = name;
  state.options = options;
  state.board = board.board;
  state.players = board.players;
  state.pieces = board.pieces;
  state.cellName = new Map(board.board.cells.map((c) => [c.cell, c.name]));
  $('variant').value = name;
  const info = variantInfo(name);
  $('description').textContent = info ? info.description : '';
  optionControls();
  const oldSides = state.sides;
  state.sides = state.players.map((_, i) => oldSides[i] || (i === 0 ? 'human' : 'engine'));
  if (state.players.length > 2 && oldSides.length !== state.players.length) {
    state.sides = state.players.map((_, i) => (i === 0 ? 'human' : 'engine'));
  }
  playerControls();
  diagram.setBoard(state.board, name, state.flipped);
  cube.setBoard(state.board, state.flipped);
  arrange();
  const startReply = await api.position({ variant: name, options, moves: [] });
  state.defaultStart = startReply.start;
  await newGame(game.start || null, game.moves || [], game.ply);
  if (location.hash.slice(1) !== name) history.replaceState(null, '', `#${name}`);
  document.body.dataset.variant = name;
}

/// Lays the diagram and the 3D view side by side or one above the other, by the diagram's shape.
function arrange() {
  const L = diagram.layout;
  const boards = $('boards');
  const mode = $('view-mode').value;
  boards.className = `mode-${mode}`;
  if (L) {
    // Side by side or one above the other: whichever draws the diagram larger.
    const W = Math.max(300, boards.clientWidth);
    const H = Math.max(300, boards.clientHeight);
    const stacked = Math.min(W / L.width, (0.58 * H) / L.height);
    const beside = Math.min((0.5 * W) / L.width, H / L.height);
    boards.classList.add(stacked >= beside ? 'stacked' : 'beside');
  }
  $('diagram').hidden = mode === 'cube';
  $('cube').hidden = mode === 'diagram';
  if (cube) cube.resize();
}
window.addEventListener('resize', () => { if (diagram && diagram.layout) arrange(); });

async function newGame(start = null, moves = [], ply = undefined) {
  engineSeq++;
  state.thinking = false;
  state.start = start;
  state.moves = moves;
  state.ply = ply === undefined ? moves.length : ply;
  state.moverAt = [];
  state.selected = null;
  state.attack = null;
  state.engineInfo = '';
  say('');
  await refresh(true);
}

// ---------------------------------------------------------------- players

function playerControls() {
  const box = $('players');
  box.replaceChildren();
  state.players.forEach((p, i) => {
    const row = document.createElement('div');
    row.className = 'player';
    row.dataset.player = i;
    const sw = document.createElement('span');
    sw.className = 'swatch';
    sw.style.background = playerColour(i).fill;
    sw.style.borderColor = playerColour(i).stroke;
    const name = document.createElement('span');
    name.className = 'player-name';
    name.textContent = p.name + (state.players.some((q, j) => j !== i && q.team === p.team) ? ` (team ${p.team + 1})` : '');
    const sel = document.createElement('select');
    sel.id = `side-${i}`;
    for (const [v, t] of [['human', 'human'], ['engine', 'engine']]) {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = t;
      sel.appendChild(o);
    }
    sel.value = state.sides[i];
    sel.addEventListener('change', () => {
      state.sides[i] = sel.value;
      maybeEngine(true);
    });
    row.append(sw, name, sel);
    box.appendChild(row);
  });
}

function strengthLimits() {
  const v = $('strength').value;
  return v.startsWith('t') ? { movetime_ms: Number(v.slice(1)) } : { depth: Number(v.slice(1)) };
}

function strengthText() {
  const v = $('strength').value;
  return v.startsWith('t') ? `engine ${Number(v.slice(1)) / 1000} s` : `engine depth ${v.slice(1)}`;
}

// ---------------------------------------------------------------- the position

function game(ply = state.ply) {
  return { variant: state.variant, options: state.options, position: state.start, moves: state.moves.slice(0, ply) };
}

/// Asks the server for the position after `ply` moves and draws it; `autoplay`: the engine may
/// answer if it plays the side to move.
async function refresh(autoplay = false) {
  const seq = ++positionSeq;
  let r;
  try {
    r = await api.position(game());
  } catch (e) {
    if (seq !== positionSeq) return;
    fail(e);
    // A bad line: keep what the server accepted.
    if (state.ply > 0 && state.moves.length) {
      state.moves = state.moves.slice(0, state.ply - 1);
      state.ply = state.moves.length;
      return refresh(false);
    }
    return;
  }
  if (seq !== positionSeq) return;
  state.pos = r;
  // The server writes each move as the variant does.
  state.moves = [...r.moves, ...state.moves.slice(state.ply)];
  if (Array.isArray(r.movers)) r.movers.forEach((p, i) => { state.moverAt[i] = p; });
  state.moverAt[state.ply] = r.to_move;
  if (state.start === null || state.start === undefined) state.start = null;
  state.selected = null;
  state.attack = null;
  render();
  if (autoplay) maybeEngine(false);
}

function isPlacement(m) {
  return m.from.length === 0;
}

function placementLetter(m) {
  if (m.piece) return m.piece;
  const at = m.text.indexOf('@');
  return at > 0 ? m.text.slice(0, at).toUpperCase() : '?';
}

/// What both views draw.
function currentView() {
  const men = new Map();
  const edit = state.edit;
  const list = edit ? [...edit.men.values()] : state.pos ? state.pos.men : [];
  // Goff's quantum chess: a man who stands on his cell in only some realities is a virtual
  // piece, drawn at half size with his weight (view.virtual: cell -> [man]); the men who stand
  // in every reality are drawn as usual.
  const partial = !edit && state.pos && state.pos.virtual ? state.pos.virtual.men : [];
  const virtual = new Map();
  const key = (m) => `${m.cell}:${m.player}:${m.piece}`;
  const partialKeys = new Set(partial.map(key));
  for (const m of partial) {
    if (!virtual.has(m.cell)) virtual.set(m.cell, []);
    virtual.get(m.cell).push({ ...m, name: manName(m) });
  }
  for (const m of list) if (!partialKeys.has(key(m))) men.set(m.cell, { ...m, name: manName(m) });
  const view = { men, virtual, selected: null, destinations: new Set(), captures: new Set(), last: null, check: new Set(), attackers: null, attacked: null, hover: state.hover };
  if (edit || !state.pos) return view;
  const pos = state.pos;
  view.last = pos.last;
  if (pos.in_check) {
    for (const m of pos.men) if (m.player === pos.to_move && m.piece === 'K') view.check.add(m.cell);
  }
  for (const m of movesOfSelection()) {
    for (const c of m.to) view.destinations.add(c);
    if (m.captures.length) for (const c of m.to) view.captures.add(c);
  }
  if (typeof state.selected === 'number') view.selected = state.selected;
  if (state.attack) {
    view.attacked = state.attack.cell;
    view.attackers = state.attack.attackers;
  }
  return view;
}

function movesOfSelection() {
  const pos = state.pos;
  if (!pos || state.selected === null || state.edit) return [];
  if (typeof state.selected === 'number') return pos.legal.filter((m) => m.from[0] === state.selected);
  return pos.legal.filter((m) => isPlacement(m) && placementLetter(m) === state.selected.placement);
}

function render() {
  const view = currentView();
  diagram.render(view);
  cube.render(view);
  renderStatus();
  renderMoves();
  renderPlacement();
  const pos = state.pos;
  if (pos && !state.edit) {
    const box = $('position-text');
    if (document.activeElement !== box) box.value = pos.position;
    $('drawing').textContent = pos.drawing;
  }
  $('undo').disabled = state.ply === 0;
  $('go-start').disabled = state.ply === 0;
  $('redo').disabled = state.ply >= state.moves.length;
  $('go-end').disabled = state.ply >= state.moves.length;
  document.body.dataset.ply = String(state.ply);
  document.body.dataset.thinking = state.thinking ? 'yes' : 'no';
}

function renderStatus() {
  const pos = state.pos;
  const text = $('status-text');
  const sw = $('turn-swatch');
  for (const row of document.querySelectorAll('#players .player')) row.classList.toggle('to-move', pos && !pos.outcome && Number(row.dataset.player) === pos.to_move);
  if (state.edit) {
    text.textContent = 'Editing the position';
    sw.style.visibility = 'hidden';
    return;
  }
  if (!pos) return;
  sw.style.visibility = 'visible';
  const c = playerColour(pos.to_move);
  sw.style.background = c.fill;
  sw.style.borderColor = c.stroke;
  if (pos.outcome) {
    const o = pos.outcome;
    const who = o.result === 'draw' ? 'Draw' : `${o.winners.map(playerName).join(' and ')} ${o.winners.length > 1 ? 'win' : 'wins'}`;
    text.textContent = `Game over: ${who} (${o.reason})`;
    document.body.dataset.outcome = o.result;
  } else {
    const placing = pos.legal.length && pos.legal.every(isPlacement);
    let t = `${playerName(pos.to_move)} to ${placing ? 'place a man' : 'move'}`;
    if (pos.in_check) t += ' — check!';
    if (state.thinking) t += ' (engine thinking…)';
    text.textContent = t;
    delete document.body.dataset.outcome;
  }
  text.classList.toggle('check', !!pos.in_check);
  // Best lines are shown in the position they are of only.
  const stale = state.linesAt !== undefined && state.linesAt !== state.ply;
  $('engine-info').textContent = stale ? '' : state.engineInfo;
}

function moverOf(i) {
  const p = state.moverAt[i];
  return p === undefined ? null : p;
}

function renderMoves() {
  const box = $('moves');
  box.replaceChildren();
  const start = document.createElement('span');
  start.className = 'mv start' + (state.ply === 0 ? ' current' : '');
  start.dataset.ply = '0';
  start.textContent = 'start';
  box.appendChild(start);
  let number = 1;
  let last = null;
  state.moves.forEach((text, i) => {
    const who = moverOf(i);
    const guess = who === null ? i % Math.max(1, state.players.length) : who;
    if (last === null || guess <= last) {
      if (last !== null) number += 1;
      const n = document.createElement('span');
      n.className = 'num';
      n.textContent = `${number}.`;
      box.appendChild(n);
    }
    last = guess;
    const mv = document.createElement('span');
    mv.className = 'mv' + (i + 1 === state.ply ? ' current' : '') + (i + 1 > state.ply ? ' future' : '');
    mv.dataset.ply = String(i + 1);
    const dot = document.createElement('span');
    dot.className = 'dot';
    if (who !== null) {
      dot.style.background = playerColour(who).fill;
      dot.style.borderColor = playerColour(who).stroke;
    }
    mv.append(dot, document.createTextNode(text));
    box.appendChild(mv);
  });
  const cur = box.querySelector('.current');
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
}

function renderPlacement() {
  const pos = state.pos;
  const box = $('placement');
  const letters = [];
  if (pos && !state.edit) {
    for (const m of pos.legal) if (isPlacement(m) && !letters.includes(placementLetter(m))) letters.push(placementLetter(m));
  }
  box.hidden = letters.length === 0;
  const men = $('placement-men');
  men.replaceChildren();
  for (const l of letters) {
    const b = manButton(pos.to_move, l);
    b.classList.toggle('chosen', state.selected && state.selected.placement === l);
    b.addEventListener('click', () => {
      state.selected = state.selected && state.selected.placement === l ? null : { placement: l };
      render();
    });
    men.appendChild(b);
  }
}

function manButton(player, letter) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'man-button';
  const c = playerColour(player);
  b.style.background = c.fill;
  b.style.color = c.text;
  b.style.borderColor = c.stroke;
  b.textContent = letter;
  b.title = `${playerName(player)} ${state.pieces[letter] || letter}`;
  b.dataset.piece = letter;
  b.dataset.player = player;
  return b;
}

// ---------------------------------------------------------------- playing

function chooseMove(moves) {
  if (moves.length === 1) return Promise.resolve(moves[0].text);
  return new Promise((resolve) => {
    const dialog = $('chooser');
    const list = $('chooser-moves');
    list.replaceChildren();
    $('chooser-title').textContent = 'Which move?';
    for (const m of moves) {
      const b = document.createElement('button');
      b.type = 'submit';
      b.value = m.text;
      b.className = 'choice';
      let label = m.text;
      if (m.promotion) label += ` — ${state.pieces[m.promotion] || m.promotion}`;
      else if (m.kind !== 'Plain' && m.kind !== 'Capture') label += ` — ${m.kind.toLowerCase()}`;
      b.textContent = label;
      list.appendChild(b);
    }
    dialog.onclose = () => resolve(dialog.returnValue || null);
    dialog.returnValue = '';
    dialog.showModal();
  });
}

async function playMove(text, autoplay = true) {
  if (!text) return;
  state.moves = [...state.moves.slice(0, state.ply), text];
  state.moverAt = state.moverAt.slice(0, state.ply + 1);
  state.ply += 1;
  state.selected = null;
  say('');
  await refresh(autoplay);
}

/// A press on a cell (diagram or 3D): select, play, attack, or edit. True if a drag may start.
function cellDown(cell) {
  if (state.edit) {
    editCell(cell);
    return false;
  }
  if ($('attack-mode').checked) {
    showAttacks(cell);
    return false;
  }
  const pos = state.pos;
  if (!pos || pos.outcome || state.thinking) return false;
  if (state.sides[pos.to_move] === 'engine') {
    say(`${playerName(pos.to_move)} is played by the engine (change it under Players)`);
    return false;
  }
  const candidates = movesOfSelection().filter((m) => m.to.includes(cell));
  if (candidates.length && !(typeof state.selected === 'number' && state.selected === cell)) {
    chooseMove(candidates).then((t) => playMove(t)).catch(fail);
    return false;
  }
  if (pos.legal.some((m) => m.from[0] === cell)) {
    state.selected = cell;
    render();
    return true;
  }
  const placements = pos.legal.filter((m) => isPlacement(m) && m.to.includes(cell));
  if (placements.length) {
    chooseMove(placements).then((t) => playMove(t)).catch(fail);
    return false;
  }
  if (state.selected !== null) {
    state.selected = null;
    render();
  }
  return false;
}

/// The end of a drag on a cell.
function cellUp(cell) {
  const candidates = movesOfSelection().filter((m) => m.to.includes(cell));
  if (candidates.length) chooseMove(candidates).then((t) => playMove(t)).catch(fail);
}

function hover(cell) {
  if (cell === state.hover) return;
  state.hover = cell;
  const line = $('hover-cell');
  if (cell === null) {
    line.innerHTML = '&nbsp;';
  } else {
    const here = currentView();
    const man = here.men.get(cell);
    const virtual = (here.virtual.get(cell) || []).map((m) => `${m.name} (weight ${m.weight} of ${state.pos.virtual.realities})`);
    const names = [...(man ? [manName(man)] : []), ...virtual];
    line.textContent = state.cellName.get(cell) + (names.length ? ` — ${names.join(', ')}` : '');
  }
  const view = currentView();
  diagram.render(view);
  cube.render(view);
}

async function maybeEngine(autoplay) {
  const pos = state.pos;
  if (!pos || pos.outcome || !pos.legal.length || state.edit) return;
  if (state.ply !== state.moves.length && !autoplay) return;
  if (state.sides[pos.to_move] !== 'engine') return;
  if (state.ply !== state.moves.length) return;
  await engineMove();
}

/// Asks the engine about the position shown (`limits`: the request's extra fields), marking it
/// as thinking meanwhile; `use(reply, pos, ply)` takes the reply unless another position is shown
/// by then.
async function askEngine(limits, use) {
  const pos = state.pos;
  if (!pos || pos.outcome || !pos.legal.length || state.edit) return;
  const seq = ++engineSeq;
  const ply = state.ply;
  state.thinking = true;
  render();
  try {
    const r = await api.engine(game(), limits);
    if (seq !== engineSeq || ply !== state.ply) return;
    state.thinking = false;
    await use(r, pos, ply);
  } catch (e) {
    if (seq === engineSeq) {
      state.thinking = false;
      render();
      fail(e);
    }
  }
}

/// The engine plays the side to move once.
function engineMove() {
  return askEngine(strengthLimits(), async (r, pos) => {
    if (!r.best) { render(); return; }
    const mate = r.mate_in !== null && r.mate_in !== undefined ? `, mate in ${Math.abs(r.mate_in)}` : '';
    state.linesAt = undefined;
    state.engineInfo = `${playerName(pos.to_move)}: ${r.best} (${r.score_text}${mate}, depth ${r.depth}, ${r.nodes} nodes) pv ${r.pv.join(' ')}`;
    await playMove(r.best, true);
  });
}

/// The engine's three best lines in the position shown, at the chosen strength, without playing.
function engineLines() {
  return askEngine(Object.assign(strengthLimits(), { lines: 3 }), (r, pos, ply) => {
    const rows = r.lines.map((l, i) => `${i + 1}. ${l.score_text}  ${l.pv.join(' ')}`);
    state.linesAt = ply;
    state.engineInfo = `${playerName(pos.to_move)}, best lines (depth ${r.depth}, ${r.nodes} nodes):\n${rows.join('\n')}`;
    render();
  });
}

async function goTo(ply) {
  engineSeq++;
  state.thinking = false;
  state.ply = Math.max(0, Math.min(ply, state.moves.length));
  await refresh(false);
}

async function undo() {
  if (state.ply === 0) return;
  let ply = state.ply - 1;
  // Against the engine, take back to a position where a human is to move.
  const humans = state.sides.some((s) => s === 'human');
  let guard = state.players.length;
  while (humans && ply > 0 && guard-- > 0) {
    const who = state.moverAt[ply];
    if (who === undefined || state.sides[who] !== 'engine') break;
    ply -= 1;
  }
  await goTo(ply);
}

// ---------------------------------------------------------------- attacks

async function showAttacks(cell) {
  try {
    const r = await api.attacks(game(), cell);
    const attackers = new Map(r.attackers.map((a) => [a.cell, a.player]));
    state.attack = { cell, attackers };
    const list = $('attack-list');
    const name = state.cellName.get(cell);
    if (!r.attackers.length) list.textContent = `Nothing attacks ${name}.`;
    else list.textContent = `${name} is attacked by ` + r.attackers.map((a) => `${manName(a)} on ${state.cellName.get(a.cell)}`).join(', ') + '.';
    $('tool-attacks').open = true;
    render();
  } catch (e) {
    fail(e);
  }
}

// ---------------------------------------------------------------- position text and records

async function setPosition(text) {
  try {
    const r = await api.validate(state.variant, state.options, text);
    await newGame(r.position, []);
    say('Position set.');
    maybeEngine(true);
  } catch (e) {
    fail(e);
  }
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    say('Copied.');
  } catch (_) {
    const box = $('position-text');
    box.focus();
    box.select();
    document.execCommand && document.execCommand('copy');
    say('Selected: copy it with Ctrl-C.');
  }
}

/// The game's record text, written by the server.
async function recordText() {
  const tags = { Event: 'spacechess web board' };
  const opts = optionsTag(state.options);
  if (opts) tags.Options = opts;
  state.players.forEach((p, i) => { tags[tagName(p.name)] = state.sides[i] === 'engine' ? strengthText() : 'human'; });
  const r = await api.recordWrite(game(), tags);
  return r.record;
}

async function loadRecord(text) {
  try {
    const r = await api.recordRead(text, optionsOfRecord(text));
    const options = r.options || {};
    if (r.variant !== state.variant || JSON.stringify(options) !== JSON.stringify(state.options)) {
      await loadVariant(r.variant, options, { start: r.start, moves: r.moves });
    } else {
      await newGame(r.start, r.moves);
    }
    say(`Loaded ${r.moves.length} moves${r.games > 1 ? ` (game ${r.game} of ${r.games})` : ''}.`);
  } catch (e) {
    fail(e);
  }
}

function download(name, text) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// ---------------------------------------------------------------- the position editor

function editStart() {
  const pos = state.pos;
  if (!pos) return;
  engineSeq++;
  state.thinking = false;
  state.edit = {
    men: new Map(pos.men.map((m) => [m.cell, { ...m }])),
    toMove: pos.to_move,
    base: pos.position,
    tool: { player: 0, piece: Object.keys(state.pieces)[0] || 'K' },
    text: pos.position,
    valid: pos.position,
  };
  $('editor-off').hidden = true;
  $('editor-on').hidden = false;
  const side = $('editor-side');
  side.replaceChildren();
  state.players.forEach((p, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = p.name;
    side.appendChild(o);
  });
  side.value = String(pos.to_move);
  editorPalette();
  editorMessage('Click a cell to put the chosen man there; click the same man again to take it away.');
  render();
}

function editorPalette() {
  const box = $('editor-palette');
  box.replaceChildren();
  const tool = state.edit.tool;
  state.players.forEach((_, p) => {
    const row = document.createElement('div');
    row.className = 'palette-row';
    for (const letter of Object.keys(state.pieces)) {
      const b = manButton(p, letter);
      b.classList.toggle('chosen', tool !== 'erase' && tool.player === p && tool.piece === letter);
      b.addEventListener('click', () => { state.edit.tool = { player: p, piece: letter }; editorPalette(); });
      row.appendChild(b);
    }
    box.appendChild(row);
  });
  const erase = document.createElement('button');
  erase.type = 'button';
  erase.id = 'editor-erase';
  erase.textContent = 'eraser';
  erase.classList.toggle('chosen', tool === 'erase');
  erase.addEventListener('click', () => { state.edit.tool = 'erase'; editorPalette(); });
  box.appendChild(erase);
}

function editorMessage(text, kind = 'info') {
  const m = $('editor-message');
  m.textContent = text;
  m.className = kind;
}

let validateSeq = 0;
async function editorValidate() {
  const e = state.edit;
  if (!e) return;
  const men = [...e.men.values()];
  const text = composePosition(state.board.cells, men, e.toMove, state.players.length, e.base);
  e.text = text;
  e.valid = null;
  $('position-text').value = text;
  const seq = ++validateSeq;
  try {
    const r = await api.validate(state.variant, state.options, text);
    if (seq !== validateSeq || !state.edit) return;
    e.valid = r.position;
    editorMessage('The variant accepts this position.', 'ok');
  } catch (err) {
    if (seq !== validateSeq || !state.edit) return;
    editorMessage(err.message, 'error');
  }
}

function editCell(cell) {
  const e = state.edit;
  const here = e.men.get(cell);
  if (e.tool === 'erase' || (here && here.player === e.tool.player && here.piece === e.tool.piece)) {
    e.men.delete(cell);
  } else {
    e.men.set(cell, { cell, player: e.tool.player, piece: e.tool.piece });
  }
  render();
  editorValidate();
}

function editStop() {
  state.edit = null;
  $('editor-off').hidden = false;
  $('editor-on').hidden = true;
  render();
}

// ---------------------------------------------------------------- start

function wire() {
  $('variant').addEventListener('change', () => {
    loadVariant($('variant').value, {}).catch(fail);
  });
  $('apply-options').addEventListener('click', () => {
    loadVariant(state.variant, readOptions()).catch(fail);
  });
  $('new-game').addEventListener('click', () => {
    if (state.edit) editStop();
    newGame(null, []).catch(fail);
  });
  $('flip').addEventListener('click', () => {
    state.flipped = !state.flipped;
    diagram.setBoard(state.board, state.variant, state.flipped);
    cube.setFlipped(state.flipped);
    render();
  });
  $('view-mode').addEventListener('change', () => { arrange(); render(); });
  $('perspective').addEventListener('change', () => { cube.setPerspective($('perspective').checked); render(); });
  $('reset-view').addEventListener('click', () => cube.resetView());
  $('engine-move').addEventListener('click', () => {
    if (state.ply !== state.moves.length) state.moves = state.moves.slice(0, state.ply);
    engineMove();
  });
  $('engine-lines').addEventListener('click', () => engineLines());
  $('undo').addEventListener('click', () => undo().catch(fail));
  $('redo').addEventListener('click', () => goTo(state.ply + 1).catch(fail));
  $('go-start').addEventListener('click', () => goTo(0).catch(fail));
  $('go-end').addEventListener('click', () => goTo(state.moves.length).catch(fail));
  $('moves').addEventListener('click', (e) => {
    const mv = e.target.closest('.mv');
    if (mv) goTo(Number(mv.dataset.ply)).catch(fail);
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, textarea, select')) return;
    if (e.key === 'ArrowLeft') goTo(state.ply - 1).catch(fail);
    else if (e.key === 'ArrowRight') goTo(state.ply + 1).catch(fail);
    else if (e.key === 'Escape') { state.selected = null; state.attack = null; render(); }
  });
  $('copy-position').addEventListener('click', () => copyText($('position-text').value));
  $('set-position').addEventListener('click', () => setPosition($('position-text').value));
  $('show-record').addEventListener('click', () => recordText().then((t) => { $('record-text').value = t; }).catch(fail));
  $('save-record').addEventListener('click', () => recordText().then((t) => {
    $('record-text').value = t;
    download(`spacechess-${state.variant}.pgn`, t);
  }).catch(fail));
  $('load-record').addEventListener('click', () => loadRecord($('record-text').value));
  $('record-file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    const text = await f.text();
    $('record-text').value = text;
    $('tool-record').open = true;
    loadRecord(text);
    e.target.value = '';
  });
  $('edit-start').addEventListener('click', editStart);
  $('editor-cancel').addEventListener('click', () => { editStop(); refresh(false); });
  $('editor-clear').addEventListener('click', () => { state.edit.men.clear(); render(); editorValidate(); });
  $('editor-side').addEventListener('change', () => { state.edit.toMove = Number($('editor-side').value); editorValidate(); });
  $('editor-done').addEventListener('click', async () => {
    const e = state.edit;
    if (!e) return;
    await editorValidate();
    if (!e.valid) return;
    const text = e.valid;
    editStop();
    await newGame(text, []);
    maybeEngine(true);
  });
  window.addEventListener('hashchange', () => {
    const name = decodeURIComponent(location.hash.slice(1));
    if (name !== state.variant && variantInfo(name)) {
      if (state.edit) editStop();
      loadVariant(name, {}).catch(fail);
    }
  });
  $('attack-mode').addEventListener('change', () => {
    if (!$('attack-mode').checked) { state.attack = null; $('attack-list').textContent = ''; render(); }
  });
}

async function main() {
  const handlers = { onCellDown: cellDown, onCellUp: cellUp, onHover: hover, onContext: showAttacks };
  diagram = new Diagram($('diagram'), handlers);
  cube = new Cube($('cube'), handlers);
  wire();
  try {
    state.catalogue = await api.variants();
  } catch (e) {
    fail(e);
    return;
  }
  const select = $('variant');
  for (const v of state.catalogue) {
    const o = document.createElement('option');
    o.value = v.name;
    o.textContent = v.name;
    o.title = v.description;
    select.appendChild(o);
  }
  const wanted = decodeURIComponent(location.hash.slice(1));
  const first = variantInfo(wanted) ? wanted : variantInfo('raumschach') ? 'raumschach' : state.catalogue[0].name;
  try {
    await loadVariant(first, {});
  } catch (e) {
    fail(e);
  }
  document.body.dataset.ready = 'yes';
  window.spacechess.diagram = diagram;
  window.spacechess.cube = cube;
}

window.spacechess = { state }; // for the browser test and the curious
main();
