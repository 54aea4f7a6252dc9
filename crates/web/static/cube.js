// The 3D view (three.js, vendored under vendor/three/): the same position as the level diagram,
// every cell a translucent tile placed from its coordinates, the men as discs that face the
// camera, the same highlights. Orthographic by default (a switch gives perspective); the mouse
// rotates (left), zooms (wheel) and pans (right); a click without a drag picks a cell.
//
// Where a cell goes (see placeCells): a 2D board lies flat (Spectral's doubled coordinates
// halved: points between the squares); a 3D box is a cube, axis 0 to the right, axis 1 away
// from the first player, axis 2 upwards, levels spread apart; a box of boxes (Sphinx's 3x3 of
// 4x4, Ecila's 2x2x2 of 2x2x2) puts each inner board or cube at its outer coordinates, the
// outer row of boards stacked as levels; any other shape lies flat as the level diagram does.

import * as THREE from 'three';
import { OrbitControls } from './vendor/three/OrbitControls.js';
import { SQUARE, HIGHLIGHT, darkCells, paintMan } from './theme.js';

const LEVEL_GAP = 1.6; // vertical distance between levels (a cell is 1 wide)
const BLOCK_GAP = 1.2; // space between inner boards of a box of boxes

/// 3D positions {x, y, z} (y up) of every cell, from the coordinates alone.
export function placeCells(cells, panels) {
  const n = cells.length ? cells[0].coords.length : 0;
  const ext = new Array(n).fill(0);
  for (const c of cells) c.coords.forEach((v, i) => { ext[i] = Math.max(ext[i], v + 1); });
  const points = cells.some((c) => c.point);
  const pos = new Map();
  if (n === 2) {
    const s = points ? 0.5 : 1;
    for (const c of cells) pos.set(c.cell, { x: c.coords[0] * s, y: 0, z: -c.coords[1] * s });
  } else if (n === 3) {
    for (const c of cells) pos.set(c.cell, { x: c.coords[0], y: c.coords[2] * LEVEL_GAP, z: -c.coords[1] });
  } else if (n === 4) {
    // Outer (board column, board row), inner (column, row): boards side by side, rows of
    // boards as levels.
    for (const c of cells) {
      const [bx, by, x, y] = c.coords;
      pos.set(c.cell, { x: bx * (ext[2] + BLOCK_GAP) + x, y: by * ext[3] * 0.9, z: -y });
    }
  } else if (n === 6) {
    // Outer cube of inner cubes.
    for (const c of cells) {
      const [ox, oy, oz, x, y, z] = c.coords;
      pos.set(c.cell, {
        x: ox * (ext[3] + BLOCK_GAP) + x,
        y: (oz * (ext[5] + BLOCK_GAP * 0.8) + z) * LEVEL_GAP,
        z: -(oy * (ext[4] + BLOCK_GAP) + y),
      });
    }
  } else {
    // Flat, as the diagram lays the panels out.
    for (const c of cells) {
      const p = panels[c.panel];
      pos.set(c.cell, { x: p.grid_column * (p.columns + 1.5) + c.column, y: 0, z: p.grid_row * (p.rows + 1.5) + c.row });
    }
  }
  // Centre on the origin.
  const all = [...pos.values()];
  const mid = (k) => (Math.min(...all.map((p) => p[k])) + Math.max(...all.map((p) => p[k]))) / 2;
  const m = { x: mid('x'), y: mid('y'), z: mid('z') };
  for (const p of all) { p.x -= m.x; p.y -= m.y; p.z -= m.z; }
  return pos;
}

