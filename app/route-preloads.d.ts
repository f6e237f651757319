/** Built by scripts/vite/route-preloads.ts: each route id's screen chunks (absolute paths), for modulepreload links. */
declare module 'virtual:route-preloads' {
  const preloads: Record<string, string[]>;
  export default preloads;
}

/** Built by scripts/vite/route-preloads.ts from the client build: the public pages' stylesheet and the shell's (ADR 049). */
declare module 'virtual:public-stylesheet' {
  const stylesheet: { shell: string; page: string } | null;
  export default stylesheet;
}
