// A step's last result, kept while its inputs are the same: a dev save redoes only the steps it changed.

/** A version number per top-level source folder, moved on by every save inside it. */
export class SourceVersions {
  private readonly versions = new Map<string, number>();

  touch(files: string[]): void {
    for (const file of files) {
      const folder = file.split("/")[0];
      this.versions.set(folder, (this.versions.get(folder) ?? 0) + 1);
    }
  }

  of = (...folders: string[]) => folders.map((folder) => this.versions.get(folder) ?? 0).join(".");
}

/** A step's last result, returned again while its inputs are the same values (Object.is); a failure keeps nothing. */
export class Memo<T> {
  private last: { inputs: unknown[]; result: T } | undefined;

  async get(inputs: unknown[], make: () => T | Promise<T>): Promise<T> {
    const last = this.last;
    if (last && last.inputs.length === inputs.length && inputs.every((input, i) => Object.is(input, last.inputs[i]))) return last.result;
    const result = await make();
    this.last = { inputs, result };
    return result;
  }

  /** For a result whose work goes on after the step returned it: should that work fail, it is forgotten. */
  keptIf(result: T, finished: Promise<unknown>): void {
    finished.catch(() => {
      if (this.last?.result === result) this.last = undefined;
    });
  }
}

/** Should one step fail, `failed` is aborted and the others awaited before it throws: nothing of it goes on. */
export async function allOrStop<T extends readonly unknown[] | []>(failed: AbortController, work: T): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }> {
  try {
    return await Promise.all(work);
  } catch (error) {
    failed.abort();
    await Promise.allSettled(work);
    throw error;
  }
}
