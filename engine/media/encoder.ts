// sharp in a process of its own (image-encoder.mjs), as libvips keeps the native memory it used until its process ends.
import { type ChildProcess, fork } from "node:child_process";
import { readFile } from "node:fs/promises";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { keyOf } from "../state/key.ts";
import type { Card } from "./card-layout.mjs";

const ENCODER_FILE = new URL("./image-encoder.mjs", import.meta.url);

export type Format = "avif" | "webp" | "jpeg";

/** An image's `source`, drawn once at `widest` (an SVG at `density`) and kept under `raster`, or a social `card`. */
export interface Encoding {
  name: string;
  source?: Buffer;
  card?: Card;
  raster?: string;
  widest?: number;
  density: number;
  resize: { width: number; height?: number; fit?: "cover" };
  format: Format | "png" | "placeholder";
  quality: number;
  effort?: number;
}

/** Started at the first file the cache lacks (a warm build never starts it); `close` ends it once it has answered, `stop` at once. */
export class Encoder {
  private child: ChildProcess | undefined;
  private calls = 0;
  private exited = Promise.resolve();
  private held = false;
  private readonly waiting = new Map<number, { done: (bytes: Buffer) => void; fail: (error: Error) => void }>();

  /** `background`: at the lowest priority, and held while the dev server applies a save. */
  constructor(private readonly background = false) {}

  encode(encoding: Encoding): Promise<Buffer> {
    const child = this.start();
    const id = ++this.calls;
    return new Promise((done, fail) => {
      this.waiting.set(id, { done, fail });
      child.send({ id, ...encoding });
    });
  }

  close(): void {
    this.child?.disconnect();
    this.child = undefined;
  }

  stop(): Promise<void> {
    this.child?.kill();
    if (this.held) this.child?.kill("SIGCONT"); // a held process takes its end only once it runs again
    this.child = undefined;
    return this.exited;
  }

  hold(held: boolean): void {
    this.held = held;
    try {
      this.child?.kill(held ? "SIGSTOP" : "SIGCONT");
    } catch {} // gone already, or no job-control signals: it runs on
  }

  private start(): ChildProcess {
    if (this.child) return this.child;
    // Two malloc arenas, not one per libvips thread, and blocks of 1 MB and more (librsvg's) given back when freed: ~40 MB less.
    const env = { ...process.env, MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: String(1024 * 1024) };
    const child = fork(fileURLToPath(ENCODER_FILE), { execArgv: [], serialization: "advanced", env });
    if (this.background) {
      try {
        if (child.pid) setPriority(child.pid, 19);
      } catch {} // ended already: its exit fails what waits for it
      // Held, it would outlive the server, never seeing its channel close.
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
      child.on("error", (error) => {
        answerNone(`failed (${error.message})`);
        if (child.pid === undefined) done(); // never started: no "exit" follows
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

export const encoderVersion: Promise<string> = Promise.all([
  readFile("node_modules/sharp/package.json", "utf8").then((json) => String(JSON.parse(json).version)),
  readFile(ENCODER_FILE),
]).then(([sharp, code]) => keyOf(sharp, code));
