import type { CaseStudy } from "../content/collections.ts";
import { Markdown } from "./Markdown.tsx";

/** A case study's challenge and solution, each under its label, at the heading level its page gives them
 * (a heading within either sits a level below its label). */
export function CaseStudyStory({ study, level: Heading }: { study: CaseStudy; level: "h2" | "h3" }) {
  const shift = Heading === "h2" ? 1 : 2;
  return (
    <div>
      <Heading className="study__label">Challenge</Heading>
      <Markdown blocks={study.body.challenge} shift={shift} />
      <Heading className="study__label">Solution</Heading>
      <Markdown blocks={study.body.solution} shift={shift} />
    </div>
  );
}
