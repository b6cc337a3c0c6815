// The two packages ship JavaScript without types: the little this project uses of them, typed.
declare module "@adobe/structured-data-validator" {
  export default class Validator {
    constructor(schemaOrgJson: object);
    validate(extracted: unknown): Promise<unknown[]>;
  }
}

declare module "@marbec/web-auto-extractor" {
  export default class WebAutoExtractor {
    constructor(options: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): unknown;
  }
}
