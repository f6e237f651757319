/**
 * What a route's `validateSearch` returns: every key the route reads, `undefined` when the query lacks it or holds
 * an unknown value. TanStack Router lays the validated search over the raw query (`{ ...raw, ...validated }`), so a
 * key the validator leaves out keeps its raw value: `?type=foo` reached the cancel page as 'foo' ("Your undefined
 * payment was cancelled"). An explicit `undefined` replaces it, so every unknown value falls back to the default
 * view; URLs never show an undefined key. Use as `({ ... }) satisfies ValidatedSearch<RouteSearch>`.
 */
export type ValidatedSearch<T> = { [K in keyof Required<T>]: T[K] | undefined };
