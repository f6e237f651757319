// Renders the WTA mark (gold coin with a W on near-black) to PNG with zlib only.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};
const png = (size, pixel) => {
  const raw = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(x, y);
      const o = y * (size * 3 + 1) + 1 + x * 3;
      raw[o] = r; raw[o + 1] = g; raw[o + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
};
const BG = [17, 17, 16], GOLD = [255, 197, 61];
const segDist = (px, py, ax, ay, bx, by) => {
  const dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
};
// scale: share of the canvas the coin covers (maskable icons keep it inside the 80% safe zone).
const mark = (scale) => (u, v) => {
  const x = (u - 0.5) / scale, y = (v - 0.5) / scale;
  const r = Math.hypot(x, y);
  if (r > 0.5) return BG;
  if (r > 0.43) return GOLD;
  const W = [[-0.27, -0.17], [-0.14, 0.2], [0, -0.08], [0.14, 0.2], [0.27, -0.17]];
  for (let i = 0; i < W.length - 1; i++) {
    if (segDist(x, y, ...W[i], ...W[i + 1]) < 0.055) return GOLD;
  }
  return BG;
};
// Shortcut glyphs (96 px, purpose any): a gold trophy cup for Tournaments, a gold ticket for My Tickets.
const trophy = (u, v) => {
  const x = u - 0.5, y = v - 0.5;
  const cup = y > -0.3 && y < 0.02 && Math.abs(x) < 0.22 * (1 - Math.max(0, y + 0.1) * 1.6);
  const handles = y > -0.26 && y < -0.04 && Math.abs(Math.hypot(Math.abs(x) - 0.22, y + 0.15) - 0.08) < 0.025;
  const stem = y >= 0.02 && y < 0.17 && Math.abs(x) < 0.04;
  const base = y >= 0.17 && y < 0.25 && Math.abs(x) < 0.16;
  return cup || handles || stem || base ? GOLD : BG;
};
const ticket = (u, v) => {
  const x = u - 0.5, y = v - 0.5;
  if (Math.abs(x) > 0.34 || Math.abs(y) > 0.2) return BG;
  if (Math.hypot(Math.abs(x) - 0.34, y) < 0.08) return BG; // the notches on both ends
  if (Math.abs(x - 0.12) < 0.012 && Math.abs(y) < 0.15 && Math.floor((y + 0.2) / 0.05) % 2 === 0) return BG; // perforation
  return GOLD;
};
const sample = (size, f) => {
  const S = 4;
  return png(size, (px, py) => {
    const acc = [0, 0, 0];
    for (let i = 0; i < S; i++) for (let j = 0; j < S; j++) {
      const c = f((px + (i + 0.5) / S) / size, (py + (j + 0.5) / S) / size);
      acc[0] += c[0]; acc[1] += c[1]; acc[2] += c[2];
    }
    return acc.map((a) => Math.round(a / (S * S)));
  });
};
const render = (size, scale) => sample(size, mark(scale));
const out = new URL('../public/icons', import.meta.url).pathname; // node scripts/make-icons.mjs
// Every size a platform asks for (Android launchers 48-192, Windows tiles 144, iPad 152, splash screens 256-512).
// Deterministic: the same script writes byte-identical files.
for (const size of [48, 72, 96, 128, 144, 152, 192, 256, 384, 512]) writeFileSync(`${out}/icon-${size}.png`, render(size, 0.9));
// Maskable: the coin stays inside the central 80% safe zone (scale 0.7 < 0.8), the rest is background.
writeFileSync(`${out}/icon-maskable-192.png`, render(192, 0.7));
writeFileSync(`${out}/icon-maskable-512.png`, render(512, 0.7));
writeFileSync(`${out}/apple-touch-icon.png`, render(180, 0.8));
writeFileSync(`${out}/shortcut-tournaments-96.png`, sample(96, trophy));
writeFileSync(`${out}/shortcut-tickets-96.png`, sample(96, ticket));
