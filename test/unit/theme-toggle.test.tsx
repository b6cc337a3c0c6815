import { fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, expect, test, vi } from "vitest";
import ThemeToggle from "../../islands/ThemeToggle.tsx";
import { useTheme } from "../../shared/theme.tsx";

beforeEach(() => {
  document.documentElement.className = "js";
  localStorage.clear();
});

// jsdom applies no stylesheet, so both labels are in the name here; the browser test checks that
// CSS leaves only the true one.
test("carries both labels, for CSS to show the one the theme on <html> makes true", () => {
  render(<ThemeToggle />);
  const button = screen.getByRole("button");
  expect(button.querySelector(".theme-toggle__label--to-dark")?.textContent).toBe("Switch to dark theme");
  expect(button.querySelector(".theme-toggle__label--to-light")?.textContent).toBe("Switch to light theme");
});

test("each click flips the theme on <html> (whatever it was at hydration) and stores it under 'theme'", () => {
  document.documentElement.classList.add("dark");
  render(<ThemeToggle />);
  fireEvent.click(screen.getByRole("button"));
  expect(document.documentElement.className).toBe("js light");
  expect(localStorage.getItem("theme")).toBe("light");
  fireEvent.click(screen.getByRole("button"));
  expect(document.documentElement.classList.contains("dark")).toBe(true);
  expect(document.documentElement.classList.contains("light")).toBe(false);
  expect(localStorage.getItem("theme")).toBe("dark");
});

function Orphan() {
  useTheme();
  return null;
}

test("using the theme outside its provider is a developer error", () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  expect(() => render(<Orphan />)).toThrow("useTheme() must be used inside <ThemeProvider>");
});
