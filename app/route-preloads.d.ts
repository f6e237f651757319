/** Built by scripts/vite/route-preloads.ts: each route id's screen chunks (absolute paths), for modulepreload links. */
declare module 'virtual:route-preloads' {
  const preloads: Record<string, string[]>;
  export default preloads;
}
