import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE_MODULES, ticketQrDataUrl, ticketQrSvg } from './qr.ts';

describe('ticket QR code (ADR 011)', () => {
  const code = 'k3m7q9pxa2b4c6d5e7f2g3h4j5k6l7m2';

  it('draws the code as an SVG with a white quiet zone of 4 modules around it', async () => {
    const svg = await ticketQrSvg(code);
    const size = create(code, { errorCorrectionLevel: 'M' }).modules.size;
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain(`viewBox="0 0 ${size + 2 * QR_QUIET_ZONE_MODULES} ${size + 2 * QR_QUIET_ZONE_MODULES}"`);
    // A white background under black modules: high contrast whatever the page's colour scheme.
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
  });

  it('encodes the ticket code only', () => {
    const qr = create(code, { errorCorrectionLevel: 'M' });
    // Byte-mode segments hold the UTF-8 bytes, other modes the text.
    const data = qr.segments
      .map((s) => {
        const raw = (s as unknown as { data: string | Uint8Array }).data;
        return typeof raw === 'string' ? raw : new TextDecoder().decode(raw);
      })
      .join('');
    expect(data).toBe(code);
  });

  it('differs from one code to the next and is an image URL', async () => {
    const a = await ticketQrDataUrl(code);
    const b = await ticketQrDataUrl('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(a.startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true);
    expect(a).not.toBe(b);
  });
});
