import { afterEach, describe, expect, test, vi } from "vitest";
import { fieldErrorMessage } from "../../browser/crm-rejection.ts";
import { CRM_TIMEOUT_MS, crmPayload, FORM_ERROR_MESSAGE, hubspotUtk, submitToCrm } from "../../shared/crm.ts";

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
    expect((await submitToCrm(endpoint, { firstname: "Ada" })).ok).toBe(true);
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
    expect((await submitToCrm(endpoint, {})).ok).toBe(false);
  });

  test("a network failure is failure", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect((await submitToCrm(endpoint, {})).ok).toBe(false);
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
    expect((await result).ok).toBe(false);
    expect(signal?.aborted).toBe(true);
  });

  test("without a configured endpoint nothing is sent and it fails", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await submitToCrm(null, { email: "a@b.co" })).ok).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("HubSpot's answers and cookie", () => {
  const rejection = (errors: { message: string; errorType: string }[]) =>
    new Response(JSON.stringify({ status: "error", message: "The request is not valid", correlationId: "c0ffee-42", errors }), { status: 400 });

  test("a 400 maps INVALID_EMAIL, BLOCKED_EMAIL and REQUIRED_FIELD to the fields they name, and logs the correlationId", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", async () =>
      rejection([
        { message: "Error in 'fields.email'. Invalid email address", errorType: "INVALID_EMAIL" },
        { message: "Error in 'fields.firstname'. Required field 'firstname' is missing", errorType: "REQUIRED_FIELD" },
        { message: "Something else", errorType: "FIELD_TOO_LARGE" },
      ]),
    );
    const labels = { firstname: "First Name", email: "Email" };
    expect(await submitToCrm(endpoint, {}, labels)).toEqual({
      ok: false,
      fieldErrors: { email: "Enter a valid email address, such as name@example.com.", firstname: "First Name is required." },
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("c0ffee-42"));
    vi.stubGlobal("fetch", async () => rejection([{ message: "Error in 'fields.email'. Blocked", errorType: "BLOCKED_EMAIL" }]));
    expect((await submitToCrm(endpoint, {}, labels)).fieldErrors).toEqual({
      email: "This email address is not accepted here. Please use your work email address.",
    });
  });

  test("a 400 without a JSON body, and any other status, name no field", async () => {
    vi.stubGlobal("fetch", async () => new Response("not json", { status: 400 }));
    expect(await submitToCrm(endpoint, {}, { email: "Email" })).toEqual({ ok: false, fieldErrors: {} });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ correlationId: "x", errors: [{ errorType: "INVALID_EMAIL" }] }), { status: 500 }));
    expect(await submitToCrm(endpoint, {}, { email: "Email" })).toEqual({ ok: false, fieldErrors: {} });
  });

  test("the field messages", () => {
    expect(fieldErrorMessage("INVALID_EMAIL", "Email")).toBe("Enter a valid email address, such as name@example.com.");
    expect(fieldErrorMessage("BLOCKED_EMAIL", "Email")).toBe("This email address is not accepted here. Please use your work email address.");
    expect(fieldErrorMessage("REQUIRED_FIELD", "First Name")).toBe("First Name is required.");
  });

  test("hutk comes from the hubspotutk cookie, and only when it exists", () => {
    expect(hubspotUtk("theme=dark; hubspotutk=5f3a9c; other=1")).toBe("5f3a9c");
    expect(hubspotUtk("theme=dark; xhubspotutk=no")).toBeNull();
    expect(crmPayload({}, { uri: "u", name: "n", hutk: "5f3a9c" }).context).toEqual({ pageUri: "u", pageName: "n", hutk: "5f3a9c" });
    expect(crmPayload({}, { uri: "u", name: "n", hutk: null }).context).toEqual({ pageUri: "u", pageName: "n" });
  });
});
