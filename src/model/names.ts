/** A benchmark name: letters, digits, dot, dash or underscore, at most 64; it names folders, status contexts and markers. */
export const BENCHMARK_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
