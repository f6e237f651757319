// The browser's time zone, asked of Intl off the page's main thread (render-env.ts, rememberTimeZone): a page's
// first Intl.DateTimeFormat loads ICU's locale and zone data, a long task on a phone (issue 12, TBT).
postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
