// Writes the PDF of every downloadable case study from the same data as /case-studies, so the
// documents can never drift from the page: what each prints comes from the page bundle
// (components/case-study-documents.ts). Printed PDFs are cached; pdf-lib loads only on a miss.
import { mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { CaseStudyDocument } from "../../components/case-study-documents.ts";
import { writeIfChanged } from "../outputs/output.ts";
import { keyOf } from "../state/key.ts";
import { cached } from "../state/store.ts";
import type { Firm } from "./pdf-layout.ts";

const printer = new URL("./pdf-layout.ts", import.meta.url);

export async function writeCaseStudyPdfs(documents: CaseStudyDocument[], firm: Firm, siteUrl: string, buildDate: Date, outDir: string): Promise<string[]> {
  const printerSource = await readFile(printer);
  // The same text printed by another pdf-lib is other bytes: its version is part of the key.
  const pdfLib = JSON.parse(await readFile("node_modules/pdf-lib/package.json", "utf8")).version as string;
  return Promise.all(
    documents.map(async (study) => {
      const { path } = study;
      // The same study, address, date and generator always print the same bytes.
      const key = keyOf(JSON.stringify([study, firm, siteUrl, buildDate.toISOString(), pdfLib]), printerSource);
      const bytes = await cached("pdfs", key, "pdf", () =>
        import("./pdf-layout.ts")
          .then(({ caseStudyPdf }) => caseStudyPdf(study, firm, siteUrl, buildDate))
          .catch((error: Error) => {
            throw new Error(`content/case-studies/${study.slug}.md cannot be printed to PDF (${error.message}); keep its text to Windows-1252 characters`);
          }),
      );
      const file = join(outDir, path);
      await mkdir(dirname(file), { recursive: true });
      await writeIfChanged(file, bytes);
      return path;
    }),
  );
}
