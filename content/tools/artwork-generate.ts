/**
 * Generates the bundled artwork of the content repository (content/assets/).
 *
 * Every image is abstract, generated from an SVG built in code (layered
 * gradients and bold shapes, no grain) and rendered with sharp. Each image is
 * seeded from its file name, so re-running the script produces the same files.
 *
 *   npm run content:artwork            # (re)generate everything
 *   npm run content:artwork -- cover-  # only files whose name contains "cover-"
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const OUT_DIR = path.join(__dirname, "..", "assets");
const JPEG_QUALITY = 78;

// ---------------------------------------------------------------------------
// Deterministic randomness

function hashString(input: string): number {
  // FNV-1a, 32 bits
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

type Rng = {
  next: () => number;
  range: (min: number, max: number) => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
};

function createRng(seed: string): Rng {
  // mulberry32
  let a = hashString(seed) || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------
// Palettes: film-poster colour schemes. [deep, mid, light, accent, accent 2]

const PALETTES = {
  quicksilver: ["#0e0f13", "#3a3f4b", "#d9dee6", "#ff4f00", "#8fa3bf"],
  polar: ["#07142b", "#1f6f78", "#7bdcb5", "#ff5e5b", "#c7f9cc"],
  salt: ["#1b3a4b", "#3d5a80", "#f4efe6", "#e07a5f", "#d9c8b4"],
  neon: ["#140f1f", "#3a0f4d", "#2de2e6", "#ff3864", "#ffd319"],
  signal: ["#101820", "#3a86ff", "#f2f2f2", "#fee715", "#ff6f3c"],
  motion: ["#111111", "#0047ff", "#f5f0e1", "#ff4d00", "#ffd23f"],
  river: ["#0d3b2e", "#386641", "#f2e8cf", "#bc4749", "#a7c957"],
  pollen: ["#3d348b", "#8ecae6", "#fff3d6", "#ff006e", "#ffbe0b"],
  electric: ["#0a0a0a", "#7b2ff7", "#f4f0ff", "#f107a3", "#00f5d4"],
  horizon: ["#023047", "#219ebc", "#eaf4f4", "#fb8500", "#ffb703"],
  memory: ["#14213d", "#5e60ce", "#e5e5e5", "#fca311", "#80ffdb"],
  lighthouse: ["#0b132b", "#1c2541", "#f2e9e4", "#f6c453", "#c1121f"],
  offframe: ["#1b1c2a", "#8d99ae", "#edf2f4", "#ef233c", "#ffb4a2"],
  table: ["#3b0a2a", "#9a031e", "#f6e7cb", "#fb8b24", "#e36414"],
  abyss: ["#03045e", "#0077b6", "#caf0f8", "#ff7b00", "#00b4d8"],
  watch: ["#0d0221", "#261447", "#f6edd9", "#ff3864", "#2de2e6"],
  dune: ["#2a1a12", "#9c4a1a", "#f3e3c3", "#e9a23b", "#5b8e7d"],
  velvet: ["#1a0b12", "#6d213c", "#f7d6c4", "#e84a5f", "#2a9d8f"],
} as const;

type PaletteName = keyof typeof PALETTES;
type Palette = readonly string[];

// ---------------------------------------------------------------------------
// Scenes. Each returns SVG markup (defs + shapes) for a w × h canvas.

type Scene = (rng: Rng, w: number, h: number, p: Palette, id: string) => string;

function linear(id: string, stops: string[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const s = stops
    .map((c, i) => `<stop offset="${r1((i / Math.max(1, stops.length - 1)) * 100)}%" stop-color="${c}"/>`)
    .join("");
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

function radial(id: string, color: string, opacity = 1, cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"><stop offset="0%" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="100%" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/** Retro sunset: sky gradient, striped sun, layered hills. */
const sunScene: Scene = (rng, w, h, p, id) => {
  const u = Math.min(w, h);
  const horizon = h * rng.range(0.58, 0.7);
  const sx = w * rng.range(0.3, 0.7);
  const sr = u * rng.range(0.26, 0.36);
  const sy = horizon - sr * rng.range(0.15, 0.55);
  let stripes = "";
  const n = rng.int(4, 7);
  for (let i = 0; i < n; i++) {
    const y = sy + sr * (0.05 + (i / n) * 0.95);
    const th = (sr / n) * (0.15 + (i / n) * 0.55);
    stripes += `<rect x="${r1(sx - sr - 2)}" y="${r1(y)}" width="${r1(sr * 2 + 4)}" height="${r1(th)}" fill="url(#${id}sky)"/>`;
  }
  let hills = "";
  const layers = 3;
  for (let l = 0; l < layers; l++) {
    const base = horizon + (h - horizon) * (l / layers) * 0.8;
    const amp = u * rng.range(0.03, 0.09) * (1 - l * 0.2);
    const freq = rng.range(1, 2.6);
    const phase = rng.range(0, Math.PI * 2);
    let d = `M0 ${r1(h)} L0 ${r1(base)}`;
    for (let k = 0; k <= 48; k++) {
      const x = (w * k) / 48;
      d += ` L${r1(x)} ${r1(base - amp * Math.sin((x / w) * Math.PI * 2 * freq + phase) - amp)}`;
    }
    d += ` L${w} ${h} Z`;
    const color = [p[1], p[0], p[0]][l];
    hills += `<path d="${d}" fill="${color}" opacity="${[0.85, 0.92, 1][l]}"/>`;
  }
  return `<defs>${linear(`${id}sky`, [p[0], p[1], p[4]])}${linear(`${id}sun`, [p[4], p[3]])}${radial(`${id}glow`, p[3], 0.55)}</defs>
<rect width="${w}" height="${h}" fill="url(#${id}sky)"/>
<circle cx="${r1(sx)}" cy="${r1(sy)}" r="${r1(sr * 2.4)}" fill="url(#${id}glow)"/>
<circle cx="${r1(sx)}" cy="${r1(sy)}" r="${r1(sr)}" fill="url(#${id}sun)"/>
${stripes}
<rect x="0" y="${r1(horizon)}" width="${w}" height="${r1(h - horizon)}" fill="${p[0]}" opacity="0.35"/>
${hills}`;
};

