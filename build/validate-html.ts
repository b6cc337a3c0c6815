// Every page must be valid HTML (html-validate, configured in .htmlvalidate.json to accept React's output).
import { readFileSync } from "node:fs";
import { HtmlValidate, StaticConfigLoader, formatterFactory, type ConfigData } from "html-validate";

export interface HtmlFile {
  file: string;
  html: string;
}

/** The text of each invalid page's report; empty when every page is valid. */
export async function validateHtml(pages: HtmlFile[]): Promise<string[]> {
  // One config for the whole site, read once (searching for it beside every file costs ~300 ms).
  const config = JSON.parse(readFileSync(".htmlvalidate.json", "utf8")) as ConfigData;
  const validator = new HtmlValidate(new StaticConfigLoader(config));
  const text = formatterFactory("text");
  const problems: string[] = [];
  for (const { file, html } of pages) {
    const report = await validator.validateString(html, file);
    if (!report.valid) problems.push(text(report.results));
  }
  return problems;
}
