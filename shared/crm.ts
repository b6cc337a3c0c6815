// The one client both forms use to send a submission to HubSpot's Forms API v3, and the state they
// share while doing it.
import { useRef, useState } from "react";

/** What a visitor sees when either form fails, whatever the cause. */
export const FORM_ERROR_MESSAGE = "There was a problem submitting the form. Please try again later.";

/** A request that has not answered by then counts as failed, so the visitor can try again. */
export const CRM_TIMEOUT_MS = 15_000;

/** Messages for the fields HubSpot rejected, by field name, e.g. { email: "Enter a valid email address, …" }. */
export type FieldErrors = Record<string, string>;

interface CrmPayload {
  fields: { name: string; value: string }[];
  context: { pageUri: string; pageName: string; hutk?: string };
}

/** HubSpot's visitor cookie, set by its tracking code; it ties the submission to the visitor's history. */
export function hubspotUtk(cookie: string = document.cookie): string | null {
  return /(?:^|;\s*)hubspotutk=([^;]+)/.exec(cookie)?.[1] ?? null;
}

export function crmPayload(fields: Record<string, string>, page: { uri: string; name: string; hutk?: string | null }): CrmPayload {
  return {
    fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
    context: { pageUri: page.uri, pageName: page.name, ...(page.hutk ? { hutk: page.hutk } : {}) },
  };
}

export interface CrmResult {
  ok: boolean;
  /** What HubSpot said about single fields when it rejected the submission; empty otherwise. */
  fieldErrors: FieldErrors;
}

const nothingToSay = async (): Promise<FieldErrors> => ({});

/** OK when the CRM accepted the submission; not OK on any other status, a network error or a timeout.
 * `labels` names the form's fields, for the messages on fields HubSpot rejects. */
export async function submitToCrm(endpoint: string | null, fields: Record<string, string>, labels: Record<string, string> = {}): Promise<CrmResult> {
  if (!endpoint) {
    console.warn("Form not sent: HubSpot is not configured for this build (see .env.example).");
    return { ok: false, fieldErrors: {} };
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CRM_TIMEOUT_MS);
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(crmPayload(fields, { uri: location.href, name: document.title, hutk: hubspotUtk() })),
      signal: controller.signal,
    });
    if (response.ok) return { ok: true, fieldErrors: {} };
    const { fieldErrorsOf } = await import("../browser/crm-rejection.ts").catch(() => ({ fieldErrorsOf: nothingToSay }));
    return { ok: false, fieldErrors: await fieldErrorsOf(response, labels) };
  } catch {
    return { ok: false, fieldErrors: {} };
  } finally {
    clearTimeout(timer);
  }
}

type SubmissionStatus = "idle" | "sending" | "error" | "success";

/** idle → sending → error or success, one request at a time: a send while one is under way sends
 * nothing and resolves false. A filled honeypot (`trap`) shows success and sends nothing. */
export function useCrmSubmission(endpoint: string | null, labels: Record<string, string>) {
  const [status, setStatus] = useState<SubmissionStatus>("idle");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const inFlight = useRef(false);

  const send = async (fields: Record<string, string>, trap = ""): Promise<boolean> => {
    if (inFlight.current) return false;
    if (trap) {
      setStatus("success");
      return true;
    }
    inFlight.current = true;
    setStatus("sending");
    setFieldErrors({});
    const result = await submitToCrm(endpoint, fields, labels);
    inFlight.current = false;
    setFieldErrors(result.fieldErrors);
    setStatus(result.ok ? "success" : "error");
    return result.ok;
  };

  /** Back to idle for a fresh start, unless a request is still under way. */
  const reset = () => {
    if (inFlight.current) return;
    setStatus("idle");
    setFieldErrors({});
  };

  return { status, fieldErrors, send, reset };
}
