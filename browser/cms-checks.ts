// The CMS's check of an entry before it saves it: the entry is written as the CMS would save it
// (browser/cms-format.ts) and that text checked as the build checks the file (engine/content/check.ts). So a
// save the build would refuse writes nothing, and each problem is shown beside the field it is about
// (browser/cms-fields.ts), in the build's own sentence without its file and line: the field is the place.
import type { Site } from "../content/collections.ts";
import { ContentError, checkContent, type Problem, SITE_FILE } from "../engine/content/check.ts";
import type { Path } from "../engine/content/fields.ts";
import { slugOf } from "../shared/slug.ts";
import type { EntryData } from "./cms-format.ts";
import type { DecapEntry } from "./cms-preview.ts";

/** An Immutable value's plain form. */
export const plain = (value: unknown): unknown => (value && typeof value === "object" && "toJS" in value ? (value as { toJS(): unknown }).toJS() : value);

/** The project path an entry is saved as: its own, or for a new entry of `folder` the one its title names. */
export function fileOf(entry: DecapEntry, folder: string, data: EntryData): string {
  const path = entry.get("path");
  if (typeof path === "string" && path) return path;
  return `${folder}/${slugOf(typeof data.title === "string" ? data.title : "")}.md`;
}

/** The checks of entries as they are now, by the CMS's own value of each (a new one at each change). */
const checked = new WeakMap<object, Problem[]>();

/** Every problem the build would find in `file` written as `text`; `site`: the site's facts its tokens name. */
export function problemsOf(file: string, text: string, site: Site): Problem[] {
  try {
    return checkContent(file, text, file === SITE_FILE ? undefined : site).problems;
  } catch (error) {
    if (error instanceof ContentError) return error.found;
    throw error;
  }
}

/** The entry's problems, checked once per value of the entry: its fields' checks share one. */
export function entryProblems(held: object, check: () => Problem[]): Problem[] {
  let problems = checked.get(held);
  if (!problems) {
    problems = check();
    checked.set(held, problems);
  }
  return problems;
}

/** A problem as said beside its field: the build's sentence without the file and line it starts with. */
export const besideField = (problem: Problem) => problem.text.replace(/^\S+?:\d+(?: and :\d+)? /, "");

/** The value at `path` in the entry's data, as the build's check read it (a list's item by its number). */
function valueAt(data: unknown, path: Path): unknown {
  let value = data;
  for (const key of path) value = value && typeof value === "object" ? (value as Record<string | number, unknown>)[key] : undefined;
  return value;
}

/**
 * The problems about the field at `pattern` ("packages.*.price", "*" any item of a list) whose value is
 * `value`: each problem of its place or within it. A field of a list's item is not told which item it is,
 * so a problem of an item is the field's when the item's value there is the field's.
 */
export function fieldProblems(problems: Problem[], pattern: string, value: unknown, data: EntryData): Problem[] {
  const keys = pattern.split(".");
  return problems.filter(({ path }) => {
    if (!path || path.length < keys.length) return false;
    const within = keys.every((key, i) => (key === "*" ? typeof path[i] === "number" : key === path[i]));
    if (!within || !keys.includes("*")) return within;
    return JSON.stringify(valueAt(data, path.slice(0, keys.length)) ?? "") === JSON.stringify(value ?? "");
  });
}
