// Theme state. The initial theme (stored, else the system's) is applied by the head script
// (theme-script.ts); this provider owns every change after that. The class on <html> is the one
// record of the current theme: CSS draws the toggle's icon and label from it.
import { createContext, type ReactNode, useContext } from "react";
import { THEME_STORAGE_KEY } from "./theme-key.ts";

export type Theme = "light" | "dark";

/** The theme on the page now: the head script's, or the last toggle's. */
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
  toggle: () => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const toggle = () => applyTheme(currentTheme() === "dark" ? "light" : "dark");
  return <ThemeContext.Provider value={{ toggle }}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error("useTheme() must be used inside <ThemeProvider>");
  return state;
}
