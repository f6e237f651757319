import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent (D44): https to a public internet address. Private, loopback, link-local (the cloud
 * metadata service, 169.254.169.254, among them), unique-local, carrier NAT, multicast and reserved addresses are
 * refused, as the address is written and again, on Node, after DNS resolution at every attempt (a name may point
 * anywhere, and may be changed to). Loopback, over http too, only when the league itself runs on localhost (the local
 * run and the tests). On Workers there is no DNS lookup to make: Cloudflare's network does not route to private
 * addresses, and the literal checks still apply.
 */
export interface AddressPolicy {
  allowLoopback: boolean;
  /** The host's resolver (Node: dns.lookup, all addresses); absent on Workers. */
  resolve?: ((hostname: string) => Promise<string[]>) | undefined;
}

export type AddressVerdict = { ok: true } | { ok: false; reason: string };

function allowed(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain)$/i;

/** Whether `url` may receive a delivery now (resolving its name when the host can). */
export async function checkDestination(url: string, policy: AddressPolicy): Promise<AddressVerdict> {
  if (!URL.canParse(url)) return { ok: false, reason: 'not a URL' };
  const { protocol, hostname, username, password } = new URL(url);
  if (username || password) return { ok: false, reason: 'credentials in the address' };
  const host = hostname.replace(/^\[|\]$/g, '');
  const literal = ipaddr.isValid(host);
  const loopbackName = !literal && /^localhost$/i.test(host);
  const loopback = loopbackName || (literal && ipaddr.parse(host).range() === 'loopback');
  if (protocol !== 'https:' && !(protocol === 'http:' && loopback && policy.allowLoopback)) {
    return { ok: false, reason: 'not https' };
  }
  if (loopbackName) return policy.allowLoopback ? { ok: true } : { ok: false, reason: 'a local address' };
  if (literal) return allowed(host, policy.allowLoopback) ? { ok: true } : { ok: false, reason: 'a private address' };
  if (LOCAL_NAMES.test(host) || !host.includes('.')) return { ok: false, reason: 'a local name' };
  if (!policy.resolve) return { ok: true };
  let addresses: string[];
  try {
    addresses = await policy.resolve(host);
  } catch {
    return { ok: false, reason: 'the name does not resolve' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'the name does not resolve' };
  return addresses.every((a) => allowed(a, policy.allowLoopback))
    ? { ok: true }
    : { ok: false, reason: 'the name resolves to a private address' };
}
