// The founder's bio page: tabs, prose and lists.

import site from "./site.yaml";
import type { Bio, BioTab } from "./types.ts";

const { company, newsletter } = site;

export const bioTabs: BioTab[] = [
  { label: "Background", value: "background" },
  { label: "Expertise", value: "expertise" },
  { label: "Experience", value: "experience" },
  { label: "Education", value: "education" },
  { label: "Publications", value: "publications" },
];

export const bio: Bio = {
  background: [
    `${company.founder} has spent more than fifteen years at the meeting point of workforce development, education and technology. They started out running career programs for adult learners, where they saw firsthand how good tools and good data can change the path of a person's working life, and how often they are missing.`,
    `From there ${company.founder.split(" ")[0]} moved into product leadership at education technology companies, leading teams that built learning platforms, career navigation tools and, more recently, AI products used by students, job seekers and the staff who serve them. They are known for pairing rigorous product practice with a clear focus on equity and measurable outcomes.`,
    `In ${company.foundingYear} ${company.founder.split(" ")[0]} founded ${company.name} in ${company.location} to help mission-driven organizations plan and build technology that works for the people they serve. They also write ${newsletter.name}, a weekly newsletter that shows leaders without engineering backgrounds how to build real tools with AI.`,
  ],
  expertise: [
    {
      title: "AI Product Development",
      meta: "Generative AI · LLM applications · Model Context Protocol",
      description: "Takes AI products from first prototype to launch, with evaluation, privacy and responsible-use practices built in from day one.",
    },
    {
      title: "Cloud and Digital Transformation",
      meta: "Data platforms · Cloud migration · Modernization",
      description: "Guides organizations off legacy systems and spreadsheets onto secure, shared platforms that staff actually use.",
    },
    {
      title: "Strategic Advisory",
      meta: "Strategy · Roadmaps · Operating models",
      description: "Helps executives and boards turn ambitious goals into focused strategies, roadmaps and success measures.",
    },
    {
      title: "Innovation Incubation",
      meta: "Venture design · Incubators · Design sprints",
      description: "Designs and runs incubation programs and workshops that move new ideas from concept to funded pilot.",
    },
    {
      title: "Workforce and Education Systems",
      meta: "Workforce development · Edtech · Public sector",
      description: "Brings deep knowledge of how learners, workers, employers and public agencies connect, and where technology helps most.",
    },
  ],
  experience: [
    {
      title: "Founder & Principal",
      meta: `${company.name} · ${company.foundingYear}–present`,
      description:
        "Leads strategy, AI product and transformation engagements for education, public sector, nonprofit and workforce clients, and launched the firm's Local Memory product.",
    },
    {
      title: "Vice President, Product",
      meta: "Pathwise Learning · 2016–2021",
      description:
        "Built and led a 30-person product and design organization behind a career navigation platform used by more than 400,000 learners. Launched the company's first machine-learning job-matching features.",
    },
    {
      title: "Director of Digital Programs",
      meta: "Bridgeway Workforce Alliance · 2012–2016",
      description:
        "Led digital strategy for a regional workforce network, rolling out an online case management and training referral system across 18 career centers.",
    },
    {
      title: "Program Manager, Adult Career Pathways",
      meta: "Capital Region Learning Collaborative · 2008–2012",
      description:
        "Ran career pathway programs for adult learners and built the program's first outcomes tracking, linking training completion to employment and wages.",
    },
  ],
  education: [
    {
      title: "Master of Public Policy",
      meta: "Georgetown University, McCourt School of Public Policy",
      description: "Concentration in education and labor policy, with a capstone on data systems for workforce programs.",
    },
    {
      title: "Bachelor of Arts in Economics",
      meta: "University of Maryland, College Park",
      description: "Graduated with honors; minor in computer science.",
    },
    {
      title: "Certificate in Product Management",
      meta: "University of Virginia, Darden School of Business",
      description: "Executive program in product strategy, discovery and agile delivery.",
    },
  ],
  publications: [
    {
      title: "Your First AI Tool, Built in an Afternoon",
      outlet: newsletter.name,
      date: "February 2026",
      datetime: "2026-02",
      url: `${newsletter.url}/p/your-first-ai-tool-built-in-an-afternoon`,
      kind: "Article",
    },
    {
      title: "Giving AI Assistants a Memory Without Giving Up Your Data",
      outlet: "Forbes Technology Council",
      date: "September 2025",
      datetime: "2025-09",
      url: "https://www.forbes.com/councils/forbestechcouncil/2025/09/18/giving-ai-assistants-a-memory-without-giving-up-your-data/",
      kind: "Article",
    },
    {
      title: "Responsible AI in Career Navigation: A Practical Framework",
      outlet: "Jobs for the Future",
      date: "March 2025",
      datetime: "2025-03",
      url: "https://www.jff.org/wp-content/uploads/2025/03/responsible-ai-in-career-navigation.pdf",
      kind: "Whitepaper",
    },
    {
      title: "Why Nonprofits Should Build Small AI Tools Before Big Ones",
      outlet: "Stanford Social Innovation Review",
      date: "October 2024",
      datetime: "2024-10",
      url: "https://ssir.org/articles/entry/why-nonprofits-should-build-small-ai-tools-before-big-ones",
      kind: "Article",
    },
    {
      title: "From Pilot to Platform: Scaling Edtech in Public Systems",
      outlet: "Medium",
      date: "May 2024",
      datetime: "2024-05",
      url: "https://medium.com/@jordanellery/from-pilot-to-platform-scaling-edtech-in-public-systems-4c9e2a1b7f3d",
      kind: "Article",
    },
    {
      title: "What Career Exploration Tools Get Wrong About Teenagers",
      outlet: "EdSurge",
      date: "August 2023",
      datetime: "2023-08",
      url: "https://www.edsurge.com/news/2023-08-15-what-career-exploration-tools-get-wrong-about-teenagers",
      kind: "Article",
    },
  ],
};
