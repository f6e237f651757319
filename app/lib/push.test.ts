import { describe, expect, it } from 'vitest';
import { applicationServerKey, pushSupportOf, samePushLink } from './push.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';
const all = {
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  maxTouchPoints: 0,
  standalone: false,
};

describe('pushSupportOf', () => {
  it('is supported wherever the Push API is, the installed iPhone app included', () => {
    expect(pushSupportOf({ ...all, userAgent: ANDROID })).toBe('supported');
    expect(pushSupportOf({ ...all, userAgent: IPHONE, standalone: true })).toBe('supported');
  });
  it('asks an iPhone or iPad in a browser tab to install the app first', () => {
    const tab = { ...all, hasPushManager: false, hasNotification: false };
    expect(pushSupportOf({ ...tab, userAgent: IPHONE })).toBe('needs-install');
    expect(pushSupportOf({ ...tab, userAgent: IPAD_DESKTOP_MODE, maxTouchPoints: 5 })).toBe('needs-install');
    // A Mac has no touch points: just unsupported.
    expect(pushSupportOf({ ...tab, userAgent: IPAD_DESKTOP_MODE })).toBe('unsupported');
    expect(pushSupportOf({ ...tab, userAgent: ANDROID })).toBe('unsupported');
  });
});

describe('applicationServerKey', () => {
  it('decodes base64url without padding', () => {
    expect(Array.from(applicationServerKey('BAEC_-8'))).toEqual([4, 1, 2, 255, 239]);
  });
});

describe('samePushLink', () => {
  const origin = 'https://league.example';
  it('keeps same-site paths and sends anything else to the dashboard', () => {
    expect(samePushLink('/messages?with=abc', origin)).toBe('https://league.example/messages?with=abc');
    for (const bad of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      7,
      null,
    ]) {
      expect(samePushLink(bad, origin), String(bad)).toBe('https://league.example/dashboard');
    }
  });
});
