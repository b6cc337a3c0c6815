import { expect, test, vi } from "vitest";
import { clarityConsent, currentConsent, googleConsent, privacySignal, updateConsent } from "../../browser/consent.ts";

test("a Global Privacy Control or Do Not Track signal is a standing no", () => {
  expect(privacySignal({ globalPrivacyControl: true } as unknown as Navigator)).toBe("Global Privacy Control");
  expect(privacySignal({ doNotTrack: "1" } as unknown as Navigator)).toBe("Do Not Track");
  expect(privacySignal({ doNotTrack: "0" } as unknown as Navigator)).toBeNull();
  expect(currentConsent("granted", "Do Not Track", "granted")).toBe("denied");
});

test("the visitor's choice, else the firm's default", () => {
  expect(currentConsent("denied", null, null)).toBe("denied");
  expect(currentConsent("granted", null, null)).toBe("granted");
  expect(currentConsent("granted", null, "denied")).toBe("denied");
  expect(currentConsent("denied", null, "granted")).toBe("granted");
});

test("Accept grants analytics storage in both tools, never advertising storage", () => {
  const gtag = vi.fn();
  const clarity = vi.fn();
  updateConsent("granted", gtag, clarity);
  expect(gtag).toHaveBeenCalledWith("consent", "update", {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "granted",
  });
  expect(clarity).toHaveBeenCalledWith("consentv2", { ad_Storage: "denied", analytics_Storage: "granted" });
  expect(googleConsent("denied").analytics_storage).toBe("denied");
  expect(clarityConsent("denied")).toEqual({ ad_Storage: "denied", analytics_Storage: "denied" });
});
