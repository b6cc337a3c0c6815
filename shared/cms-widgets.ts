// The Decap CMS widgets the site's CMS registers (browser/cms.ts) and its generated configuration may
// name (steps/cms-config.ts): TypeScript refuses a field of any other widget, and a widget named here
// that browser/cms.ts does not register.
export const CMS_WIDGETS = ["boolean", "datetime", "image", "list", "markdown", "number", "object", "select", "string", "text"] as const;
export type CmsWidget = (typeof CMS_WIDGETS)[number];
