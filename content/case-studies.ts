// Case studies, in page order after the featured one (featured: true), which links to its product; the rest link to PDFs.
// The non-featured studies' titles, subtitles, challenges, solutions and results are printed into PDFs with
// pdf-lib standard fonts, so they must stay within WinAnsi (Windows-1252): plain ASCII and the separator "·" are safe.

import { slugOf } from "../shared/slug.ts";
import site from "./site.yaml";
import type { CaseStudy } from "./types.ts";

const { company, memoryProduct } = site;

export const caseStudies: CaseStudy[] = [
  {
    title: `Launching ${memoryProduct.name}`,
    subtitle: `${company.name} product launch · AI developer tools`,
    summary: `How we designed and shipped ${memoryProduct.name}, a memory server that runs entirely on the user's machine so AI coding assistants keep their context between sessions.`,
    published: "2026-11-24",
    pdfUrl: memoryProduct.url,
    challenge:
      "AI coding assistants forget everything between sessions, so teams re-explain the same decisions, conventions and context every day. The memory tools we evaluated sent private code and notes to third-party clouds, which ruled them out for our public sector and nonprofit clients.",
    solution: `We designed and shipped ${memoryProduct.name}, a memory server that runs entirely on the user's machine and plugs into Claude, Cursor and other assistants through the Model Context Protocol. We built it in public, tuned storage and retrieval for speed, and onboarded early users through our weekly newsletter.`,
    results: [
      "26 tools shipped over the Model Context Protocol for storing, searching and relating memories",
      "34,466 memories/second sustained write throughput on a standard laptop",
      "11 ms vector search across a user's full memory store",
      "85% weekly retention among early adopters",
      "100+ active users within the first months after launch",
    ],
    featured: true,
    isExternalLink: true,
  },
  {
    title: "JFFLabs Impact Incubation Model",
    subtitle: "Jobs for the Future · workforce innovation incubator",
    summary:
      "A repeatable 16-week incubation model with stage gates and a shared impact scorecard, co-designed with JFFLabs and run with its first cohort of 12 ventures.",
    published: "2026-11-24",
    pdfUrl: "/case-studies/jfflabs-impact-incubation-model.pdf",
    challenge:
      "JFFLabs was backing promising workforce startups, but each cohort ran on a different playbook and impact was hard to compare across ventures. Funders wanted evidence that incubated products reached low-income learners and workers, not just that they raised capital.",
    solution:
      "We co-designed a repeatable 16-week incubation model with stage gates, a shared impact scorecard and an equity review at each milestone. We then ran the first cohort alongside the JFFLabs team and documented the model so staff could run later cohorts on their own.",
    results: [
      "12 ventures completed the first cohort, with 10 meeting every stage gate",
      "78% of incubated products reached learners from low-income households within six months",
      "$9.4M in follow-on funding raised by cohort ventures in the following year",
      "Program design time for new cohorts cut from 10 weeks to 3",
    ],
    featured: false,
    isExternalLink: false,
  },
  {
    title: "EQOS Initiative",
    subtitle: "Multi-state education equity collaborative · data and digital strategy",
    summary:
      "The EQOS Initiative's 14 school districts and community partners moved from separate spreadsheets to one shared, privacy-compliant data platform.",
    published: "2026-11-24",
    pdfUrl: "/case-studies/eqos-initiative.pdf",
    challenge:
      "The EQOS Initiative brought together 14 school districts and community partners to close opportunity gaps, but each partner tracked student supports in its own spreadsheets and systems. Leaders could not see which interventions were working or where students were falling through the cracks.",
    solution:
      "We led a cloud migration to a shared, privacy-compliant data platform and defined a common outcomes framework with district and community partners. We also built dashboards and a simple AI-assisted referral tool that points counselors to the right local supports.",
    results: [
      "14 districts and 30 community partners reporting on one shared platform",
      "Monthly reporting effort cut by 60%, freeing roughly 1,200 staff hours a year",
      "Counselor referrals to wraparound services up 41% in the first school year",
      "Shared platform passed the participating districts' FERPA privacy reviews with no findings",
    ],
    featured: false,
    isExternalLink: false,
  },
  {
    title: "Economic Mobility for Veteran and Military Families",
    subtitle: "National veteran-serving nonprofit · workforce program design",
    summary:
      "A national nonprofit's program for veterans and military spouses, redesigned around skills translation, paid credentials and employer partnerships.",
    published: "2026-11-24",
    pdfUrl: "/case-studies/economic-mobility-for-veteran-and-military-families.pdf",
    challenge:
      "Transitioning service members and military spouses faced a maze of disconnected benefits, training programs and employers. The nonprofit's existing program placed veterans in jobs, but too many were underemployed and spouses were largely left out.",
    solution:
      "We mapped the transition journey with veterans, spouses and employers, then redesigned the program around skills translation, paid credentials and employer partnerships. We piloted a digital career plan that follows families through relocations and links them to local coaches.",
    results: [
      "2,300 veterans and military spouses enrolled in the first 18 months",
      "Median starting wage of placed participants up 22% over the prior program",
      "Military spouse participation grew from 9% to 35% of enrollees",
      "45 employers signed skills-based hiring commitments",
    ],
    featured: false,
    isExternalLink: false,
  },
  {
    title: "ASA Center for Career Navigation",
    subtitle: "American Student Assistance · career exploration for young people",
    summary:
      "A 12-week strategy sprint that gave American Student Assistance's new Center for Career Navigation its strategy, success measures and product roadmap.",
    published: "2026-11-24",
    pdfUrl: "/case-studies/asa-center-for-career-navigation.pdf",
    challenge:
      "ASA set out to help middle and high school students explore careers long before college decisions, but its digital tools, research and partner programs were scattered. The new Center needed a clear strategy, an operating model and a product roadmap within a single budget cycle.",
    solution:
      "We ran a 12-week strategy sprint with students, educators and ASA staff, defining the Center's audiences, theory of change and success measures. We then prioritized a product roadmap, including an AI career guide prototype tested with students in three states.",
    results: [
      "Center strategy and three-year roadmap approved by leadership in 12 weeks",
      "AI career guide prototype tested with 450 students, with 87% rating it helpful",
      "Four existing tools consolidated into one student experience",
      "Shared success metrics adopted across 8 partner programs",
    ],
    featured: false,
    isExternalLink: false,
  },
  {
    title: "JFFLabs Innovation Workshop",
    subtitle: "Jobs for the Future · AI and workforce design sprint",
    summary:
      "A two-day workshop in which workforce leaders from the Jobs for the Future network framed problems, prototyped AI tools and tested them with real users.",
    published: "2026-11-24",
    pdfUrl: "/case-studies/jfflabs-innovation-workshop.pdf",
    challenge:
      "Workforce boards and community colleges in the JFF network wanted to use AI, but most had no clear use cases and little in-house technical capacity. JFFLabs needed a format that moved leaders from curiosity to tested ideas quickly.",
    solution:
      "We designed and facilitated a two-day innovation workshop that paired practitioners with designers and engineers to frame problems, prototype AI tools and test them with real users. Each team left with a working prototype and a 90-day pilot plan.",
    results: [
      "60 leaders from 22 organizations took part",
      "15 working prototypes built in two days",
      "6 prototypes moved into funded pilots within 90 days",
      "Workshop format adopted by JFFLabs for regional convenings",
    ],
    featured: false,
    isExternalLink: false,
  },
];

/** A study's address on the site: /case-studies/<its PDF's name> for the five, its title's words for
 * the featured one (whose link leaves the site). */
export function caseStudyPath(study: CaseStudy): string {
  const slug = study.isExternalLink ? slugOf(study.title) : study.pdfUrl.replace(/^.*\//, "").replace(/\.pdf$/, "");
  return `/case-studies/${slug}`;
}
