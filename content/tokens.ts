// The site's facts inside any text: "{{ company.name }}" reads company.name from content/site.yaml, so
// renaming the firm stays one change. Which tokens exist is the site schema's to say (steps/content.ts
// refuses any other); this fills them in wherever the content is read.
import type { Site } from "./collections.ts";

/** A token as written: {{ company.name }}, spaces inside the braces optional. */
export const TOKEN = /\{\{\s*([a-zA-Z]+(?:\.[a-zA-Z]+)*)\s*\}\}/g;

/** The value a token names in the site's facts, or undefined when it names none. */
export function tokenValue(site: unknown, name: string): string | undefined {
  let value: unknown = site;
  for (const key of name.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

/** `data` with every token in its texts filled from `site`; a token `site` lacks is left as written
 * (a page fills its own, such as the privacy policy's settings). */
export function fillTokens<T>(data: T, site: Site): T {
  if (typeof data === "string") return data.replace(TOKEN, (token, name: string) => tokenValue(site, name) ?? token) as T;
  if (Array.isArray(data)) return data.map((item) => fillTokens(item, site)) as T;
  if (data && typeof data === "object") return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, fillTokens(value, site)])) as T;
  return data;
}
