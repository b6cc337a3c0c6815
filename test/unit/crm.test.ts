import { afterEach, describe, expect, test, vi } from "vitest";
import { CRM_TIMEOUT_MS, crmPayload, FORM_ERROR_MESSAGE, submitToCrm } from "../../islands/integrations/crm.ts";

const endpoint = "https://api.hsforms.com/submissions/v3/integration/submit/1/abc";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test("the spec's error message", () => {
  expect(FORM_ERROR_MESSAGE).toBe("There was a problem submitting the form. Please try again later.");
});

test("payload: fields as name/value pairs in order, and the page's context", () => {
  expect(crmPayload({ email: "a@b.co", case_study: "EQOS Initiative" }, { uri: "https://x.test/case-studies", name: "Client Success Stories" })).toEqual({
    fields: [
      { name: "email", value: "a@b.co" },
      { name: "case_study", value: "EQOS Initiative" },
    ],
    context: { pageUri: "https://x.test/case-studies", pageName: "Client Success Stories" },
  });
});

describe("submitToCrm", () => {
  test("POSTs JSON to the endpoint with the page's address and title; OK is success", async () => {
    const fetch = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    document.title = "Contact Us | Cedarline Advisory";
    expect(await submitToCrm(endpoint, { firstname: "Ada" })).toBe(true);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(endpoint);
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
    expect(JSON.parse(String(init.body))).toEqual({
      fields: [{ name: "firstname", value: "Ada" }],
      context: { pageUri: location.href, pageName: "Contact Us | Cedarline Advisory" },
    });
  });

  test.each([400, 404, 500, 503])("HTTP %i is failure", async (status) => {
    vi.stubGlobal("fetch", async () => new Response("", { status }));
    expect(await submitToCrm(endpoint, {})).toBe(false);
  });

  test("a network failure is failure", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await submitToCrm(endpoint, {})).toBe(false);
  });

  test(`a request that hangs past ${CRM_TIMEOUT_MS} ms is aborted and is failure`, async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise((_resolve, reject) => signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    });
    const result = submitToCrm(endpoint, {});
    await vi.advanceTimersByTimeAsync(CRM_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe(false);
    expect(signal?.aborted).toBe(true);
  });

  test("without a configured endpoint nothing is sent and it fails", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await submitToCrm(null, { email: "a@b.co" })).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
