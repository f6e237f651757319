// The benchmarks of `npm run bench`, in the order they run. Add new ones here.
import { apiV1 } from './api-v1.ts';
import { authUser } from './auth-user.ts';
import { bracket } from './bracket.ts';
import { edge } from './edge.ts';
import { firstLoadRoutes } from './first-load-routes.ts';
import { firstNavigation } from './first-navigation.ts';
import { lighthouse } from './lighthouse.ts';
import { listTransfer } from './list-transfer.ts';
import { messagesBenchmark } from './messages.ts';
import { offlineLaunch } from './offline-launch.ts';
import { precache } from './precache.ts';
import { recordBenchmark } from './record.ts';
import { signInBurst } from './sign-in-burst.ts';
import { tournamentDay } from './tournament-day.ts';
import { tournamentDetail } from './tournament-detail.ts';
import { tournamentsList } from './tournaments-list.ts';
import { uploadFlood } from './upload-flood.ts';
import type { Benchmark } from './types.ts';

export const benchmarks: Benchmark[] = [
  firstLoadRoutes,
  precache,
  authUser,
  signInBurst,
  uploadFlood,
  tournamentsList,
  listTransfer,
  tournamentDetail,
  bracket,
  apiV1,
  tournamentDay,
  messagesBenchmark,
  recordBenchmark,
  edge,
  offlineLaunch,
  firstNavigation,
  lighthouse,
];
