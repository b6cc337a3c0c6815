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

/** The h1 band at the top of every page but home. */
export function PageHeader({ eyebrow, heading, intro }: { eyebrow?: string; heading: string; intro?: string }) {
  return (
    <div className="page-header">
      <div className="container">
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
