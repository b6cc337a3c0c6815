import type { ReactNode } from "react";
import { ExternalIcon } from "../shared/icons.tsx";

/** Every link that leaves the site: a new tab, no opener, no referrer, and said so to screen readers. */
export function ExternalLink({ href, className, children, icon = true }: { href: string; className?: string; children: ReactNode; icon?: boolean }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      {icon && <ExternalIcon />} <span className="visually-hidden">(opens in a new tab)</span>
    </a>
  );
}

/** A call to action that leaves the site for a product's own site names where it goes: "Visit localmemory.co". */
export function visitLabel(url: string): string {
  return `Visit ${new URL(url).hostname}`;
}
