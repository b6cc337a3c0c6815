// The header's links. Wide screens show them inline; small screens put them in a slide-in panel.
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { NavLink } from "../content/collections.ts";
import { CloseIcon, MenuIcon } from "../shared/icons.tsx";

interface MobileMenuProps {
  links: NavLink[];
  insights: NavLink;
  /** The link of the page shown, when it is one of them (aria-current="page")… */
  page?: string;
  /** …or of the section it is in, as Work is for a case study's page (aria-current="true"). */
  section?: string;
}

const FOCUSABLE = "a[href], button:not([disabled])";

export default function MobileMenu({ links, insights, page, section }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    document.body.classList.toggle("menu-open", open);
    // While open the menu is modal: everything beside it (the privacy banner too) is inert, so neither the
    // keyboard nor a screen reader reaches what lies under the backdrop. Closing gives it all back.
    if (open || wasOpen.current) {
      for (const element of document.body.children) if (!element.contains(panel.current)) element.toggleAttribute("inert", open);
    }
    if (open) panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    else if (wasOpen.current) openButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // The panel exists only on small screens: widening the window (or turning a tablet) closes it.
  useEffect(() => {
    const wide = matchMedia("(min-width: 48rem)");
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  // Escape closes the menu wherever focus is (it may not have reached the panel yet). Listening from
  // the start, not from opening, leaves no frame in which an Escape is lost; closing a closed menu is a no-op.
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onEscape);
    return () => document.removeEventListener("keydown", onEscape);
  }, []);

  const close = () => setOpen(false);

  const onPanelKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!open || event.key !== "Tab" || !panel.current) return;
    // Keep focus inside the open panel, as a modal does.
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="site-menu">
      <button
        type="button"
        ref={openButton}
        className="site-menu__open"
        aria-expanded={open}
        aria-controls="site-menu-panel"
        aria-label="Open menu"
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
        Open
      </button>
      {open && (
        // A pointer's way out; keyboard users have Escape and the Close button, so the backdrop takes no focus.
        // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the menu from anywhere
        // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is decoration for pointers only
        <div className="site-menu__backdrop" data-testid="menu-backdrop" onClick={close} />
      )}
      <nav
        id="site-menu-panel"
        ref={panel}
        className={open ? "site-menu__panel site-menu__panel--open" : "site-menu__panel"}
        aria-label="Main"
        onKeyDown={onPanelKeyDown}
      >
        <button type="button" className="site-menu__close" aria-label="Close menu" onClick={close}>
          <CloseIcon />
          Close
        </button>
        <ul className="site-menu__links">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} aria-current={link.href === page ? "page" : link.href === section ? "true" : undefined} onClick={close}>
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <a href={insights.href} target="_blank" rel="noopener noreferrer" onClick={close}>
              {insights.label} <span className="visually-hidden">(opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
}
