// A structured-data validator from the npm registry, offline: @adobe/structured-data-validator checks
// Google's rich-result rules and every property against the schema.org vocabulary, which it would
// fetch from schema.org; here it reads the vocabulary a package ships (schemaorg-jsonld, in its
// expanded JSON-LD form, turned into the compact form the validator reads). The page's data is
// extracted as search engines extract it (@marbec/web-auto-extractor, the validator's companion).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";

const RDFS = "http://www.w3.org/2000/01/rdf-schema#";
const RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
const SCHEMA = "http://schema.org/";

interface ExpandedEntity {
  "@id": string;
  "@type"?: string[];
  [property: string]: unknown;
}

const require = createRequire(import.meta.url);
const compact = (iri: string) => iri.replace(SCHEMA, "schema:");
const ids = (values: unknown) => ((values as { "@id": string }[] | undefined) ?? []).map((value) => ({ "@id": compact(value["@id"]) }));

/** schema.org's classes and properties, as the validator reads them. */
function vocabulary(): { "@graph": object[] } {
  const expanded = JSON.parse(readFileSync(require.resolve("schemaorg-jsonld/schema.json"), "utf8")) as ExpandedEntity[];
  const graph = expanded.flatMap((entity): object[] => {
    const types = entity["@type"] ?? [];
    if (types.includes(`${RDFS}Class`)) return [{ "@id": compact(entity["@id"]), "@type": "rdfs:Class", "rdfs:subClassOf": ids(entity[`${RDFS}subClassOf`]) }];
    if (types.includes(`${RDF}Property`))
      return [{ "@id": compact(entity["@id"]), "@type": "rdf:Property", "schema:domainIncludes": ids(entity[`${SCHEMA}domainIncludes`]) }];
    return [];
  });
  return { "@graph": graph };
}

export interface StructuredDataIssue {
  severity: "ERROR" | "WARNING";
  issueMessage: string;
  rootType?: string;
}

let validator: InstanceType<typeof Validator> | undefined;

/** Every error and warning the validator finds in a page's structured data (JSON-LD, microdata, RDFa). */
export async function structuredDataIssues(html: string): Promise<StructuredDataIssue[]> {
  validator ??= new Validator(vocabulary());
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] }).parse(html);
  return (await validator.validate(extracted)) as StructuredDataIssue[];
}
