// A stand-in for HubSpot's Forms API: answers each POST as the test says and records it exactly.
import type { Page, Request } from "playwright-core";
import { CONTACT_FORM_ID, CRM_ORIGIN, DOWNLOAD_FORM_ID, PORTAL_ID } from "./site.ts";

export const contactEndpoint = `${CRM_ORIGIN}/submissions/v3/integration/submit/${PORTAL_ID}/${CONTACT_FORM_ID}`;
export const downloadEndpoint = `${CRM_ORIGIN}/submissions/v3/integration/submit/${PORTAL_ID}/${DOWNLOAD_FORM_ID}`;

/** What a visitor types into the contact form, in the form's field order: the browser tests in every engine send it. */
export const contactVisitor = {
  firstname: "Ada",
  lastname: "Lovelace",
  email: "ada@example.org",
  phone: "+1 202 555 0100",
  company: "Analytical Engines",
  message: "We need an AI roadmap. It is urgent.",
};

/** What a visitor types into the case-study download dialog. */
export const leadEmail = "lead@example.org";

/** The request HubSpot must receive when that visitor downloads the EQOS Initiative study from /case-studies
 * of the site at `origin`: the browser tests in every engine expect it. */
export function eqosLead(endpoint: string, origin: string): Recorded {
  return {
    url: endpoint,
    method: "POST",
    contentType: "application/json",
    body: {
      fields: [
        { name: "email", value: leadEmail },
        { name: "case_study", value: "EQOS Initiative" },
      ],
      context: { pageUri: `${origin}/case-studies`, pageName: "Client Success Stories | Cedarline Advisory" },
    },
  };
}

export type Answer = { status: number; body?: unknown } | "network-failure" | "hang";

/** The CRM failures that answer at once (a hung request needs the clock, so it has its own test). */
export const failures: [label: string, answer: Answer][] = [
  ["HTTP 500", { status: 500 }],
  ["HTTP 400", { status: 400 }],
  ["a network failure", "network-failure"],
];

export interface Recorded {
  url: string;
  method: string;
  contentType: string | undefined;
  body: unknown;
}

export async function standInCrm(page: Page, answer: Answer): Promise<Recorded[]> {
  const requests: Recorded[] = [];
  await page.route(`${CRM_ORIGIN}/**`, async (route) => {
    const request: Request = route.request();
    requests.push({ url: request.url(), method: request.method(), contentType: request.headers()["content-type"], body: request.postDataJSON() });
    if (answer === "network-failure") return route.abort("connectionrefused");
    if (answer === "hang") return; // never answered: the client's timeout must give up
    return route.fulfill({
      status: answer.status,
      contentType: "application/json",
      body: answer.body !== undefined ? JSON.stringify(answer.body) : answer.status < 300 ? '{"inlineMessage":"Thanks"}' : '{"status":"error"}',
    });
  });
  return requests;
}

/** HubSpot's 400 for a submission it will not take, as its Forms API v3 documents it. */
export function rejection(...errors: { field: string; errorType: "INVALID_EMAIL" | "BLOCKED_EMAIL" | "REQUIRED_FIELD" }[]): Answer {
  return {
    status: 400,
    body: {
      status: "error",
      message: "The request is not valid",
      correlationId: "3c1f2a9e-0b7d-4e55-9a41-7d2c5f0e8b13",
      errors: errors.map(({ field, errorType }) => ({ message: `Error in 'fields.${field}'. ${errorType}`, errorType })),
    },
  };
}
