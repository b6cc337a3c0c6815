// The bench's table (a row per figure: both sides' medians with their spread, the ratio, the limit) and,
// at the end, every limit the issue sets, met or not.
export const verdicts: { met: boolean; label: string }[] = [];
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
/** "3.21 s (2.90–3.50)": the median, then the minimum and maximum. */
export const spread = (values: number[], digits: number, unit: string) =>
  `${median(values).toFixed(digits)} ${unit} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

const COLUMNS = [40, 26, 26, 9];
export const row = (label: string, ours: string, theirs: string, times: string, limit = "") =>
  console.log([label, ours, theirs, times].map((cell, i) => cell.padEnd(COLUMNS[i])).join(" ") + limit);
export const heading = () => row("", "ours: median (min–max)", "Astro: median (min–max)", "ratio", "limit");

export function compare(label: string, ours: number[], theirs: number[], unit: string, digits: number, limit?: number, what = label): void {
  if (!ours.length || !theirs.length) {
    const side = (values: number[]) => (values.length ? spread(values, digits, unit) : "none measured");
    if (limit !== undefined) verdicts.push({ met: false, label: `${what}: no ratio, a side has no measurement` });
    row(label, side(ours), side(theirs), "—", limit === undefined ? "" : "NOT MEASURED");
    return;
  }
  const times = median(ours) / median(theirs);
  const met = limit === undefined || times <= limit;
  if (limit !== undefined) verdicts.push({ met, label: `${what}: ${times.toFixed(3)}× (limit ≤ ${limit.toFixed(1)}×)` });
  row(
    label,
    spread(ours, digits, unit),
    spread(theirs, digits, unit),
    `${times.toFixed(3)}×`,
    limit === undefined ? "" : `≤ ${limit.toFixed(1)}×  ${met ? "met" : "NOT MET"}`,
  );
}

export function printVerdicts(): void {
  if (!verdicts.length) return;
  console.log("\nThe issue's limits (ours / Astro's, ratio of medians)");
  for (const { met, label } of verdicts) console.log(`  ${met ? "met    " : "NOT MET"}  ${label}`);
}
