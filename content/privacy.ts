import { CONSENT_STORAGE_KEY } from "../shared/consent-key.ts";
import { CONTACT_DRAFT_KEY } from "../shared/contact-draft-key.ts";
import site from "./site.yaml";
import type { Policy } from "./types.ts";

const { company, newsletter } = site;

/** What the analytics tools may store before a visitor chooses, as CONSENT_DEFAULT sets it. */
function beforeChoosing(consentDefault: "denied" | "granted"): string {
  return consentDefault === "denied"
    ? `Until you choose, both run without cookies: Google Analytics in its cookieless Consent Mode, with analytics and advertising storage denied, and Clarity with its storage consent denied.`
    : `Until you choose, Google Analytics and Clarity may set analytics cookies; advertising storage stays denied. Choosing "Decline" turns analytics cookies off.`;
}

/** The policy states exactly what this build does, so it depends on CONSENT_DEFAULT. */
export const privacyPolicy = (consentDefault: "denied" | "granted"): Policy => ({
  title: site.policyTitles.privacy,
  intro: `This policy explains what information ${company.legalName} collects through this website, how we use it, and the choices you have. We collect only what we need to respond to you and to understand how the site is used.`,
  sections: [
    {
      heading: "Who We Are",
      paragraphs: [
        `${company.name} is a strategic technology advisory firm based in ${company.location}. We help education technology, public sector, nonprofit and workforce organizations with AI product development, cloud and digital transformation, strategic advisory and innovation incubation.`,
        `This website does not offer accounts or logins. You can read every page without telling us who you are.`,
      ],
    },
    {
      heading: "Information You Give Us",
      paragraphs: [
        `We collect personal information only when you choose to send it through one of our two forms.`,
        `While you write in the contact form, what you have typed (name, email address, phone number, company and message) is kept in your browser's sessionStorage under the key "${CONTACT_DRAFT_KEY}", so that a reload or a wrong click loses nothing. It stays on your device and is never sent until you send the form. It is removed as soon as your message is sent, and is gone when you close the tab; you can also clear it at any time by clearing this site's data in your browser.`,
        `Each form submission also carries the address and title of the page you sent it from and, when HubSpot has set one in your browser, HubSpot's visitor cookie (hubspotutk), which lets HubSpot connect your submission to your earlier visits.`,
      ],
      list: [
        "Contact form: first name, last name, email address and message (required), and phone number and company (optional).",
        "Case study download form: your email address and the case study you requested.",
      ],
    },
    {
      heading: "Information Collected Automatically",
      paragraphs: [
        `On every page we use Google Analytics 4 to measure visits and traffic sources, Microsoft Clarity to record sessions (clicks, scrolling and mouse movement) so we can find usability problems, and Core Web Vitals measurements to track page speed. These tools may receive your IP address, browser and device type, approximate location and the pages you view.`,
        `${beforeChoosing(consentDefault)} The "Privacy choices" banner, which you can reopen from the link at the bottom of every page, lets you accept or decline analytics cookies for both tools; accepting never allows advertising storage. Your choice is saved in your browser's localStorage under the key "${CONSENT_STORAGE_KEY}" and applies on every page until you change it.`,
        `If your browser sends a Global Privacy Control or Do Not Track signal, we honor it as a refusal: we do not show the banner and never grant consent, so both tools stay cookieless. We publish our support for Global Privacy Control at /.well-known/gpc.json.`,
        `If you switch between light and dark mode, your choice is saved in your browser's localStorage under the key "theme". It stays on your device and is never sent to us.`,
      ],
    },
    {
      heading: "How We Use Information",
      paragraphs: [`We use the information we collect to:`],
      list: [
        "Reply to your inquiry and discuss a possible engagement",
        "Send you the case study you requested",
        "Understand how visitors use the site and improve it",
        "Keep the site secure and working properly",
      ],
    },
    {
      heading: "How We Share Information",
      paragraphs: [
        `Form submissions are sent to our customer relationship management provider, HubSpot, through its form-submission service, and are stored there. Usage data is processed by Google and Microsoft as our analytics providers. These companies handle the data under their own privacy terms and our agreements with them.`,
        `We do not sell your personal information, and we do not share it for cross-context behavioral advertising. We may disclose information if required by law or to protect our rights.`,
      ],
    },
    {
      heading: "Data Retention",
      paragraphs: [`We keep information only as long as it is useful for the purposes above:`],
      list: [
        "Contact and download form submissions: at least 1 year, and longer while we have an ongoing business relationship",
        "Google Analytics data: 26 months",
        "Microsoft Clarity session recordings: 365 days",
      ],
    },
    {
      heading: "Your Privacy Rights",
      paragraphs: [
        `Depending on where you live, laws such as the EU and UK GDPR or the California Consumer Privacy Act may give you the right to know what personal information we hold about you, to get a copy of it, to correct it, to have it deleted, and to object to or limit certain uses. We will honor these requests wherever you live and will not treat you differently for making one.`,
        `To make a request, email ${company.email}. We may need to confirm your identity before acting on it. You can also block or delete cookies in your browser settings, or use Google's Analytics opt-out browser add-on.`,
      ],
    },
    {
      heading: "Newsletter",
      paragraphs: [
        `Our ${newsletter.cadence} newsletter, "${newsletter.name}", is published on Substack. If you subscribe, Substack collects and manages your subscription details under its own privacy policy, and you can unsubscribe at any time from any issue.`,
      ],
    },
    {
      heading: "Children's Privacy",
      paragraphs: [
        `This site is not directed to children under 13, and we do not knowingly collect personal information from them. If you believe a child has sent us information, contact us and we will delete it.`,
      ],
    },
    {
      heading: "Changes to This Policy",
      paragraphs: [
        `We may update this policy as our site or practices change. When we do, we will post the revised version on this page. Material changes take effect when posted, and your continued use of the site after that means you accept them.`,
      ],
    },
    {
      heading: "Contact Us",
      paragraphs: [`If you have questions about this policy or how we handle your information, email ${company.email}.`],
    },
  ],
});
