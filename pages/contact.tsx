import { ExternalLink } from "../components/ExternalLink.tsx";
import type { PageMeta } from "../components/head.ts";
import { Island } from "../components/Island.tsx";
import { PageHeader } from "../components/Section.tsx";
import { useSite } from "../components/SiteContext.tsx";
import type { Contact } from "../content/collections.ts";
import contactFile from "../content/contact.yaml";
import site from "../content/site.yaml";
import ContactForm from "../islands/ContactForm.tsx";
import { LinkedInIcon, TwitterIcon } from "../shared/icons.tsx";

const { company, newsletter, social } = site;

export const meta: PageMeta = {
  title: "Contact Us",
  description: `Tell ${company.name} about the change you want to make. Schedule a consultation on AI products, cloud and digital transformation or innovation incubation. ${contactFile.responseTime.promise}.`,
  keywords: ["contact", "schedule a consultation", "AI strategy consultation", "technology advisory contact"],
  schema: { type: "ContactPage" },
};

/** The page of content/contact.yaml; the CMS previews the entry being typed as it (browser/cms-preview-page.tsx). */
export default function ContactPage({ contact = contactFile }: { contact?: Contact }) {
  const { endpoints } = useSite();
  const { intro, approach, newsletterPromo, responseTime } = contact;
  return (
    <>
      <PageHeader eyebrow="Contact" heading={intro.heading} intro={intro.text} />
      <section className="section" aria-label="Contact form and details">
        <div className="container contact">
          <div className="contact__form card">
            <h2 className="contact__heading">Send us a message</h2>
            {/* Hydrated when the browser is idle after load, not at the first tap: a reload must bring back
                the visitor's unsent draft without their touching the form. */}
            <Island component={ContactForm} props={{ endpoint: endpoints.contact }} when="idle" />
            <p className="contact__email">
              Prefer email? Write to <a href={`mailto:${company.email}`}>{company.email}</a>.
            </p>
          </div>
          <aside className="contact__aside" aria-label="About working with us">
            <div className="aside-block">
              <h2 className="aside-block__heading">Follow us</h2>
              <ul className="social-links">
                <li>
                  <ExternalLink href={social.linkedin} icon={false}>
                    <LinkedInIcon /> LinkedIn
                  </ExternalLink>
                </li>
                <li>
                  <ExternalLink href={social.twitter} icon={false}>
                    <TwitterIcon /> Twitter
                  </ExternalLink>
                </li>
              </ul>
            </div>
            <div className="aside-block">
              <h2 className="aside-block__heading">{approach.heading}</h2>
              {approach.paragraphs.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
            <div className="aside-block aside-block--promo">
              <h2 className="aside-block__heading">{newsletterPromo.heading}</h2>
              <p>{newsletterPromo.text}</p>
              <ExternalLink href={newsletter.url} className="button button--accent">
                {newsletterPromo.linkText}
              </ExternalLink>
            </div>
            <div className="aside-block">
              <h2 className="aside-block__heading">{responseTime.heading}</h2>
              <p>{`${responseTime.promise}. ${responseTime.text}`}</p>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
