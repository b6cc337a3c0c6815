import { fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, expect, test, vi } from "vitest";
import ThemeToggle from "../../islands/ThemeToggle.tsx";
import { useTheme } from "../../islands/theme.tsx";

beforeEach(() => {
  document.documentElement.className = "js";
  localStorage.clear();
});

test("starts from the theme the head script applied, and says what a click does", () => {
  document.documentElement.classList.add("dark");
  render(<ThemeToggle />);
  expect(screen.getByRole("button", { name: "Switch to light theme" })).toBeTruthy();
});

test("each click flips the theme, applies the class to <html> and stores it under 'theme'", () => {
  document.documentElement.classList.add("light");
  render(<ThemeToggle />);
  fireEvent.click(screen.getByRole("button", { name: "Switch to dark theme" }));
  expect(document.documentElement.classList.contains("dark")).toBe(true);
  expect(document.documentElement.classList.contains("light")).toBe(false);
  expect(localStorage.getItem("theme")).toBe("dark");
  fireEvent.click(screen.getByRole("button", { name: "Switch to light theme" }));
  expect(document.documentElement.className).toBe("js light");
  expect(localStorage.getItem("theme")).toBe("light");
});

function Orphan() {
  useTheme();
  return null;
}

test("using the theme outside its provider is a developer error", () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  expect(() => render(<Orphan />)).toThrow("useTheme() must be used inside <ThemeProvider>");
});
