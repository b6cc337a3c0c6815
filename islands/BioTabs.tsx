// The bio's tab strip (WAI-ARIA tabs). The panels are server HTML beside it, readable without
// JavaScript; until hydration the strip is a list of links to them (styles/_bio.scss shows only the
// first panel, or the one the address points at, until the visitor touches the strip).
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { BioTab, BioTabValue } from "../shared/bio-tabs.ts";

interface BioTabsProps {
  tabs: BioTab[];
}

const tabId = (value: BioTabValue) => `tab-${value}`;

function tabFromHash(tabs: BioTab[], hash: string): BioTabValue | null {
  const value = hash.replace(/^#/, "");
  return tabs.find((tab) => tab.value === value)?.value ?? null;
}

export default function BioTabs({ tabs }: BioTabsProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [active, setActive] = useState<BioTabValue>(tabs[0].value);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);

  useEffect(() => {
    setActive(tabFromHash(tabs, location.hash) ?? tabs[0].value);
    setEnhanced(true);
    const onHash = () => {
      const fromHash = tabFromHash(tabs, location.hash);
      if (fromHash) setActive(fromHash);
    };
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, [tabs]);

  // The panels live outside the island: give them tabpanel semantics and show only the active one,
  // before the next paint, so the old panel is never shown (or focusable) after a switch.
  useLayoutEffect(() => {
    if (!enhanced) return;
    for (const tab of tabs) {
      const panel = document.getElementById(tab.value);
      if (!panel) continue;
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("aria-labelledby", tabId(tab.value));
      panel.tabIndex = 0;
      panel.hidden = tab.value !== active;
    }
  }, [enhanced, active, tabs]);

  const select = (index: number, focus: boolean) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    setActive(tab.value);
    history.replaceState(null, "", `#${tab.value}`);
    if (focus) links.current[tabs.indexOf(tab)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.value === active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key], true);
  };

  // The same links before and after hydration, so a tap that woke the island lands on the node it
  // was aimed at and focus stays where it was; hydration only adds the tab semantics.
  return (
    <nav aria-label="Bio sections">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the tablist once hydrated; a key pressed before that is replayed into it */}
      <div className="bio-tabs" role={enhanced ? "tablist" : undefined} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-selected comes only with role="tab"
          <a
            key={tab.value}
            ref={(element) => {
              links.current[index] = element;
            }}
            href={`#${tab.value}`}
            data-replay=""
            role={enhanced ? "tab" : undefined}
            id={tabId(tab.value)}
            className="bio-tabs__tab"
            aria-selected={enhanced ? tab.value === active : undefined}
            aria-controls={enhanced ? tab.value : undefined}
            tabIndex={enhanced && tab.value !== active ? -1 : undefined}
            onClick={(event) => {
              event.preventDefault();
              select(index, false);
            }}
          >
            {tab.label}
          </a>
        ))}
      </div>
    </nav>
  );
}
