/** One line of the final table: `benchmark | metric | value`. */
export interface Row {
  benchmark: string;
  metric: string;
  value: string;
  note?: string;
}

/** A named benchmark of `npm run bench`; add new ones to scripts/bench/index.ts. */
export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<Row[]>;
}
