// Consent for analytics (GA4) and session recording (Clarity). Both tools always load, but start with
// storage denied and run cookieless; only the visitor's Accept (or a firm that sets CONSENT_DEFAULT=granted)
// grants analytics storage. Advertising storage is never granted. A Global Privacy Control or Do Not
// Track signal means no: the visitor is never asked, and consent is never granted.

import { CONSENT_STORAGE_KEY } from "../shared/consent-key.ts";

export type Consent = "granted" | "denied";

/** The browser signal that refuses consent on the visitor's behalf, if any. */
export type PrivacySignal = "Global Privacy Control" | "Do Not Track" | null;

export function privacySignal(nav: Navigator & { globalPrivacyControl?: boolean } = navigator): PrivacySignal {
  if (nav.globalPrivacyControl === true) return "Global Privacy Control";
  if (nav.doNotTrack === "1") return "Do Not Track";
  return null;
}

export function storedChoice(): Consent | null {
  try {
    const value = localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === "granted" || value === "denied" ? value : null;
  } catch {
    return null;
  }
}

export function storeChoice(consent: Consent): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, consent);
  } catch {
    // Storage blocked: the choice holds for this page only, and the banner asks again next time.
  }
}

/** What applies now: a signal always denies; else the visitor's choice; else the firm's default. */
export function currentConsent(firmDefault: Consent, signal: PrivacySignal, stored: Consent | null): Consent {
  if (signal) return "denied";
  return stored ?? firmDefault;
}

/** Google Consent Mode v2: only analytics storage can ever be granted. */
export function googleConsent(consent: Consent) {
  return { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: consent } as const;
}

/** Clarity's consent API (consentv2). */
export function clarityConsent(consent: Consent) {
  return { ad_Storage: "denied", analytics_Storage: consent } as const;
}

type Command = (...args: unknown[]) => void;

/** Tells both tools about a choice made after they started. */
export function updateConsent(consent: Consent, gtag: Command, clarity: Command | undefined): void {
  gtag("consent", "update", googleConsent(consent));
  clarity?.("consentv2", clarityConsent(consent));
}
