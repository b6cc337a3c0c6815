import headshot from "../art/headshot.svg";
import type { PageMeta } from "../components/head.ts";
import { Picture } from "../components/Picture.tsx";
import { PageHeader, Section } from "../components/Section.tsx";
import aboutFile from "../content/about.yaml";
import type { About } from "../content/collections.ts";
import site from "../content/site.yaml";
import { ArrowIcon } from "../shared/icons.tsx";

const { company } = site;

export const meta: PageMeta = {
  title: "About Us",
  description: `Founded by ${company.founder}, ${company.name} advises education and workforce development organizations on AI, cloud and digital transformation, and builds what it recommends.`,
  keywords: [`about ${company.name}`, "technology advisory firm", "workforce development technology", "education technology strategy"],
  section: "About",
  schema: { type: "AboutPage" },
};

/** The page of content/about.yaml; the CMS previews the entry being typed as it (browser/cms-preview-page.tsx). */
export default function AboutPage({ about = aboutFile }: { about?: About }) {
  const { intro, builtDifferent, vision } = about;
  return (
    <>
      <PageHeader eyebrow="About" heading={intro.heading} />
      <section className="section" aria-label="Introduction">
        <div className="container split split--media">
          <Picture
            image={headshot}
            alt={`Portrait of ${company.founder}, ${company.founderRole}`}
            sizes="(min-width: 48rem) 20rem, 60vw"
            className="headshot"
            priority
          />
          <div className="prose">
            {intro.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            <a className="text-link" href="/bio">
              {intro.bioLinkText} <ArrowIcon />
            </a>
          </div>
        </div>
      </section>

      <Section id="built-different" heading={builtDifferent.heading} intro={builtDifferent.intro} className="section--tinted">
        <dl className="card-grid card-grid--three">
          {builtDifferent.claims.map((claim) => (
            <div key={claim.label} className="card claim">
              <dt className="claim__label">{claim.label}</dt>
              <dd className="claim__value">{claim.value}</dd>
              <dd>{claim.text}</dd>
            </div>
          ))}
        </dl>
        <div className="split">
          <div className="card">
            <h3 className="card__title">{builtDifferent.alliance.heading}</h3>
            <p>{builtDifferent.alliance.text}</p>
          </div>
          <figure className="testimonial">
            <blockquote>
              <p>“{builtDifferent.testimonial.quote}”</p>
            </blockquote>
            <figcaption>
              <strong>{builtDifferent.testimonial.name}</strong>, {builtDifferent.testimonial.role}, {builtDifferent.testimonial.organization}
            </figcaption>
          </figure>
        </div>
      </Section>

      <Section id="vision" heading={vision.heading} intro={vision.intro}>
        <ol className="card-grid card-grid--four goals">
          {vision.goals.map((goal) => (
            <li key={goal.title} className="card">
              <h3 className="card__title">{goal.title}</h3>
              <p>{goal.text}</p>
            </li>
          ))}
        </ol>
        <a className="button button--primary" href="/contact">
          {vision.ctaText}
        </a>
      </Section>
    </>
  );
}
