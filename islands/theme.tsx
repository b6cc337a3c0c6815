// Theme state. The initial theme (stored, else the system's) is applied by the head script
// (theme-script.ts); this provider reads it and owns every change after that.
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { THEME_STORAGE_KEY } from "./theme-key.ts";

export type Theme = "light" | "dark";

/** The theme the head script applied before first paint. */
function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove(theme === "dark" ? "light" : "dark");
  root.classList.add(theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be blocked (private modes); the class still applies for this visit.
  }
}

interface ThemeState {
  theme: Theme;
  toggle: () => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  // The server cannot know the visitor's theme; the head script already applied it, so read it after hydration.
  const [theme, setTheme] = useState<Theme>("light");
  useEffect(() => setTheme(currentTheme()), []);
  const toggle = () => {
    const next: Theme = theme === "dark" ? "light" : "dark";
    applyTheme(next);
    setTheme(next);
  };
  return <ThemeContext.Provider value={{ theme, toggle }}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error("useTheme() must be used inside <ThemeProvider>");
  return state;
}
