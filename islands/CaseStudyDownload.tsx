// Download Case Study: a dialog that records the lead in the CRM, then starts the PDF download.
import { type FormEvent, type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { FORM_ERROR_MESSAGE, useCrmSubmission } from "../shared/crm.ts";
import { Honeypot, honeypotValue } from "../shared/honeypot.tsx";
import { CloseIcon } from "../shared/icons.tsx";

interface CaseStudyDownloadProps {
  endpoint: string | null;
  title: string;
  pdfUrl: string;
}

/** The lead's fields and their labels; the study's title is sent as case_study. */
const leadFields = { email: "Email Address" };

const DOWNLOAD_SUCCESS_MESSAGE = "Thank you! Your download will begin shortly.";
/** After a successful download the dialog closes itself this long after. */
export const DIALOG_AUTO_CLOSE_MS = 2000;

/** The saved file's name: the last path segment of the document link, else "case-study.pdf". */
export function downloadFileName(pdfUrl: string): string {
  const path = pdfUrl.split(/[?#]/)[0];
  return path.split("/").pop() || "case-study.pdf";
}

function triggerDownload(pdfUrl: string): void {
  const link = document.createElement("a");
  link.href = pdfUrl;
  link.download = downloadFileName(pdfUrl);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export default function CaseStudyDownload({ endpoint, title, pdfUrl }: CaseStudyDownloadProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  // One lead request at a time, across closing and reopening: a second click sends nothing more.
  const { status, fieldErrors, send, reset } = useCrmSubmission(endpoint, leadFields);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);

  useEffect(() => setEnhanced(true), []);
  const email = useRef<HTMLInputElement>(null);

  const success = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      email.current?.focus();
    } else if (!open && element.open) {
      element.close();
      // Only now is the page outside the dialog focusable again.
      opener.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (status !== "success" || !open) return;
    success.current?.focus();
    const timer = setTimeout(() => setOpen(false), DIALOG_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [status, open]);

  const close = () => setOpen(false);

  const openDialog = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    // A request still under way keeps its "Submitting..." state; anything finished starts afresh.
    reset();
    setOpen(true);
  };

  // HubSpot rejected the address: the field takes the focus, its message read with it.
  useEffect(() => {
    if (fieldErrors.email) email.current?.focus();
  }, [fieldErrors]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("email");
    // The visitor asked for the document; it comes even if they closed the dialog while waiting.
    if (await send({ email: String(value ?? ""), case_study: title }, honeypotValue(event.currentTarget))) triggerDownload(pdfUrl);
  };

  const titleId = `download-title-${downloadFileName(pdfUrl).replace(/\.pdf$/, "")}`;

  return (
    <>
      {/* A plain link to the PDF without JavaScript; with it, a button that asks for an email first. Before
          hydration the bootstrap holds its click (data-replay), so the PDF is never fetched without the lead. */}
      <a
        ref={opener}
        href={pdfUrl}
        data-replay=""
        className="button button--secondary"
        role={enhanced ? "button" : undefined}
        aria-haspopup={enhanced ? "dialog" : undefined}
        onClick={openDialog}
        // A middle click would open the PDF in a new tab: it opens the dialog too.
        onAuxClick={(event) => {
          if (event.button === 1) openDialog(event);
        }}
        onKeyDown={(event) => {
          if (event.key === " ") openDialog(event);
        }}
      >
        Download Case Study
      </a>
      <dialog
        ref={dialog}
        className="download-dialog"
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
      >
        <div className="download-dialog__header">
          <h2 id={titleId} className="download-dialog__title">
            Download: {title}
          </h2>
          <button type="button" className="download-dialog__close" onClick={close} aria-label="Close">
            <CloseIcon />
          </button>
        </div>
        {status === "success" ? (
          <p className="form-success" role="status" tabIndex={-1} ref={success}>
            {DOWNLOAD_SUCCESS_MESSAGE}
          </p>
        ) : (
          <form className="download-dialog__form" onSubmit={onSubmit}>
            <p>Enter your email address and your download will begin shortly.</p>
            <div className="field">
              <label htmlFor={`${titleId}-email`}>{leadFields.email}</label>
              <input
                ref={email}
                id={`${titleId}-email`}
                name="email"
                type="email"
                autoComplete="email"
                required
                aria-invalid={fieldErrors.email ? true : undefined}
                aria-describedby={fieldErrors.email ? `${titleId}-email-error` : undefined}
              />
              {fieldErrors.email && (
                <p id={`${titleId}-email-error`} className="field__error">
                  {fieldErrors.email}
                </p>
              )}
            </div>
            <Honeypot id={`${titleId}-website`} />
            {status === "error" && (
              <p className="form-error" role="alert">
                {FORM_ERROR_MESSAGE}
              </p>
            )}
            <button type="submit" className="button button--primary" disabled={status === "sending"}>
              {status === "sending" ? "Submitting..." : "Download"}
            </button>
          </form>
        )}
      </dialog>
    </>
  );
}
