import { ThemeProvider, useTheme } from "./theme.tsx";
import { MoonIcon, SunIcon } from "./icons.tsx";

function ToggleButton() {
  const { theme, toggle } = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button type="button" className="theme-toggle" onClick={toggle} aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`}>
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
