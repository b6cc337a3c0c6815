import type { PageMeta } from "../components/head.ts";
import { PolicyPage } from "../components/PolicyPage.tsx";
import type { Policy } from "../content/collections.ts";
import site from "../content/site.yaml";
import termsFile from "../content/terms.md";

const { company } = site;

export const meta: PageMeta = {
  title: site.policyTitles.terms,
  description: `The terms that govern use of the ${company.name} website, its downloadable case studies and newsletter, and how our engagements are invoiced (net 30).`,
  keywords: ["terms and conditions", "terms of use", "payment terms", "consulting terms"],
  section: "Legal",
};

/** The page of content/terms.md; the CMS previews the entry being typed as it (browser/cms-preview-page.tsx). */
export default function TermsPage({ terms = termsFile }: { terms?: Policy }) {
  return <PolicyPage title={site.policyTitles.terms} policy={terms} />;
}