/** Bold diagonal bands with a translucent disc. */
const bandsScene: Scene = (rng, w, h, p, id) => {
  const angle = rng.pick([-32, -24, 24, 32, 58, -58]);
  const diag = Math.hypot(w, h);
  let bands = "";
  let x = -diag / 2;
  let i = 0;
  while (x < diag / 2) {
    const bw = diag * rng.range(0.05, 0.16);
    const color = p[(i + 1) % p.length];
    bands += `<rect x="${r1(x)}" y="${r1(-diag / 2)}" width="${r1(bw)}" height="${r1(diag)}" fill="${color}"/>`;
    x += bw + diag * rng.range(0.0, 0.05);
    i += rng.int(1, 2);
  }
  const cx = w * rng.range(0.25, 0.75);
  const cy = h * rng.range(0.3, 0.7);
  const cr = Math.min(w, h) * rng.range(0.28, 0.4);
  return `<defs>${linear(`${id}bg`, [p[0], p[1]], 0, 0, 1, 1)}${linear(`${id}disc`, [p[3], p[4]], 0, 0, 1, 1)}
<clipPath id="${id}clip"><circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(cr)}"/></clipPath></defs>
<rect width="${w}" height="${h}" fill="url(#${id}bg)"/>
<g transform="translate(${r1(w / 2)} ${r1(h / 2)}) rotate(${angle})" opacity="0.9">${bands}</g>
<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(cr)}" fill="url(#${id}disc)"/>
<g clip-path="url(#${id}clip)"><g transform="translate(${r1(w / 2)} ${r1(h / 2)}) rotate(${-angle})" opacity="0.28">${bands}</g></g>
<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(cr * 1.08)}" fill="none" stroke="${p[2]}" stroke-width="${r1(Math.min(w, h) * 0.006)}" opacity="0.8"/>`;
};

