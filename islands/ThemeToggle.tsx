import { ThemeProvider, useTheme } from "./theme.tsx";

function ToggleButton() {
  const { theme, toggle } = useTheme();
  return (
    <button type="button" className="theme-toggle" onClick={toggle} aria-label={`Switch to ${theme === "dark" ? "light" : "dark"} theme`}>
      {/* The sun or moon is drawn by CSS from the class on <html>, so it is right before hydration and costs no JavaScript. */}
      <span className="theme-toggle__icon" aria-hidden="true" />
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
