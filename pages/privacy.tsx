import type { PageMeta } from "../components/head.ts";
import { PolicyPage } from "../components/PolicyPage.tsx";
import { privacyPolicy } from "../content/privacy.ts";
import { company } from "../content/site.ts";

export const meta: PageMeta = {
  title: privacyPolicy.title,
  description: `How ${company.name} collects, uses and protects information from this website, its contact and download forms, analytics and session recordings, and the choices you have.`,
  keywords: ["privacy policy", "data retention", "analytics", "personal information"],
};

export default function PrivacyPage() {
  return <PolicyPage policy={privacyPolicy} />;
}
