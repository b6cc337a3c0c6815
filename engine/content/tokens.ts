// The site's facts inside any text: "{{ company.name }}" reads company.name from content/site.yaml.

export const TOKEN = /\{\{\s*([a-zA-Z]+(?:\.[a-zA-Z]+)*)\s*\}\}/g;

function tokenValue(facts: unknown, name: string): string | undefined {
  const value = name.split(".").reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined), facts);
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

/** `facts`: the site's, or a page's (collections.ts's pageFacts); a token they lack is left as written. */
export function fillTokens<T>(data: T, facts: object): T {
  if (typeof data === "string") return (data.includes("{{") ? data.replace(TOKEN, (token, name: string) => tokenValue(facts, name) ?? token) : data) as T;
  if (Array.isArray(data)) return data.map((item) => fillTokens(item, facts)) as T;
  if (!data || typeof data !== "object") return data;
  const filled: Record<string, unknown> = {};
  for (const key in data) {
    const value = fillTokens(data[key], facts);
    // An own key, as YAML read it, never the object's prototype (which the schema would then not see as a field).
    if (key === "__proto__") Object.defineProperty(filled, key, { value, enumerable: true, writable: true, configurable: true });
    else filled[key] = value;
  }
  return filled as T;
}
