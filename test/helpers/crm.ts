// A stand-in for HubSpot's Forms API: answers each POST as the test says and records it exactly.
import type { Page, Request } from "playwright-core";
import { caseStudyPdfPath } from "../../components/case-studies.ts";
import caseStudies from "../../content/case-studies";
import site from "../../content/site.yaml";
import { CONTACT_FORM_ID, CRM_ORIGIN, DOWNLOAD_FORM_ID, PORTAL_ID, TEST_BUILD_DATE } from "./site.ts";

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

/** The study the download tests take: the first of the firm's studies with a PDF (one without a link) that
 * the test sites show (built on TEST_BUILD_DATE), so that no study's name is written here. Read without
 * waiting: a module several test files of a process share must not hold up their loading. */
export const DOWNLOAD_STUDY = caseStudies.find((study) => !study.link && (!study.publishAt || study.publishAt <= TEST_BUILD_DATE))!;
/** Its PDF: the address its download button links to until the dialog's island hydrates. */
export const DOWNLOAD_PDF = caseStudyPdfPath(DOWNLOAD_STUDY);
/** The name a download saves the PDF as. */
export const DOWNLOAD_FILE = DOWNLOAD_PDF.slice(DOWNLOAD_PDF.lastIndexOf("/") + 1);

/** A page's title as its tab shows it (and a CRM's submission names it): its own, then the firm's name. */
export const titled = (title: string) => `${title} | ${site.company.name}`;

/** The request HubSpot must receive when that visitor downloads the DOWNLOAD_STUDY from /case-studies
 * of the site at `origin`: the browser tests in every engine expect it. */
export function studyLead(endpoint: string, origin: string): Recorded {
  return {
    url: endpoint,
    method: "POST",
    contentType: "application/json",
    body: {
      fields: [
        { name: "email", value: leadEmail },
        { name: "case_study", value: DOWNLOAD_STUDY.title },
      ],
      context: { pageUri: `${origin}/case-studies`, pageName: titled("Client Success Stories") },
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
