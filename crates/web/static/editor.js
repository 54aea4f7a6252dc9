// The position editor's text: the board field of docs/formats.md ("Position text") written from
// the men the user placed and the board model's coordinates, the side to move, and the other
// fields kept from the position being edited. The page never judges a position: every text is
// sent to POST /api/validate, and the variant's message is shown when it refuses.
//
// The board field, for a box of cells: rows along axis 0 (coordinate 0 first), blocks of axis k
// separated by k slashes, every axis above 0 from its highest coordinate down; a man is its
// letter, upper case for player 1, lower case for player 2, with an apostrophe for players 3
// and 4; runs of empty cells are counted. A board with points (Spectral Realm) is written as its
// 8x8 squares in FEN, then `|` and the points as rows of points from the top, when any point is
// occupied (docs/spectral.md).

export function manToken(player, piece) {
  const upper = piece.toUpperCase();
  const lower = piece.toLowerCase();
  switch (player) {
    case 0: return upper;
    case 1: return lower;
    case 2: return `${upper}'`;
    case 3: return `${lower}'`;
    default: return upper;
  }
}

function row(tokens) {
  let out = '';
  let empty = 0;
  for (const t of tokens) {
    if (t === null) { empty += 1; continue; }
    if (empty) { out += String(empty); empty = 0; }
    out += t;
  }
  if (empty) out += String(empty);
  return out;
}

/// The board field for the men on a board model.
export function boardField(cells, men) {
  const at = new Map(men.map((m) => [m.cell, manToken(m.player, m.piece)]));
  if (cells.some((c) => c.point)) {
    const square = new Map();
    const point = new Map();
    for (const c of cells) {
      const [x, y] = c.coords;
      (c.point ? point : square).set(c.point ? `${(x - 1) / 2},${(y - 1) / 2}` : `${x / 2},${y / 2}`, c.cell);
    }
    const grid = (map, size) => {
      const rows = [];
      for (let y = size - 1; y >= 0; y--) {
        const tokens = [];
        for (let x = 0; x < size; x++) {
          const cell = map.get(`${x},${y}`);
          tokens.push(cell !== undefined && at.has(cell) ? at.get(cell) : null);
        }
        rows.push(row(tokens));
      }
      return rows.join('/');
    };
    const squares = grid(square, 8);
    const anyPoint = men.some((m) => cells.find((c) => c.cell === m.cell && c.point));
    return anyPoint ? `${squares}|${grid(point, 7)}` : squares;
  }
  const n = cells[0].coords.length;
  const ext = new Array(n).fill(0);
  for (const c of cells) c.coords.forEach((v, i) => { ext[i] = Math.max(ext[i], v + 1); });
  const byCoords = new Map(cells.map((c) => [c.coords.join(','), c.cell]));
  const coords = new Array(n).fill(0);
  const block = (axis) => {
    if (axis === 0) {
      const tokens = [];
      for (let x = 0; x < ext[0]; x++) {
        coords[0] = x;
        const cell = byCoords.get(coords.join(','));
        tokens.push(cell !== undefined && at.has(cell) ? at.get(cell) : null);
      }
      return row(tokens);
    }
    const parts = [];
    for (let v = ext[axis] - 1; v >= 0; v--) {
      coords[axis] = v;
      parts.push(block(axis - 1));
    }
    return parts.join('/'.repeat(axis));
  };
  return block(n - 1);
}

/// The whole position text: the edited board and side to move, the base text's other fields
/// (en passant cleared: an edit invalidates it).
export function composePosition(cells, men, toMove, players, base) {
  const fields = (base || '').trim().split(/\s+/);
  const board = boardField(cells, men);
  const side = players === 2 ? (toMove === 0 ? 'w' : 'b') : String(toMove + 1);
  const rest = fields.slice(2);
  if (rest.length >= 2 && !rest[1].startsWith('[')) rest[1] = '-';
  return [board, side, ...rest].join(' ');
}
