/** 000 s3: the device info sent with a waiver, as JSON text: screen size, viewport, platform, language, timezone. */
export function deviceInfoJson(win: Window = window): string {
  const nav = win.navigator as Navigator & { userAgentData?: { platform?: string } };
  let timezone = '';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    // Old engines without time-zone support: the field stays empty rather than failing the signature.
  }
  return JSON.stringify({
    screen: `${win.screen.width}x${win.screen.height}`,
    viewport: `${win.innerWidth}x${win.innerHeight}`,
    platform: nav.userAgentData?.platform || nav.platform || '',
    language: nav.language,
    timezone,
    pixelRatio: win.devicePixelRatio,
    userAgent: nav.userAgent,
  });
}
