// /.well-known/gpc.json: tells user agents and auditors that this site honours Global Privacy Control
// (browser/consent.ts treats the signal as a refusal of consent).

export const GPC_FILE = ".well-known/gpc.json";

export function gpcJson(lastUpdate: Date): string {
  return `${JSON.stringify({ gpc: true, lastUpdate: lastUpdate.toISOString().slice(0, 10) }, null, 2)}\n`;
}
