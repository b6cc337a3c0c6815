// About page copy. Names come from ./site.ts so a rename stays a one-line change.
import site from "./site.yaml";

const { company } = site;

export const aboutIntro = {
  heading: `About ${company.name}`,
  paragraphs: [
    `${company.name} was founded by ${company.founder} in ${company.location} in ${company.foundingYear} to give mission-driven organizations the kind of senior technology leadership usually reserved for large enterprises. We are a strategic technology advisory and AI product development firm.`,
    "We advise education and workforce development organizations, public sector agencies and nonprofits on AI, cloud and digital transformation, and we stay through delivery, building the products and programs that turn a strategy into measurable outcomes.",
  ],
  bioLinkText: `Read ${company.founder}'s full bio`,
};

export const builtDifferent = {
  heading: "Why We're Built Different" as const,
  intro:
    "We are small by design. You work directly with senior practitioners who have built and operated the systems they recommend, and we measure our success by what stays running after we leave.",
  claims: [
    {
      value: "99.999%",
      label: "Uptime",
      text: "The cloud platforms we architect are built for resilience from day one, with monitoring, redundancy and runbooks your team can own.",
    },
    {
      value: "20%+",
      label: "ROI",
      text: "We tie every engagement to a business case, and our clients typically see a return of 20% or more within the first year.",
    },
    {
      value: "100%",
      label: "Senior-led",
      text: "No handoffs to junior staff. The people who scope your engagement are the people who deliver it.",
    },
  ],
  alliance: {
    heading: "Technology alliance partner",
    text: "As a member of the AWS Partner Network, we bring proven cloud architecture patterns, partner funding programs and direct access to specialist expertise to every engagement.",
  },
  testimonial: {
    quote: `${company.name} gave us a roadmap our board could fund and a team that stayed to build it. Within two quarters our new learner platform was live and our operating costs were down.`,
    name: "Marisol Okafor",
    role: "Regional GM" as const,
    organization: "Pathway Workforce Partners",
  },
};

export const vision = {
  heading: "Our Vision" as const,
  intro: `By 2027, ${company.name} will be a durable, independent firm that invests in the people and ideas shaping education, work and public service. Four goals guide us there.`,
  goals: [
    {
      title: "$1M annual revenue",
      text: "A sustainable practice built on long-term client relationships and products that create recurring value.",
    },
    {
      title: "A micro family office",
      text: "A disciplined vehicle to invest in early-stage ventures emerging from our incubation work.",
    },
    {
      title: "A team of elite consultants",
      text: "A small bench of senior practitioners who share our standards for delivery and our commitment to mission.",
    },
    {
      title: "Fellowship programs",
      text: "Paid fellowships that bring emerging technologists and founders into real client and venture work.",
    },
  ],
  ctaText: "Schedule a consultation to see where you fit",
};
