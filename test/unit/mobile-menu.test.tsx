import { fireEvent, render, screen } from "@testing-library/react";
import { expect, test } from "vitest";
import site from "../../content/site.yaml";
import MobileMenu from "../../islands/MobileMenu.tsx";

const { insightsLink, navigation } = site;

const setup = () => {
  render(<MobileMenu links={navigation} insights={insightsLink} page="/services" />);
  const open = screen.getByRole("button", { name: "Open menu" });
  return { open };
};

test("closed at first; the current page is marked", () => {
  const { open } = setup();
  expect(open.getAttribute("aria-expanded")).toBe("false");
  expect(screen.queryByTestId("menu-backdrop")).toBeNull();
  expect(screen.getByRole("link", { name: "Services" }).getAttribute("aria-current")).toBe("page");
  expect(screen.getByRole("link", { name: "Insights (opens in a new tab)" }).getAttribute("rel")).toBe("noopener noreferrer");
});

test("on a page below a link, that link is marked as its section, not as the page", () => {
  render(<MobileMenu links={navigation} insights={insightsLink} section="/case-studies" />);
  expect(screen.getByRole("link", { name: "Work" }).getAttribute("aria-current")).toBe("true");
  expect(screen.getAllByRole("link").filter((link) => link.hasAttribute("aria-current"))).toHaveLength(1);
});

test("Open opens the panel, locks scrolling and moves focus into it; Close returns focus", () => {
  const { open } = setup();
  fireEvent.click(open);
  expect(open.getAttribute("aria-expanded")).toBe("true");
  expect(document.body.classList.contains("menu-open")).toBe(true);
  const close = screen.getByRole("button", { name: "Close menu" });
  expect(document.activeElement).toBe(close);
  fireEvent.click(close);
  expect(open.getAttribute("aria-expanded")).toBe("false");
  expect(document.body.classList.contains("menu-open")).toBe(false);
  expect(document.activeElement).toBe(open);
});

test.each([
  ["the backdrop", () => fireEvent.click(screen.getByTestId("menu-backdrop"))],
  ["Escape in the panel", () => fireEvent.keyDown(screen.getByRole("navigation"), { key: "Escape" })],
  ["Escape anywhere", () => fireEvent.keyDown(document.body, { key: "Escape" })],
  ["choosing a link", () => fireEvent.click(screen.getByRole("link", { name: "Bio" }))],
])("%s closes it", (_how, act) => {
  const { open } = setup();
  fireEvent.click(open);
  act();
  expect(open.getAttribute("aria-expanded")).toBe("false");
  expect(screen.queryByTestId("menu-backdrop")).toBeNull();
});

test("Tab and Shift+Tab wrap inside the open panel", () => {
  const { open } = setup();
  fireEvent.click(open);
  const nav = screen.getByRole("navigation");
  const close = screen.getByRole("button", { name: "Close menu" });
  const insights = screen.getByRole("link", { name: "Insights (opens in a new tab)" });
  insights.focus();
  fireEvent.keyDown(nav, { key: "Tab" });
  expect(document.activeElement).toBe(close);
  fireEvent.keyDown(nav, { key: "Tab", shiftKey: true });
  expect(document.activeElement).toBe(insights);
});

test("while open, everything beside the menu is inert, the privacy banner included; closing gives it back", () => {
  const banner = document.body.appendChild(Object.assign(document.createElement("div"), { className: "consent-host" }));
  const main = document.body.appendChild(document.createElement("main"));
  try {
    const { open } = setup();
    const menu = open.closest("body > *")!;
    fireEvent.click(open);
    const inert = (element: Element) => element.hasAttribute("inert");
    expect([banner, main, menu].map(inert)).toEqual([true, true, false]);
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    expect([banner, main].map(inert)).toEqual([false, false]);
  } finally {
    banner.remove();
    main.remove();
  }
});
