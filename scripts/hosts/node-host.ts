// The child process of node-dev.ts: edge/node.ts's startNodeServer on the environment it was given, which tells its
// parent the URL once it listens and stops on SIGTERM (or when the parent goes away).
import { startNodeServer } from '../../edge/node.ts';

const server = await startNodeServer({ env: process.env, log: process.env.NODE_DEV_LOG === '1' });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.once('disconnect', stop);
process.send!({ url: server.url });
