import { Checklist } from "../components/Checklist.tsx";
import type { PageMeta } from "../components/head.ts";
import { CallToAction, PageHeader } from "../components/Section.tsx";
import { serviceNode } from "../components/structured-data.ts";
import { packages, servicesCta, servicesIntro } from "../content/services.ts";
import { company } from "../content/site.ts";

export const meta: PageMeta = {
  title: "Services & Pricing",
  description: `Three fixed-scope packages from ${company.name}: Discovery to Scale ($75k, 12 weeks), AI Product Development ($125k, 20 weeks) and Innovation Acceleration ($100k, 16 weeks).`,
  keywords: ["AI consulting pricing", "AI product development package", "innovation acceleration program", "discovery engagement"],
  schema: { presents: packages.map(serviceNode) },
};

export default function ServicesPage() {
  return (
    <>
      <PageHeader eyebrow="Services" heading={servicesIntro.heading} intro={servicesIntro.text} />
      <section className="section" aria-label="Packages">
        <div className="container">
          <ul className="card-grid card-grid--three packages">
            {packages.map((pkg) => (
              <li key={pkg.name} className={pkg.featured ? "card package package--featured" : "card package"}>
                {pkg.featured && <p className="badge">Featured</p>}
                <h2 className="package__name">{pkg.name}</h2>
                <p className="package__price">
                  <span className="package__amount">{pkg.price}</span>
                  {/* Two facts: a screen reader and a copy read "$75k, 12 weeks", not "$75k12 weeks". */}
                  <span className="visually-hidden">, </span>
                  <span className="package__duration">{pkg.duration}</span>
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
      <CallToAction heading={servicesCta.heading} text={servicesCta.text} cta={servicesCta.cta} />
    </>
  );
}
