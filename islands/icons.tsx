// Icons for the menu and dialogs, drawn inline so they follow currentColor; decorative, hidden from assistive tech.
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
