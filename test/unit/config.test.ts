import { describe, expect, test } from "vitest";
import { ConfigError, crmEndpoint, readConfig, siteAddress } from "../../engine/pipeline/config.ts";

describe("readConfig", () => {
  test("defaults: the site's own address (content/site.yaml's), no CRM, no third parties", () => {
    const config = readConfig({});
    expect(config.siteUrl).toBeNull();
    expect(siteAddress(config, { siteUrl: "https://cedarlineadvisory.com/" })).toBe("https://cedarlineadvisory.com");
    expect(config.crm).toBeNull();
    expect(config.gaMeasurementId).toBeNull();
    expect(config.clarityProjectId).toBeNull();
    expect(config.outDir).toBe("dist");
    expect(config.consentDefault).toBe("denied");
  });

  test("no BUILD_DATE: the site is dated today (the day in UTC, not the moment)", () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(readConfig({}).buildDate.toISOString()).toBe(`${today}T00:00:00.000Z`);
  });

  test("CONSENT_DEFAULT=granted is taken as the firm's choice", () => {
    expect(readConfig({ CONSENT_DEFAULT: "granted" }).consentDefault).toBe("granted");
  });

  test("a complete HubSpot config gives both form endpoints", () => {
    const config = readConfig({
      SITE_URL: "https://example.org/",
      HUBSPOT_PORTAL_ID: "123456",
      HUBSPOT_CONTACT_FORM_ID: "11111111-2222-4333-8444-555555555555",
      HUBSPOT_DOWNLOAD_FORM_ID: "66666666-7777-4888-9999-000000000000",
    });
    expect(config.siteUrl).toBe("https://example.org");
    expect(siteAddress(config, { siteUrl: "https://cedarlineadvisory.com" })).toBe("https://example.org");
    expect(crmEndpoint(config.crm, "contact")).toBe("https://api.hsforms.com/submissions/v3/integration/submit/123456/11111111-2222-4333-8444-555555555555");
    expect(crmEndpoint(config.crm, "download")).toBe("https://api.hsforms.com/submissions/v3/integration/submit/123456/66666666-7777-4888-9999-000000000000");
  });

  test("a partial HubSpot config turns the forms off rather than posting half-configured", () => {
    expect(readConfig({ HUBSPOT_PORTAL_ID: "123456" }).crm).toBeNull();
  });

  test.each([
    [{ GA_MEASUREMENT_ID: "UA-1234" }, /GA_MEASUREMENT_ID="UA-1234" is malformed: expected something like G-/],
    [{ HUBSPOT_PORTAL_ID: "abc" }, /HUBSPOT_PORTAL_ID="abc" is malformed/],
    [{ HUBSPOT_CONTACT_FORM_ID: "not-a-guid" }, /HUBSPOT_CONTACT_FORM_ID="not-a-guid" is malformed/],
    [{ SITE_URL: "example.com" }, /SITE_URL="example.com" is not a URL/],
    [{ SITE_URL: "ftp://example.com" }, /SITE_URL="ftp:\/\/example.com" must start with https:\/\//],
    [{ BUILD_DATE: "15/03/2026" }, /BUILD_DATE="15\/03\/2026" is malformed: expected YYYY-MM-DD/],
    [{ BUILD_DATE: "2026-02-30" }, /BUILD_DATE="2026-02-30" is malformed/],
    [{ CONSENT_DEFAULT: "yes" }, /CONSENT_DEFAULT="yes" is malformed: expected denied \(the default\) or granted/],
  ])("a malformed value stops the build with a message naming it: %o", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});
