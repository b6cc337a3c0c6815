// What each case study's PDF prints, as plain text: engine/media/pdfs.ts only lays it out. The engine takes
// this from the page bundle, as it takes the studies, so a dev save of it reaches the PDFs as it reaches the pages.
import type { CaseStudy } from "../content/collections.ts";
import { type Block, plainText } from "../engine/content/markdown.ts";
import { caseStudyPdfPath, resultsOf } from "./case-studies.ts";

/** A block of a study's PDF: a paragraph, a heading within its section, or a list. */
export type PrintedBlock = { paragraph: string } | { heading: string } | { list: string[] };

export interface CaseStudyDocument {
  /** The study's file name: content/case-studies/<slug>.md. */
  slug: string;
  /** Where the PDF is on the site. */
  path: string;
  title: string;
  subtitle: string;
  challenge: PrintedBlock[];
  solution: PrintedBlock[];
  results: string[];
}

function printedBlocks(blocks: Block[]): PrintedBlock[] {
  return blocks.map((block) => {
    if ("paragraph" in block) return { paragraph: plainText(block.paragraph) };
    if ("heading" in block) return { heading: plainText(block.text) };
    return { list: block.list.map(plainText) };
  });
}

/** The PDFs the studies print: every study's, but one with a `link` to its product's site. */
export function caseStudyDocuments(studies: CaseStudy[]): CaseStudyDocument[] {
  return studies
    .filter((study) => !study.link)
    .map((study) => ({
      slug: study.slug,
      path: caseStudyPdfPath(study),
      title: study.title,
      subtitle: study.subtitle,
      challenge: printedBlocks(study.body.challenge),
      solution: printedBlocks(study.body.solution),
      results: resultsOf(study).map(plainText),
    }));
}
