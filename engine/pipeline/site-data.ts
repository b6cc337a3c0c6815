// What the build tells every page while it renders: addresses, the build date, images, logos, form
// endpoints, the consent analytics starts with.
import type { SiteData } from "../../components/SiteContext.tsx";
import { crmEndpoint, type SiteConfig } from "./config.ts";

export function siteData(config: SiteConfig, siteUrl: string, images: SiteData["images"], logos: Record<string, string>): Omit<SiteData, "path"> {
  return {
    siteUrl,
    buildDate: config.buildDate,
    images,
    logos,
    endpoints: { contact: crmEndpoint(config.crm, "contact"), download: crmEndpoint(config.crm, "download") },
    consentDefault: config.consentDefault,
  };
}
