/**
 * A push service in the test's own process (D28's tests): browsers' subscriptions are made here (an ECDH key pair
 * and an auth secret, as a browser makes them), the server's pushes arrive through the `fetch` it hands to
 * createApp, and each is decrypted as RFC 8291 says and its VAPID token (RFC 8292) checked, so a test reads what a
 * phone would show. Answers are 201 unless a test sets another status for an endpoint.
 */
export const FAKE_PUSH_HOST = 'push.fake-service.test';

export interface ReceivedPush {
  endpoint: string;
  ttl: string | null;
  /** The decrypted payload, parsed. */
  data: unknown;
  /** The VAPID token's audience (the endpoint's origin) and subject, after its signature was checked. */
  vapid: { aud: string; sub: string };
}

export interface FakeDevice {
  endpoint: string;
  /** `PushSubscription.toJSON()` as POST /api/push/subscriptions takes it. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

const b64url = (bytes: Uint8Array<ArrayBuffer>) => Buffer.from(bytes).toString('base64url');
const fromB64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array<ArrayBuffer>[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

export function fakePushService() {
  const keys = new Map<
    string,
    { pair: CryptoKeyPair; publicRaw: Uint8Array<ArrayBuffer>; auth: Uint8Array<ArrayBuffer> }
  >();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  /** Every request's options as the server sent them (redirect mode, headers). */
  const requests: RequestInit[] = [];
  let serial = 0;

  async function device(): Promise<FakeDevice> {
    serial += 1;
    const endpoint = `https://${FAKE_PUSH_HOST}/send/${serial}-${crypto.randomUUID()}`;
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ])) as CryptoKeyPair;
    const publicRaw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = crypto.getRandomValues(new Uint8Array(16));
    keys.set(endpoint, { pair, publicRaw, auth });
    return {
      endpoint,
      subscription: { endpoint, expirationTime: null, keys: { p256dh: b64url(publicRaw), auth: b64url(auth) } },
    };
  }

  async function decrypt(endpoint: string, body: Uint8Array<ArrayBuffer>): Promise<unknown> {
    const k = keys.get(endpoint);
    if (!k) throw new Error(`no device for ${endpoint}`);
    // aes128gcm header: salt (16), record size (4), key id length (1), key id (the sender's public key).
    const salt = body.slice(0, 16);
    const idLength = body[20]!;
    const senderPublic = body.slice(21, 21 + idLength);
    const ciphertext = body.slice(21 + idLength);
    const senderKey = await crypto.subtle.importKey(
      'raw',
      senderPublic,
      { name: 'ECDH', namedCurve: 'P-256' },
      false,
      [],
    );
    const shared = new Uint8Array(
      await crypto.subtle.deriveBits({ name: 'ECDH', public: senderKey }, k.pair.privateKey, 256),
    );
    const ikm = await hkdf(k.auth, shared, concat(utf8('WebPush: info\0'), k.publicRaw, senderPublic), 32);
    const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
    const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
    const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
    const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aes, ciphertext));
    // The last record ends with the delimiter 2, then zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('bad padding delimiter');
    return JSON.parse(new TextDecoder().decode(padded.slice(0, end))) as unknown;
  }

  async function checkVapid(authorization: string | null): Promise<{ aud: string; sub: string }> {
    const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
    if (!match) throw new Error(`bad Authorization: ${authorization}`);
    const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
    const raw = fromB64url(match[2]!);
    const key = await crypto.subtle.importKey('raw', raw, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const ok = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      fromB64url(signature),
      utf8(`${header}.${claims}`),
    );
    if (!ok) throw new Error('VAPID signature does not verify');
    return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string };
  }

  const fetchImpl: typeof fetch = async (input, init) => {
    const endpoint = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    requests.push(init ?? {});
    const headers = new Headers(init?.headers);
    if (headers.get('content-encoding') !== 'aes128gcm') throw new Error('not aes128gcm');
    const body = new Uint8Array(init?.body as ArrayBuffer | Uint8Array<ArrayBuffer>);
    const status = statuses.get(endpoint) ?? 201;
    if (status === 0) throw new TypeError('fetch failed');
    if (status < 300) {
      const vapid = await checkVapid(headers.get('authorization'));
      received.push({ endpoint, ttl: headers.get('ttl'), data: await decrypt(endpoint, body), vapid });
    }
    return new Response(null, { status });
  };

  return {
    /** A new browser subscription on this service. */
    device,
    /** What the service has accepted so far. */
    received,
    requests,
    /** Answer this status for an endpoint from now on (0: no answer at all). */
    answer: (endpoint: string, status: number) => statuses.set(endpoint, status),
    fetch: fetchImpl,
  };
}
