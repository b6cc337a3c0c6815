/** A text as an address or id part: lower case, each run of other characters one hyphen ("Services & Pricing": "services-pricing"). */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
