// Home page copy. Names come from ./site.ts so a rename stays a one-line change.

import { caseStudyPath } from "../components/case-studies.ts";
import { visitLabel } from "../components/ExternalLink.tsx";
import caseStudies from "./case-studies";
import site from "./site.yaml";
import type { ServiceArea } from "./types.ts";

const { company, memoryProduct, newsletter } = site;

export const hero = {
  eyebrow: `Strategic technology advisory · ${company.location}`,
  headline: `${company.name}: AI products and transformation for organizations that change lives`,
  tagline:
    "We help leaders in education technology, the public sector, nonprofits and workforce development turn AI and cloud ambitions into products and programs that ship, scale and pay for themselves.",
  newsletterLine: `Our ${newsletter.cadence} newsletter shows leaders without a technical background how to build real tools with AI.`,
  newsletterLink: `Read ${newsletter.name}`,
  productLine: `We practice what we advise: we launched ${memoryProduct.name}, an AI memory product, and we run innovation incubation programs that take new ventures from idea to first customers.`,
  cta: "Schedule a Consultation" as const,
};

export const aboutSection = {
  heading: `Why leaders choose ${company.name}`,
  paragraphs: [
    `${company.name} is a small, senior advisory and product firm. Every engagement is led by people who have built and run technology inside mission-driven organizations, so our advice comes with a plan your team can actually execute.`,
    "We work where strategy meets delivery: setting the direction with your leadership, then designing, building and launching the AI products, cloud platforms and new ventures that make it real. When we leave, your team owns the result and knows how to run it.",
  ],
  stats: [
    { value: "99.999%", label: "Uptime on the platforms we architect" },
    { value: "20%+", label: "Typical first-year ROI for clients" },
    { value: "12 weeks", label: "From discovery to a working pilot" },
  ],
};

export const servicesSection = {
  heading: "Our Services" as const,
  intro:
    "Three ways we help organizations move from ambition to results, each scoped to your mission, your budget and the people who will carry the work forward.",
};

export const serviceAreas: ServiceArea[] = [
  {
    title: "AI Product Development",
    summary:
      "We design, build and launch AI products that solve a specific problem for learners, constituents or members, and we put them in production, not in a slide deck.",
    points: ["Product discovery and user research", "Prototypes validated with real users", "Secure, production-grade cloud delivery"],
  },
  {
    title: "Strategic Advisory",
    summary:
      "We give executives a clear technology strategy and roadmap for AI, cloud and digital transformation, grounded in what your organization can fund and sustain.",
    points: ["AI readiness and opportunity assessment", "Cloud and digital transformation roadmaps", "Board-ready investment cases"],
  },
  {
    title: "Innovation Incubation",
    summary: "We run structured incubation programs that help organizations test new ventures quickly and back the ones with real traction.",
    points: ["Venture sprints with clear go/no-go gates", "Coaching for internal founding teams", "Pilot partners and early revenue"],
  },
];

export const clientLogosHeading = "Trusted by leaders and innovators" as const;

/** The study the Latest card tells of: the featured one. */
const featuredStudy = caseStudies.find((study) => study.featured) ?? caseStudies[0];

export const caseStudiesTeaser = {
  heading: "Our work in practice",
  latest: {
    label: "Latest" as const,
    title: `Launching ${memoryProduct.name}: an AI memory product built in-house`,
    /** What its page says of itself: the card promises nothing the page does not tell. */
    text: featuredStudy.summary,
    linkText: visitLabel(memoryProduct.url),
    /** The featured study's own page. */
    studyPath: caseStudyPath(featuredStudy),
    studyLinkText: "Read the case study",
  },
  framework: {
    label: "Framework",
    title: "Innovation Incubation Framework" as const,
    text: "The stage-gated method we use to help organizations generate, test and fund new ventures, with clear evidence at every decision point. See it at work in the JFFLabs Impact Incubation Model and Innovation Workshop case studies.",
    linkText: "See the framework in our case studies",
  },
};
