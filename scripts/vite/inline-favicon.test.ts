import { describe, expect, it } from 'vitest';
import { svgDataUrl } from './inline-favicon.ts';

describe('svgDataUrl', () => {
  it('writes the SVG so that a browser reads the same image and the attribute stays one', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg">\n  <rect fill="#111110" width="100%"/>\n</svg>\n';
    const url = svgDataUrl(svg);
    expect(url).not.toMatch(/["<>#\n]/);
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(
      "<svg xmlns='http://www.w3.org/2000/svg'> <rect fill='#111110' width='100%'/> </svg>",
    );
  });
});
