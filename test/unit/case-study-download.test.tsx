import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import CaseStudyDownload, { downloadFileName } from "../../islands/CaseStudyDownload.tsx";

const endpoint = "https://api.hsforms.com/submissions/v3/integration/submit/1/download";
const study = { title: "EQOS Initiative", pdfUrl: "/case-studies/eqos-initiative.pdf" };

let respond: (response: Response | Error) => void;
const fetch = vi.fn(
  () =>
    new Promise<Response>((resolve, reject) => {
      respond = (r) => (r instanceof Error ? reject(r) : resolve(r));
    }),
);
let downloads: { href: string; download: string }[] = [];

beforeEach(() => {
  vi.stubGlobal("fetch", fetch);
  downloads = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ href: this.getAttribute("href") ?? "", download: this.download });
  });
});
afterEach(() => {
  fetch.mockClear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function openDialog() {
  render(<CaseStudyDownload endpoint={endpoint} {...study} />);
  const opener = screen.getByRole("button", { name: "Download Case Study" });
  fireEvent.click(opener);
  return { opener, dialog: document.querySelector("dialog")!, email: screen.getByLabelText("Email Address") as HTMLInputElement };
}

test("the file name is the link's last path segment, else case-study.pdf", () => {
  expect(downloadFileName("/case-studies/eqos-initiative.pdf")).toBe("eqos-initiative.pdf");
  expect(downloadFileName("https://x.test/files/report.pdf?v=2")).toBe("report.pdf");
  expect(downloadFileName("https://x.test/files/")).toBe("case-study.pdf");
});

test("the button is a real link to the PDF until hydrated, then opens the dialog with the email focused", () => {
  const { opener, dialog, email } = openDialog();
  expect(opener.getAttribute("href")).toBe(study.pdfUrl);
  expect(dialog.open).toBe(true);
  expect(document.activeElement).toBe(email);
  expect(email.type).toBe("email");
  expect(email.required).toBe(true);
  expect(document.querySelector("dialog form")!.hasAttribute("novalidate")).toBe(false);
  expect(downloads).toEqual([]);
});

test("a middle click opens the dialog too, never the PDF in a new tab", () => {
  render(<CaseStudyDownload endpoint={endpoint} {...study} />);
  const opener = screen.getByRole("button", { name: "Download Case Study" });
  const middle = new MouseEvent("auxclick", { button: 1, bubbles: true, cancelable: true });
  fireEvent(opener, middle);
  expect(middle.defaultPrevented).toBe(true);
  expect(document.querySelector("dialog")!.open).toBe(true);
  expect(downloads).toEqual([]);
});

test("× closes the dialog and focus returns to the button that opened it", () => {
  const { opener, dialog } = openDialog();
  fireEvent.click(screen.getByRole("button", { name: "Close" }));
  expect(dialog.open).toBe(false);
  expect(document.activeElement).toBe(opener);
});

test("submitting → success: the lead is sent, the PDF downloads, and the dialog closes 2000 ms later", async () => {
  vi.useFakeTimers();
  const { dialog, email } = openDialog();
  fireEvent.input(email, { target: { value: "lead@example.org" } });
  fireEvent.submit(email.form!);
  const button = screen.getByRole("button", { name: "Submitting..." }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)).fields).toEqual([
    { name: "email", value: "lead@example.org" },
    { name: "case_study", value: "EQOS Initiative" },
  ]);
  await act(async () => respond(new Response("", { status: 200 })));
  expect(screen.getByRole("status").textContent).toBe("Thank you! Your download will begin shortly.");
  expect(document.querySelector("dialog form")).toBeNull();
  expect(downloads).toEqual([{ href: study.pdfUrl, download: "eqos-initiative.pdf" }]);
  // The spec's 2000 ms, written out: a test that advanced by the constant would pass for any value.
  act(() => vi.advanceTimersByTime(1999));
  expect(dialog.open).toBe(true);
  act(() => vi.advanceTimersByTime(1));
  expect(dialog.open).toBe(false);
});

test.each([
  ["HTTP 500", () => new Response("", { status: 500 })],
  ["a network failure", () => new TypeError("Failed to fetch")],
])("%s: the spec's message, the form stays editable, nothing downloads", async (_case, failure) => {
  const { email } = openDialog();
  fireEvent.input(email, { target: { value: "lead@example.org" } });
  fireEvent.submit(email.form!);
  await act(async () => respond(failure()));
  // A rejection's body is read by a module fetched only then, so the message arrives a moment later.
  expect((await screen.findByRole("alert")).textContent).toBe("There was a problem submitting the form. Please try again later.");
  expect((screen.getByLabelText("Email Address") as HTMLInputElement).value).toBe("lead@example.org");
  expect((screen.getByRole("button", { name: "Download" }) as HTMLButtonElement).disabled).toBe(false);
  expect(downloads).toEqual([]);
});

test("closing and reopening while a request is under way keeps 'Submitting...' and sends nothing more", async () => {
  const { email } = openDialog();
  fireEvent.input(email, { target: { value: "lead@example.org" } });
  fireEvent.submit(email.form!);
  fireEvent.click(screen.getByRole("button", { name: "Close" }));
  fireEvent.click(screen.getByRole("button", { name: "Download Case Study" }));
  const button = screen.getByRole("button", { name: "Submitting..." }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  fireEvent.submit(button.form!);
  expect(fetch).toHaveBeenCalledTimes(1);
  await act(async () => respond(new Response("", { status: 200 })));
  expect(screen.getByRole("status").textContent).toBe("Thank you! Your download will begin shortly.");
  expect(document.activeElement).toBe(screen.getByRole("status"));
  expect(downloads).toHaveLength(1);
});
