// An X display for WebKitGTK, which cannot run headless: the one in DISPLAY, else a private Xvfb.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import type { Readable } from "node:stream";

export function xvfbPath(): string {
  if (!existsSync("/usr/bin/Xvfb")) throw new Error("No Xvfb found: run `apt-get install -y xvfb` (Debian/Ubuntu).");
  return "/usr/bin/Xvfb";
}

export interface Display {
  /** What DISPLAY should say, e.g. ":99". */
  name: string;
  stop: () => void;
}

/** Starts Xvfb on the first free display number (Xvfb picks it and writes it to fd 3). */
export function startXvfb(): Promise<Display> {
  // Room for a 1280 × 900 page and the browser's toolbar and downloads bar.
  const xvfb = spawn(xvfbPath(), ["-displayfd", "3", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "ignore", "pipe"],
  });
  return new Promise((done, fail) => {
    let written = "";
    (xvfb.stdio[3] as Readable).on("data", (chunk: Buffer) => {
      written += chunk;
      if (written.endsWith("\n")) done({ name: `:${written.trim()}`, stop: () => xvfb.kill() });
    });
    xvfb.once("error", fail);
    xvfb.once("exit", (code) => fail(new Error(`Xvfb exited (${code}) before it had a display`)));
  });
}

/** The display to use: DISPLAY when set (npm test sets it), else one started for this caller alone. */
export async function display(): Promise<Display> {
  const current = process.env.DISPLAY;
  return current ? { name: current, stop: () => {} } : startXvfb();
}
