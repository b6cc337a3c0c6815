import type { CaseStudy } from "../content/types.ts";

/** A case study's challenge and solution, each under its label, at the heading level its page gives them. */
export function CaseStudyStory({ study, level: Heading }: { study: CaseStudy; level: "h2" | "h3" }) {
  return (
    <div>
      <Heading className="study__label">Challenge</Heading>
      <p>{study.challenge}</p>
      <Heading className="study__label">Solution</Heading>
      <p>{study.solution}</p>
    </div>
  );
}
