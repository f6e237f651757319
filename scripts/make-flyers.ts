// Generates the demo league's tournament flyers, one per division, into public/media/flyers/{division}.webp.
// Each flyer is an SVG composed here (the league's black and gold, the division's name and a drawing of its sport),
// rendered with librsvg and encoded once as WebP with ImageMagick. The WebP files are committed: nothing at install,
// build or start needs these tools. Run again only to change the artwork:
//   apt-get update && apt-get install -y librsvg2-bin imagemagick fonts-liberation
//   node scripts/make-flyers.ts
// public/media/ is served as is and never precached (vite.config.ts globIgnores); the service worker keeps a flyer
// once seen (app/sw.ts, images under /media/, cache first).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { divisionNames, type DivisionSlug } from '../edge/features/tournaments/schema.ts';

const root = resolve(import.meta.dirname, '..');
const outDir = resolve(root, 'public/media/flyers');
/** 16:9, twice the widest place a flyer is shown (the detail page's ~480 px column); cards crop it to 2:1. */
const WIDTH = 960;
const HEIGHT = 540;
/** Each file must stay small: a list page shows up to 19 of them. */
const MAX_BYTES = 40 * 1024;

const GOLD = '#ffc53d';
const INK = '#0b0b0a';
const FONT = `'Liberation Sans Narrow', 'Arial Narrow', 'DejaVu Sans Condensed', sans-serif`;

interface Art {
  /** The tint the dark background fades into. */
  tint: string;
  /** The sport, drawn around (0, 0) in a ~320 px box. */
  drawing: string;
}

const seams = `stroke="${INK}" stroke-width="7" fill="none" stroke-linecap="round"`;

