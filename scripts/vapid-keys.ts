// Prints a VAPID key pair for D28's Web Push: put the three lines in the environment (or `wrangler secret put`).
import { generateVapidKeys } from '../edge/features/push/vapid-keys.ts';

const { publicKey, privateKey } = await generateVapidKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
console.log('VAPID_SUBJECT=mailto:admin@example.com');