/** Concentric orbits around a glowing core. */
const orbitsScene: Scene = (rng, w, h, p, id) => {
  const u = Math.min(w, h);
  const cx = w * rng.range(0.35, 0.65);
  const cy = h * rng.range(0.35, 0.65);
  let rings = "";
  const n = rng.int(7, 11);
  for (let i = 1; i <= n; i++) {
    const r = u * 0.07 * i * rng.range(0.9, 1.1);
    const color = i % 3 === 0 ? p[3] : i % 2 === 0 ? p[4] : p[2];
    const sw = u * rng.range(0.003, 0.02);
    const dash = rng.chance(0.35) ? ` stroke-dasharray="${r1(u * 0.02)} ${r1(u * 0.015)}"` : "";
    rings += `<circle cx="${r1(cx + i * u * 0.01 * Math.cos(i))}" cy="${r1(cy)}" r="${r1(r)}" fill="none" stroke="${color}" stroke-width="${r1(sw)}" opacity="${r1(0.25 + 0.6 * (1 - i / n))}"${dash}/>`;
  }
  let planets = "";
  for (let i = 0; i < 4; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = u * 0.07 * rng.int(2, n);
    planets += `<circle cx="${r1(cx + Math.cos(a) * d)}" cy="${r1(cy + Math.sin(a) * d)}" r="${r1(u * rng.range(0.012, 0.04))}" fill="${rng.pick([p[2], p[3], p[4]])}"/>`;
  }
  return `<defs>${linear(`${id}bg`, [p[0], p[1]], 0, 0, 0.4, 1)}${radial(`${id}core`, p[3], 0.9)}${radial(`${id}halo`, p[4], 0.45)}</defs>
<rect width="${w}" height="${h}" fill="url(#${id}bg)"/>
<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(u * 0.75)}" fill="url(#${id}halo)"/>
${rings}
<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(u * 0.22)}" fill="url(#${id}core)"/>
<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(u * 0.06)}" fill="${p[2]}"/>
${planets}`;
};

/** Bauhaus blocks: rectangles, half and quarter circles on a grid. */
const blocksScene: Scene = (rng, w, h, p, id) => {
  const cols = w > h ? rng.int(4, 5) : 3;
  const rows = Math.max(2, Math.round((cols * h) / w));
  const cw = w / cols;
  const ch = h / rows;
  let cells = "";
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      const x = c * cw;
      const y = r * ch;
      const bg = rng.pick(p);
      let fg = rng.pick(p);
      if (fg === bg) fg = p[(p.indexOf(bg) + 2) % p.length];
      cells += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(cw + 1)}" height="${r1(ch + 1)}" fill="${bg}"/>`;
      const m = Math.min(cw, ch);
      switch (rng.int(0, 4)) {
        case 0:
          cells += `<circle cx="${r1(x + cw / 2)}" cy="${r1(y + ch / 2)}" r="${r1(m * 0.4)}" fill="${fg}"/>`;
          break;
        case 1: {
          const corner = rng.int(0, 3);
          const ox = corner % 2 === 0 ? x : x + cw;
          const oy = corner < 2 ? y : y + ch;
          cells += `<clipPath id="${id}c${c}r${r}"><rect x="${r1(x)}" y="${r1(y)}" width="${r1(cw)}" height="${r1(ch)}"/></clipPath><circle clip-path="url(#${id}c${c}r${r})" cx="${r1(ox)}" cy="${r1(oy)}" r="${r1(m)}" fill="${fg}"/>`;
          break;
        }
        case 2:
          cells += `<path d="M${r1(x)} ${r1(y + ch)} A${r1(cw / 2)} ${r1(cw / 2)} 0 0 1 ${r1(x + cw)} ${r1(y + ch)} Z" fill="${fg}"/>`;
          break;
        case 3:
          cells += `<path d="M${r1(x)} ${r1(y)} L${r1(x + cw)} ${r1(y + ch)} L${r1(x)} ${r1(y + ch)} Z" fill="${fg}"/>`;
          break;
        default:
          for (let s = 0; s < 4; s++) {
            cells += `<rect x="${r1(x + cw * 0.12)}" y="${r1(y + ch * (0.15 + s * 0.2))}" width="${r1(cw * 0.76)}" height="${r1(ch * 0.08)}" fill="${fg}"/>`;
          }
      }
    }
  }
  return `<defs>${linear(`${id}shade`, ["#000000", "#ffffff"], 0, 0, 1, 1)}</defs>${cells}
<rect width="${w}" height="${h}" fill="url(#${id}shade)" opacity="0.12"/>`;
};

