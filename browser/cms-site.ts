// The site's part of the CMS at /admin/, made with each build (engine/outputs/admin.ts), since it holds what knows
// this site's content: the format its files are read and saved in (browser/cms-format.ts), the check each
// entry meets before it is saved (browser/cms-checks.ts, the build's own), the site's widgets
// (browser/cms-fields.ts), the form's words and the previews (browser/cms-preview.ts). It runs after
// Decap's bundle (browser/cms.ts), registers them, then starts the CMS.
import type { Site } from "../content/collections.ts";
import site from "../content/site.yaml";
import { CMS_FORMAT, cmsCollections, FILE_SLUG, READ_FROM } from "../engine/content/cms-config.ts";
import { DECAP_WIDGETS } from "../shared/cms-widgets.ts";
import { slugOf } from "../shared/slug.ts";
import { besideField, entryProblems, fieldProblems, fileOf, plain, problemsOf } from "./cms-checks.ts";
import { amount, checked, day, type FieldCheck, status } from "./cms-fields.ts";
import { contentFormat, type EntryData } from "./cms-format.ts";
import type { DecapEntry } from "./cms-preview.ts";
import "./cms-preview.ts";

/** A widget as Decap's registry holds it. */
interface Widget {
  control: unknown;
  preview?: unknown;
  schema?: unknown;
  [option: string]: unknown;
}
/** What Decap CMS's bundle leaves on window (browser/cms.ts). */
interface Decap {
  registerCustomFormat(name: string, extension: string, format: ReturnType<typeof contentFormat>): void;
  getWidget(name: string): Widget | undefined;
  registerWidget(widget: Record<string, unknown>): void;
  registerEventListener(listener: { name: string; handler(event: { entry: DecapEntry }): unknown }): void;
  getLocale(name: string): Record<string, unknown> | undefined;
  registerLocale(name: string, phrases: Record<string, unknown>): void;
  init(): void;
}
const CMS = (window as unknown as { CMS: Decap }).CMS;

const facts = site as Site;
const format = contentFormat(facts);
CMS.registerCustomFormat(CMS_FORMAT, "md", format);

/** The folder each collection of entries saves a new one in. */
const folderOf = Object.fromEntries(cmsCollections().map((collection) => [collection.name, collection.folder]));

/** What the build would say of a field, as its entry is now. */
const fieldCheck: FieldCheck = ({ field, value, getEntry, collection }) => {
  const pattern = field.get("check");
  const entry = getEntry();
  const held = entry.get("data");
  if (typeof pattern !== "string" || !held || typeof held !== "object") return [];
  const data = plain(held) as EntryData;
  const file = fileOf(entry, String(collection.get("folder")), data);
  const problems = entryProblems(held, () => problemsOf(file, format.toFile(data), facts));
  return fieldProblems(problems, pattern, plain(value), data).map(besideField);
};

// Decap's widgets that hold a value, each with the check; the lists and groups hold fields that have theirs.
for (const name of DECAP_WIDGETS.filter((widget) => widget !== "list" && widget !== "object")) {
  const { control, preview, schema, ...options } = CMS.getWidget(name) as Widget;
  CMS.registerWidget({ ...options, name, controlComponent: checked(control as never, fieldCheck), previewComponent: preview, schema });
}
CMS.registerWidget({ name: "amount", controlComponent: checked(amount, fieldCheck) });
CMS.registerWidget({ name: "day", controlComponent: checked(day, fieldCheck) });
CMS.registerWidget({ name: "status", controlComponent: status });

// The last word before a save: the entry as it would be written, checked as the build checks it. A save
// the build would refuse writes nothing (not even a photograph chosen with it); one it accepts is named
// by the slug the build reads from its file's name, and its text is the base of the entry's next save.
/** An entry's data as Decap holds it (an Immutable map): a key set makes a new one. */
interface Data {
  set(key: string, value: unknown): Data;
}

CMS.registerEventListener({
  name: "preSave",
  handler({ entry }) {
    const held = entry.get("data") as Data;
    const data = plain(held) as EntryData;
    const file = fileOf(entry, String(folderOf[String(entry.get("collection"))]), data);
    const text = format.toFile(data);
    const problems = problemsOf(file, text, facts);
    if (problems.length) {
      const refusal = new Error(problems.map(({ text: said }) => said).join("\n"));
      refusal.name = `${file} is not saved`;
      throw refusal;
    }
    return held.set(READ_FROM, text).set(FILE_SLUG, slugOf(typeof data.title === "string" ? data.title : ""));
  },
});

/** Decap's words where they speak of code or say less than the build: the form's instead. */
const WORDS = {
  ui: {
    toast: {
      missingRequiredField: "Not saved: the fields marked in red say what to change.",
      onFailToPersist: "%{details}",
    },
  },
  editor: {
    editorControlPane: {
      widget: {
        required: "%{fieldLabel} is missing; fill it in.",
        rangeCount: "%{fieldLabel} holds from %{minCount} to %{maxCount} items.",
        rangeCountExact: "%{fieldLabel} holds exactly %{count} items: add or remove one.",
        rangeMin: "%{fieldLabel} needs at least %{minCount} items: add one.",
        rangeMax: "%{fieldLabel} holds at most %{maxCount} items: remove one.",
      },
    },
  },
};

/** `base` with `words` written over it, key by key. */
function merged(base: Record<string, unknown>, words: Record<string, unknown>): Record<string, unknown> {
  const result = { ...base };
  for (const [key, value] of Object.entries(words))
    result[key] = typeof value === "object" && value ? merged((base[key] ?? {}) as Record<string, unknown>, value as Record<string, unknown>) : value;
  return result;
}
CMS.registerLocale("en", merged(CMS.getLocale("en") ?? {}, WORDS));

CMS.init();
