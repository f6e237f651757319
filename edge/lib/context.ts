import type { AppDeps } from '../app.ts';
import type { Session } from '../../db/schema/auth.ts';
import type { User } from '../../db/schema/users.ts';

/** Hono environment shared by every router: the host's deps and the signed-in user, if any. */
export interface AppEnv {
  Variables: {
    deps: Required<Pick<AppDeps, 'now' | 'payments' | 'google'>> & AppDeps;
    user: User | null;
    session: Session | null;
    /** SHA-256 of a keyed outbox request, set by the `clientRequest` middleware (edge/lib/client-request.ts). */
    requestHash?: string;
    /** The request's id in the operations log, set when a line is first written (edge/middleware/request-log.ts). */
    requestId?: string;
  };
}