// Shared by every render: the men's materials (one per player and letter), the marks'
// geometries and materials (one per colour); a render only makes new sprites and meshes.
const DOT = new THREE.SphereGeometry(0.13, 12, 8);
const RING = new THREE.TorusGeometry(0.36, 0.05, 8, 32);
const markMaterials = new Map();
function markMaterial(colour) {
  if (!markMaterials.has(colour)) {
    markMaterials.set(colour, new THREE.MeshBasicMaterial({ color: colour, transparent: true, opacity: 0.9, depthWrite: false }));
  }
  return markMaterials.get(colour);
}
const manMaterials = new Map();
function manMaterial(player, letter) {
  const key = `${player}:${letter}`;
  if (!manMaterials.has(key)) {
    manMaterials.set(key, new THREE.SpriteMaterial({ map: manTexture(player, letter), transparent: true, depthWrite: false }));
  }
  return manMaterials.get(key);
}

const manTextures = new Map();
function manTexture(player, letter) {
  const key = `${player}:${letter}`;
  if (!manTextures.has(key)) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 128;
    const ctx = canvas.getContext('2d');
    paintMan(ctx, 64, 64, 56, player, letter);
    const texture = new THREE.CanvasTexture(canvas);
    texture.colorSpace = THREE.SRGBColorSpace;
    manTextures.set(key, texture);
  }
  return manTextures.get(key);
}

function labelTexture(text) {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  ctx.font = 'bold 40px sans-serif';
  const w = Math.ceil(ctx.measureText(text).width) + 16;
  canvas.width = w;
  canvas.height = 56;
  ctx.font = 'bold 40px sans-serif';
  ctx.fillStyle = '#333';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 8, 30);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return { texture, aspect: w / 56 };
}

/// The material of a virtual piece's weight label, one per weight text, kept for every render.
function weightMaterial(weight) {
  if (!weightMaterial.cache.has(weight)) {
    const { texture, aspect } = labelTexture(weight);
    weightMaterial.cache.set(weight, new THREE.SpriteMaterial({ map: texture, transparent: true, depthWrite: false }));
    weightMaterial.sizes.set(weight, { aspect });
  }
  return weightMaterial.cache.get(weight);
}
weightMaterial.cache = new Map();
weightMaterial.sizes = new Map();

