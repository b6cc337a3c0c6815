// The one client both forms use to send a submission to HubSpot's Forms API v3 (spec §7).

/** Spec §8: what a visitor sees when either form fails. */
export const FORM_ERROR_MESSAGE = "There was a problem submitting the form. Please try again later.";

/** A request that has not answered by then counts as failed, so the visitor can try again. */
export const CRM_TIMEOUT_MS = 15_000;

export interface CrmPayload {
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
export async function submitToCrm(
  endpoint: string | null,
  fields: Record<string, string>,
  timeoutMs: number = CRM_TIMEOUT_MS,
): Promise<boolean> {
  if (!endpoint) {
    console.warn("Form not sent: HubSpot is not configured for this build (see .env.example).");
    return false;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
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
