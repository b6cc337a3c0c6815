// The contact inquiry form: sent to the CRM, kept filled on any failure.
import { type FormEvent, useRef } from "react";
import { FORM_ERROR_MESSAGE, useCrmSubmission } from "./integrations/crm.ts";

interface ContactFormProps {
  endpoint: string | null;
}

const CONTACT_SUCCESS_MESSAGE = "Thank you for your message! We'll be in touch soon.";

const contactFields = ["firstname", "lastname", "email", "phone", "company", "message"] as const;

export default function ContactForm({ endpoint }: ContactFormProps) {
  const { status, send } = useCrmSubmission(endpoint);
  const success = useRef<HTMLParagraphElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields = Object.fromEntries(contactFields.map((name) => [name, String(data.get(name) ?? "")]));
    if (await send(fields)) requestAnimationFrame(() => success.current?.focus());
  };

  if (status === "success") {
    return (
      <p className="form-success" role="status" tabIndex={-1} ref={success}>
        {CONTACT_SUCCESS_MESSAGE}
      </p>
    );
  }

  return (
    // method="post": should it ever submit without JavaScript, nothing the visitor typed goes into a URL.
    <form className="contact-form" method="post" noValidate onSubmit={onSubmit} aria-describedby="contact-required-note">
      <p id="contact-required-note" className="contact-form__note">
        Fields marked <span aria-hidden="true">*</span> are required.
      </p>
      <div className="contact-form__row">
        <Field name="firstname" label="First Name" autoComplete="given-name" required />
        <Field name="lastname" label="Last Name" autoComplete="family-name" required />
      </div>
      <div className="contact-form__row">
        <Field name="email" label="Email" type="email" autoComplete="email" required />
        <Field name="phone" label="Phone" type="tel" autoComplete="tel" />
      </div>
      <Field name="company" label="Company" autoComplete="organization" />
      <div className="field">
        <label htmlFor="contact-message">
          Message{" "}
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </label>
        <textarea id="contact-message" name="message" rows={6} required />
      </div>
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
  name: string;
  label: string;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  required?: boolean;
}

function Field({ name, label, type = "text", autoComplete, required = false }: FieldProps) {
  const id = `contact-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>
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
      <input id={id} name={name} type={type} autoComplete={autoComplete} required={required} />
    </div>
  );
}
