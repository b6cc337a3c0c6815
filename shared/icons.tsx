// Every icon of the site, drawn inline so it follows currentColor; decorative, hidden from assistive tech.
// Islands use the menu and close icons in the browser too; esbuild bundles only the icons an island imports.
// Stroke styles live in CSS (.icon): Preact without compat does not translate camelCase SVG attributes.
const iconBase = { width: 20, height: 20, viewBox: "0 0 24 24" } as const;

export function MenuIcon() {
  return (
    <svg {...iconBase} aria-hidden="true" focusable="false" className="icon">
      <path d="M3 6h18M3 12h18M3 18h18" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...iconBase} aria-hidden="true" focusable="false" className="icon">
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}
const viewBoxOnly = { viewBox: "0 0 24 24" } as const;

export function CheckIcon() {
  return (
    <svg {...viewBoxOnly} aria-hidden="true" focusable="false" width={18} height={18} className="icon icon--check">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

export function ArrowIcon() {
  return (
    <svg {...viewBoxOnly} aria-hidden="true" focusable="false" width={16} height={16} className="icon">
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  );
}

export function ExternalIcon() {
  return (
    <svg {...viewBoxOnly} aria-hidden="true" focusable="false" width={14} height={14} className="icon">
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  );
}

export function LinkedInIcon() {
  return (
    <svg {...viewBoxOnly} aria-hidden="true" focusable="false" width={20} height={20} className="icon icon--filled">
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.06c.53-1 1.83-2.06 3.77-2.06 4.03 0 4.77 2.65 4.77 6.1V21h-4v-5.1c0-1.22-.02-2.78-1.7-2.78-1.7 0-1.96 1.33-1.96 2.7V21h-4z" />
    </svg>
  );
}

export function TwitterIcon() {
  return (
    <svg {...viewBoxOnly} aria-hidden="true" focusable="false" width={20} height={20} className="icon icon--filled">
      <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.36 5.77zm-1.08 16.2h1.7L7.4 4.7H5.58z" />
    </svg>
  );
}
