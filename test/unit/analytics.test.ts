import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

const webVitals = vi.hoisted(() => ({ callbacks: {} as Record<string, (m: { name: string; value: number }) => void> }));
vi.mock("web-vitals", () => {
  const on = (name: string) => (callback: (m: { name: string; value: number }) => void) => {
    webVitals.callbacks[name] = callback;
  };
  return { onCLS: on("CLS"), onINP: on("INP"), onFCP: on("FCP"), onLCP: on("LCP"), onTTFB: on("TTFB") };
});

const { WEB_VITALS_DELAY_MS, startAnalytics, webVitalEvent } = await import("../../browser/analytics.ts");
const { CONSENT_STORAGE_KEY } = await import("../../shared/consent-key.ts");

beforeEach(() => {
  document.head.innerHTML = "";
  window.dataLayer = [];
  webVitals.callbacks = {};
});
afterEach(() => vi.useRealTimers());

test("the spec's delay", () => expect(WEB_VITALS_DELAY_MS).toBe(2000));

describe("webVitalEvent", () => {
  test("rounds the value; category, label and non-interaction as the spec says", () => {
    expect(webVitalEvent({ name: "LCP", value: 1234.56 })).toEqual({ event_category: "Web Vitals", event_label: "LCP", value: 1235, non_interaction: true });
  });
  test("CLS is scaled by 1000 first, so small shifts do not round to 0", () => {
    expect(webVitalEvent({ name: "CLS", value: 0.0123 }).value).toBe(12);
  });
});

describe("startAnalytics", () => {
  test("with nothing configured, injects no third-party script", () => {
    vi.useFakeTimers();
    startAnalytics({ gaMeasurementId: null, clarityProjectId: null, consentDefault: "denied" });
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(typeof window.gtag).toBe("function");
  });

  test("injects the GA4 tag and Clarity when configured", () => {
    vi.useFakeTimers();
    startAnalytics({ gaMeasurementId: "G-ABC1234", clarityProjectId: "abc123xyz", consentDefault: "denied" });
    const sources = [...document.querySelectorAll("script")].map((s) => s.src);
    expect(sources).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-ABC1234", "https://www.clarity.ms/tag/abc123xyz"]);
    expect(window.dataLayer.map((args) => [...(args as IArguments)].slice(0, 3))).toEqual([
      ["consent", "default", { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" }],
      ["js", expect.any(Date)],
      ["config", "G-ABC1234"],
    ]);
    expect(typeof window.clarity).toBe("function");
  });

  test("on a page rendered ahead of a click, starts nothing until the page is shown, and reads consent then", () => {
    vi.useFakeTimers();
    document.body.innerHTML = "";
    Object.defineProperty(document, "prerendering", { value: true, configurable: true });
    try {
      startAnalytics({ gaMeasurementId: "G-ABC1234", clarityProjectId: "abc123xyz", consentDefault: "denied" });
      expect(document.querySelectorAll("script")).toHaveLength(0);
      expect(window.dataLayer).toEqual([]);
      expect(document.querySelector(".consent-host")).toBeNull();
      // The visitor accepts on the page before; then the prerendered page is shown.
      localStorage.setItem(CONSENT_STORAGE_KEY, "granted");
      Object.defineProperty(document, "prerendering", { value: false, configurable: true });
      document.dispatchEvent(new Event("prerenderingchange"));
      expect(window.dataLayer.map((args) => [...(args as IArguments)].slice(0, 3))).toEqual([
        ["consent", "default", { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "granted" }],
        ["js", expect.any(Date)],
        ["config", "G-ABC1234"],
      ]);
      expect(document.querySelectorAll("script")).toHaveLength(2);
    } finally {
      delete (document as { prerendering?: boolean }).prerendering;
      localStorage.removeItem(CONSENT_STORAGE_KEY);
    }
  });

  test("loads web-vitals 2000 ms after start and reports each metric to gtag", async () => {
    // The fake clock drives performance.now() too, from 0 at navigation start.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date", "performance"] });
    startAnalytics({ gaMeasurementId: null, clarityProjectId: null, consentDefault: "denied" });
    await vi.advanceTimersByTimeAsync(1999);
    expect(Object.keys(webVitals.callbacks)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(Object.keys(webVitals.callbacks).sort()).toEqual(["CLS", "FCP", "INP", "LCP", "TTFB"]));
    webVitals.callbacks.INP({ name: "INP", value: 88.4 });
    const last = [...(window.dataLayer.at(-1) as IArguments)];
    expect(last).toEqual(["event", "web_vitals", { event_category: "Web Vitals", event_label: "INP", value: 88, non_interaction: true }]);
  });
});

test("a failed web-vitals import logs one warning and nothing else", async () => {
  vi.resetModules();
  vi.doMock("web-vitals", () => {
    throw new Error("chunk failed to load");
  });
  const analytics = await import("../../browser/analytics.ts");
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  window.gtag = vi.fn();
  await analytics.loadWebVitals();
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0][0])).toMatch(/web-vitals failed to load/);
  expect(window.gtag).not.toHaveBeenCalled();
  // The files share one module registry (vitest.config.ts): the next file gets the real module.
  vi.doUnmock("web-vitals");
  vi.resetModules();
});
