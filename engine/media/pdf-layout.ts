// Prints one case study into a branded PDF (Letter, Helvetica, the firm's colours).
import { createRequire } from "node:module";
import type { PDFDocument as Document, PDFFont, PDFPage } from "pdf-lib";
import type { CaseStudyDocument, PrintedBlock } from "../../components/case-study-documents.ts";
import type { Site } from "../../content/collections.ts";

// pdf-lib's single-file build: the same code as its package's main (158 CommonJS files), loaded in a
// third of the time.
const { PDFDocument, rgb, StandardFonts } = createRequire(import.meta.url)("pdf-lib/dist/pdf-lib.min.js") as typeof import("pdf-lib");

/** The firm's facts the document prints: passed in, so a dev server prints what was just saved. */
export type Firm = Site["company"];

const PAGE = { width: 612, height: 792, margin: 56 };
const TEAL = rgb(0.043, 0.31, 0.286);
const AMBER = rgb(0.961, 0.62, 0.043);
const INK = rgb(0.11, 0.13, 0.15);
const MUTED = rgb(0.36, 0.4, 0.44);

/** Splits text into lines that fit maxWidth at this size. */
function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: Document,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly firm: Firm,
  ) {
    this.page = this.addPage();
    this.y = PAGE.height - 150;
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    page.drawRectangle({ x: 0, y: PAGE.height - 8, width: PAGE.width, height: 8, color: TEAL });
    page.drawText(`${this.firm.name}  |  Case Study`, { x: PAGE.margin, y: 30, size: 8, font: this.fonts.regular, color: MUTED });
    return page;
  }

  private ensure(height: number): void {
    if (this.y - height > 60) return;
    this.page = this.addPage();
    this.y = PAGE.height - PAGE.margin;
  }

  header(study: CaseStudyDocument, siteUrl: string): void {
    const { page, fonts } = this;
    page.drawRectangle({ x: 0, y: PAGE.height - 120, width: PAGE.width, height: 112, color: TEAL });
    page.drawText(this.firm.name.toUpperCase(), { x: PAGE.margin, y: PAGE.height - 48, size: 10, font: fonts.bold, color: AMBER });
    page.drawText(siteUrl.replace(/^https?:\/\//, ""), { x: PAGE.margin, y: PAGE.height - 62, size: 8, font: fonts.regular, color: rgb(0.8, 0.9, 0.88) });
    let y = PAGE.height - 88;
    for (const line of wrapText(study.title, fonts.bold, 20, PAGE.width - 2 * PAGE.margin).slice(0, 2)) {
      page.drawText(line, { x: PAGE.margin, y, size: 20, font: fonts.bold, color: rgb(1, 1, 1) });
      y -= 22;
    }
    this.paragraph(study.subtitle, { size: 11, color: MUTED });
  }

  heading(text: string): void {
    this.ensure(40);
    this.y -= 14;
    this.page.drawRectangle({ x: PAGE.margin, y: this.y - 3, width: 18, height: 3, color: AMBER });
    this.y -= 18;
    this.page.drawText(text, { x: PAGE.margin, y: this.y, size: 13, font: this.fonts.bold, color: TEAL });
    this.y -= 20;
  }

  paragraph(text: string, { size = 11, color = INK, indent = 0 } = {}): void {
    for (const line of wrapText(text, this.fonts.regular, size, PAGE.width - 2 * PAGE.margin - indent)) {
      this.ensure(size + 6);
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font: this.fonts.regular, color });
      this.y -= size + 5;
    }
    this.y -= 6;
  }

  /** A section's blocks: a heading within it in bold type, a list as bullets. */
  blocks(blocks: PrintedBlock[]): void {
    for (const block of blocks) {
      if ("paragraph" in block) this.paragraph(block.paragraph);
      else if ("heading" in block) this.subheading(block.heading);
      else for (const item of block.list) this.bullet(item);
    }
  }

  subheading(text: string): void {
    this.ensure(30);
    this.page.drawText(text, { x: PAGE.margin, y: this.y, size: 11, font: this.fonts.bold, color: INK });
    this.y -= 17;
  }

  bullet(text: string): void {
    this.ensure(20);
    this.page.drawCircle({ x: PAGE.margin + 4, y: this.y + 4, size: 2.5, color: AMBER });
    this.paragraph(text, { indent: 16 });
    this.y += 2;
  }
}

export async function caseStudyPdf(study: CaseStudyDocument, firm: Firm, siteUrl: string, buildDate: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${study.title} | ${firm.name}`);
  doc.setAuthor(firm.name);
  doc.setSubject(study.subtitle);
  doc.setCreator(firm.name);
  doc.setProducer(firm.name);
  doc.setCreationDate(buildDate);
  doc.setModificationDate(buildDate);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const writer = new Writer(doc, fonts, firm);
  writer.header(study, siteUrl);
  writer.heading("Challenge");
  writer.blocks(study.challenge);
  writer.heading("Solution");
  writer.blocks(study.solution);
  writer.heading("Results");
  for (const result of study.results) writer.bullet(result);
  writer.heading(`Work with ${firm.name}`);
  writer.paragraph(`To discuss a similar engagement, write to ${firm.email} or visit ${siteUrl}/contact.`);
  return doc.save();
}
