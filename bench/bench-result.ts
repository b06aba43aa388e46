/** What a benchmark reports: lines to print, and each target it checks. */
export interface BenchResult {
  name: string;
  lines: string[];
  targets: Array<{ name: string; pass: boolean }>;
}
