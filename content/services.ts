// Services page copy. Names come from ./site.ts so a rename stays a one-line change.

import { company } from "./site.ts";
import type { ServicePackage } from "./types.ts";

export const servicesIntro = {
  heading: "Services and engagement packages",
  text: `${company.name} offers three fixed-scope packages with clear timelines, deliverables and results. Each is led by senior practitioners and can be tailored to your organization's mission and budget.`,
};

export const packages: ServicePackage[] = [
  {
    name: "Discovery to Scale",
    price: "$75k",
    duration: "12 weeks",
    description:
      "A focused engagement that identifies your highest-value AI and cloud opportunities, validates one with a working pilot and delivers a funded roadmap to scale it.",
    results: ["Prioritized opportunity assessment and business case", "A working pilot tested with real users", "A 12-month roadmap your board can approve"],
    featured: false,
  },
  {
    name: "AI Product Development",
    price: "$125k",
    duration: "20 weeks",
    description: "End-to-end design, build and launch of an AI product, from user research through a secure production release your team is trained to run.",
    results: [
      "A production AI product in users' hands",
      "Resilient cloud architecture on the pattern behind our 99.999% uptime record",
      "Documentation, runbooks and team handover",
    ],
    featured: true,
  },
  {
    name: "Innovation Acceleration",
    price: "$100k",
    duration: "16 weeks",
    description:
      "A structured incubation program that takes new ventures from idea to evidence, using our Innovation Incubation Framework to decide what to back.",
    results: [
      "Three or more ventures tested against clear gates",
      "Pilot partners and early revenue signals",
      "A repeatable incubation playbook for your team",
    ],
    featured: false,
  },
];

export const servicesCta = {
  heading: "Not sure which package fits?",
  text: "Tell us about your goals and constraints. We will recommend the right starting point, or shape a custom engagement around it.",
  cta: "Schedule a Consultation" as const,
};
