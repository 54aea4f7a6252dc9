// The level diagram: the board model's panels (Raumschach's levels, Sphinx's boards, Ecila's
// platforms, Goff's levels...) drawn side by side in SVG, placed by the panels' grid_row and
// grid_column, each cell by its row and column. Nothing here knows a variant's rules: the
// cells, panels and names come from POST /api/board, the men and moves from /api/position.
//
// How a variant gets its drawing (docs/web.md): its board model alone. A cell with `point`
// true (Spectral Realm) makes the panel a board of squares and points in doubled coordinates:
// squares two units wide on even rows and columns, points as small discs between them.
// Coordinates along the panels' edges are read off the cell names (what every cell of a column
// shares, less what the whole panel shares); when that gives no clear labels each cell shows its
// own short name. DRAWING_HINTS adds the few things the model does not say (Ecila's cubes drawn
// as 2x2 blocks).

import { playerColour, HIGHLIGHT, darkCells } from './theme.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const CELL = 44; // a cell's side in SVG units (the SVG scales to its box)
const POINT_UNIT = 24; // half a square, for boards with points
const PANEL_GAP = 26;
const LABEL_TOP = 24;
const LABEL_LEFT = 24;
const LABEL_BOTTOM = 22;
const BLOCK_GAP = 10;

/// What the board model does not say about a drawing, by variant name (prefix match).
/// block(panel): cells are grouped in blocks of that many rows and columns, drawn apart.
export const DRAWING_HINTS = [
  { prefix: 'ecila', block: (panel) => Math.max(1, Math.floor(panel.rows / 2)) },
  { prefix: 'sphinx-reduced', block: () => 4 },
];

function hintFor(variant) {
  return DRAWING_HINTS.find((h) => variant && variant.startsWith(h.prefix)) || {};
}

function commonPrefix(names) {
  if (!names.length) return '';
  let p = names[0];
  for (const n of names) {
    let i = 0;
    while (i < p.length && i < n.length && p[i] === n[i]) i++;
    p = p.slice(0, i);
  }
  return p;
}

function commonSuffix(names) {
  const rev = names.map((n) => [...n].reverse().join(''));
  return [...commonPrefix(rev)].reverse().join('');
}

const trimPunct = (s) => s.replace(/^[^0-9A-Za-z]+|[^0-9A-Za-z]+$/g, '');

/// What the names of a row or column share, less what the whole panel shares.
function lineLabel(names, panelPrefix, panelSuffix) {
  if (names.length < 2) return '';
  let p = commonPrefix(names);
  let s = commonSuffix(names);
  const shortest = Math.min(...names.map((n) => n.length));
  if (p.length + s.length > shortest) s = s.slice(p.length + s.length - shortest);
  if (p.startsWith(panelPrefix)) p = p.slice(panelPrefix.length);
  if (s.endsWith(panelSuffix)) s = s.slice(0, s.length - panelSuffix.length);
  return trimPunct(p + (p && s ? ' ' : '') + s);
}

function distinctNonEmpty(labels) {
  const values = [...labels.values()];
  return values.length > 0 && values.every((l) => l) && new Set(values).size === values.length;
}

/// The labels of a panel: {rows: Map row->text, columns: Map column->text, cell: Map cell->text}.
function panelLabels(cells) {
  const names = cells.map((c) => c.name);
  const prefix = commonPrefix(names);
  const suffix = commonSuffix(names);
  const byRow = new Map();
  const byCol = new Map();
  for (const c of cells) {
    if (!byRow.has(c.row)) byRow.set(c.row, []);
    if (!byCol.has(c.column)) byCol.set(c.column, []);
    byRow.get(c.row).push(c.name);
    byCol.get(c.column).push(c.name);
  }
  const rows = new Map([...byRow].map(([r, ns]) => [r, lineLabel(ns, prefix, suffix)]));
  const columns = new Map([...byCol].map(([k, ns]) => [k, lineLabel(ns, prefix, suffix)]));
  const edges = distinctNonEmpty(rows) && distinctNonEmpty(columns);
  const cell = new Map();
  if (!edges) {
    for (const c of cells) {
      let n = c.name;
      if (prefix && n.startsWith(prefix) && n.length > prefix.length) n = n.slice(prefix.length);
      cell.set(c.cell, trimPunct(n) || c.name);
    }
  }
  return edges ? { rows, columns, cell } : { rows: new Map(), columns: new Map(), cell };
}

