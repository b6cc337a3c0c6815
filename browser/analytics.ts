// Analytics: GA4 and Clarity when configured, consent first, and web vitals reported to GA 2000 ms
// after start. Pages load this module at their load event, so none of it (the consent banner
// included) delays first paint. A page Chromium renders ahead of a click (components/speculation-rules.ts)
// starts none of it until the visitor is shown the page: no page_view, no recording and no banner for
// a page never seen, and the consent read then, so a choice made on the page before holds.
import { h, render } from "preact";
import ConsentBanner from "./ConsentBanner.tsx";
import { type Consent, clarityConsent, currentConsent, googleConsent, privacySignal, storeChoice, storedChoice, updateConsent } from "./consent.ts";

/** web-vitals is imported this long after the page started loading, never on the critical path. */
export const WEB_VITALS_DELAY_MS = 2000;

export interface AnalyticsConfig {
  gaMeasurementId: string | null;
  clarityProjectId: string | null;
  /** CONSENT_DEFAULT: what applies before the visitor chooses. */
  consentDefault: Consent;
}

interface VitalMetric {
  name: string;
  value: number;
}

type Gtag = (...args: unknown[]) => void;

/** This deployment's ids, defined by the build (engine/pipeline/islands.ts), so they travel in this lazy chunk. */
declare const __GA_MEASUREMENT_ID__: string | null;
declare const __CLARITY_PROJECT_ID__: string | null;
declare const __CONSENT_DEFAULT__: Consent;

declare global {
  interface Window {
    dataLayer: unknown[];
    gtag: Gtag;
    clarity?: ((...args: unknown[]) => void) & { q?: unknown[] };
  }
}

/** The event GA receives for one metric. CLS is scaled by 1000 first, so it does not round to 0. */
export function webVitalEvent(metric: VitalMetric) {
  return {
    event_category: "Web Vitals",
    event_label: metric.name,
    value: Math.round(metric.name === "CLS" ? metric.value * 1000 : metric.value),
    non_interaction: true,
  };
}

function injectScript(src: string): void {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.append(script);
}

export async function loadWebVitals(): Promise<void> {
  try {
    const { onCLS, onINP, onFCP, onLCP, onTTFB } = await import("web-vitals");
    for (const on of [onCLS, onINP, onFCP, onLCP, onTTFB]) on((metric) => window.gtag("event", "web_vitals", webVitalEvent(metric)));
  } catch (error) {
    console.warn("web-vitals failed to load", error);
  }
}

export function startAnalytics(
  config: AnalyticsConfig = { gaMeasurementId: __GA_MEASUREMENT_ID__, clarityProjectId: __CLARITY_PROJECT_ID__, consentDefault: __CONSENT_DEFAULT__ },
): void {
  // Once shown (prerenderingchange fires once, at activation), it starts as on any page.
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", () => startAnalytics(config));
    return;
  }
  const signal = privacySignal();
  const stored = storedChoice();
  const consent = currentConsent(config.consentDefault, signal, stored);
  window.dataLayer ||= [];
  // gtag must queue the arguments object itself: that is the shape gtag.js reads from dataLayer.
  const gtag: Gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from dataLayer, not arrays
    window.dataLayer.push(arguments);
  };
  window.gtag = gtag;
  // Consent comes first, so neither tool ever runs a moment under anything else.
  gtag("consent", "default", googleConsent(consent));
  gtag("js", new Date());
  if (config.gaMeasurementId) {
    gtag("config", config.gaMeasurementId);
    injectScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(config.gaMeasurementId)}`);
  }
  if (config.clarityProjectId) {
    const queue: unknown[] = [];
    window.clarity ||= Object.assign((...args: unknown[]) => void queue.push(args), { q: queue });
    window.clarity("consentv2", clarityConsent(consent));
    injectScript(`https://www.clarity.ms/tag/${encodeURIComponent(config.clarityProjectId)}`);
  }
  if (config.gaMeasurementId || config.clarityProjectId) offerChoices(!signal && !stored, signal, consent);
  atPageTime(WEB_VITALS_DELAY_MS, loadWebVitals);
}

/** The banner lives at the start of the body, so a keyboard reaches it first; it is fixed, so it moves nothing. */
function offerChoices(ask: boolean, signal: ReturnType<typeof privacySignal>, consent: Consent): void {
  const host = document.createElement("div");
  host.className = "consent-host";
  // Announced when its content arrives: the live region exists, empty, before the banner is rendered into it.
  host.setAttribute("aria-live", "polite");
  // Arriving under an open mobile menu, it is inert like the rest of the page until the menu closes.
  host.toggleAttribute("inert", document.body.classList.contains("menu-open"));
  document.body.prepend(host);
  const onChoose = (choice: Consent) => {
    storeChoice(choice);
    updateConsent(choice, window.gtag, window.clarity);
  };
  requestAnimationFrame(() => render(h(ConsentBanner, { ask, signal, consent, onChoose }), host));
}

/** Runs `run` once the page is `ms` old (from navigation start), however late this module arrived.
 * Timers may fire a fraction early against performance.now(), so it re-arms until the time has come. */
function atPageTime(ms: number, run: () => void): void {
  const wait = ms - performance.now();
  if (wait > 0) setTimeout(() => atPageTime(ms, run), wait);
  else run();
}