const art: Record<DivisionSlug, Art> = {
  hoop: {
    tint: '#5a2a00',
    drawing: `
      <g transform="translate(-10 -20)">
        <rect x="-60" y="-170" width="190" height="8" rx="4" fill="#d9d9d9"/>
        <rect x="120" y="-250" width="14" height="190" fill="#bdbdbd"/>
        <ellipse cx="0" cy="-150" rx="70" ry="14" fill="none" stroke="#ff5a1f" stroke-width="9"/>
        <path d="M-66 -146 L-40 -70 M-30 -140 L-18 -72 M0 -138 L0 -70 M30 -140 L18 -72 M66 -146 L40 -70 M-52 -110 L52 -110 M-42 -82 L42 -82"
          stroke="#f2f2f2" stroke-width="4" fill="none"/>
        <circle cx="10" cy="70" r="118" fill="url(#ball)"/>
        <path d="M10 -48 L10 188 M-108 70 L128 70" ${seams}/>
        <path d="M-70 -15 C-20 30 -20 110 -70 155 M90 -15 C40 30 40 110 90 155" ${seams}/>
      </g>`,
  },
  'flag-football': {
    tint: '#3b2410',
    drawing: `
      <g transform="rotate(-28)">
        <ellipse cx="0" cy="0" rx="165" ry="92" fill="url(#leather)"/>
        <path d="M-118 -48 C-105 -20 -105 20 -118 48 M118 -48 C105 -20 105 20 118 48" stroke="#fff" stroke-width="10" fill="none"/>
        <path d="M-60 -6 L60 -6" stroke="#fff" stroke-width="8" stroke-linecap="round"/>
        <path d="M-45 -22 L-45 10 M-22 -22 L-22 10 M0 -22 L0 10 M22 -22 L22 10 M45 -22 L45 10" stroke="#fff" stroke-width="7" stroke-linecap="round"/>
      </g>
      <g transform="translate(60 120) rotate(12)">
        <rect x="-8" y="-10" width="16" height="140" fill="#f2f2f2"/>
        <path d="M8 -10 C60 0 90 30 150 20 L150 110 C90 120 60 90 8 80 Z" fill="#e5484d"/>
      </g>`,
  },
  kickball: {
    tint: '#0a3a5c',
    drawing: `
      <path d="M-230 150 C-170 120 -110 180 -50 150 C10 120 70 180 130 150 C190 120 230 165 250 150 L250 230 L-230 230 Z" fill="#2f8fde" opacity="0.9"/>
      <path d="M-230 185 C-170 155 -110 215 -50 185 C10 155 70 215 130 185 C190 155 230 200 250 185" stroke="#bfe3ff" stroke-width="8" fill="none"/>
      <circle cx="0" cy="0" r="130" fill="url(#rubber)"/>
      <path d="M-128 -10 C-60 20 60 20 128 -10 M-110 -66 C-40 -40 40 -40 110 -66 M-104 62 C-40 88 40 88 104 62"
        stroke="#a3161a" stroke-width="6" fill="none" opacity="0.8"/>
      <circle cx="-45" cy="-60" r="22" fill="#fff" opacity="0.35"/>`,
  },
  slap: {
    tint: '#4a0d2a',
    drawing: `
      <path d="M0 -190 L40 -80 L150 -120 L80 -30 L200 20 L70 50 L110 170 L10 90 L-70 190 L-60 70 L-190 90 L-90 10 L-200 -70 L-70 -60 L-100 -180 L-20 -90 Z"
        fill="${GOLD}" opacity="0.95"/>
      <g transform="rotate(-12)" fill="#f4c7a1" stroke="${INK}" stroke-width="6">
        <rect x="-70" y="-20" width="140" height="130" rx="40"/>
        <rect x="-70" y="-120" width="30" height="120" rx="15"/>
        <rect x="-35" y="-140" width="30" height="140" rx="15"/>
        <rect x="0" y="-135" width="30" height="135" rx="15"/>
        <rect x="35" y="-110" width="28" height="110" rx="14"/>
        <rect x="55" y="10" width="80" height="32" rx="16" transform="rotate(-35 60 26)"/>
      </g>
      <path d="M-210 -20 L-150 -10 M-215 30 L-150 25 M-200 80 L-145 60" stroke="#fff" stroke-width="8" stroke-linecap="round"/>`,
  },
  slamball: {
    tint: '#10304a',
    drawing: `
      <ellipse cx="0" cy="150" rx="190" ry="40" fill="#1c1c1c" stroke="#9aa4ad" stroke-width="8"/>
      <ellipse cx="0" cy="150" rx="160" ry="28" fill="#2a2a2a"/>
      <path d="M-160 170 L-175 230 M160 170 L175 230 M-60 188 L-64 235 M60 188 L64 235" stroke="#9aa4ad" stroke-width="10" stroke-linecap="round"/>
      <circle cx="20" cy="-80" r="95" fill="url(#ball)"/>
      <path d="M20 -175 L20 15 M-75 -80 L115 -80" ${seams}/>
      <path d="M-45 -150 C-5 -115 -5 -45 -45 -10 M85 -150 C45 -115 45 -45 85 -10" ${seams}/>
      <path d="M-95 -150 L-125 -185 M-110 -95 L-155 -110 M140 -150 L175 -185 M150 -95 L195 -110" stroke="${GOLD}" stroke-width="9" stroke-linecap="round"/>`,
  },
  soccer: {
    tint: '#0d3b1e',
    drawing: `
      <ellipse cx="0" cy="150" rx="200" ry="30" fill="#2f7d32" opacity="0.8"/>
      <circle cx="0" cy="0" r="135" fill="#f7f7f7" stroke="${INK}" stroke-width="6"/>
      <polygon points="0,-42 40,-13 25,34 -25,34 -40,-13" fill="${INK}"/>
      <path d="M0 -42 L0 -95 M40 -13 L92 -30 M25 34 L57 80 M-25 34 L-57 80 M-40 -13 L-92 -30" stroke="${INK}" stroke-width="6"/>
      <polygon points="-22,-128 22,-128 30,-100 0,-92 -30,-100" fill="${INK}"/>
      <polygon points="100,-72 128,-40 120,5 92,-24" fill="${INK}"/>
      <polygon points="70,100 100,82 112,110 80,128" fill="${INK}"/>
      <polygon points="-70,100 -100,82 -112,110 -80,128" fill="${INK}"/>
      <polygon points="-100,-72 -128,-40 -120,5 -92,-24" fill="${INK}"/>`,
  },
  boxing: {
    tint: '#4d0b0b',
    drawing: `
      <g transform="rotate(-18)">
        <rect x="-70" y="80" width="140" height="90" rx="14" fill="#f2f2f2" stroke="${INK}" stroke-width="6"/>
        <rect x="-70" y="105" width="140" height="16" fill="#e5484d"/>
        <path d="M-95 -40 C-105 -140 -20 -185 50 -170 C140 -150 150 -60 120 10 C100 60 70 85 60 90 L-60 90 C-90 60 -92 10 -95 -40 Z"
          fill="url(#glove)" stroke="${INK}" stroke-width="6"/>
        <path d="M-95 -20 C-150 -20 -160 60 -95 70 C-70 72 -55 55 -60 30" fill="url(#glove)" stroke="${INK}" stroke-width="6"/>
        <path d="M-30 -120 C10 -140 60 -130 85 -100" stroke="#fff" stroke-width="10" fill="none" opacity="0.35" stroke-linecap="round"/>
      </g>`,
  },
  pickleball: {
    tint: '#213b0a',
    drawing: `
      <g transform="rotate(24)">
        <rect x="-95" y="-190" width="190" height="230" rx="80" fill="#1f6feb" stroke="${INK}" stroke-width="6"/>
        <rect x="-85" y="-180" width="170" height="210" rx="72" fill="none" stroke="#fff" stroke-width="4" opacity="0.6"/>
        <rect x="-22" y="30" width="44" height="150" rx="14" fill="#2b2b2b"/>
        <path d="M-22 70 L22 60 M-22 100 L22 90 M-22 130 L22 120" stroke="#555" stroke-width="6"/>
      </g>
      <g transform="translate(120 110)">
        <circle r="62" fill="#d6f03c" stroke="${INK}" stroke-width="5"/>
        <circle cx="-22" cy="-22" r="9" fill="#8fa51f"/><circle cx="18" cy="-28" r="9" fill="#8fa51f"/>
        <circle cx="30" cy="10" r="9" fill="#8fa51f"/><circle cx="-8" cy="12" r="9" fill="#8fa51f"/>
        <circle cx="-34" cy="22" r="8" fill="#8fa51f"/><circle cx="6" cy="42" r="8" fill="#8fa51f"/>
      </g>`,
  },
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Where the division's name breaks (its words from the schema, in capitals). */
const breaks: Partial<Record<DivisionSlug, number[]>> = { 'flag-football': [1], kickball: [2, 3], slap: [2] };

function titleLines(slug: DivisionSlug): string[] {
  const words = divisionNames[slug].toUpperCase().split(' ');
  const cuts = [0, ...(breaks[slug] ?? []), words.length];
  return cuts.slice(1).map((end, i) => words.slice(cuts[i], end).join(' '));
}

/** Text column: x 56 to ~460, clear of the drawing; a bold narrow capital is about 0.52 em wide. */
const TITLE_WIDTH = 400;
const TITLE_HEIGHT = 250;
function titleSize(lines: string[]): number {
  const longest = Math.max(...lines.map((line) => line.length));
  return Math.floor(Math.min(112, TITLE_HEIGHT / lines.length, TITLE_WIDTH / (longest * 0.52)));
}

function flyerSvg(slug: DivisionSlug): string {
  const { tint, drawing } = art[slug];
  const lines = titleLines(slug);
  const size = titleSize(lines);
  // The title block is centred on the flyer's middle; the first baseline sits one cap height below its top.
  const blockHeight = lines.length * size;
  const titleTop = Math.round(HEIGHT / 2 + 20 - blockHeight / 2 + size * 0.8);
  const title = lines
    .map((line, i) => `<text x="56" y="${titleTop + i * size}" font-size="${size}">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0.35" stop-color="${INK}"/><stop offset="1" stop-color="${tint}"/>
    </linearGradient>
    <radialGradient id="ball" cx="0.38" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#ffa24a"/><stop offset="1" stop-color="#c2520c"/>
    </radialGradient>
    <radialGradient id="rubber" cx="0.38" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#ff6b6b"/><stop offset="1" stop-color="#b3191f"/>
    </radialGradient>
    <radialGradient id="glove" cx="0.4" cy="0.3" r="0.8">
      <stop offset="0" stop-color="#ff5c5c"/><stop offset="1" stop-color="#a3111a"/>
    </radialGradient>
    <linearGradient id="leather" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#a0582a"/><stop offset="1" stop-color="#5e2f12"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <g opacity="0.08" stroke="#fff" stroke-width="3" fill="none">
    <circle cx="${WIDTH * 0.72}" cy="${HEIGHT / 2}" r="230"/>
    <path d="M${WIDTH * 0.72} 0 L${WIDTH * 0.72} ${HEIGHT}"/>
  </g>
  <rect x="-60" y="56" width="${WIDTH + 120}" height="16" fill="${GOLD}" transform="rotate(-6 ${WIDTH / 2} 64)"/>
  <g transform="translate(${WIDTH * 0.73} ${HEIGHT / 2 + 10})">${drawing}</g>
  <g font-family="${FONT}" font-weight="bold">
    <text x="58" y="${titleTop - size * 0.8 - 22}" font-size="30" letter-spacing="5" fill="${GOLD}">WTA LEAGUE</text>
    <g fill="#ffffff">${title}</g>
    <text x="58" y="${HEIGHT - 64}" font-size="30" letter-spacing="2" fill="#ffffff" opacity="0.85">ONE DAY · CASH PRIZES</text>
  </g>
</svg>`;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error || result.status !== 0) {
    console.error(
      `[make-flyers] ${command} failed${result.error ? `: ${result.error.message}` : ''}.\n` +
        '  Needs: apt-get update && apt-get install -y librsvg2-bin imagemagick fonts-liberation',
    );
    process.exit(1);
  }
}

mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'wta-flyers-'));
try {
  let over = false;
  for (const slug of Object.keys(art) as DivisionSlug[]) {
    const svg = join(work, `${slug}.svg`);
    const png = join(work, `${slug}.png`);
    const webp = join(outDir, `${slug}.webp`);
    writeFileSync(svg, flyerSvg(slug));
    run('rsvg-convert', ['--width', String(WIDTH), '--height', String(HEIGHT), '--output', png, svg]);
    // -strip: no metadata (the same bytes on every run with the same tools); method 6: the smallest file.
    run('convert', [png, '-strip', '-quality', '70', '-define', 'webp:method=6', webp]);
    const bytes = statSync(webp).size;
    over ||= bytes > MAX_BYTES;
    console.log(`  ${`public/media/flyers/${slug}.webp`.padEnd(44)} ${(bytes / 1024).toFixed(1).padStart(6)} KiB`);
  }
  if (over) {
    console.error(`[make-flyers] a flyer is over ${MAX_BYTES / 1024} KiB: simplify its drawing or lower the quality`);
    process.exit(1);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
