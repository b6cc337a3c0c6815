// The page the CMS previews each of its "Pages and facts" as; content/site.yaml has none: every page shows it.
export const PAGE_OF_FILE = {
  "content/home.yaml": "pages/index.tsx",
  "content/services.yaml": "pages/services.tsx",
  "content/about.yaml": "pages/about.tsx",
  "content/contact.yaml": "pages/contact.tsx",
  "content/bio.md": "pages/bio.tsx",
  "content/privacy.md": "pages/privacy.tsx",
  "content/terms.md": "pages/terms.tsx",
} as const;

export type PagedFile = keyof typeof PAGE_OF_FILE;

export const isPagedFile = (file: string): file is PagedFile => file in PAGE_OF_FILE;