/** Layered waves under a moon: sea or dunes. */
const wavesScene: Scene = (rng, w, h, p, id) => {
  const u = Math.min(w, h);
  let layers = "";
  const n = rng.int(5, 7);
  for (let l = 0; l < n; l++) {
    const base = h * (0.38 + (l / n) * 0.62);
    const amp = u * rng.range(0.02, 0.07);
    const freq = rng.range(0.8, 2.2);
    const phase = rng.range(0, Math.PI * 2);
    let d = `M0 ${h} L0 ${r1(base)}`;
    for (let k = 0; k <= 60; k++) {
      const x = (w * k) / 60;
      const t = (x / w) * Math.PI * 2 * freq + phase;
      d += ` L${r1(x)} ${r1(base + amp * Math.sin(t) + amp * 0.4 * Math.sin(t * 2.3))}`;
    }
    d += ` L${w} ${h} Z`;
    layers += `<path d="${d}" fill="url(#${id}w${l})"/>`;
  }
  let defs = linear(`${id}sky`, [p[0], p[1], p[4]]);
  for (let l = 0; l < n; l++) {
    const t = l / (n - 1);
    const a = t < 0.5 ? p[4] : p[1];
    const b = t < 0.5 ? p[3] : p[0];
    defs += linear(`${id}w${l}`, [a, b], 0, 0, 1, 1);
  }
  const mx = w * rng.range(0.15, 0.85);
  const my = h * rng.range(0.12, 0.3);
  const mr = u * rng.range(0.06, 0.11);
  return `<defs>${defs}${radial(`${id}moon`, p[2], 0.5)}</defs>
<rect width="${w}" height="${h}" fill="url(#${id}sky)"/>
<circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(mr * 4)}" fill="url(#${id}moon)"/>
<circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(mr)}" fill="${p[2]}"/>
${layers}`;
};

/** Aurora ribbons: blurred curved strokes on a night sky. */
const auroraScene: Scene = (rng, w, h, p, id) => {
  const u = Math.min(w, h);
  let ribbons = "";
  const n = rng.int(4, 6);
  for (let i = 0; i < n; i++) {
    const y0 = h * rng.range(0.15, 0.7);
    const c1 = h * rng.range(-0.1, 0.8);
    const c2 = h * rng.range(0.1, 0.9);
    const y3 = h * rng.range(0.1, 0.75);
    const color = [p[2], p[4], p[3], p[1]][i % 4];
    ribbons += `<path d="M${r1(-w * 0.1)} ${r1(y0)} C${r1(w * 0.3)} ${r1(c1)} ${r1(w * 0.65)} ${r1(c2)} ${r1(w * 1.1)} ${r1(y3)}" fill="none" stroke="${color}" stroke-width="${r1(u * rng.range(0.05, 0.16))}" stroke-linecap="round" opacity="${r1(rng.range(0.45, 0.85))}"/>`;
  }
  const stars = Array.from({ length: 40 }, () => {
    return `<circle cx="${r1(rng.range(0, w))}" cy="${r1(rng.range(0, h * 0.6))}" r="${r1(u * rng.range(0.0015, 0.004))}" fill="${p[2]}" opacity="${r1(rng.range(0.4, 1))}"/>`;
  }).join("");
  const ridge = (() => {
    let d = `M0 ${h} L0 ${r1(h * 0.86)}`;
    for (let k = 0; k <= 24; k++) d += ` L${r1((w * k) / 24)} ${r1(h * (0.8 + rng.range(-0.05, 0.06)))}`;
    return `${d} L${w} ${h} Z`;
  })();
  return `<defs>${linear(`${id}bg`, [p[0], p[0], p[1]])}<filter id="${id}blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${r1(u * 0.035)}"/></filter></defs>
<rect width="${w}" height="${h}" fill="url(#${id}bg)"/>
${stars}
<g filter="url(#${id}blur)">${ribbons}</g>
<path d="${ridge}" fill="${p[0]}"/>`;
};

