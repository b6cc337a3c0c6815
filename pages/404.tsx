import type { PageMeta } from "../components/head.ts";
import { PageHeader } from "../components/Section.tsx";
import site from "../content/site.yaml";

const { navigation } = site;

export const meta: PageMeta = {
  title: "Page Not Found",
  description: "The page you were looking for has moved or never existed. Here are the main pages of the site.",
  section: "Not found",
};

export default function NotFoundPage() {
  return (
    <>
      <PageHeader
        eyebrow="404"
        heading="We couldn't find that page"
        intro="The link may be out of date, or the address may have a typo. These pages are a good place to continue:"
      />
      <section className="section" aria-label="Main pages">
        <div className="container">
          <ul className="card-grid card-grid--three not-found">
            {[...navigation, { label: "About", href: "/about" }].map((link) => (
              <li key={link.href}>
                <a className="card not-found__link" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
