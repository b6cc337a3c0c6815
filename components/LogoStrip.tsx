import type { ClientLogo } from "../content/collections.ts";
import { useSite } from "./SiteContext.tsx";

/** A row of client wordmarks, inlined so they take the theme's colour. */
export function LogoStrip({ id, heading, logos }: { id: string; heading: string; logos: ClientLogo[] }) {
  const site = useSite();
  return (
    <section id={id} className="logo-strip" aria-labelledby={`${id}-heading`}>
      <div className="container">
        <h2 id={`${id}-heading`} className="logo-strip__heading">
          {heading}
        </h2>
        <ul className="logo-strip__list">
          {logos.map((logo) => (
            <li key={logo.file} className="logo-strip__item">
              <Logo site={site.logos} logo={logo} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Logo({ site, logo }: { site: Record<string, string>; logo: ClientLogo }) {
  const svg = site[logo.file];
  if (!svg) throw new Error(`public/logos/${logo.file}.svg is missing: add it or fix the logo's file name in content/site.ts`);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own logo files, refused at read time if they hold a script or handler
  return <span className="logo" role="img" aria-label={logo.name} dangerouslySetInnerHTML={{ __html: svg }} />;
}