/** Prism: a fan of light rays from a point. */
const prismScene: Scene = (rng, w, h, p, id) => {
  const ox = w * rng.range(0.1, 0.9);
  const oy = rng.chance(0.5) ? -h * 0.05 : h * 1.05;
  const n = rng.int(7, 12);
  const spread = rng.range(0.7, 1.3);
  const base = Math.atan2(h / 2 - oy, w / 2 - ox);
  const len = Math.hypot(w, h) * 1.3;
  let rays = "";
  for (let i = 0; i < n; i++) {
    const a0 = base - spread / 2 + (spread * i) / n;
    const a1 = a0 + (spread / n) * rng.range(0.45, 0.95);
    const color = p[1 + (i % (p.length - 1))];
    rays += `<path d="M${r1(ox)} ${r1(oy)} L${r1(ox + Math.cos(a0) * len)} ${r1(oy + Math.sin(a0) * len)} L${r1(ox + Math.cos(a1) * len)} ${r1(oy + Math.sin(a1) * len)} Z" fill="${color}" opacity="${r1(rng.range(0.55, 0.95))}"/>`;
  }
  const tx = w * rng.range(0.3, 0.7);
  const ty = h * rng.range(0.35, 0.65);
  const ts = Math.min(w, h) * rng.range(0.18, 0.26);
  return `<defs>${linear(`${id}bg`, [p[0], p[1]], 0, 0, 1, 1)}${linear(`${id}tri`, [p[2], p[4]], 0, 0, 1, 1)}</defs>
<rect width="${w}" height="${h}" fill="url(#${id}bg)"/>
${rays}
<path d="M${r1(tx)} ${r1(ty - ts)} L${r1(tx + ts * 0.95)} ${r1(ty + ts * 0.7)} L${r1(tx - ts * 0.95)} ${r1(ty + ts * 0.7)} Z" fill="url(#${id}tri)" opacity="0.92"/>`;
};

/** Arches: receding doorways with gradient fills. */
const archesScene: Scene = (rng, w, h, p, id) => {
  const n = rng.int(3, 5);
  const aw = w / (n + 0.5);
  let arches = "";
  for (let i = 0; i < n; i++) {
    const x = aw * 0.25 + i * aw + aw * 0.08;
    const width = aw * 0.84;
    const top = h * rng.range(0.18, 0.4);
    const rx = width / 2;
    arches += `<path d="M${r1(x)} ${h} L${r1(x)} ${r1(top + rx)} A${r1(rx)} ${r1(rx)} 0 0 1 ${r1(x + width)} ${r1(top + rx)} L${r1(x + width)} ${h} Z" fill="url(#${id}a${i % 2})"/>`;
    const inner = width * 0.55;
    const ix = x + (width - inner) / 2;
    const itop = top + rx * 0.7;
    arches += `<path d="M${r1(ix)} ${h} L${r1(ix)} ${r1(itop + inner / 2)} A${r1(inner / 2)} ${r1(inner / 2)} 0 0 1 ${r1(ix + inner)} ${r1(itop + inner / 2)} L${r1(ix + inner)} ${h} Z" fill="${i % 2 ? p[0] : p[1]}" opacity="0.85"/>`;
  }
  const sy = h * rng.range(0.12, 0.3);
  return `<defs>${linear(`${id}bg`, [p[2], p[4]])}${linear(`${id}a0`, [p[3], p[1]])}${linear(`${id}a1`, [p[4], p[0]])}</defs>
<rect width="${w}" height="${h}" fill="url(#${id}bg)"/>
<circle cx="${r1(w * rng.range(0.2, 0.8))}" cy="${r1(sy)}" r="${r1(Math.min(w, h) * 0.12)}" fill="${p[3]}" opacity="0.9"/>
${arches}
<rect x="0" y="${r1(h * 0.92)}" width="${w}" height="${r1(h * 0.08)}" fill="${p[0]}"/>`;
};

/** Halftone-like dot field (large, clean dots, no noise). */
const dotsScene: Scene = (rng, w, h, p, id) => {
  const step = Math.min(w, h) / rng.int(9, 13);
  const fx = w * rng.range(0.2, 0.8);
  const fy = h * rng.range(0.2, 0.8);
  const maxD = Math.hypot(w, h) * 0.7;
  let dots = "";
  for (let y = step / 2; y < h + step; y += step) {
    for (let x = step / 2; x < w + step; x += step) {
      const d = Math.hypot(x - fx, y - fy) / maxD;
      const r = step * 0.48 * Math.max(0.08, 1 - d * 1.25);
      const color = d < 0.25 ? p[3] : d < 0.5 ? p[4] : p[2];
      dots += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${color}"/>`;
    }
  }
  return `<defs>${linear(`${id}bg`, [p[0], p[1]], 0, 0, 1, 1)}</defs>
<rect width="${w}" height="${h}" fill="url(#${id}bg)"/>${dots}`;
};

