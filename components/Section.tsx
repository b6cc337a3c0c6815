import type { ReactNode } from "react";

interface SectionProps {
  id: string;
  heading: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}

/** A page band with an h2 that names it for assistive tech. */
export function Section({ id, heading, intro, className, children }: SectionProps) {
  return (
    <section id={id} className={className ? `section ${className}` : "section"} aria-labelledby={`${id}-heading`}>
      <div className="container">
        <h2 id={`${id}-heading`} className="section__heading">
          {heading}
        </h2>
        {intro && <p className="section__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/** The h1 band at the top of every page but home; a nested page's names its parent (`up`) in a breadcrumb
 * that starts at Home, as its BreadcrumbList does (components/structured-data.ts). */
export function PageHeader({
  eyebrow,
  heading,
  intro,
  up,
  notice,
}: {
  eyebrow?: string;
  heading: string;
  intro?: string;
  up?: { href: string; label: string };
  /** Said above the heading: in the dev server, why a build leaves the page out ("a draft"). */
  notice?: string;
}) {
  return (
    <div className="page-header">
      <div className="container">
        {up && (
          <nav className="breadcrumb" aria-label="Breadcrumb">
            <ol>
              <li>
                <a href="/">Home</a>
              </li>
              <li>
                <a href={up.href}>{up.label}</a>
              </li>
              <li aria-current="page">{heading}</li>
            </ol>
          </nav>
        )}
        {notice && <p className="badge">{notice}</p>}
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 className="page-header__title">{heading}</h1>
        {intro && <p className="page-header__intro">{intro}</p>}
      </div>
    </div>
  );
}

/** The closing band that sends visitors to /contact. */
export function CallToAction({ heading, text, cta }: { heading: string; text: string; cta: string }) {
  return (
    <section className="cta" aria-labelledby="cta-heading">
      <div className="container cta__inner">
        <h2 id="cta-heading" className="cta__heading">
          {heading}
        </h2>
        <p className="cta__text">{text}</p>
        <a className="button button--accent" href="/contact">
          {cta}
        </a>
      </div>
    </section>
  );
}
