// `npm run seed:scale [-- --members 100000] [--db data/scale-100000.db]`: a separate database holding a league at
// scale (issue 16): 100,000 members, 10,000 tournaments with brackets, 1,000,000 messages by default. Start the app on
// it with `DATABASE_URL=file:<path> npm start`, or measure it with `npm run bench -- record`.
import { parseArgs } from 'node:util';
import { buildScaleDatabase } from './scale/build.ts';

const { values } = parseArgs({
  options: { members: { type: 'string', default: '100000' }, db: { type: 'string' } },
});
const members = Number(values.members);
if (!Number.isInteger(members) || members < 100 || members > 1_000_000) {
  console.error('--members must be a whole number from 100 to 1,000,000');
  process.exit(2);
}
const path = values.db ?? `data/scale-${members}.db`;
console.log(`Building a league of ${members.toLocaleString('en-US')} members in ${path}`);
const { client } = await buildScaleDatabase(path, { members });
client.close();
console.log(`Done. Run the app on it: DATABASE_URL=file:${path} npm start`);
