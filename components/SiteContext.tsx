// What the build knows that pages need while rendering: addresses, dates, images, form endpoints.
import { createContext, useContext } from "react";

/** An image's encoded files (engine/media/images.ts): what <Picture> prints for it. */
export interface ResponsiveImage {
  /** The size of its widest file. */
  width: number;
  height: number;
  /** Each format offered at every width, best first: its MIME type and srcset. */
  sources: { type: string; srcSet: string }[];
  /** A JPEG at the widest, for browsers that take none of the sources. */
  fallback: string;
  /** A tiny blurred stand-in shown while the image loads, as a data: address; a photograph's, where opaque. */
  placeholder?: string;
}

export interface SiteData {
  siteUrl: string;
  buildDate: Date;
  /** The route being rendered, e.g. "/services". */
  path: string;
  /** Each image the pages name, by its project path ("art/hero.svg"). */
  images: Record<string, ResponsiveImage>;
  /** Inline SVG markup of each logo in public/logos, by file name without extension. */
  logos: Record<string, string>;
  endpoints: { contact: string | null; download: string | null };
  /** CONSENT_DEFAULT, which the privacy policy states. */
  consentDefault: "denied" | "granted";
}

export const SiteContext = createContext<SiteData | null>(null);

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite() needs <SiteContext.Provider>: render pages through engine/pipeline/render.ts");
  return site;
}
