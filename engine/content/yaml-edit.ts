// A YAML text given new values by rewriting only what changed, so the firm's comments, order, quoting and folding stay.
import { isMap, isScalar, isSeq, type Node, type Pair, parse, parseDocument, Scalar, stringify } from "yaml";

type Edit = { start: number; end: number; text: string };

class NotInPlace extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
  }
  return a === b;
}

const lineStart = (text: string, at: number) => text.lastIndexOf("\n", at - 1) + 1;
const lineEnd = (text: string, at: number) => (at > 0 && text[at - 1] === "\n" ? at : text.indexOf("\n", at) + 1 || text.length);
const rangeOf = (node: unknown): [number, number, number] => {
  const range = (node as Node | null)?.range;
  if (!range) throw new NotInPlace();
  return range;
};

const widest = (text: string) => Math.max(80, ...text.split("\n").map((line) => line.length));

/** `indent`: the column of its key (or list's dash). */
function scalarEdit(source: string, node: Scalar, value: unknown, indent: number): Edit {
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") throw new NotInPlace();
  const [start, end] = rangeOf(node);
  const old = source.slice(start, end);
  const block = node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL;
  const scalar = new Scalar(value);
  if (typeof value === "string") scalar.type = node.type;
  // Its lines after the first indented past its key's, each but an empty one.
  const written = stringify(scalar, { lineWidth: block ? widest(old) - indent - 2 : 0 }).replace(/\n$/, "");
  const text = written.replace(/\n(?=[^\n])/g, `\n${" ".repeat(indent + 2)}`);
  return { start, end, text: old.endsWith("\n") && !text.endsWith("\n") ? `${text}\n` : text };
}

const columnOf = (source: string, at: number) => at - lineStart(source, at);

function editsOf(source: string, node: unknown, old: unknown, next: unknown, indent: number): Edit[] {
  if (sameValue(old, next)) return [];
  if (isMap(node) && !node.flow && isRecord(old) && isRecord(next)) return mapEdits(source, node.items as Pair[], old, next);
  if (isSeq(node) && !node.flow && Array.isArray(old) && Array.isArray(next)) return listEdits(source, node.items, old, next);
  if (isScalar(node)) return [scalarEdit(source, node, next, indent)];
  throw new NotInPlace();
}

const written = (value: unknown, indent: number, key?: string) =>
  stringify(key === undefined ? [value] : { [key]: value }, { lineWidth: 0 }).replace(/(^|\n)(?=[^\n])/g, `$1${" ".repeat(indent)}`);

function mapEdits(source: string, pairs: Pair[], old: Record<string, unknown>, next: Record<string, unknown>): Edit[] {
  if (pairs.length === 0) throw new NotInPlace();
  const edits: Edit[] = [];
  const pairOf = new Map(pairs.map((pair) => [String((pair.key as Scalar | null)?.value), pair]));
  for (const [key, pair] of pairOf) {
    const [keyStart] = rangeOf(pair.key);
    if (!Object.hasOwn(next, key)) {
      const end = pair.value ? rangeOf(pair.value)[1] : rangeOf(pair.key)[1];
      edits.push({ start: lineStart(source, keyStart), end: lineEnd(source, end), text: "" });
    } else edits.push(...editsOf(source, pair.value, old[key], next[key], columnOf(source, keyStart)));
  }
  // A field added goes after the one before it in the new values' order (or before the first).
  const keys = Object.keys(next);
  keys.forEach((key, i) => {
    if (pairOf.has(key) || next[key] === undefined) return;
    let after: Pair | undefined;
    for (const earlier of keys.slice(0, i)) after = pairOf.get(earlier) ?? after;
    const column = columnOf(source, rangeOf(pairs[0].key)[0]);
    const at = after ? lineEnd(source, rangeOf(after.value ?? after.key)[1]) : lineStart(source, rangeOf(pairs[0].key)[0]);
    // The first field's line may begin with a list's dash: a field put before it would take its place.
    if (!after && source.slice(lineStart(source, at), rangeOf(pairs[0].key)[0]).trim()) throw new NotInPlace();
    edits.push({ start: at, end: at, text: written(next[key], column, key) });
  });
  return edits;
}

function listEdits(source: string, items: unknown[], old: unknown[], next: unknown[]): Edit[] {
  if (items.length === 0) throw new NotInPlace();
  const edits: Edit[] = [];
  const dash = (item: unknown) => {
    const start = rangeOf(item)[0];
    const at = source.lastIndexOf("-", start);
    if (at < lineStart(source, start)) throw new NotInPlace();
    return at;
  };
  items.forEach((item, i) => {
    if (i < next.length) edits.push(...editsOf(source, item, old[i], next[i], columnOf(source, dash(item))));
    else edits.push({ start: lineStart(source, dash(item)), end: lineEnd(source, rangeOf(item)[1]), text: "" });
  });
  const last = items[items.length - 1];
  const at = lineEnd(source, rangeOf(last)[1]);
  const added = next.slice(items.length).map((value) => written(value, columnOf(source, dash(last))));
  if (added.length) edits.push({ start: at, end: at, text: added.join("") });
  return edits;
}

const readsAs = (text: string, next: unknown) => {
  try {
    return sameValue(parse(text) ?? {}, next);
  } catch {
    return false;
  }
};

/** A value `undefined` is a field removed; where an edit in place does not read back as `next` (a [flow, list]),
 * the yaml Document API writes it anew. */
export function editYaml(source: string, next: Record<string, unknown>): string {
  const values = JSON.parse(JSON.stringify(next)) as Record<string, unknown>;
  const doc = parseDocument(source);
  if (doc.errors.length > 0) return stringify(values, { lineWidth: 100 });
  try {
    const edits = editsOf(source, doc.contents, doc.toJS() ?? {}, values, 0).sort((a, b) => b.start - a.start);
    let text = source;
    for (const { start, end, text: instead } of edits) text = text.slice(0, start) + instead + text.slice(end);
    if (readsAs(text, values)) return text;
  } catch (error) {
    if (!(error instanceof NotInPlace)) throw error;
  }
  assign(doc, [], doc.toJS() ?? {}, values);
  const text = doc.toString({ lineWidth: 100 });
  return readsAs(text, values) ? text : stringify(values, { lineWidth: 100 });
}

/** Field by field where both are maps, so each keeps its comments. */
function assign(doc: ReturnType<typeof parseDocument>, path: string[], old: unknown, next: unknown): void {
  if (sameValue(old, next)) return;
  if (path.length > 0 && !(isRecord(old) && isRecord(next) && isMap(doc.getIn(path, true)))) return void doc.setIn(path, next);
  if (!isRecord(old) || !isRecord(next) || !isMap(doc.contents)) {
    doc.contents = doc.createNode(next) as typeof doc.contents;
    return;
  }
  for (const key of Object.keys(old)) if (!Object.hasOwn(next, key)) doc.deleteIn([...path, key]);
  for (const [key, value] of Object.entries(next)) assign(doc, [...path, key], old[key], value);
}
