import heroImage from "../art/hero.svg";
import { Checklist } from "../components/Checklist.tsx";
import { caseStudyPath } from "../components/case-studies.ts";
import { ExternalLink, visitLabel } from "../components/ExternalLink.tsx";
import type { PageMeta } from "../components/head.ts";
import { Logo, LogoStrip } from "../components/LogoStrip.tsx";
import { Picture } from "../components/Picture.tsx";
import { CallToAction, Section } from "../components/Section.tsx";
import { useSite } from "../components/SiteContext.tsx";
import caseStudiesFolder from "../content/case-studies";
import type { CaseStudy, Home } from "../content/collections.ts";
import homeFile from "../content/home.yaml";
import site from "../content/site.yaml";
import { ArrowIcon } from "../shared/icons.tsx";

const { company, memoryProduct, newsletter, clientLogos, closingCta } = site;

export const meta: PageMeta = {
  title: `${company.name} | Strategic Technology Advisory & AI Product Development`,
  description: `${company.name} helps education technology, public sector, nonprofit and workforce leaders build AI products, modernize on the cloud and incubate new ventures.`,
  keywords: ["strategic technology advisory", "AI product development", "innovation incubation", "digital transformation", "edtech consulting"],
};

interface Props {
  home?: Home;
  /** The studies on the site, in order. */
  caseStudies?: CaseStudy[];
}

/** The page of content/home.yaml; the CMS previews the entry being typed as it (browser/cms-preview-page.tsx),
 * with the studies it has. */
export default function HomePage({ home = homeFile, caseStudies = caseStudiesFolder }: Props) {
  const site = useSite();
  const { hero, about, services, caseStudies: teaser } = home;
  /** The study the Latest card tells of: the featured one. Its text is what the study's page says of
   * itself, so the card promises nothing the page does not tell. */
  const featuredStudy = caseStudies.find((study) => study.featured) ?? caseStudies[0];
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <Picture image={heroImage} alt="" sizes="100vw" className="hero__image" priority />
        <div className="container hero__content">
          <p className="eyebrow eyebrow--on-dark">{hero.eyebrow}</p>
          <h1 id="hero-heading" className="hero__headline">
            {hero.headline}
          </h1>
          <p className="hero__tagline">{hero.tagline}</p>
          <p className="hero__line">{hero.productLine}</p>
          <p className="hero__line">
            {hero.newsletterLine}{" "}
            <ExternalLink href={newsletter.url} className="hero__link">
              {hero.newsletterLink}
            </ExternalLink>
          </p>
          <a className="button button--accent hero__cta" href="/contact">
            {hero.cta}
          </a>
        </div>
      </section>

      <Section id="about" heading={about.heading}>
        <div className="split">
          <div className="prose">
            {about.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            <a className="text-link" href="/about">
              More about us <ArrowIcon />
            </a>
          </div>
          <dl className="stats">
            {about.stats.map((stat) => (
              <div key={stat.label} className="stats__item">
                <dt className="stats__label">{stat.label}</dt>
                <dd className="stats__value">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>

      <Section id="services" heading={services.heading} intro={services.intro} className="section--tinted">
        <ul className="card-grid card-grid--three">
          {services.areas.map((area) => (
            <li key={area.title} className="card">
              <h3 className="card__title">{area.title}</h3>
              <p>{area.summary}</p>
              <Checklist items={area.points} />
            </li>
          ))}
        </ul>
        <a className="text-link" href="/services">
          See packages and pricing <ArrowIcon />
        </a>
      </Section>

      <LogoStrip id="client-logo-cloud" heading={home.clientLogosHeading} logos={clientLogos.home} />

      <Section id="case-studies" heading={teaser.heading}>
        <div className="card-grid card-grid--two">
          <article className="card card--feature">
            <p className="badge">{teaser.latest.label}</p>
            <Logo site={site.logos} logo={{ name: memoryProduct.name, file: "localmemory" }} />
            <h3 className="card__title">{teaser.latest.title}</h3>
            <p>{featuredStudy.summary}</p>
            <p className="card__links">
              <a className="text-link" href={caseStudyPath(featuredStudy)}>
                {teaser.latest.studyLinkText} <ArrowIcon />
              </a>
              <ExternalLink href={memoryProduct.url} className="text-link">
                {visitLabel(memoryProduct.url)}
              </ExternalLink>
            </p>
          </article>
          <article className="card">
            <p className="badge badge--muted">{teaser.framework.label}</p>
            <h3 className="card__title">{teaser.framework.title}</h3>
            <p>{teaser.framework.text}</p>
            <a className="text-link" href="/case-studies">
              {teaser.framework.linkText} <ArrowIcon />
            </a>
          </article>
        </div>
      </Section>

      <CallToAction {...closingCta} />
    </>
  );
}
