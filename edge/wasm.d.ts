// wrangler turns a `.wasm?module` import into a compiled module (edge/lib/images/worker-wasm.ts).
declare module '*.wasm?module' {
  const module: WebAssembly.Module;
  export default module;
}
