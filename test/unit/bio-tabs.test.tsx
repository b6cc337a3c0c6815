import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, expect, test } from "vitest";
import BioTabs from "../../islands/BioTabs.tsx";
import { bioTabs } from "../../pages/bio.tsx";

function BioFixture() {
  return (
    <>
      <BioTabs tabs={bioTabs} />
      {bioTabs.map((tab) => (
        <section key={tab.value} id={tab.value}>
          {tab.label} panel
        </section>
      ))}
    </>
  );
}

const visiblePanels = () =>
  bioTabs
    .map((tab) => document.getElementById(tab.value)!)
    .filter((panel) => !panel.hidden)
    .map((panel) => panel.id);

beforeEach(() => history.replaceState(null, "", "/bio"));

test("Background is active by default; exactly one panel shows, labelled by its tab", () => {
  render(<BioFixture />);
  const tabs = screen.getAllByRole("tab");
  expect(tabs.map((tab) => tab.textContent)).toEqual(["Background", "Expertise", "Experience", "Education", "Publications"]);
  expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Background");
  expect(visiblePanels()).toEqual(["background"]);
  const panel = document.getElementById("background")!;
  expect(panel.getAttribute("role")).toBe("tabpanel");
  expect(panel.getAttribute("aria-labelledby")).toBe("tab-background");
  expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1, -1]);
});

test("clicking a tab makes it the only active one and records it in the URL", () => {
  render(<BioFixture />);
  fireEvent.click(screen.getByRole("tab", { name: "Publications" }));
  expect(screen.getAllByRole("tab", { selected: true }).map((t) => t.textContent)).toEqual(["Publications"]);
  expect(visiblePanels()).toEqual(["publications"]);
  expect(location.hash).toBe("#publications");
});

test("arrow keys move and wrap, Home and End jump; focus follows", () => {
  render(<BioFixture />);
  const tablist = screen.getByRole("tablist");
  const selected = () => screen.getByRole("tab", { selected: true }).textContent;
  fireEvent.keyDown(tablist, { key: "ArrowLeft" });
  expect(selected()).toBe("Publications");
  expect(document.activeElement?.textContent).toBe("Publications");
  fireEvent.keyDown(tablist, { key: "ArrowRight" });
  expect(selected()).toBe("Background");
  fireEvent.keyDown(tablist, { key: "End" });
  expect(selected()).toBe("Publications");
  fireEvent.keyDown(tablist, { key: "Home" });
  expect(selected()).toBe("Background");
  fireEvent.keyDown(tablist, { key: "ArrowRight" });
  expect(visiblePanels()).toEqual(["expertise"]);
});

test("the URL hash selects a tab, on load and when it changes", () => {
  history.replaceState(null, "", "/bio#education");
  render(<BioFixture />);
  expect(visiblePanels()).toEqual(["education"]);
  act(() => {
    history.replaceState(null, "", "/bio#experience");
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  });
  expect(visiblePanels()).toEqual(["experience"]);
});
