// A child process of the edge benchmark: the Hrana test server (ADR 057) on one SQLite file, in a process of its own
// so that its SQLite work never shares an event loop with the load generator or a host. Over its IPC channel it is
// asked for its counters (`stats.pipelines`: HTTP round trips) and told the latency to inject per round trip.
// Usage (started with an IPC channel, see edge-servers.ts): node scripts/bench/edge-hrana.ts <file>
import { startHranaServer } from '../hrana/server.ts';

export type HranaAsk = { type: 'stats' } | { type: 'latency'; ms: number };
export type HranaCommand = HranaAsk & { id: number };
export type HranaReply =
  | { type: 'ready'; url: string }
  | { id: number; stats: { pipelines: number; requests: number } };

const file = process.argv[2];
if (!file || !process.send) {
  console.error('usage: edge-hrana.ts <file> (as a child with an IPC channel)');
  process.exit(2);
}
const server = await startHranaServer({ file });
const send = (reply: HranaReply) => process.send!(reply);
send({ type: 'ready', url: server.url });

process.on('message', (command: HranaCommand) => {
  if (command.type === 'latency') server.setLatency(command.ms);
  send({ id: command.id, stats: { ...server.stats } });
});
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
