import type { PageMeta } from "../components/head.ts";
import { PolicyPage } from "../components/PolicyPage.tsx";
import { useSite } from "../components/SiteContext.tsx";
import type { Policy, Privacy, PrivacyFacts } from "../content/collections.ts";
import privacyFile from "../content/privacy.md";
import site from "../content/site.yaml";
import { fillTokens } from "../engine/content/tokens.ts";
import { CONSENT_STORAGE_KEY } from "../shared/consent-key.ts";
import { CONTACT_DRAFT_KEY } from "../shared/contact-draft-key.ts";

const { company } = site;

export const meta: PageMeta = {
  title: site.policyTitles.privacy,
  description: `How ${company.name} collects, uses and protects information from this website, its contact and download forms, analytics and session recordings, and the choices you have.`,
  keywords: ["privacy policy", "data retention", "analytics", "personal information"],
  section: "Legal",
};

/** The policy as this build makes the site behave: what the analytics tools store before a visitor
 * chooses depends on CONSENT_DEFAULT, and the keys the browser keeps choices under are the code's own. */
export function privacyPolicy(consentDefault: "denied" | "granted", privacy: Privacy = privacyFile): Policy {
  const facts: PrivacyFacts = {
    consent: { beforeChoosing: privacy.beforeChoosing[consentDefault] },
    storage: { consentKey: CONSENT_STORAGE_KEY, contactDraftKey: CONTACT_DRAFT_KEY },
  };
  return fillTokens({ intro: privacy.intro, body: privacy.body }, facts);
}

/** The page of content/privacy.md; the CMS previews the entry being typed as it (browser/cms-preview-page.tsx). */
export default function PrivacyPage({ privacy = privacyFile }: { privacy?: Privacy }) {
  const { consentDefault } = useSite();
  return <PolicyPage title={site.policyTitles.privacy} policy={privacyPolicy(consentDefault, privacy)} />;
}
