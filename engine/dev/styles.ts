// The dev server's styles (DevStyles): sass-embedded's compiler kept running, and a partial's save
// previewed, compiled on its own and spliced into the last whole stylesheet, before the whole compile;
// the pages get a style save as the spans it replaced (StyleSplice), each cut down to the rules that changed.
import { readdir, readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { buildStyles, type Compiler, ENTRY } from "../pipeline/styles.ts";

/** A partial: a Sass module of its own, which main.scss uses. */
const PARTIAL = /^styles\/_[^/]+\.scss$/;

/** A stylesheet, and the spans of the last one it replaced. */
type Spliced = { css: string; splices: StyleSplice[] };
type Preview = (css: string, splices: StyleSplice[]) => void;

/** A Sass compiler kept running, so each style save skips Sass's start-up, and a quick preview of a
 * partial's save (one partial compiles in ~2 ms, the whole stylesheet in ~9). Sass writes each module's CSS
 * once, in one piece: when the partials' CSS, each compiled on its own, lies end to end in the whole
 * stylesheet (they use only modules without CSS of their own, such as `_variables.scss`), a partial's new
 * CSS in its place is the new stylesheet. The pages get that preview at once; the whole compile follows,
 * and is what the pages are written with. The entry's own rules come after every module's, a span at the end. */
export class DevStyles {
  private readonly compiler = import("sass-embedded").then((sass) => sass.initAsyncCompiler());
  private whole = "";
  /** Each partial's CSS compiled on its own, as last compiled. */
  private readonly alone = new Map<string, string>();
  /** Where each partial's CSS starts in `whole`, and the entry's own CSS after them (ENTRY); null while unknown. */
  private starts: Map<string, number> | null = null;
  private learning: Promise<void> | null = null;
  /** Compiles under way: an early preview begins only between two runs. */
  private compiling = 0;
  /** Stylesheets (previews, and each run's whole one) are numbered as they begin; a preview is sent only
   * if no stylesheet begun after it has been. */
  private begun = 0;
  private lastSent = 0;

  /** A partial's save previewed as soon as the watcher reports it, ahead of the run that compiles it:
   * sent if it compiles to some CSS (a partial read emptied mid-save gives none) and its place is known,
   * while no run compiles, and not after the following run's own stylesheet (which puts right a preview
   * read half-written). */
  async previewSave(file: string, preview: Preview): Promise<void> {
    if (!(PARTIAL.test(file) || file === ENTRY) || !this.starts || this.compiling) return;
    const number = ++this.begun;
    const compiler = await this.compiler;
    if (file === ENTRY) {
      const own = await this.compileOwn(compiler);
      if (own) this.send(number, this.entrySpliced(own), preview);
      return;
    }
    const fresh = await this.compileAlone(compiler, [file]);
    if (fresh.get(file)) this.send(number, this.spliced(fresh), preview);
  }

  /** A preview, unless a stylesheet begun after it has been sent (a run's, which read the partial later). */
  private send(number: number, quick: Spliced | null, preview: Preview): void {
    if (!quick || number < this.lastSent) return;
    this.lastSent = number;
    preview(quick.css, quick.splices);
  }

  /** The stylesheet for the sources on disk; `preview` is called first with a quick one (and the spans
   * it replaced in the last) when only partials whose place is known changed. */
  async compile(changed: string[], preview?: Preview): Promise<string> {
    this.compiling++;
    const number = ++this.begun;
    try {
      const compiler = await this.compiler;
      const saved = changed.filter((file) => file.startsWith("styles/"));
      const partials = saved.filter((file) => PARTIAL.test(file));
      const fresh = await this.compileAlone(compiler, partials);
      if (preview && partials.length === saved.length && fresh.size === partials.length) this.send(number, this.spliced(fresh), preview);
      for (const file of partials) {
        const css = fresh.get(file);
        if (css === undefined) this.alone.delete(file);
        else this.alone.set(file, css);
      }
      const whole = await buildStyles(compiler);
      // The entry alone: its own rules, as the span they replace.
      const at = this.starts?.get(ENTRY);
      if (preview && saved.length === 1 && saved[0] === ENTRY && at !== undefined && whole.slice(0, at) === this.whole.slice(0, at)) {
        this.send(number, this.entrySpliced(whole.slice(at)), preview);
      }
      this.whole = whole;
      this.starts = this.placed();
      // Partials not compiled on their own yet (at the first run), or stale (a save read half-written):
      // compiled again in the background, for the next save's preview.
      if (!this.starts) this.learning ??= this.learnPartials(compiler).finally(() => (this.learning = null));
      return this.whole;
    } finally {
      this.compiling--;
      // Its whole stylesheet is sent (or its error shown) as soon as this returns: no preview begun
      // before it goes after it.
      this.lastSent = Math.max(this.lastSent, number);
    }
  }

  async dispose(): Promise<void> {
    await (await this.compiler).dispose();
  }

  /** Each partial compiled on its own; one that does not compile is left out (the whole compile says why). */
  private async compileAlone(compiler: Compiler, files: string[]): Promise<Map<string, string>> {
    const compiled = await Promise.all(
      files.map((file) =>
        compiler.compileAsync(file, { style: "compressed" }).then(
          (result) => [file, result.css] as const,
          () => null,
        ),
      ),
    );
    return new Map(compiled.filter((entry) => entry !== null));
  }

  /** Where each partial's CSS starts in the whole stylesheet, found end to end from its start, and where
   * the entry's own CSS starts after them (ENTRY; the end when it has none); null unless they make up
   * all of it, each place taken by exactly one partial. */
  private placed(): Map<string, number> | null {
    const partials = [...this.alone].filter(([, css]) => css);
    const starts = new Map<string, number>();
    let at = 0;
    while (at < this.whole.length) {
      const here = partials.filter(([file, css]) => !starts.has(file) && this.whole.startsWith(css, at));
      // Every partial placed: the rest is the entry's own (Sass writes a module's CSS before its user's).
      if (here.length === 0 && partials.length && starts.size === partials.length) break;
      if (here.length !== 1) return null;
      const [file, css] = here[0];
      starts.set(file, at);
      at += css.length;
    }
    starts.set(ENTRY, at);
    return starts;
  }

  /** The whole stylesheet with the entry's own CSS replaced by `own`; null while its place is not known. */
  private entrySpliced(own: string): Spliced | null {
    const at = this.starts?.get(ENTRY);
    if (at === undefined) return null;
    return { css: this.whole.slice(0, at) + own, splices: [{ at, removed: this.whole.slice(at), text: own }] };
  }

  /**
   * The entry's own rules compiled without the modules it uses (a few ms, where the whole stylesheet takes
   * ~9): its `@use` and `@forward` rules left out. Null when the rules need what only the whole compile
   * has: a module's members (they then do not compile), its selectors (`@extend`), or `@import`.
   */
  private async compileOwn(compiler: Compiler): Promise<string | null> {
    const source = await readFile(ENTRY, "utf8").catch(() => null);
    if (source === null || /@(extend|import)\b/.test(source)) return null;
    const own = source.replace(/@(use|forward)\s+(["'])(?!sass:)[^"']*\2[^;]*;/g, "");
    return compiler.compileStringAsync(own, { style: "compressed", url: pathToFileURL(ENTRY) }).then(
      (result) => result.css,
      () => null,
    );
  }

  /** The whole stylesheet with each saved partial's new CSS in place of its old (the last first, so the
   * places before it hold); null unless each one's place is known. */
  private spliced(fresh: Map<string, string>): Spliced | null {
    const starts = this.starts;
    if (!starts || ![...fresh.keys()].every((file) => starts.has(file) && this.alone.has(file))) return null;
    const splices = [...fresh.keys()]
      .sort((a, b) => (starts.get(b) as number) - (starts.get(a) as number))
      .flatMap((file) => narrowed({ at: starts.get(file) as number, removed: this.alone.get(file) as string, text: fresh.get(file) as string }));
    const css = spliceText(this.whole, splices);
    return css === null ? null : { css, splices };
  }

  private async learnPartials(compiler: Compiler): Promise<void> {
    // Again should a save change the stylesheet meanwhile: what was compiled may be older than it.
    for (let whole = ""; whole !== this.whole; ) {
      whole = this.whole;
      const files = (await readdir("styles").catch(() => [] as string[])).map((file) => `styles/${file}`).filter((file) => PARTIAL.test(file));
      const fresh = await this.compileAlone(compiler, files);
      if (this.whole !== whole) continue;
      this.alone.clear();
      for (const [file, css] of fresh) this.alone.set(file, css);
      this.starts = this.placed();
    }
  }
}

/** A stylesheet's change as one span replaced: at `at`, the text `removed` gives way to `text`. */
export interface StyleSplice {
  at: number;
  removed: string;
  text: string;
}

/** `css` with each splice made in turn; null where a span is not what its splice says it replaces. */
export function spliceText(css: string, splices: StyleSplice[]): string | null {
  let result = css;
  for (const { at, removed, text } of splices) {
    if (!result.startsWith(removed, at)) return null;
    result = result.slice(0, at) + text + result.slice(at + removed.length);
  }
  return result;
}

/** Where each top-level rule of compiled CSS ends (after its closing brace, or an at-rule's semicolon),
 * strings and comments passed over; 0 first. */
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

/**
 * A partial's splice cut down to the top-level rules that changed ([] when none did): a rule added to a
 * partial is sent, and parsed by the page, alone, not with every other rule of its partial (and a style
 * change to whole elements' rules, such as _base.scss's, makes the page restyle every element).
 */
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
  const tail =
    [...oldEnds, removed.length]
      .map((end) => removed.length - end)
      .filter((length) => length <= sameTail && newSet.has(text.length - length))
      .sort((a, b) => b - a)[0] ?? 0;
  return [{ at: at + head, removed: removed.slice(head, removed.length - tail), text: text.slice(head, text.length - tail) }];
}
