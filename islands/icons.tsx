// Icons drawn inline so they follow currentColor in both themes; decorative, hidden from assistive tech.
// Stroke styles live in CSS (.icon): Preact without compat does not translate camelCase SVG attributes.
const base = { width: 20, height: 20, viewBox: "0 0 24 24", "aria-hidden": true, focusable: "false" } as const;

export function SunIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={`icon ${className}`}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

export function MoonIcon({ className }: { className?: string }) {
  return (
    <svg {...base} className={`icon ${className}`}>
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...base} className="icon">
      <path d="M3 6h18M3 12h18M3 18h18" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...base} className="icon">
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}
