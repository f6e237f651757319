import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The SVG as a `data:` URL small enough for an attribute: double quotes become single ones and only the characters a
 * URL cannot carry as they are get escaped (a whole encodeURIComponent would double its length).
 */
export function svgDataUrl(svg: string): string {
  const compact = svg.trim().replace(/\s+/g, ' ').replace(/"/g, "'");
  return `data:image/svg+xml,${compact.replace(/[<>#%\n]/g, encodeURIComponent)}`;
}

/**
 * index.html names its favicon as a `data:` URL in the build (ADR 049): the favicon was an answer of its own on every
 * first visit, ~0.8 KB with its headers for a 354-byte file; inside the page it costs ~0.2 KB compressed. The file
 * stays in public/ for whoever asks for /favicon.svg, and the manifest's icons are files as before.
 */
export function inlineFavicon(file: string): Plugin {
  return {
    name: 'wta:inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const link = 'href="/favicon.svg"';
      if (!html.includes(link)) throw new Error(`inline-favicon: index.html no longer has <link rel="icon" ${link}>`);
      return html.replace(link, `href="${svgDataUrl(readFileSync(file, 'utf8'))}"`);
    },
  };
}
