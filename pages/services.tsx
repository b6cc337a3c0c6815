import { Checklist } from "../components/Checklist.tsx";
import type { PageMeta } from "../components/head.ts";
import { priceLabel, weeksLabel } from "../components/prices.ts";
import { CallToAction, PageHeader } from "../components/Section.tsx";
import { serviceNode } from "../components/structured-data.ts";
import type { Services } from "../content/collections.ts";
import servicesFile from "../content/services.yaml";
import site from "../content/site.yaml";

const { company } = site;
/** "Discovery to Scale ($75k, 12 weeks), AI Product Development ($125k, 20 weeks) and …" */
const offered = servicesFile.packages.map((pkg) => `${pkg.name} (${priceLabel(pkg.price)}, ${weeksLabel(pkg.weeks)})`);

export const meta: PageMeta = {
  title: "Services & Pricing",
  description: `Three fixed-scope packages from ${company.name}: ${offered.slice(0, -1).join(", ")} and ${offered.at(-1)}.`,
  keywords: ["AI consulting pricing", "AI product development package", "innovation acceleration program", "discovery engagement"],
  schema: { presents: servicesFile.packages.map(serviceNode) },
};

/** The page of content/services.yaml; the CMS previews the entry being typed as it (browser/cms-preview-page.tsx). */
export default function ServicesPage({ services = servicesFile }: { services?: Services }) {
  const { packages } = services;
  return (
    <>
      <PageHeader eyebrow="Services" heading={services.intro.heading} intro={services.intro.text} />
      <section className="section" aria-label="Packages">
        <div className="container">
          <ul className="card-grid card-grid--three packages">
            {packages.map((pkg) => (
              <li key={pkg.name} className={pkg.featured ? "card package package--featured" : "card package"}>
                {pkg.featured && <p className="badge">Featured</p>}
                <h2 className="package__name">{pkg.name}</h2>
                <p className="package__price">
                  <span className="package__amount">{priceLabel(pkg.price)}</span>
                  {/* Two facts: a screen reader and a copy read "$75k, 12 weeks", not "$75k12 weeks". */}
                  <span className="visually-hidden">, </span>
                  <span className="package__duration">{weeksLabel(pkg.weeks)}</span>
                </p>
                <p>{pkg.description}</p>
                <h3 className="package__results-heading">Results</h3>
                <Checklist items={pkg.results} />
                <a className={pkg.featured ? "button button--primary" : "button button--secondary"} href="/contact" aria-label={`Get Started with ${pkg.name}`}>
                  Get Started
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CallToAction heading={services.cta.heading} text={services.cta.text} cta={services.cta.cta} />
    </>
  );
}
