// The edge benchmark's load: a fixed number of connections, each one kept-alive socket making one request after
// another (a closed loop, as autocannon's connections) until the duration is over; a request started before the end
// is waited for and counted, so slow calls are not cut off. Each connection's next request is its own `step`, which
// may depend on the answers before it (a score report names the match version its last answer showed). Only
// 127.0.0.1 is contacted.
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface Call {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** As it arrived (compressed if the host compressed it: `text` decodes it). */
  body: Buffer;
  /** From the request's start to the answer's last byte. */
  ms: number;
}

const DECODE: Record<string, (b: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};

/** An answer's body as text, decoded from its Content-Encoding. */
export function text(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  return (encoding ? DECODE[encoding]!(answer.body) : answer.body).toString();
}

export type Send = (call: Call) => Promise<Answer>;
/** One connection's next request: one call through `send`; false (sending nothing) when it has no work left. */
export type Step = (send: Send) => Promise<boolean>;

export interface Load {
  /** Status and time of every request made. */
  answers: { status: number; ms: number }[];
  elapsedMs: number;
  /** Connections that ran out of work before the end. */
  exhausted: number;
}

const TIMEOUT_MS = 60_000;

/** Where the load goes. */
export interface Target {
  /** The origin connected to. */
  url: string;
  /** The Origin header of every request: the host's PUBLIC_URL. */
  origin: string;
  /** More headers for a request to `path`. */
  headers?: (path: string) => Record<string, string>;
  /**
   * Binds connection i's socket to a loopback address of its own (Linux routes all of 127.0.0.0/8 to the loopback),
   * for a host that reads the caller's address from the socket.
   */
  localAddress?: (connection: number) => string;
}

function sendOver(agent: Agent, target: Target, answers: Load['answers']): Send {
  const url = new URL(target.url);
  return (call) =>
    new Promise<Answer>((done, fail) => {
      const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
      const headers: Record<string, string | number> = {
        origin: target.origin,
        ...target.headers?.(call.path),
        ...call.headers,
      };
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(payload);
      }
      const started = performance.now();
      const req = request(
        { host: url.hostname, port: url.port, path: call.path, method: call.method ?? 'GET', agent, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const answer = {
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              ms: performance.now() - started,
            };
            answers.push({ status: answer.status, ms: answer.ms });
            done(answer);
          });
          res.on('error', fail);
        },
      );
      req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`${call.path} took over ${TIMEOUT_MS / 1000} s`)));
      req.on('error', fail);
      req.end(payload);
    });
}

/** Runs `steps.length` connections to `target` for `durationMs`. */
export async function runLoad(target: Target, steps: Step[], durationMs: number): Promise<Load> {
  const answers: Load['answers'] = [];
  let exhausted = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    steps.map(async (step, i) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: target.localAddress?.(i) });
      const send = sendOver(agent, target, answers);
      try {
        while (performance.now() < deadline) {
          if (!(await step(send))) {
            exhausted += 1;
            break;
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  return { answers, elapsedMs: performance.now() - started, exhausted };
}