function el(name, attrs = {}, text) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

export class Diagram {
  /// handlers: onCellDown(cell, event), onCellUp(cell, event), onHover(cell or null)
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers;
    this.svg = el('svg', { class: 'diagram', role: 'img', 'aria-label': 'level diagram' });
    container.appendChild(this.svg);
    this.layout = null;
    this.drag = null;
    this.svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.svg.addEventListener('pointerleave', () => this.handlers.onHover(null));
    this.svg.addEventListener('contextmenu', (e) => {
      const cell = this.cellAt(e.target);
      if (cell !== null && this.handlers.onContext) {
        e.preventDefault();
        this.handlers.onContext(cell);
      }
    });
  }

  /// Computes where every panel and cell goes, for a board model and the flip.
  setBoard(board, variant, flipped) {
    const cells = board.cells.map((c) => ({ ...c }));
    const points = cells.some((c) => c.point);
    for (const c of cells) c.doubled = points;
    const hint = hintFor(variant);
    const dark = darkCells(board);
    const panels = board.panels.map((p, i) => ({ ...p, index: i, cells: [] }));
    for (const c of cells) panels[c.panel].cells.push(c);
    const maxGridRow = Math.max(...panels.map((p) => p.grid_row));
    const maxGridCol = Math.max(...panels.map((p) => p.grid_column));
    for (const p of panels) {
      p.block = hint.block ? hint.block(p) : 0;
      const gaps = (n) => (p.block && !points ? Math.floor((n - 1) / p.block) * BLOCK_GAP : 0);
      if (points) {
        p.innerWidth = (p.columns + 1) * POINT_UNIT;
        p.innerHeight = (p.rows + 1) * POINT_UNIT;
      } else {
        p.innerWidth = p.columns * CELL + gaps(p.columns);
        p.innerHeight = p.rows * CELL + gaps(p.rows);
      }
      p.labels = panelLabels(p.cells);
      p.width = LABEL_LEFT + p.innerWidth + 6;
      p.height = (p.name ? LABEL_TOP : 6) + p.innerHeight + LABEL_BOTTOM;
      p.gr = flipped ? maxGridRow - p.grid_row : p.grid_row;
      p.gc = flipped ? maxGridCol - p.grid_column : p.grid_column;
    }
    const colWidth = new Array(maxGridCol + 1).fill(0);
    const rowHeight = new Array(maxGridRow + 1).fill(0);
    for (const p of panels) {
      colWidth[p.gc] = Math.max(colWidth[p.gc], p.width);
      rowHeight[p.gr] = Math.max(rowHeight[p.gr], p.height);
    }
    const colX = [0];
    for (const w of colWidth) colX.push(colX[colX.length - 1] + w + PANEL_GAP);
    const rowY = [0];
    for (const h of rowHeight) rowY.push(rowY[rowY.length - 1] + h + PANEL_GAP);
    for (const p of panels) {
      p.x = colX[p.gc];
      p.y = rowY[p.gr];
      p.ix = p.x + LABEL_LEFT;
      p.iy = p.y + (p.name ? LABEL_TOP : 6);
    }
    const byCell = new Map();
    for (const c of cells) {
      const p = panels[c.panel];
      const row = flipped ? p.rows - 1 - c.row : c.row;
      const col = flipped ? p.columns - 1 - c.column : c.column;
      c.drawRow = row;
      c.drawCol = col;
      if (points) {
        c.cx = p.ix + (col + 1) * POINT_UNIT;
        c.cy = p.iy + (row + 1) * POINT_UNIT;
        c.size = c.point ? POINT_UNIT * 0.9 : 2 * POINT_UNIT;
        c.manRadius = c.point ? POINT_UNIT * 0.5 : POINT_UNIT * 0.72;
      } else {
        const gap = (n) => (p.block ? Math.floor(n / p.block) * BLOCK_GAP : 0);
        c.cx = p.ix + col * CELL + gap(col) + CELL / 2;
        c.cy = p.iy + row * CELL + gap(row) + CELL / 2;
        c.size = CELL;
        c.manRadius = p.labels.cell.size ? CELL * 0.33 : CELL * 0.38;
      }
      c.dark = dark.get(c.cell);
      byCell.set(c.cell, c);
    }
    const width = colX[colX.length - 1] - PANEL_GAP;
    const height = rowY[rowY.length - 1] - PANEL_GAP;
    this.layout = { cells, byCell, panels, points, width, height, variant, flipped };
    this.svg.setAttribute('viewBox', `-4 -4 ${width + 8} ${height + 8}`);
  }

  cellAt(target) {
    const node = target && target.closest ? target.closest('[data-cell]') : null;
    return node ? Number(node.getAttribute('data-cell')) : null;
  }

  /// Draws the position. view: {men: Map(cell -> {player, piece}), selected, destinations:
  /// Set, captures: Set, last: {from, to, captures}, check: Set, attackers: Map(cell ->
  /// player), attacked, hover}.
  render(view) {
    const L = this.layout;
    if (!L) return;
    const svg = this.svg;
    svg.replaceChildren();
    const defs = el('defs');
    svg.appendChild(defs);
    const board = el('g', { class: 'cells' });
    const marks = el('g', { class: 'marks' });
    const men = el('g', { class: 'men' });
    const targets = el('g', { class: 'targets' });
    const labels = el('g', { class: 'labels' });
    for (const p of L.panels) {
      if (p.name) {
        labels.appendChild(el('text', { x: p.ix, y: p.y + 16, class: 'panel-name' }, p.name));
      }
      if (p.block && !L.points) {
        // Block frames and their shared name prefix (Ecila's cube letters).
        const blocks = new Map();
        for (const c of p.cells) {
          const key = `${Math.floor(c.drawRow / p.block)},${Math.floor(c.drawCol / p.block)}`;
          if (!blocks.has(key)) blocks.set(key, []);
          blocks.get(key).push(c);
        }
        for (const cs of blocks.values()) {
          const xs = cs.map((c) => c.cx);
          const ys = cs.map((c) => c.cy);
          const x0 = Math.min(...xs) - CELL / 2;
          const y0 = Math.min(...ys) - CELL / 2;
          const w = Math.max(...xs) - Math.min(...xs) + CELL;
          const h = Math.max(...ys) - Math.min(...ys) + CELL;
          board.appendChild(el('rect', { x: x0 - 2, y: y0 - 2, width: w + 4, height: h + 4, class: 'block' }));
          const name = trimPunct(commonPrefix(cs.map((c) => c.name)).replace(/[0-9]+$/, ''));
          if (name) {
            labels.appendChild(el('text', { x: x0 + w / 2, y: y0 + h / 2, class: 'block-name' }, name));
          }
        }
      }
      // Edge coordinates.
      const rowsSeen = new Map();
      const colsSeen = new Map();
      for (const c of p.cells) {
        if (!rowsSeen.has(c.row)) rowsSeen.set(c.row, c);
        if (!colsSeen.has(c.column)) colsSeen.set(c.column, c);
      }
      for (const [r, c] of rowsSeen) {
        const text = p.labels.rows.get(r);
        if (text) {
          const small = L.points && c.point;
          labels.appendChild(el('text', { x: p.ix - 5, y: c.cy + 4, class: small ? 'coord coord-point' : 'coord', 'text-anchor': 'end' }, text));
        }
      }
      for (const [k, c] of colsSeen) {
        const text = p.labels.columns.get(k);
        if (text) {
          const small = L.points && c.point;
          const y = p.iy + p.innerHeight + (small ? 19 : 14);
          labels.appendChild(el('text', { x: c.cx, y, class: small ? 'coord coord-point' : 'coord', 'text-anchor': 'middle' }, text));
        }
      }
    }
    const last = view.last || { from: [], to: [], captures: [] };
    const lastCells = new Set([...(last.from || []), ...(last.to || [])]);
    // Squares first, then points on top of them.
    const ordered = L.points ? [...L.cells.filter((c) => !c.point), ...L.cells.filter((c) => c.point)] : L.cells;
    for (const c of ordered) {
      const h = c.size / 2;
      let shape;
      if (c.point) {
        shape = el('circle', { cx: c.cx, cy: c.cy, r: h * 0.62, class: 'point', 'data-cell': c.cell });
      } else {
        shape = el('rect', { x: c.cx - h, y: c.cy - h, width: c.size, height: c.size, class: c.dark ? 'sq dark' : 'sq light', 'data-cell': c.cell });
      }
      shape.appendChild(el('title', {}, c.name));
      board.appendChild(shape);
      const tint = (colour, opacity, cls) => {
        const attrs = { 'data-cell': c.cell, fill: colour, 'fill-opacity': opacity, class: cls };
        marks.appendChild(c.point
          ? el('circle', { cx: c.cx, cy: c.cy, r: h * 0.62, ...attrs })
          : el('rect', { x: c.cx - h, y: c.cy - h, width: c.size, height: c.size, ...attrs }));
      };
      if (lastCells.has(c.cell)) tint(HIGHLIGHT.last, 0.55, 'mark-last');
      if (view.selected === c.cell) tint(HIGHLIGHT.selected, 0.75, 'mark-selected');
      if (view.check && view.check.has(c.cell)) tint(HIGHLIGHT.check, 0.7, 'mark-check');
      if (view.attacked === c.cell) tint(HIGHLIGHT.attacked, 0.5, 'mark-attacked');
      if (view.hover === c.cell) tint(HIGHLIGHT.hover, 0.35, 'mark-hover');
      const small = L.points ? null : p_cellLabel(L, c);
      if (small) labels.appendChild(el('text', { x: c.cx - h + 2, y: c.cy - h + 9, class: 'cell-name' }, small));
    }
    for (const c of L.cells) {
      const man = view.men.get(c.cell);
      if (man) men.appendChild(this.manNode(c, man));
      const virtual = view.virtual && view.virtual.get(c.cell);
      if (virtual) virtual.forEach((v, i) => men.appendChild(this.virtualNode(c, v, i, virtual.length)));
      if (view.attackers && view.attackers.has(c.cell)) {
        targets.appendChild(el('circle', { cx: c.cx, cy: c.cy, r: c.manRadius + 3, class: 'ring-attacker', 'data-cell': c.cell }));
      }
      if (view.destinations && view.destinations.has(c.cell)) {
        const capture = (view.captures && view.captures.has(c.cell)) || view.men.has(c.cell) || Boolean(view.virtual && view.virtual.has(c.cell));
        if (capture) {
          targets.appendChild(el('circle', { cx: c.cx, cy: c.cy, r: c.manRadius + 2, class: 'ring-capture', 'data-cell': c.cell }));
        } else {
          targets.appendChild(el('circle', { cx: c.cx, cy: c.cy, r: Math.max(4, c.manRadius * 0.35), class: 'dot-destination', 'data-cell': c.cell }));
        }
      }
    }
    svg.append(board, labels, marks, men, targets);
  }

  manNode(c, man) {
    const colour = playerColour(man.player);
    const g = el('g', { class: 'man', 'data-cell': c.cell, 'data-player': man.player, 'data-piece': man.piece });
    g.appendChild(el('circle', { cx: c.cx, cy: c.cy, r: c.manRadius, fill: colour.fill, stroke: colour.stroke, 'stroke-width': Math.max(1.5, c.manRadius * 0.1) }));
    g.appendChild(el('text', { x: c.cx, y: c.cy + c.manRadius * 0.42, fill: colour.text, 'font-size': c.manRadius * 1.2, class: 'man-letter' }, man.piece));
    g.appendChild(el('title', {}, `${c.name}: ${man.name || man.piece}`));
    return g;
  }

  /// A virtual piece (Goff's quantum chess): half the size of a man, with his weight. Alone on
  /// his cell he stands in its upper left quarter and his weight is written large beside him;
  /// with others, each takes a quarter (a fifth or more share the last) and shows his weight
  /// under his letter.
  virtualNode(c, man, i, n) {
    const colour = playerColour(man.player);
    const R = c.manRadius;
    const r = R / 2;
    const slots = [[-1, -1], [1, -1], [-1, 1], [1, 1]];
    const [dx, dy] = slots[Math.min(i, slots.length - 1)];
    const cx = c.cx + dx * r * 1.1;
    const cy = c.cy + dy * r * 1.1;
    const g = el('g', { class: 'man virtual', 'data-cell': c.cell, 'data-player': man.player, 'data-piece': man.piece, 'data-weight': man.weight });
    g.appendChild(el('circle', { cx, cy, r, fill: colour.fill, stroke: colour.stroke, 'stroke-width': Math.max(1, r * 0.12) }));
    if (n === 1) {
      g.appendChild(el('text', { x: cx, y: cy + r * 0.42, fill: colour.text, 'font-size': r * 1.2, class: 'man-letter' }, man.piece));
      const size = man.weight.length > 2 ? R * 0.62 : R * 0.85;
      g.appendChild(el('text', { x: c.cx + r * 1.1, y: c.cy + r * 1.1 + size * 0.36, 'font-size': size, class: 'man-weight' }, man.weight));
    } else {
      g.appendChild(el('text', { x: cx, y: cy + r * 0.02, fill: colour.text, 'font-size': r * 0.95, class: 'man-letter' }, man.piece));
      g.appendChild(el('text', { x: cx, y: cy + r * 0.82, fill: colour.text, 'font-size': r * 0.72, class: 'man-weight-in' }, man.weight));
    }
    g.appendChild(el('title', {}, `${c.name}: ${man.name || man.piece}, weight ${man.weight}`));
    return g;
  }

  toSvgPoint(event) {
    const pt = this.svg.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    const m = this.svg.getScreenCTM();
    return m ? pt.matrixTransform(m.inverse()) : { x: 0, y: 0 };
  }

  pointerDown(e) {
    if (e.button !== 0) return;
    const cell = this.cellAt(e.target);
    if (cell === null) return;
    const start = this.handlers.onCellDown(cell, e);
    const man = e.target.closest('.man');
    if (start && man) {
      this.drag = { cell, node: man, moved: false, x: e.clientX, y: e.clientY };
      this.svg.setPointerCapture(e.pointerId);
    }
  }

  pointerMove(e) {
    const cell = this.cellAt(e.target);
    if (!this.drag) {
      this.handlers.onHover(cell);
      return;
    }
    const d = this.drag;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 4) return;
    if (!d.moved) {
      d.moved = true;
      d.ghost = d.node.cloneNode(true);
      d.ghost.classList.add('ghost');
      this.svg.appendChild(d.ghost);
      d.origin = this.layout.byCell.get(d.cell);
    }
    const p = this.toSvgPoint(e);
    d.ghost.setAttribute('transform', `translate(${p.x - d.origin.cx} ${p.y - d.origin.cy})`);
  }

  pointerUp(e) {
    const d = this.drag;
    this.drag = null;
    if (d) {
      try { this.svg.releasePointerCapture(e.pointerId); } catch (_) { /* already released */ }
      if (d.ghost) d.ghost.remove();
      if (d.moved) {
        const under = document.elementFromPoint(e.clientX, e.clientY);
        const cell = this.cellAt(under);
        if (cell !== null && cell !== d.cell) this.handlers.onCellUp(cell, e, true);
        return;
      }
    }
  }
}

function p_cellLabel(L, c) {
  const p = L.panels[c.panel];
  return p.labels.cell.get(c.cell) || null;
}
