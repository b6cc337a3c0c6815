// jsdom lacks <dialog>'s modal methods; give it the part of the behaviour the islands rely on.

import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// The files share one jsdom (vitest.config.ts): each test starts from an empty page, empty storage and no theme class.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = "";
});

// jsdom has no matchMedia either; islands only listen to it, so a query that never matches will do.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList;
}

if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event("close"));
  };
}
