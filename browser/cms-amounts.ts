// Numbers as people type them into the CMS's forms (browser/cms-fields.ts): "12", "80,000", and for a
// price "$80k" or "1.2m". What does not read as a whole number is undefined: the form keeps the text, and
// the build's check refuses it beside the field, never a number read from part of it ("80k" as 80).

/** A whole number written with or without thousands' commas ("80,000"), or undefined. */
export function wholeNumberOf(text: string): number | undefined {
  const written = text.trim();
  if (!/^-?(\d+|\d{1,3}(,\d{3})+)$/.test(written)) return undefined;
  return Number(written.replace(/,/g, ""));
}

const SCALE: Record<string, number> = { "": 1, k: 1_000, m: 1_000_000 };

/** A number of US dollars as typed: "80000", "80,000", "$80,000", "80k", "$80K", "$1.2m"; undefined where
 * it does not read as a whole number of dollars. */
export function dollarsOf(text: string): number | undefined {
  const written = /^\$?\s*(\d+|\d{1,3}(?:,\d{3})+)(\.\d+)?\s*([kKmM]?)$/.exec(text.trim());
  if (!written) return undefined;
  const [, whole, fraction = "", scale] = written;
  const dollars = Number(`${whole.replace(/,/g, "")}${fraction}`) * SCALE[scale.toLowerCase()];
  const rounded = Math.round(dollars);
  // 1.2m is 1200000.0000000002 in binary: a whole number within a cent.
  return Math.abs(dollars - rounded) < 0.01 ? rounded : undefined;
}
