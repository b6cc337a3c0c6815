// How a package's price and length read on the page: content/services.yaml holds them as plain numbers.

/** A number of US dollars as the page shows it: 75000 is "$75k", 1200000 "$1.2M", 950 "$950". */
export function priceLabel(dollars: number): string {
  if (dollars >= 1_000_000 && dollars % 100_000 === 0) return `$${dollars / 1_000_000}M`;
  if (dollars >= 1_000 && dollars % 100 === 0) return `$${dollars / 1_000}k`;
  return `$${dollars.toLocaleString("en-US")}`;
}

/** A package's length: "12 weeks", "1 week". */
export function weeksLabel(weeks: number): string {
  return `${weeks} week${weeks === 1 ? "" : "s"}`;
}
