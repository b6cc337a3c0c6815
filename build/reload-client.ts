/** The page side of `npm run dev`'s live reload, written to dist/__dev/reload.js (a file, so the CSP needs no exception). */
export const reloadClient = `new EventSource("/__dev/events").addEventListener("reload", () => location.reload());\n`;