/** Quicksilver: liquid metal blobs with chrome gradients (studio signature). */
const mercuryScene: Scene = (rng, w, h, p, id) => {
  const u = Math.min(w, h);
  let blobs = "";
  const n = rng.int(5, 7);
  for (let i = 0; i < n; i++) {
    const cx = w * rng.range(0.3, 0.95);
    const cy = h * rng.range(0.15, 0.85);
    const rx = u * rng.range(0.1, 0.32);
    const ry = rx * rng.range(0.55, 1);
    const rot = rng.range(-40, 40);
    blobs += `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" transform="rotate(${r1(rot)} ${r1(cx)} ${r1(cy)})" fill="url(#${id}chrome${i % 2})"/>`;
    blobs += `<ellipse cx="${r1(cx - rx * 0.3)}" cy="${r1(cy - ry * 0.35)}" rx="${r1(rx * 0.35)}" ry="${r1(ry * 0.18)}" transform="rotate(${r1(rot)} ${r1(cx)} ${r1(cy)})" fill="url(#${id}shine)"/>`;
  }
  return `<defs>${linear(`${id}bg`, [p[0], p[1]], 0, 0, 1, 1)}
${linear(`${id}chrome0`, [p[2], p[4], p[0], p[2]], 0, 0, 0.3, 1)}
${linear(`${id}chrome1`, [p[2], p[1], p[3], p[2]], 0, 0, 0.6, 1)}
${radial(`${id}flare`, p[3], 0.7)}
${radial(`${id}shine`, "#ffffff", 0.85)}</defs>
<rect width="${w}" height="${h}" fill="url(#${id}bg)"/>
<circle cx="${r1(w * 0.78)}" cy="${r1(h * 0.3)}" r="${r1(u * 0.7)}" fill="url(#${id}flare)"/>
${blobs}`;
};

const SCENES = {
  sun: sunScene,
  bands: bandsScene,
  orbits: orbitsScene,
  blocks: blocksScene,
  waves: wavesScene,
  aurora: auroraScene,
  prism: prismScene,
  arches: archesScene,
  dots: dotsScene,
  mercury: mercuryScene,
} satisfies Record<string, Scene>;

type SceneName = keyof typeof SCENES;

// ---------------------------------------------------------------------------
// The asset list

type ArtSpec = { file: string; w: number; h: number; scene: SceneName; palette: PaletteName; seed?: string };
type LogoSpec = { file: string; name: string; style: LogoStyle };
type LogoStyle =
  "serif-caps" | "sans-bold" | "mono" | "serif-italic" | "sans-light" | "round-badge" | "stacked" | "slab";

const COVER = { w: 1600, h: 1000 };
const SHARE = { w: 1200, h: 630 };
const GALLERY = { w: 1600, h: 1067 };
const PORTRAIT = { w: 1067, h: 1600 };

/** One cover (and a matching 1200×630 share image) per project, keyed by the French uid. */
const PROJECTS: Array<{ key: string; scene: SceneName; palette: PaletteName }> = [
  { key: "aurores-boreales", scene: "aurora", palette: "polar" },
  { key: "le-gout-du-sel", scene: "waves", palette: "salt" },
  { key: "nuit-blanche-a-belleville", scene: "prism", palette: "neon" },
  { key: "ondes-de-choc", scene: "orbits", palette: "signal" },
  { key: "la-fabrique-du-mouvement", scene: "bands", palette: "motion" },
  { key: "les-voix-du-fleuve", scene: "sun", palette: "river" },
  { key: "pixel-et-pollen", scene: "blocks", palette: "pollen" },
  { key: "electrique", scene: "bands", palette: "electric" },
  { key: "cap-sur-2030", scene: "sun", palette: "horizon" },
  { key: "memoire-vive", scene: "dots", palette: "memory" },
  { key: "le-dernier-phare", scene: "prism", palette: "lighthouse" },
  { key: "hors-champ", scene: "orbits", palette: "offframe" },
  { key: "table-ouverte", scene: "arches", palette: "table" },
  { key: "sous-la-surface", scene: "waves", palette: "abyss" },
  { key: "les-veilleurs", scene: "aurora", palette: "watch" },
];

