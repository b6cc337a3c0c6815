// What lets one pipeline serve both a build and the dev server: each step names its inputs (source
// folders, settings, other steps' results) and keeps its last result while they are the same, so a
// build runs every step once and a dev save redoes only the steps whose inputs it changed.

/** A version number per top-level source folder, moved on by every save inside it. */
export class SourceVersions {
  private readonly versions = new Map<string, number>();

  /** Records saves: each file's top-level folder (or the file itself, at the top) gets a new version. */
  touch(files: string[]): void {
    for (const file of files) {
      const folder = file.split("/")[0];
      this.versions.set(folder, (this.versions.get(folder) ?? 0) + 1);
    }
  }

  /** One value that changes whenever a file in any of these folders was saved. */
  of(...folders: string[]): string {
    return folders.map((folder) => this.versions.get(folder) ?? 0).join(".");
  }
}

/** A step's last result, returned again while its inputs are the same values (compared with Object.is).
 * A step that fails keeps nothing, so the next run tries again. */
export class Memo<T> {
  private last: { inputs: unknown[]; result: T } | undefined;

  async get(inputs: unknown[], make: () => T | Promise<T>): Promise<T> {
    const last = this.last;
    if (last && last.inputs.length === inputs.length && inputs.every((input, i) => Object.is(input, last.inputs[i]))) return last.result;
    const result = await make();
    this.last = { inputs, result };
    return result;
  }

  /** For a result whose work goes on after the step returned it (files still being written): should
   * that work fail, the result is forgotten, so the next run makes it again rather than fail on it. */
  keptIf(result: T, finished: Promise<unknown>): void {
    finished.catch(() => {
      if (this.last?.result === result) this.last = undefined;
    });
  }
}

/** Every step's result; should one fail, `failed` is aborted (ending the helpers that listen to it) and the
 * others are waited for before the first failure is thrown, so that nothing of a failed run goes on. */
export async function allOrStop<T extends readonly unknown[] | []>(failed: AbortController, work: T): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }> {
  try {
    return await Promise.all(work);
  } catch (error) {
    failed.abort();
    await Promise.allSettled(work);
    throw error;
  }
}
