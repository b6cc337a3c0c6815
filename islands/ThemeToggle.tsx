import { ThemeProvider, useTheme } from "../shared/theme.tsx";

function ToggleButton() {
  const { toggle } = useTheme();
  // The icon and the label follow the class on <html> through CSS, so they are right before the island
  // hydrates (at the first tap) and cost no JavaScript; the label not shown is display: none, out of the name.
  return (
    <button type="button" className="theme-toggle" onClick={toggle}>
      <span className="theme-toggle__icon" aria-hidden="true" />
      <span className="theme-toggle__label theme-toggle__label--to-dark">Switch to dark theme</span>
      <span className="theme-toggle__label theme-toggle__label--to-light">Switch to light theme</span>
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
