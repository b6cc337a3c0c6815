import { performance } from "node:perf_hooks";

export class BuildTimer {
  private readonly started = performance.now();
  private readonly laps: string[] = [];

  async step<T>(name: string, work: () => T | Promise<T>): Promise<T> {
    const begun = performance.now();
    const result = await work();
    this.laps.push(`${name} ${Math.round(performance.now() - begun)} ms`);
    return result;
  }

  summary(): string {
    return `${((performance.now() - this.started) / 1000).toFixed(2)} s (${this.laps.join(", ")})`;
  }
}
