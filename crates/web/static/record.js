// Game records in the PGN-style text of docs/formats.md ("Game records"): written from the
// page's game (tags, moves numbered by round, the result) and read back (tags, then the moves
// with numbers, comments and the result skipped). The server checks every move when the page
// replays a record through /api/position.

function escape(value) {
  return String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/// A tag name from a player's name: letters and digits only (`White`, `Player1`).
export function tagName(name) {
  const t = String(name).replace(/[^0-9A-Za-z]/g, '');
  return t || 'Player';
}

/// The result token of an outcome ({result, winners}) for `players` players.
export function resultToken(outcome, players) {
  if (!outcome) return '*';
  if (outcome.result === 'draw') return new Array(players).fill('1/2').join('-');
  return Array.from({ length: players }, (_, p) => (outcome.winners.includes(p) ? '1' : '0')).join('-');
}

/// The Termination tag of an outcome, as the library writes it (`Checkmate`, `KingCaptured`).
export function termination(outcome) {
  const known = ['checkmate', 'stalemate', 'king captured', 'captured everything', 'lost everything',
    'perpetual check', 'repetition', 'move limit'];
  const r = outcome.reason || '';
  if (known.includes(r)) return r.split(' ').map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return r;
}

/// The record text. game: {variant, options, start, defaultStart, moves, movers, outcome,
/// players: [{name}], playerNames: [text]}.
export function writeRecord(game) {
  const tags = [];
  const now = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  tags.push(['Event', 'spacechess web board']);
  tags.push(['Date', `${now.getUTCFullYear()}.${pad(now.getUTCMonth() + 1)}.${pad(now.getUTCDate())}`]);
  tags.push(['Variant', game.variant]);
  const options = Object.entries(game.options || {});
  if (options.length) tags.push(['Options', options.map(([k, v]) => `${k}=${v}`).join(',')]);
  if (game.start && game.start !== game.defaultStart) tags.push(['Position', game.start]);
  game.players.forEach((p, i) => tags.push([tagName(p.name), (game.playerNames && game.playerNames[i]) || '?']));
  const result = resultToken(game.outcome, game.players.length);
  tags.push(['Result', result]);
  if (game.outcome) tags.push(['Termination', termination(game.outcome)]);
  let out = tags.map(([k, v]) => `[${k} "${escape(v)}"]\n`).join('') + '\n';
  const tokens = [];
  let number = 1;
  let last = null;
  game.moves.forEach((m, i) => {
    const who = game.movers[i] !== undefined && game.movers[i] !== null ? game.movers[i] : i % game.players.length;
    let prefix = '';
    if (last === null) prefix = `${number}${who === 0 ? '.' : '...'} `;
    else if (who <= last) { number += 1; prefix = `${number}. `; }
    last = who;
    tokens.push(prefix + m);
  });
  tokens.push(result);
  let line = '';
  for (const t of tokens) {
    if (line && line.length + 1 + t.length > 80) { out += line + '\n'; line = ''; }
    line = line ? `${line} ${t}` : t;
  }
  return out + line + '\n';
}

const RESULT = /^(\*|(1|0|1\/2)(-(1|0|1\/2))+)$/;

/// Reads the records of a text: [{tags: {name: value}, moves: [text], result}].
export function readRecords(text) {
  const games = [];
  let cur = null;
  let inMoves = false;
  let body = '';
  const finish = () => {
    if (!cur) return;
    cur.moves = [];
    // Comments: {...} anywhere; `;` starting a token, to the end of the line.
    const cleaned = body.replace(/\{[^}]*\}/g, ' ').split('\n').map((l) => l.replace(/(^|\s);.*$/, '')).join(' ');
    for (let tok of cleaned.split(/\s+/)) {
      if (!tok) continue;
      tok = tok.replace(/^\d+\.+/, '');
      if (!tok) continue;
      if (RESULT.test(tok)) { cur.result = tok; continue; }
      cur.moves.push(tok);
    }
    games.push(cur);
    cur = null;
    body = '';
    inMoves = false;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const tag = line.match(/^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]$/);
    if (tag) {
      if (inMoves) finish();
      if (!cur) cur = { tags: {}, moves: [], result: '*' };
      cur.tags[tag[1]] = tag[2].replace(/\\(["\\])/g, '$1');
      continue;
    }
    if (!line) continue;
    if (!cur) cur = { tags: {}, moves: [], result: '*' };
    inMoves = true;
    body += line + '\n';
  }
  finish();
  return games;
}
