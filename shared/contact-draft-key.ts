/** Where the contact form keeps what a visitor has typed and not yet sent (sessionStorage); the privacy policy names it. */
export const CONTACT_DRAFT_KEY = "contact-draft";