export class Cube {
  /// handlers: onCellDown(cell, event), onHover(cell or null)
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers;
    this.ok = false;
    try {
      this.renderer = new THREE.WebGLRenderer({ antialias: true, alpha: false, preserveDrawingBuffer: true });
    } catch (e) {
      container.textContent = `3D view unavailable: ${e.message}`;
      return;
    }
    this.ok = true;
    this.renderer.setPixelRatio(window.devicePixelRatio || 1);
    this.renderer.setClearColor(0xf4f1ea);
    container.appendChild(this.renderer.domElement);
    this.scene = new THREE.Scene();
    this.scene.add(new THREE.AmbientLight(0xffffff, 2.2));
    this.group = new THREE.Group();
    this.scene.add(this.group);
    this.perspective = false;
    this.raycaster = new THREE.Raycaster();
    this.tiles = new Map();
    this.sprites = [];
    this.down = null;
    const canvas = this.renderer.domElement;
    canvas.addEventListener('pointerdown', (e) => { this.down = { x: e.clientX, y: e.clientY, button: e.button }; });
    canvas.addEventListener('pointerup', (e) => {
      const d = this.down;
      this.down = null;
      if (!d || d.button !== 0 || Math.hypot(e.clientX - d.x, e.clientY - d.y) > 5) return;
      const cell = this.pick(e);
      if (cell !== null) this.handlers.onCellDown(cell, e);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (this.down) return;
      this.handlers.onHover(this.pick(e));
    });
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.makeCamera();
  }

  makeCamera() {
    const old = this.camera;
    const size = this.size || 8;
    if (this.perspective) {
      this.camera = new THREE.PerspectiveCamera(40, 1, 0.1, 1000);
    } else {
      this.camera = new THREE.OrthographicCamera(-size, size, size, -size, -1000, 1000);
    }
    if (old) {
      this.camera.position.copy(old.position);
    } else {
      this.camera.position.set(size * 1.1, size * 1.0, size * 1.6);
    }
    if (this.controls) this.controls.dispose();
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = false;
    this.controls.addEventListener('change', () => this.draw());
    this.resize();
  }

  setPerspective(on) {
    if (!this.ok || on === this.perspective) return;
    this.perspective = on;
    this.makeCamera();
    this.resetView();
  }

  resetView() {
    if (!this.ok) return;
    const s = this.size || 8;
    const flip = this.flipped ? -1 : 1;
    const dir = new THREE.Vector3(0.45 * flip, 0.62, 0.95 * flip).normalize();
    const aspect = this.aspect || 1;
    const fit = aspect >= 1 ? s : s / aspect;
    const distance = this.perspective ? fit / Math.tan((20 * Math.PI) / 180) : s * 4;
    this.camera.position.copy(dir.multiplyScalar(distance));
    this.camera.zoom = 1;
    this.controls.target.set(0, 0, 0);
    this.controls.update();
    this.fitOrthographic();
    this.draw();
  }

  /// The orthographic frustum that just holds every cell, seen from where the camera is.
  fitOrthographic() {
    if (this.perspective || !this.pos) return;
    this.camera.updateMatrixWorld();
    const inverse = this.camera.matrixWorldInverse;
    let hx = 1;
    let hy = 1;
    const v = new THREE.Vector3();
    for (const p of this.pos.values()) {
      for (const [dx, dy, dz] of [[-0.5, 0, -0.5], [0.5, 0, 0.5], [-0.5, 0.7, 0.5], [0.5, 0.7, -0.5]]) {
        v.set(p.x + dx, p.y + dy, p.z + dz).applyMatrix4(inverse);
        hx = Math.max(hx, Math.abs(v.x));
        hy = Math.max(hy, Math.abs(v.y));
      }
    }
    for (const label of this.labels || []) {
      v.copy(label.position).applyMatrix4(inverse);
      hx = Math.max(hx, Math.abs(v.x) + label.scale.x / 2);
      hy = Math.max(hy, Math.abs(v.y) + label.scale.y / 2);
    }
    this.fit = { hx: hx + 0.6, hy: hy + 0.6 };
    this.resize();
  }

  resize() {
    if (!this.ok) return;
    const w = Math.max(50, this.container.clientWidth);
    const h = Math.max(50, this.container.clientHeight);
    this.renderer.setSize(w, h, false);
    const aspect = w / h;
    this.aspect = aspect;
    const base = this.size || 8;
    const f = this.fit;
    const s = f ? Math.max(f.hy, f.hx / aspect) : aspect >= 1 ? base : base / aspect;
    if (this.perspective) {
      this.camera.aspect = aspect;
    } else {
      this.camera.left = -s * aspect;
      this.camera.right = s * aspect;
      this.camera.top = s;
      this.camera.bottom = -s;
    }
    this.camera.updateProjectionMatrix();
    this.draw();
  }

  /// Builds the tiles of a board model.
  setBoard(board, flipped) {
    if (!this.ok) return;
    this.flipped = flipped;
    // Free the last board's tiles and labels (the shared men and marks stay).
    const shared = new Set([DOT, RING, ...markMaterials.values(), ...manMaterials.values()]);
    this.group.traverse((o) => {
      if (o.geometry && !shared.has(o.geometry)) o.geometry.dispose();
      if (o.material && !shared.has(o.material)) {
        if (o.material.map && o.isSprite) o.material.map.dispose();
        o.material.dispose();
      }
    });
    this.group.clear();
    this.tiles = new Map();
    this.labels = [];
    const cells = board.cells;
    this.pos = placeCells(cells, board.panels);
    const points = cells.some((c) => c.point);
    // The view fits the sphere round every cell (the positions are centred on the origin).
    const all = [...this.pos.values()];
    this.size = Math.max(3, Math.sqrt(Math.max(...all.map((p) => p.x * p.x + p.y * p.y + p.z * p.z)))) + 0.9;
    const squareGeometry = new THREE.BoxGeometry(points ? 0.96 : 0.94, 0.05, points ? 0.96 : 0.94);
    const pointGeometry = new THREE.CylinderGeometry(0.14, 0.14, 0.06, 16);
    const edges = new THREE.EdgesGeometry(squareGeometry);
    const darkness = darkCells(board);
    for (const c of cells) {
      const p = this.pos.get(c.cell);
      const dark = darkness.get(c.cell);
      const base = new THREE.Color(c.point ? SQUARE.point : dark ? SQUARE.dark : SQUARE.light);
      const material = new THREE.MeshBasicMaterial({ color: base.clone(), transparent: true, opacity: c.point ? 0.85 : 0.42, depthWrite: false });
      const mesh = new THREE.Mesh(c.point ? pointGeometry : squareGeometry, material);
      mesh.position.set(p.x, p.y + (c.point ? 0.02 : 0), p.z);
      mesh.userData = { cell: c.cell, base, baseOpacity: material.opacity };
      mesh.renderOrder = 0;
      this.group.add(mesh);
      if (!c.point) {
        const line = new THREE.LineSegments(edges, new THREE.LineBasicMaterial({ color: 0x8a7a66, transparent: true, opacity: 0.35 }));
        line.position.copy(mesh.position);
        this.group.add(line);
      }
      this.tiles.set(c.cell, mesh);
    }
    // Panel names beside their cells (levels, boards, platforms).
    const byPanel = new Map();
    for (const c of cells) {
      if (!byPanel.has(c.panel)) byPanel.set(c.panel, []);
      byPanel.get(c.panel).push(this.pos.get(c.cell));
    }
    const n = cells.length ? cells[0].coords.length : 0;
    if (n === 3 || n === 4) {
      for (const [i, ps] of byPanel) {
        const name = board.panels[i].name;
        if (!name) continue;
        const { texture, aspect } = labelTexture(name);
        const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: texture, transparent: true, depthTest: false }));
        const minX = Math.min(...ps.map((p) => p.x));
        const maxZ = Math.max(...ps.map((p) => p.z));
        const y = ps[0].y;
        sprite.position.set(minX - 0.6 - aspect * 0.25, y, maxZ + 0.2);
        sprite.scale.set(aspect * 0.5, 0.5, 1);
        sprite.renderOrder = 3;
        this.group.add(sprite);
        this.labels.push(sprite);
      }
    }
    this.menGroup = new THREE.Group();
    this.group.add(this.menGroup);
    this.markGroup = new THREE.Group();
    this.group.add(this.markGroup);
    this.makeCamera();
    this.resetView();
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.resetView();
  }

  /// Draws a position: the same view object as Diagram.render.
  render(view) {
    if (!this.ok || !this.menGroup) return;
    this.menGroup.clear();
    this.markGroup.clear();
    const last = view.last || { from: [], to: [] };
    const lastCells = new Set([...(last.from || []), ...(last.to || [])]);
    for (const [cell, mesh] of this.tiles) {
      let colour = null;
      let opacity = mesh.userData.baseOpacity;
      if (lastCells.has(cell)) colour = HIGHLIGHT.last;
      if (view.attacked === cell) colour = HIGHLIGHT.attacked;
      if (view.check && view.check.has(cell)) colour = HIGHLIGHT.check;
      if (view.selected === cell) colour = HIGHLIGHT.selected;
      if (view.hover === cell && colour === null) colour = HIGHLIGHT.hover;
      if (colour) opacity = 0.85;
      mesh.material.color.copy(colour ? new THREE.Color(colour) : mesh.userData.base);
      mesh.material.opacity = opacity;
    }
    const dotGeometry = DOT;
    const ringGeometry = RING;
    for (const [cell, man] of view.men) {
      const p = this.pos.get(cell);
      if (!p) continue;
      const sprite = new THREE.Sprite(manMaterial(man.player, man.piece));
      const small = this.tiles.get(cell) && this.tiles.get(cell).geometry.type === 'CylinderGeometry';
      const s = small ? 0.42 : 0.64;
      sprite.position.set(p.x, p.y + s / 2 + 0.04, p.z);
      sprite.scale.set(s, s, 1);
      sprite.userData = { cell };
      sprite.renderOrder = 2;
      this.menGroup.add(sprite);
    }
    // Virtual pieces (Goff's quantum chess): half size, side by side on the tile, each with its
    // weight above it.
    if (view.virtual) {
      for (const [cell, list] of view.virtual) {
        const p = this.pos.get(cell);
        if (!p) continue;
        const s = 0.32;
        list.forEach((man, i) => {
          const dx = list.length === 1 ? 0 : ((i % 2) - 0.5) * s;
          const dz = list.length <= 2 ? 0 : (Math.floor(i / 2) % 2 - 0.5) * s;
          const sprite = new THREE.Sprite(manMaterial(man.player, man.piece));
          sprite.position.set(p.x + dx, p.y + s / 2 + 0.04, p.z + dz);
          sprite.scale.set(s, s, 1);
          sprite.userData = { cell };
          sprite.renderOrder = 2;
          this.menGroup.add(sprite);
          const label = new THREE.Sprite(weightMaterial(man.weight));
          const { aspect } = weightMaterial.sizes.get(man.weight);
          label.position.set(p.x + dx, p.y + s + 0.2, p.z + dz);
          label.scale.set(aspect * 0.3, 0.3, 1);
          label.userData = { cell };
          label.renderOrder = 3;
          this.menGroup.add(label);
        });
      }
    }
    const mark = (cell, colour, geometry, lift) => {
      const p = this.pos.get(cell);
      if (!p) return;
      const mesh = new THREE.Mesh(geometry, markMaterial(colour));
      mesh.position.set(p.x, p.y + lift, p.z);
      if (geometry === ringGeometry) mesh.rotation.x = Math.PI / 2;
      mesh.userData = { cell };
      mesh.renderOrder = 4;
      this.markGroup.add(mesh);
    };
    if (view.destinations) {
      for (const cell of view.destinations) {
        const capture = (view.captures && view.captures.has(cell)) || view.men.has(cell) || Boolean(view.virtual && view.virtual.has(cell));
        if (capture) mark(cell, HIGHLIGHT.capture, ringGeometry, 0.06);
        else mark(cell, HIGHLIGHT.destination, dotGeometry, 0.12);
      }
    }
    if (view.attackers) {
      for (const cell of view.attackers.keys()) mark(cell, HIGHLIGHT.attacker, ringGeometry, 0.08);
    }
    this.draw();
  }

  /// Where a cell's centre is on the page (client pixels), for tests.
  screenPoint(cell) {
    const p = this.pos && this.pos.get(cell);
    if (!p) return null;
    const v = new THREE.Vector3(p.x, p.y, p.z).applyMatrix4(this.group.matrixWorld).project(this.camera);
    const rect = this.renderer.domElement.getBoundingClientRect();
    return { x: rect.left + ((v.x + 1) / 2) * rect.width, y: rect.top + ((1 - v.y) / 2) * rect.height };
  }

  pick(event) {
    if (!this.ok) return null;
    const rect = this.renderer.domElement.getBoundingClientRect();
    const ndc = new THREE.Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const objects = [...this.menGroup.children, ...this.markGroup.children, ...this.tiles.values()];
    const hits = this.raycaster.intersectObjects(objects, false);
    for (const h of hits) {
      if (h.object.userData && h.object.userData.cell !== undefined) return h.object.userData.cell;
    }
    return null;
  }

  draw() {
    if (!this.ok || this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.renderer.render(this.scene, this.camera);
    });
  }
}
