// What the hosts project's global setup hands to its test files (Vitest's provide/inject): plain data only.

export type HostName = 'node' | 'worker';
export const HOST_NAMES: readonly HostName[] = ['node', 'worker'];

export interface HostContext {
  url: string;
  databaseUrl: string;
  /** Where the host keeps uploaded files: the Node host's UPLOADS_DIR, the Worker's R2 emulation (wrangler's state). */
  blobsDir: string;
}

export interface HostsContext {
  node: HostContext;
  worker: HostContext;
  /** The local fake of Stripe's API both hosts call (STRIPE_API_URL); `POST /test/pay/{session}` pays a session. */
  stripeUrl: string;
  /** Rows in the Worker's database once it had started and answered (D18: it never seeds). */
  workerAtStart: { users: number; tournaments: number };
}

/** Both hosts verify webhooks with this secret (STRIPE_WEBHOOK_SECRET). */
export const STRIPE_WEBHOOK_SECRET = 'whsec_hosts';
