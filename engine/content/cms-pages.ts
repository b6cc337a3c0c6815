// The page that shows each content file of the CMS's "Pages and facts": the CMS previews an entry as that
// page (browser/cms-preview-page.tsx), and "View Live" opens its route. content/site.yaml has none: every
// page shows its facts.
export const PAGE_OF_FILE = {
  "content/home.yaml": "pages/index.tsx",
  "content/services.yaml": "pages/services.tsx",
  "content/about.yaml": "pages/about.tsx",
  "content/contact.yaml": "pages/contact.tsx",
  "content/bio.md": "pages/bio.tsx",
  "content/privacy.md": "pages/privacy.tsx",
  "content/terms.md": "pages/terms.tsx",
} as const;

/** A content file with a page of its own. */
export type PagedFile = keyof typeof PAGE_OF_FILE;

export const isPagedFile = (file: string): file is PagedFile => file in PAGE_OF_FILE;