const ART: ArtSpec[] = [
  { file: "hero-background.jpg", w: 2400, h: 1350, scene: "mercury", palette: "quicksilver" },
  // The hero's "phone" view (a responsive view of its image field): the same artwork composed for
  // a portrait screen, as an editor may give a view its own image in Prismic.
  {
    file: "hero-background-phone.jpg",
    w: 1080,
    h: 1920,
    scene: "mercury",
    palette: "quicksilver",
    seed: "hero-background.jpg",
  },
  { file: "presentation.jpg", w: 1200, h: 1500, scene: "arches", palette: "dune" },
  {
    file: "share-default.jpg",
    ...SHARE,
    scene: "mercury",
    palette: "quicksilver",
    seed: "hero-background.jpg",
  },
  { file: "share-works.jpg", ...SHARE, scene: "blocks", palette: "velvet" },
  { file: "share-contact.jpg", ...SHARE, scene: "sun", palette: "dune" },
  { file: "mock.jpg", ...COVER, scene: "dots", palette: "velvet" },
  ...PROJECTS.flatMap(({ key, scene, palette }) => [
    { file: `cover-${key}.jpg`, ...COVER, scene, palette },
    { file: `share-${key}.jpg`, ...SHARE, scene, palette, seed: `cover-${key}.jpg` },
  ]),
  { file: "gallery-01.jpg", ...GALLERY, scene: "waves", palette: "polar" },
  { file: "gallery-02.jpg", ...GALLERY, scene: "blocks", palette: "salt" },
  { file: "gallery-03.jpg", ...GALLERY, scene: "orbits", palette: "neon" },
  { file: "gallery-04.jpg", ...GALLERY, scene: "prism", palette: "horizon" },
  { file: "gallery-05.jpg", ...GALLERY, scene: "arches", palette: "velvet" },
  { file: "gallery-06.jpg", ...GALLERY, scene: "sun", palette: "electric" },
  { file: "gallery-07.jpg", ...GALLERY, scene: "dots", palette: "motion" },
  { file: "portrait-01.jpg", ...PORTRAIT, scene: "arches", palette: "river" },
  { file: "portrait-02.jpg", ...PORTRAIT, scene: "aurora", palette: "memory" },
  { file: "portrait-03.jpg", ...PORTRAIT, scene: "bands", palette: "table" },
  { file: "portrait-04.jpg", ...PORTRAIT, scene: "sun", palette: "abyss" },
];

const LOGOS: LogoSpec[] = [
  { file: "logo-maison-salvere.png", name: "Maison Salvère", style: "serif-caps" },
  { file: "logo-foulee-and-co.png", name: "Foulée & Co", style: "sans-bold" },
  { file: "logo-canal-lumen.png", name: "Canal Lumen", style: "round-badge" },
  { file: "logo-novelia-energie.png", name: "Novélia Énergie", style: "stacked" },
  { file: "logo-institut-arcane.png", name: "Institut Arcane", style: "mono" },
  { file: "logo-pepite-tv.png", name: "Pépite TV", style: "slab" },
  { file: "logo-orbe.png", name: "Orbe", style: "sans-light" },
  { file: "logo-abyssea.png", name: "Abysséa", style: "serif-italic" },
];

// ---------------------------------------------------------------------------
// Rendering

function artSvg(spec: ArtSpec): string {
  const rng = createRng(spec.seed ?? spec.file);
  const id = "a" + hashString(spec.file).toString(36);
  const body = SCENES[spec.scene](rng, spec.w, spec.h, PALETTES[spec.palette], id);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.w}" height="${spec.h}" viewBox="0 0 ${spec.w} ${spec.h}">${body}</svg>`;
}

