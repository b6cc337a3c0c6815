// The contact inquiry form: sent to the CRM, kept filled on any failure, and kept as a draft in
// sessionStorage until it is sent, so a reload or a wrong click loses nothing.
import { type FormEvent, useEffect, useLayoutEffect, useRef } from "react";
import { CONTACT_DRAFT_KEY } from "../shared/contact-draft-key.ts";
import { FORM_ERROR_MESSAGE, useCrmSubmission } from "../shared/crm.ts";
import { Honeypot, honeypotValue } from "../shared/honeypot.tsx";

interface ContactFormProps {
  endpoint: string | null;
}

const CONTACT_SUCCESS_MESSAGE = "Thank you for your message! We'll be in touch soon.";

/** The fields in the order HubSpot receives them and the visitor sees them, with their labels. */
const contactFields = {
  firstname: "First Name",
  lastname: "Last Name",
  email: "Email",
  phone: "Phone",
  company: "Company",
  message: "Message",
} as const;
type ContactField = keyof typeof contactFields;

/** Where the unsent draft waits; it lives as long as the tab. */

const fieldId = (name: string) => `contact-${name}`;
const errorId = (name: string) => `contact-${name}-error`;

/** Storage may be blocked or full: then the form works on, only the draft is not kept. */
function withDraftStorage(use: (storage: Storage) => void): void {
  try {
    use(sessionStorage);
  } catch {}
}

/** What the visitor has typed so far, by field name. */
function typedValues(form: HTMLFormElement): Record<string, string> {
  const data = new FormData(form);
  return Object.fromEntries(Object.keys(contactFields).map((name) => [name, String(data.get(name) ?? "")]));
}

export default function ContactForm({ endpoint }: ContactFormProps) {
  const { status, fieldErrors, send } = useCrmSubmission(endpoint, contactFields);
  const form = useRef<HTMLFormElement>(null);
  const success = useRef<HTMLParagraphElement>(null);

  // Restores the draft into fields that are still empty: what the visitor typed before the form
  // came alive is never overwritten, and is kept as the draft at once (no input event told of it).
  // A layout effect: done within hydration itself, before the island is marked hydrated and before
  // the next paint, so no reload right after can find the draft unsaved (a loaded test run did).
  useLayoutEffect(() => {
    withDraftStorage((storage) => {
      const draft: Record<string, string> = JSON.parse(storage.getItem(CONTACT_DRAFT_KEY) ?? "{}");
      for (const name of Object.keys(contactFields)) {
        const field = form.current?.elements.namedItem(name) as HTMLInputElement | null;
        if (field && !field.value && draft[name]) field.value = draft[name];
      }
      const typed = form.current && typedValues(form.current);
      if (typed && Object.values(typed).some(Boolean)) storage.setItem(CONTACT_DRAFT_KEY, JSON.stringify(typed));
    });
  }, []);

  // After HubSpot rejects fields, the first of them takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each answer, once its aria-invalid fields are rendered
  useEffect(() => {
    form.current?.querySelector<HTMLElement>("[aria-invalid]")?.focus();
  }, [fieldErrors]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await send(typedValues(event.currentTarget), honeypotValue(event.currentTarget))) {
      withDraftStorage((storage) => storage.removeItem(CONTACT_DRAFT_KEY));
      requestAnimationFrame(() => success.current?.focus());
    }
  };

  if (status === "success") {
    return (
      <p className="form-success" role="status" tabIndex={-1} ref={success}>
        {CONTACT_SUCCESS_MESSAGE}
      </p>
    );
  }

  const field = (name: ContactField) => ({ name, label: contactFields[name], error: fieldErrors[name] });
  return (
    // method="post": should it ever submit without JavaScript, nothing the visitor typed goes into a URL.
    <form
      ref={form}
      className="contact-form"
      method="post"
      noValidate
      onSubmit={onSubmit}
      onInput={(event) => {
        const typed = JSON.stringify(typedValues(event.currentTarget));
        withDraftStorage((storage) => storage.setItem(CONTACT_DRAFT_KEY, typed));
      }}
      aria-describedby="contact-required-note"
    >
      <p id="contact-required-note" className="contact-form__note">
        Fields marked <span aria-hidden="true">*</span> are required.
      </p>
      <div className="contact-form__row">
        <Field {...field("firstname")} autoComplete="given-name" required />
        <Field {...field("lastname")} autoComplete="family-name" required />
      </div>
      <div className="contact-form__row">
        <Field {...field("email")} type="email" autoComplete="email" required />
        <Field {...field("phone")} type="tel" autoComplete="tel" />
      </div>
      <Field {...field("company")} autoComplete="organization" />
      <Field {...field("message")} multiline required />
      <Honeypot id="contact-website" />
      {status === "error" && (
        <p className="form-error" role="alert">
          {FORM_ERROR_MESSAGE}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={status === "sending"}>
        {status === "sending" ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}

interface FieldProps {
  name: ContactField;
  label: string;
  /** HubSpot's objection to this field, if it had one. */
  error?: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  required?: boolean;
  multiline?: boolean;
}

function Field({ name, label, error, type = "text", autoComplete, required = false, multiline = false }: FieldProps) {
  const invalid = error ? { "aria-invalid": true as const, "aria-describedby": errorId(name) } : {};
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>
        {label}
        {required && (
          <>
            {" "}
            <span className="field__required" aria-hidden="true">
              *
            </span>
          </>
        )}
      </label>
      {multiline ? (
        <textarea id={fieldId(name)} name={name} rows={6} required={required} {...invalid} />
      ) : (
        <input id={fieldId(name)} name={name} type={type} autoComplete={autoComplete} required={required} {...invalid} />
      )}
      {error && (
        <p id={errorId(name)} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
