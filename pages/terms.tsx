import type { PageMeta } from "../components/head.ts";
import { PolicyPage } from "../components/PolicyPage.tsx";
import site from "../content/site.yaml";
import terms from "../content/terms.md";

const { company } = site;

export const meta: PageMeta = {
  title: site.policyTitles.terms,
  description: `The terms that govern use of the ${company.name} website, its downloadable case studies and newsletter, and how our engagements are invoiced (net 30).`,
  keywords: ["terms and conditions", "terms of use", "payment terms", "consulting terms"],
  section: "Legal",
};

export default function TermsPage() {
  return <PolicyPage title={site.policyTitles.terms} policy={terms} />;
}
