// The one client both forms use to send a submission to HubSpot's Forms API v3, and the state they
// share while doing it.
import { useRef, useState } from "react";

/** What a visitor sees when either form fails, whatever the cause. */
export const FORM_ERROR_MESSAGE = "There was a problem submitting the form. Please try again later.";

/** A request that has not answered by then counts as failed, so the visitor can try again. */
export const CRM_TIMEOUT_MS = 15_000;

interface CrmPayload {
  fields: { name: string; value: string }[];
  context: { pageUri: string; pageName: string };
}

export function crmPayload(fields: Record<string, string>, page: { uri: string; name: string }): CrmPayload {
  return {
    fields: Object.entries(fields).map(([name, value]) => ({ name, value })),
    context: { pageUri: page.uri, pageName: page.name },
  };
}

/** True when the CRM accepted the submission; false on any other status, a network error or a timeout. */
export async function submitToCrm(endpoint: string | null, fields: Record<string, string>): Promise<boolean> {
  if (!endpoint) {
    console.warn("Form not sent: HubSpot is not configured for this build (see .env.example).");
    return false;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CRM_TIMEOUT_MS);
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(crmPayload(fields, { uri: location.href, name: document.title })),
      signal: controller.signal,
    });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

type SubmissionStatus = "idle" | "sending" | "error" | "success";

/** idle → sending → error or success, one request at a time: a send while one is under way sends
 * nothing and resolves false. */
export function useCrmSubmission(endpoint: string | null) {
  const [status, setStatus] = useState<SubmissionStatus>("idle");
  const inFlight = useRef(false);

  const send = async (fields: Record<string, string>): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setStatus("sending");
    const ok = await submitToCrm(endpoint, fields);
    inFlight.current = false;
    setStatus(ok ? "success" : "error");
    return ok;
  };

  /** Back to idle for a fresh start, unless a request is still under way. */
  const reset = () => {
    if (!inFlight.current) setStatus("idle");
  };

  return { status, send, reset };
}
