import type { PageMeta } from "../components/head.ts";
import { PolicyPage } from "../components/PolicyPage.tsx";
import { useSite } from "../components/SiteContext.tsx";
import { privacyPolicy } from "../content/privacy.ts";
import site from "../content/site.yaml";

const { company } = site;

export const meta: PageMeta = {
  title: site.policyTitles.privacy,
  description: `How ${company.name} collects, uses and protects information from this website, its contact and download forms, analytics and session recordings, and the choices you have.`,
  keywords: ["privacy policy", "data retention", "analytics", "personal information"],
  section: "Legal",
};

export default function PrivacyPage() {
  const { consentDefault } = useSite();
  return <PolicyPage policy={privacyPolicy(consentDefault)} />;
}
