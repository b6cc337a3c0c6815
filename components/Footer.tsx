import site from "../content/site.yaml";
import { LinkedInIcon, TwitterIcon } from "../shared/icons.tsx";
import { PRIVACY_CHOICES } from "../shared/privacy-choices.ts";
import { useSite } from "./SiteContext.tsx";

const { company, social } = site;

export function Footer() {
  const { buildDate } = useSite();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__copyright">
          © {buildDate.getUTCFullYear()} {company.name}. All rights reserved.
        </p>
        <ul className="site-footer__social">
          <li>
            <a href={social.linkedin} target="_blank" rel="noopener noreferrer" aria-label={`${company.name} on LinkedIn (opens in a new tab)`}>
              <LinkedInIcon />
            </a>
          </li>
          <li>
            <a href={social.twitter} target="_blank" rel="noopener noreferrer" aria-label={`${company.name} on Twitter (opens in a new tab)`}>
              <TwitterIcon />
            </a>
          </li>
        </ul>
        <nav className="site-footer__legal" aria-label="Legal">
          {/* The same name as the page's title and heading. */}
          <a href="/privacy">{site.policyTitles.privacy}</a>
          <a href="/terms">{site.policyTitles.terms}</a>
          {/* Opens the consent panel once analytics has loaded; before that, or without JavaScript, the policy's section on it. */}
          <a href="/privacy#information-collected-automatically" data-privacy-choices="">
            {PRIVACY_CHOICES}
          </a>
        </nav>
      </div>
    </footer>
  );
}
