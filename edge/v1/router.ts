import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { validationError } from '../lib/errors.ts';
import type { V1Env } from './context.ts';

/** A router of the public API: invalid parameters and bodies answer the API's one error shape (400 `{ message }`). */
export const v1Router = () =>
  new OpenAPIHono<V1Env>({
    defaultHook: (result, c) => (result.success ? undefined : validationError(result.error, c)),
  });

/** A path id: a positive whole number, as the app's own routes take it. */
export const PATH_ID = /^[1-9][0-9]{0,14}$/;

/**
 * A polled read's route: documented whole (the document takes its path parameters from their zod schemas) and served
 * without the validator middleware @hono/zod-openapi puts in front of them. Its handler reads the id itself, with
 * the same test. On the lightest poll (an unchanged bracket's 304, ~0.25 ms of CPU) that layer was a few per cent of
 * the answer (`npm run bench -- api-v1`); queries and bodies are still checked by zod.
 */
export function polledRoute<R extends RouteConfig>(router: OpenAPIHono<V1Env>, route: R) {
  router.openAPIRegistry.registerPath(route);
  const { params, ...request } = route.request ?? {};
  return { ...route, request, hide: true } as Omit<R, 'request'> & {
    request: Omit<NonNullable<R['request']>, 'params'>;
    hide: true;
  };
}
