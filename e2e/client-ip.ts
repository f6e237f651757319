/**
 * Header through which the e2e host (scripts/e2e-host.ts, never edge/node.ts) takes the caller's address, so the
 * accounts the suite creates through the API sign up as if from addresses of their own (D35 allows 30 per address
 * per hour; every browser of the suite connects from localhost).
 */
export const E2E_CLIENT_IP_HEADER = 'x-e2e-client-ip';

let counter = 0;
/** An address of the benchmarking range (RFC 2544, never a real client), new for each call of this worker. */
export function uniqueClientIp(): string {
  counter += 1;
  return `198.18.${process.pid % 256}.${counter % 256}`;
}