const INK = "#141414";

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function logoSvg(spec: LogoSpec): string {
  const W = 400;
  const H = 200;
  const name = escapeXml(spec.name);
  let inner: string;
  switch (spec.style) {
    case "serif-caps":
      inner = `<text x="202" y="112" text-anchor="middle" font-family="serif" font-size="26" letter-spacing="4" fill="${INK}">${name.toUpperCase()}</text>
<line x1="120" y1="135" x2="280" y2="135" stroke="${INK}" stroke-width="2"/>
<text x="202" y="158" text-anchor="middle" font-family="serif" font-size="12" letter-spacing="4" fill="${INK}">SEL DE MER · DEPUIS 1898</text>`;
      break;
    case "sans-bold":
      inner = `<path d="M62 120 L84 80 L98 104 L108 88 L126 120 Z" fill="${INK}"/>
<text x="138" y="115" font-family="sans-serif" font-weight="bold" font-size="32" letter-spacing="-1" fill="${INK}">${name}</text>`;
      break;
    case "round-badge":
      inner = `<circle cx="78" cy="100" r="30" fill="none" stroke="${INK}" stroke-width="6"/><circle cx="78" cy="100" r="11" fill="${INK}"/>
<text x="124" y="112" font-family="sans-serif" font-size="34" fill="${INK}">${name}</text>`;
      break;
    case "stacked": {
      const [a, b] = spec.name.split(" ");
      inner = `<path d="M86 60 L116 100 L86 140 L56 100 Z M86 82 L72 100 L86 118 L100 100 Z" fill="${INK}" fill-rule="evenodd"/>
<text x="136" y="98" font-family="sans-serif" font-weight="bold" font-size="40" fill="${INK}">${escapeXml(a)}</text>
<text x="138" y="132" font-family="sans-serif" font-size="22" letter-spacing="8" fill="${INK}">${escapeXml(b.toUpperCase())}</text>`;
      break;
    }
    case "mono":
      inner = `<rect x="44" y="62" width="312" height="76" fill="none" stroke="${INK}" stroke-width="3"/>
<text x="200" y="109" text-anchor="middle" font-family="monospace" font-size="24" letter-spacing="1" fill="${INK}">${name.toLowerCase()}</text>`;
      break;
    case "slab":
      inner = `<rect x="70" y="66" width="260" height="68" rx="34" fill="${INK}"/>
<text x="200" y="113" text-anchor="middle" font-family="serif" font-weight="bold" font-size="38" fill="#ffffff">${name}</text>`;
      break;
    case "sans-light":
      inner = `<circle cx="200" cy="100" r="70" fill="none" stroke="${INK}" stroke-width="2"/>
<circle cx="250" cy="50" r="9" fill="${INK}"/>
<text x="207" y="114" text-anchor="middle" font-family="sans-serif" font-weight="300" font-size="38" letter-spacing="14" fill="${INK}">${name.toUpperCase()}</text>`;
      break;
    case "serif-italic":
      inner = `<path d="M70 128 Q110 92 150 128 T230 128 T310 128" fill="none" stroke="${INK}" stroke-width="3"/>
<text x="200" y="112" text-anchor="middle" font-family="serif" font-style="italic" font-size="52" fill="${INK}">${name}</text>`;
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${inner}</svg>`;
}

async function main() {
  const filter = process.argv[2];
  await mkdir(OUT_DIR, { recursive: true });
  let total = 0;
  let count = 0;

  for (const spec of ART) {
    if (filter && !spec.file.includes(filter)) continue;
    const out = path.join(OUT_DIR, spec.file);
    const buffer = await sharp(Buffer.from(artSvg(spec)))
      .flatten({ background: "#000000" })
      .jpeg({ quality: JPEG_QUALITY, progressive: true, mozjpeg: true })
      .toBuffer();
    await writeFile(out, buffer);
    total += buffer.length;
    count++;
  }

  for (const spec of LOGOS) {
    if (filter && !spec.file.includes(filter)) continue;
    const out = path.join(OUT_DIR, spec.file);
    const buffer = await sharp(Buffer.from(logoSvg(spec)))
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    await writeFile(out, buffer);
    total += buffer.length;
    count++;
  }

  // Report the whole folder size, not only what was written this run.
  let folder = 0;
  for (const spec of [...ART, ...LOGOS]) {
    folder += (await stat(path.join(OUT_DIR, spec.file)).catch(() => ({ size: 0 }))).size;
  }
  console.log(
    `artwork: wrote ${count} files (${(total / 1024).toFixed(0)} KiB); assets total ${(folder / 1024 / 1024).toFixed(2)} MiB`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
