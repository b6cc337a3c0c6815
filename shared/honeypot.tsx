// A form field people never see, hear or reach with Tab; bots that fill in every field fill it too.

export const HONEYPOT_FIELD = "website";

/** The honeypot's value in a submitted form: empty from a person. */
export function honeypotValue(form: HTMLFormElement): string {
  return String(new FormData(form).get(HONEYPOT_FIELD) ?? "");
}

export function Honeypot({ id }: { id: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
