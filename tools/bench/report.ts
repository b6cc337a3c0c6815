// The bench's table and the issue's limits: one row per figure (both sides' medians with their spread,
// the ratio of medians, the limit), and at the end every limit met or not.

/** Every figure that the issue sets a limit on, and whether it was met. */
export const verdicts: { met: boolean; label: string }[] = [];

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
/** "3.21 s (2.90–3.50)": the median, then the minimum and maximum. */
export const spread = (values: number[], digits: number, unit: string) =>
  `${median(values).toFixed(digits)} ${unit} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

const COLUMNS = [40, 26, 26, 9];
export function row(label: string, ours: string, theirs: string, times: string, limit = ""): void {
  console.log([label, ours, theirs, times].map((cell, i) => cell.padEnd(COLUMNS[i])).join(" ") + limit);
}
export function heading(): void {
  row("", "ours: median (min–max)", "Astro: median (min–max)", "ratio", "limit");
}

/** One figure's row: both sides' spreads, the ratio of medians, and the limit when the issue sets one. */
export function compare(label: string, ours: number[], theirs: number[], unit: string, digits: number, limit?: number, what = label): void {
  if (!ours.length || !theirs.length) {
    const side = (values: number[]) => (values.length ? spread(values, digits, unit) : "none measured");
    if (limit !== undefined) verdicts.push({ met: false, label: `${what}: no ratio, a side has no measurement` });
    row(label, side(ours), side(theirs), "—", limit === undefined ? "" : "NOT MEASURED");
    return;
  }
  const times = median(ours) / median(theirs);
  let verdict = "";
  if (limit !== undefined) {
    const met = times <= limit;
    verdicts.push({ met, label: `${what}: ${times.toFixed(3)}× (limit ≤ ${limit.toFixed(1)}×)` });
    verdict = `≤ ${limit.toFixed(1)}×  ${met ? "met" : "NOT MET"}`;
  }
  row(label, spread(ours, digits, unit), spread(theirs, digits, unit), `${times.toFixed(3)}×`, verdict);
}

export function printVerdicts(): void {
  if (!verdicts.length) return;
  console.log("\nThe issue's limits (ours / Astro's, ratio of medians)");
  for (const { met, label } of verdicts) console.log(`  ${met ? "met    " : "NOT MET"}  ${label}`);
}
