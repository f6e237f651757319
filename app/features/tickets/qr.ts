import { toString as qrToSvg } from 'qrcode';

/**
 * The QR code of a ticket (ADR 011): it encodes the ticket code and nothing else, drawn black on white with the
 * standard 4-module quiet zone so phone cameras and door scanners read it at any screen brightness. Colours are
 * fixed on purpose: a themed (dark-mode) QR code would be inverted and many scanners refuse that.
 */
export const QR_QUIET_ZONE_MODULES = 4;

export async function ticketQrSvg(code: string): Promise<string> {
  return qrToSvg(code, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: QR_QUIET_ZONE_MODULES,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
}

/** The SVG as an <img> source, so it scales crisply and can be saved or long-pressed like any picture. */
export async function ticketQrDataUrl(code: string): Promise<string> {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await ticketQrSvg(code))}`;
}
