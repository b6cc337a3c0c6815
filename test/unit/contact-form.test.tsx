import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import ContactForm from "../../islands/ContactForm.tsx";

const endpoint = "https://api.hsforms.com/submissions/v3/integration/submit/1/contact";
const visitor = {
  firstname: "Ada",
  lastname: "Lovelace",
  email: "ada@example.org",
  phone: "+1 202 555 0100",
  company: "Analytical Engines",
  message: "We need an AI roadmap.",
};

function fill() {
  for (const [name, value] of Object.entries(visitor)) {
    fireEvent.input(document.querySelector(`[name="${name}"]`)!, { target: { value } });
  }
}
const values = () => Object.fromEntries(Object.keys(visitor).map((name) => [name, (document.querySelector(`[name="${name}"]`) as HTMLInputElement).value]));

let respond: (response: Response | Error) => void;
const fetch = vi.fn(
  () =>
    new Promise<Response>((resolve, reject) => {
      respond = (r) => (r instanceof Error ? reject(r) : resolve(r));
    }),
);
beforeEach(() => vi.stubGlobal("fetch", fetch));
afterEach(() => {
  fetch.mockClear();
  vi.unstubAllGlobals();
});

test("the form: browser validation off; required and optional fields", () => {
  render(<ContactForm endpoint={endpoint} />);
  const form = document.querySelector("form")!;
  expect(form.noValidate).toBe(true);
  expect(screen.getByLabelText(/First Name/).hasAttribute("required")).toBe(true);
  expect((screen.getByLabelText(/Email/) as HTMLInputElement).type).toBe("email");
  expect((screen.getByLabelText("Phone") as HTMLInputElement).type).toBe("tel");
  expect(screen.getByLabelText("Company").hasAttribute("required")).toBe(false);
});

test("nothing blocks sending, not even empty required fields", async () => {
  render(<ContactForm endpoint={endpoint} />);
  fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
  expect(fetch).toHaveBeenCalledTimes(1);
  await act(async () => respond(new Response("", { status: 200 })));
});

test("sending: 'Sending...', disabled, and a second click sends nothing more", async () => {
  render(<ContactForm endpoint={endpoint} />);
  fill();
  fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
  const button = screen.getByRole("button", { name: "Sending..." }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  fireEvent.submit(document.querySelector("form")!);
  expect(fetch).toHaveBeenCalledTimes(1);
  const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
  expect(body.fields).toEqual(Object.entries(visitor).map(([name, value]) => ({ name, value })));
  await act(async () => respond(new Response("", { status: 200 })));
});

test("success replaces the form for good", async () => {
  render(<ContactForm endpoint={endpoint} />);
  fill();
  fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
  await act(async () => respond(new Response("", { status: 200 })));
  expect(screen.getByRole("status").textContent).toBe("Thank you for your message! We'll be in touch soon.");
  expect(document.querySelector("form")).toBeNull();
});

test.each([
  ["HTTP 500", () => new Response("", { status: 500 })],
  ["HTTP 400", () => new Response("", { status: 400 })],
  ["a network failure", () => new TypeError("Failed to fetch")],
])("%s: the spec's message above the button, every field kept, button re-enabled", async (_case, failure) => {
  render(<ContactForm endpoint={endpoint} />);
  fill();
  fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
  await act(async () => respond(failure()));
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toBe("There was a problem submitting the form. Please try again later.");
  expect(alert.nextElementSibling?.tagName).toBe("BUTTON");
  expect(values()).toEqual(visitor);
  expect((screen.getByRole("button", { name: "Send Message" }) as HTMLButtonElement).disabled).toBe(false);
});
