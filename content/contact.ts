// Contact page copy. Names come from ./site.ts so a rename stays a one-line change.
import site from "./site.yaml";

const { company, newsletter } = site;

export const contactIntro = {
  heading: "Let's talk about what you want to change",
  text: `Whether you are weighing an AI product, planning a cloud migration or exploring a new venture, ${company.name} can help you find the fastest credible path forward. Share a few details and we will be in touch.`,
};

export const approach = {
  heading: "Our Approach" as const,
  paragraphs: [
    "Every engagement starts with a conversation about your mission, your constraints and the outcome that would matter most. We listen first, then tell you plainly where we can help and where we cannot.",
    "From there we propose a fixed scope, timeline and price, so you know exactly what you are getting. Senior practitioners lead the work from start to finish and leave your team ready to own it.",
  ],
};

export const newsletterPromo = {
  heading: `Subscribe to ${newsletter.name}`,
  text: `A ${newsletter.cadence} newsletter for leaders and professionals without a coding background, with practical walkthroughs for building real tools and automations with Claude Code.`,
  linkText: "Subscribe on Substack",
};

/** The promise, as the page and its search snippet both say it. */
export const responsePromise = "We typically respond within 1-2 business days";

export const responseTime = {
  heading: "Response Time" as const,
  text: `${responsePromise}. If your request is urgent, please mention the urgency in your message and we will prioritize it.`,
};
