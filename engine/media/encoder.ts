// sharp in a process of its own (image-encoder.mjs), asked for one file at a time by the images step and the
// social cards, and what its files' bytes depend on (encoderVersion).
import { type ChildProcess, fork } from "node:child_process";
import { readFile } from "node:fs/promises";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { keyOf } from "../state/key.ts";
import type { Card } from "./card-layout.mjs";

const ENCODER_FILE = new URL("./image-encoder.mjs", import.meta.url);

export type Format = "avif" | "webp" | "jpeg";

/** One file the encoder is asked for: a photo-like format at a quality, a placeholder, or a palette PNG
 * (a social card: flat colour and text, a third of a JPEG's size and no artefacts). */
export interface Encoding {
  /** What the file is made from, as an error names it ("art/hero.svg"). */
  name: string;
  /** The image file's bytes; or, for a social card, what it shows (laid out by card-layout.mjs). */
  source?: Buffer;
  card?: Card;
  /** An image encoded at several sizes: its pixels are kept under this key while its files are encoded,
   * drawn once, at `widest` (an SVG rasterised larger only cost time). A social card has none. */
  raster?: string;
  widest?: number;
  density: number;
  resize: { width: number; height?: number; fit?: "cover" };
  /** "placeholder": a tiny WebP, or nothing for an image that is not opaque (it would show through). */
  format: Format | "png" | "placeholder";
  quality: number;
  effort?: number;
}

/** Started at the first image the cache lacks (a warm build never starts it), ended by `close` (or `stop`
 * should its run fail): libvips keeps the native memory it used until its process ends. */
export class Encoder {
  private child: ChildProcess | undefined;
  private calls = 0;
  /** Resolves once the last process started has exited. */
  private exited = Promise.resolve();
  private held = false;
  private readonly waiting = new Map<number, { done: (bytes: Buffer) => void; fail: (error: Error) => void }>();

  /** `background`: at the lowest priority (the dev server's cards, drawn while a save may be applied). */
  constructor(private readonly background = false) {}

  encode(encoding: Encoding): Promise<Buffer> {
    const child = this.start();
    const id = ++this.calls;
    return new Promise((done, fail) => {
      this.waiting.set(id, { done, fail });
      child.send({ id, ...encoding });
    });
  }

  /** Ends the encoder once its answers are in: disconnected, it exits. */
  close(): void {
    this.child?.disconnect();
    this.child = undefined;
  }

  /** Ends the encoder at once (its run failed); resolves once its process has exited, after `close` too,
   * so that a failed build leaves no process behind. */
  stop(): Promise<void> {
    this.child?.kill();
    // A held (stopped) process takes its end only once it runs again.
    if (this.held) this.child?.kill("SIGCONT");
    this.child = undefined;
    return this.exited;
  }

  /** Stops the process where it is, or lets it go on: the dev server's cards wait while a save is applied. */
  hold(held: boolean): void {
    this.held = held;
    try {
      this.child?.kill(held ? "SIGSTOP" : "SIGCONT");
    } catch {
      // Gone already, or a system without job-control signals: it simply runs on.
    }
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    // Two malloc arenas, not one per libvips thread: 150–160 → 125–135 MB resident, as fast. Blocks of 1 MB
    // and more (librsvg's surfaces) mapped apart and given back when freed: ~15 MB less again.
    const env = { ...process.env, MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: String(1024 * 1024) };
    const child = fork(fileURLToPath(ENCODER_FILE), { execArgv: [], serialization: "advanced", env });
    if (this.background) {
      try {
        if (child.pid) setPriority(child.pid, 19);
      } catch {} // ended already: its exit fails what waits for it
      // Held (stopped), it would outlive the server, never seeing its channel close.
      const kill = () => child.kill("SIGKILL");
      process.once("exit", kill);
      child.once("exit", () => process.off("exit", kill));
      if (this.held) child.kill("SIGSTOP");
    }
    child.on("message", ({ id, bytes, error }: { id: number; bytes?: Uint8Array; error?: string }) => {
      const call = this.waiting.get(id);
      this.waiting.delete(id);
      if (error !== undefined) call?.fail(new Error(error));
      else call?.done(Buffer.from(bytes!));
    });
    const answerNone = (why: string) => {
      for (const call of this.waiting.values()) call.fail(new Error(`the image encoder ${why} before it answered`));
      this.waiting.clear();
      if (this.child === child) this.child = undefined;
    };
    this.exited = new Promise((done) => {
      // "error" alone where the process could not be started.
      child.on("error", (error) => {
        answerNone(`failed (${error.message})`);
        if (child.pid === undefined) done();
      });
      child.on("exit", (code, signal) => {
        answerNone(`stopped (${signal ?? `exit code ${code}`})`);
        done();
      });
    });
    this.child = child;
    return child;
  }
}

/** What an encoded file's bytes depend on besides its source and settings, part of every image's key (so
 * its name changes whenever its bytes may): sharp's version and the encoder's code. */
export const encoderVersion: Promise<string> = Promise.all([
  readFile("node_modules/sharp/package.json", "utf8").then((json) => String(JSON.parse(json).version)),
  readFile(ENCODER_FILE),
]).then(([sharp, code]) => keyOf(sharp, code));
