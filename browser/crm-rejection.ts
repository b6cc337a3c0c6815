// Reads HubSpot's answer when it rejects a submission. Fetched only then, so the forms' first load
// does not carry it.

/** The field-level rejections HubSpot reports on a 400 that the visitor can fix. */
type FieldProblem = "INVALID_EMAIL" | "BLOCKED_EMAIL" | "REQUIRED_FIELD";

/** The message shown under a field HubSpot rejected; `label` is the field's visible label. */
export function fieldErrorMessage(problem: FieldProblem, label: string): string {
  if (problem === "INVALID_EMAIL") return "Enter a valid email address, such as name@example.com.";
  if (problem === "BLOCKED_EMAIL") return "This email address is not accepted here. Please use your work email address.";
  return `${label} is required.`;
}

interface HubSpotError {
  message?: string;
  errorType?: string;
}

/** The field a HubSpot error message names: "Error in 'fields.email'. …" */
function fieldNamed(error: HubSpotError): string | null {
  return /fields\.([A-Za-z0-9_]+)/.exec(error.message ?? "")?.[1] ?? null;
}

/** Logs the rejection's correlationId (what HubSpot support asks for), and on a 400 returns a
 * message for each field it names, by field name; `labels` are the form's fields and their labels. */
export async function fieldErrorsOf(response: Response, labels: Record<string, string>): Promise<Record<string, string>> {
  let body: { correlationId?: string; errors?: HubSpotError[] };
  try {
    body = await response.json();
  } catch {
    return {};
  }
  if (body.correlationId) console.warn(`HubSpot rejected the submission (HTTP ${response.status}); correlationId ${body.correlationId}`);
  const errors: Record<string, string> = {};
  if (response.status !== 400 || !Array.isArray(body.errors)) return errors;
  for (const error of body.errors) {
    const type = error.errorType;
    const field = type === "INVALID_EMAIL" || type === "BLOCKED_EMAIL" ? "email" : type === "REQUIRED_FIELD" ? fieldNamed(error) : null;
    if (field && field in labels && !errors[field]) errors[field] = fieldErrorMessage(type as FieldProblem, labels[field]);
  }
  return errors;
}
