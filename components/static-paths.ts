// What a collection's page file (pages/case-studies/[slug].tsx) exports beside its component and meta:
// getStaticPaths(), one entry per page, each with the values of the file's [parameters] and the props
// its component and meta receive (Astro's shape).

export interface StaticPath<Props extends object, Parameter extends string = "slug"> {
  /** A value for each [parameter] of the file's name: lowercase letters, digits and single hyphens. */
  params: { [name in Parameter]: string };
  /** Plain JSON: what the entry's page shows comes through these, so an edit to one entry renders that one again. */
  props: Props;
}
