import { ThemeProvider, useTheme } from "./theme.tsx";

function ToggleButton() {
  const { theme, toggle } = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button type="button" className="theme-toggle" onClick={toggle} aria-label={`Switch to ${next} theme`}>
      <SunIcon className="theme-toggle__sun" />
      <MoonIcon className="theme-toggle__moon" />
    </button>
  );
}

export default function ThemeToggle() {
  return (
    <ThemeProvider>
      <ToggleButton />
    </ThemeProvider>
  );
}

// Both icons are drawn; CSS shows the one for the current theme, so the right one shows before hydration.
// (Not shared with icons.tsx: that module is only needed by islands that load later.)
const iconBase = { width: 20, height: 20, viewBox: "0 0 24 24", "aria-hidden": true } as const;

export function SunIcon({ className }: { className?: string }) {
  return (
    <svg {...iconBase} className={`icon ${className}`}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

export function MoonIcon({ className }: { className?: string }) {
  return (
    <svg {...iconBase} className={`icon ${className}`}>
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}

