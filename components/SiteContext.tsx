// What the build knows that pages need while rendering: addresses, dates, images, form endpoints.
import { createContext, useContext } from "react";

export interface ResponsiveImage {
  width: number;
  height: number;
  webp: string;
  /** JPEG, for browsers without WebP and for social cards. */
  fallback: string;
}

export interface SiteData {
  siteUrl: string;
  buildDate: Date;
  /** The route being rendered, e.g. "/services". */
  path: string;
  images: { hero: ResponsiveImage; headshot: ResponsiveImage; ogImage: string };
  /** Inline SVG markup of each logo in public/logos, by file name without extension. */
  logos: Record<string, string>;
  endpoints: { contact: string | null; download: string | null };
  /** CONSENT_DEFAULT, which the privacy policy states. */
  consentDefault: "denied" | "granted";
}

export const SiteContext = createContext<SiteData | null>(null);

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite() needs <SiteContext.Provider>: render pages through steps/render.ts");
  return site;
}
