/**
 * A short name for the device a session was started on ("Chrome on Android"), read from its User-Agent. Simple on
 * purpose: the member only needs to recognise their own phone or laptop, and the raw header stays beside it. Order
 * matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari", iPadOS may say "Macintosh".
 */
const BROWSERS: [pattern: RegExp, name: string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [pattern: RegExp, name: string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const RAW_MAX = 80;

export function describeDevice(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  // Not a browser we know (an app, a script): its own words, trimmed.
  return ua.length > RAW_MAX ? `${ua.slice(0, RAW_MAX - 1)}…` : ua;
}
