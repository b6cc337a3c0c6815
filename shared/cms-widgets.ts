// The widgets the site's CMS registers and its generated configuration (engine/content/cms-config.ts) may name:
// Decap CMS's own (browser/cms.ts registers them) and the site's (browser/cms-widgets.ts: a whole number as
// people type one, a day as its hint writes it, whether an entry is on the site). TypeScript refuses a
// field of any other widget, and a widget named here that is not registered.
export const DECAP_WIDGETS = ["boolean", "image", "list", "markdown", "object", "select", "string", "text"] as const;
export const SITE_WIDGETS = ["amount", "day", "status"] as const;
export const CMS_WIDGETS = [...DECAP_WIDGETS, ...SITE_WIDGETS] as const;
export type CmsWidget = (typeof CMS_WIDGETS)[number];
