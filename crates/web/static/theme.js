// Colours shared by the level diagram and the 3D view: one colour per player (four-player games
// get four armies), the squares, and the highlights.

export const PLAYER_COLOURS = [
  { fill: '#f6f2e6', stroke: '#6b6250', text: '#1d1d1d', name: 'white' },
  { fill: '#2c2c2c', stroke: '#000000', text: '#ffffff', name: 'black' },
  { fill: '#c8372d', stroke: '#6e1a14', text: '#ffffff', name: 'red' },
  { fill: '#2f6fd0', stroke: '#173a70', text: '#ffffff', name: 'blue' },
  { fill: '#2e9d4f', stroke: '#175028', text: '#ffffff', name: 'green' },
  { fill: '#e0a31c', stroke: '#6f500c', text: '#1d1d1d', name: 'gold' },
];

export function playerColour(player) {
  return PLAYER_COLOURS[player % PLAYER_COLOURS.length];
}

export const SQUARE = { light: '#efe3c8', dark: '#b98f62', point: '#7d6a55', pointEmpty: '#d9c9ad' };

export const HIGHLIGHT = {
  selected: '#f5d142',
  destination: '#2f9e44',
  capture: '#d9480f',
  last: '#7fb3e6',
  check: '#e03131',
  attacker: '#f08c00',
  attacked: '#9c36b5',
  hover: '#ffe066',
};

/// Light or dark for every cell of a board model: Map(cell -> true when dark). A board drawn as
/// one panel alternates as drawn (the bottom left cell dark; Spectral's squares on its doubled
/// grid, reduced Sphinx's quarter boards as one 8x8 board); a board of several panels alternates
/// by the sum of each cell's coordinates, so levels alternate too (Raumschach's Aa1 dark, Ba1
/// light). Points are never dark.
export function darkCells(board) {
  const dark = new Map();
  const single = board.panels.length === 1;
  const doubled = board.cells.some((c) => c.point);
  for (const c of board.cells) {
    let parity;
    if (single) {
      const p = board.panels[0];
      const up = p.rows - 1 - c.row;
      parity = doubled ? (up + c.column) / 2 : up + c.column;
    } else {
      parity = c.coords.reduce((a, b) => a + b, 0);
    }
    dark.set(c.cell, !c.point && parity % 2 === 0);
  }
  return dark;
}

/// Draws one man (a disc in its player's colour with its letter) on a 2D canvas context.
export function paintMan(ctx, x, y, r, player, letter) {
  const c = playerColour(player);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = c.fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.strokeStyle = c.stroke;
  ctx.stroke();
  ctx.fillStyle = c.text;
  ctx.font = `bold ${Math.round(r * 1.25)}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(letter, x, y + r * 0.06);
}
