// The dev server's styles: Sass kept running, a partial's save previewed, a change cut down to the rules that changed.
import { readdir, readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { buildStyles, type Compiler, ENTRY } from "../pipeline/styles.ts";

const PARTIAL = /^styles\/_[^/]+\.scss$/;
type Preview = (css: string) => void;

/** One partial compiles in ~2 ms, the whole stylesheet in ~9. Sass writes each module's CSS once, in one piece,
 * before its user's: when the partials' CSS, each compiled alone, lies end to end in the whole stylesheet, a
 * partial's new CSS in its place is the new stylesheet, a preview until the whole compile follows. */
export class DevStyles {
  private readonly compiler = import("sass-embedded").then((sass) => sass.initAsyncCompiler());
  private whole = "";
  /** Each partial's CSS compiled on its own, as last compiled. */
  private alone = new Map<string, string>();
  /** Where each partial's CSS starts in `whole`, and the entry's own CSS after them (ENTRY); null while unknown. */
  private starts: Map<string, number> | null = null;
  private learning: Promise<void> | null = null;
  private compiling = 0;
  /** Stylesheets are numbered as they begin: a preview is sent only if none begun after it has been. */
  private begun = 0;
  private lastSent = 0;

  /** A save previewed as soon as the watcher reports it, while no compile runs: sent if it compiles to some
   * CSS (a partial read emptied mid-save gives none) and its place is known. */
  async previewSave(file: string, preview: Preview): Promise<void> {
    if (!(PARTIAL.test(file) || file === ENTRY) || !this.starts || this.compiling) return;
    const number = ++this.begun;
    const compiler = await this.compiler;
    if (file === ENTRY) {
      const own = await this.compileOwn(compiler);
      const at = this.starts?.get(ENTRY);
      return this.send(number, own && at !== undefined ? this.whole.slice(0, at) + own : null, preview);
    }
    const fresh = await this.compileAlone(compiler, [file]);
    if (fresh.get(file)) this.send(number, this.spliced(fresh), preview);
  }

  private send(number: number, css: string | null, preview: Preview): void {
    if (css === null || number < this.lastSent) return;
    this.lastSent = number;
    preview(css);
  }

  /** The stylesheet; `preview` first gets a quick one when only partials whose place is known changed. */
  async compile(changed: string[], preview?: Preview): Promise<string> {
    this.compiling++;
    const number = ++this.begun;
    try {
      const compiler = await this.compiler;
      const saved = changed.filter((file) => file.startsWith("styles/"));
      const partials = saved.filter((file) => PARTIAL.test(file));
      const fresh = await this.compileAlone(compiler, partials);
      if (preview && partials.length === saved.length && fresh.size === partials.length) this.send(number, this.spliced(fresh), preview);
      for (const file of partials) this.alone.delete(file);
      for (const [file, css] of fresh) this.alone.set(file, css);
      this.whole = await buildStyles(compiler);
      this.starts = this.placed();
      // Partials not compiled alone yet (the first run), or stale (a save read half-written): learnt in the background.
      if (!this.starts) this.learning ??= this.learnPartials(compiler).finally(() => (this.learning = null));
      return this.whole;
    } finally {
      this.compiling--;
      // Its whole stylesheet is sent as soon as this returns: no preview begun before it goes after it.
      this.lastSent = Math.max(this.lastSent, number);
    }
  }

  async dispose(): Promise<void> {
    await (await this.compiler).dispose();
  }

  /** Each partial compiled on its own; one that does not compile is left out (the whole compile says why). */
  private async compileAlone(compiler: Compiler, files: string[]): Promise<Map<string, string>> {
    const compiled = await Promise.all(files.map((file) => compiler.compileAsync(file, { style: "compressed" }).catch(() => null)));
    return new Map(files.flatMap((file, i) => (compiled[i] ? [[file, compiled[i].css] as const] : [])));
  }

  /** Where each partial's CSS starts in `whole`, end to end, and the entry's own after them; null unless they make
   * up all of it, each place taken by exactly one partial. */
  private placed(): Map<string, number> | null {
    const partials = [...this.alone].filter(([, css]) => css);
    const starts = new Map<string, number>();
    let at = 0;
    while (at < this.whole.length) {
      const here = partials.filter(([file, css]) => !starts.has(file) && this.whole.startsWith(css, at));
      if (here.length === 0 && partials.length && starts.size === partials.length) break;
      if (here.length !== 1) return null;
      const [file, css] = here[0];
      starts.set(file, at);
      at += css.length;
    }
    starts.set(ENTRY, at);
    return starts;
  }

  /** The entry's own rules compiled without the modules it uses (its `@use` and `@forward` left out); null
   * when they need what only the whole compile has: a module's members, its selectors (`@extend`), `@import`. */
  private async compileOwn(compiler: Compiler): Promise<string | null> {
    const source = await readFile(ENTRY, "utf8").catch(() => null);
    if (source === null || /@(extend|import)\b/.test(source)) return null;
    const own = source.replace(/@(use|forward)\s+(["'])(?!sass:)[^"']*\2[^;]*;/g, "");
    const compiled = await compiler.compileStringAsync(own, { style: "compressed", url: pathToFileURL(ENTRY) }).catch(() => null);
    return compiled?.css ?? null;
  }

  /** The whole stylesheet with each saved partial's new CSS in place of its old (the last first, so the places
   * before it hold); null unless each one's place is known. */
  private spliced(fresh: Map<string, string>): string | null {
    const starts = this.starts;
    if (!starts || ![...fresh.keys()].every((file) => starts.has(file) && this.alone.has(file))) return null;
    const splices = [...fresh].map(([file, text]) => ({ at: starts.get(file)!, removed: this.alone.get(file)!, text })).sort((a, b) => b.at - a.at);
    return spliceText(this.whole, splices);
  }

  private async learnPartials(compiler: Compiler): Promise<void> {
    // Again should a save change the stylesheet meanwhile: what was compiled may be older than it.
    for (let whole = ""; whole !== this.whole; ) {
      whole = this.whole;
      const files = (await readdir("styles").catch(() => [] as string[])).map((file) => `styles/${file}`).filter((file) => PARTIAL.test(file));
      const fresh = await this.compileAlone(compiler, files);
      if (this.whole !== whole) continue;
      this.alone = fresh;
      this.starts = this.placed();
    }
  }
}

/** A stylesheet's change as one span replaced: at `at`, the text `removed` gives way to `text`. */
export type StyleSplice = { at: number; removed: string; text: string };

/** `css` with each splice made in turn; null where a span is not what its splice says it replaces. */
export function spliceText(css: string, splices: StyleSplice[]): string | null {
  let result = css;
  for (const { at, removed, text } of splices) {
    if (!result.startsWith(removed, at)) return null;
    result = result.slice(0, at) + text + result.slice(at + removed.length);
  }
  return result;
}

/** Where each top-level rule of compiled CSS ends (its brace, or an at-rule's semicolon), past strings and comments; 0 first. */
export function ruleEnds(css: string): number[] {
  const ends = [0];
  let depth = 0;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") {
      for (i++; i < css.length && css[i] !== char; i++) if (css[i] === "\\") i++;
    } else if (char === "/" && css[i + 1] === "*") {
      const close = css.indexOf("*/", i + 2);
      i = close < 0 ? css.length : close + 1;
    } else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) ends.push(i + 1);
    else if (char === ";" && depth === 0) ends.push(i + 1);
  }
  return ends;
}

/** A splice cut down to the top-level rules that changed ([] when none did): a rule added is sent, and parsed
 * by the page, alone (a change to whole elements' rules, such as _base.scss's, makes the page restyle every element). */
export function narrowed({ at, removed, text }: StyleSplice): StyleSplice[] {
  if (removed === text) return [];
  const [oldEnds, newEnds] = [ruleEnds(removed), ruleEnds(text)];
  const newSet = new Set(newEnds);
  let same = 0;
  while (same < removed.length && same < text.length && removed[same] === text[same]) same++;
  const head = oldEnds.filter((end) => end <= same && newSet.has(end)).at(-1) ?? 0;
  let sameTail = 0;
  while (sameTail < removed.length - head && sameTail < text.length - head && removed[removed.length - 1 - sameTail] === text[text.length - 1 - sameTail])
    sameTail++;
  const tails = [...oldEnds, removed.length].map((end) => removed.length - end).filter((length) => length <= sameTail && newSet.has(text.length - length));
  const tail = Math.max(0, ...tails);
  return [{ at: at + head, removed: removed.slice(head, removed.length - tail), text: text.slice(head, text.length - tail) }];
}
