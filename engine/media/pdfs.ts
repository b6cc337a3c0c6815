// Each downloadable case study's PDF, from what the page bundle prints for it (components/case-study-documents.ts).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { PDFFont } from "pdf-lib";
import type { CaseStudyDocument, PrintedBlock } from "../../components/case-study-documents.ts";
import type { Site } from "../../content/collections.ts";
import { writeIfChanged } from "../outputs/output.ts";
import { keyOf } from "../state/key.ts";
import { cached } from "../state/store.ts";

type Firm = Site["company"];

const PAGE = { width: 612, height: 792, margin: 56 };

function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const longer = `${lines.at(-1)} ${word}`;
    if (lines.length && font.widthOfTextAtSize(longer, size) <= maxWidth) lines[lines.length - 1] = longer;
    else lines.push(word);
  }
  return lines;
}

/** pdf-lib is loaded at the first PDF printed, never on a cache hit: its single-file build loads in a third of the time. */
async function caseStudyPdf(study: CaseStudyDocument, firm: Firm, siteUrl: string, buildDate: Date): Promise<Uint8Array> {
  const { PDFDocument, rgb, StandardFonts } = createRequire(import.meta.url)("pdf-lib/dist/pdf-lib.min.js") as typeof import("pdf-lib");
  const [TEAL, AMBER, INK, MUTED] = [rgb(0.043, 0.31, 0.286), rgb(0.961, 0.62, 0.043), rgb(0.11, 0.13, 0.15), rgb(0.36, 0.4, 0.44)];
  const doc = await PDFDocument.create();
  doc.setTitle(`${study.title} | ${firm.name}`);
  doc.setAuthor(firm.name);
  doc.setSubject(study.subtitle);
  doc.setCreator(firm.name);
  doc.setProducer(firm.name);
  doc.setCreationDate(buildDate);
  doc.setModificationDate(buildDate);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  const addPage = () => {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    page.drawRectangle({ x: 0, y: PAGE.height - 8, width: PAGE.width, height: 8, color: TEAL });
    page.drawText(`${firm.name}  |  Case Study`, { x: PAGE.margin, y: 30, size: 8, font: regular, color: MUTED });
    return page;
  };
  let page = addPage();
  let y = PAGE.height - 150;
  const ensure = (height: number) => {
    if (y - height > 60) return;
    page = addPage();
    y = PAGE.height - PAGE.margin;
  };
  const heading = (text: string) => {
    ensure(40);
    y -= 32;
    page.drawRectangle({ x: PAGE.margin, y: y + 15, width: 18, height: 3, color: AMBER }); // a rule above the heading
    page.drawText(text, { x: PAGE.margin, y, size: 13, font: bold, color: TEAL });
    y -= 20;
  };
  const paragraph = (text: string, size = 11, color = INK, indent = 0) => {
    for (const line of wrapText(text, regular, size, width - indent)) {
      ensure(size + 6);
      page.drawText(line, { x: PAGE.margin + indent, y, size, font: regular, color });
      y -= size + 5;
    }
    y -= 6;
  };
  const bullet = (text: string) => {
    ensure(20);
    page.drawCircle({ x: PAGE.margin + 4, y: y + 4, size: 2.5, color: AMBER });
    paragraph(text, 11, INK, 16);
    y += 2;
  };
  const blocks = (section: PrintedBlock[]) => {
    for (const block of section) {
      if ("paragraph" in block) paragraph(block.paragraph);
      else if ("list" in block) block.list.forEach(bullet);
      else {
        ensure(30);
        page.drawText(block.heading, { x: PAGE.margin, y, size: 11, font: bold, color: INK });
        y -= 17;
      }
    }
  };
  page.drawRectangle({ x: 0, y: PAGE.height - 120, width: PAGE.width, height: 112, color: TEAL });
  page.drawText(firm.name.toUpperCase(), { x: PAGE.margin, y: PAGE.height - 48, size: 10, font: bold, color: AMBER });
  page.drawText(siteUrl.replace(/^https?:\/\//, ""), { x: PAGE.margin, y: PAGE.height - 62, size: 8, font: regular, color: rgb(0.8, 0.9, 0.88) });
  for (const [i, line] of wrapText(study.title, bold, 20, width).slice(0, 2).entries())
    page.drawText(line, { x: PAGE.margin, y: PAGE.height - 88 - 22 * i, size: 20, font: bold, color: rgb(1, 1, 1) });
  paragraph(study.subtitle, 11, MUTED);
  heading("Challenge");
  blocks(study.challenge);
  heading("Solution");
  blocks(study.solution);
  heading("Results");
  study.results.forEach(bullet);
  heading(`Work with ${firm.name}`);
  paragraph(`To discuss a similar engagement, write to ${firm.email} or visit ${siteUrl}/contact.`);
  return doc.save();
}

export async function writeCaseStudyPdfs(documents: CaseStudyDocument[], firm: Firm, siteUrl: string, buildDate: Date, outDir: string): Promise<string[]> {
  // The same text printed by another layout (this file) or pdf-lib is other bytes.
  const printer = await readFile(new URL(import.meta.url));
  const pdfLib = JSON.parse(await readFile("node_modules/pdf-lib/package.json", "utf8")).version as string;
  return Promise.all(
    documents.map(async (study) => {
      const key = keyOf(JSON.stringify([study, firm, siteUrl, buildDate.toISOString(), pdfLib]), printer);
      const bytes = await cached("pdfs", key, "pdf", () =>
        caseStudyPdf(study, firm, siteUrl, buildDate).catch((error: Error) => {
          throw new Error(`content/case-studies/${study.slug}.md cannot be printed to PDF (${error.message}); keep its text to Windows-1252 characters`);
        }),
      );
      await writeIfChanged(join(outDir, study.path), bytes);
      return study.path;
    }),
  );
}
