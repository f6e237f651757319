import { encodeBase64urlNoPadding } from '@oslojs/encoding';

/** A new VAPID key pair (P-256) as the settings take it: the public key raw and base64url, the private key `d`. */
export async function generateVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return { publicKey: encodeBase64urlNoPadding(raw), privateKey: jwk.d! };
}
