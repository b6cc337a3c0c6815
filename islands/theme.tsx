// Theme state (spec §4). The initial theme (stored, else the system's) is applied by the head script;
// this provider reads it and owns every change after that.
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

export type Theme = "light" | "dark";
export const THEME_STORAGE_KEY = "theme";

/** The theme the head script (build/head.ts themeScript) applied before first paint. */
export function currentTheme(root: HTMLElement = document.documentElement): Theme {
  return root.classList.contains("dark") ? "dark" : "light";
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
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
