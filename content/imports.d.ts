// What a page gets when it imports a content file: its checked data, tokens filled (engine/content/modules.ts).

declare module "*/site.yaml" {
  const site: import("./collections.ts").Site;
  export default site;
}
declare module "*/services.yaml" {
  const services: import("./collections.ts").Services;
  export default services;
}
declare module "*/redirects.yaml" {
  const redirects: import("./collections.ts").Redirect[];
  export default redirects;
}
declare module "*/case-studies" {
  /** Every case study, in the order their `order` fields give. */
  const caseStudies: import("./collections.ts").CaseStudy[];
  export default caseStudies;
}
declare module "*/home.yaml" {
  const home: import("./collections.ts").Home;
  export default home;
}
declare module "*/about.yaml" {
  const about: import("./collections.ts").About;
  export default about;
}
declare module "*/contact.yaml" {
  const contact: import("./collections.ts").Contact;
  export default contact;
}
declare module "*/bio.md" {
  const bio: import("./collections.ts").Bio;
  export default bio;
}
declare module "*/privacy.md" {
  const privacy: import("./collections.ts").Privacy;
  export default privacy;
}
declare module "*/terms.md" {
  const terms: import("./collections.ts").Policy;
  export default terms;
}
