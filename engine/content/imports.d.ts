// What a page gets when it imports a content file: the data its collection's schema describes
// (content/collections.ts), checked and with its {{ tokens }} filled in by engine/content/modules.ts.

declare module "*/site.yaml" {
  const site: import("../../content/collections.ts").Site;
  export default site;
}
declare module "*/services.yaml" {
  const services: import("../../content/collections.ts").Services;
  export default services;
}
declare module "*/redirects.yaml" {
  const redirects: import("../../content/collections.ts").Redirect[];
  export default redirects;
}
declare module "*/case-studies" {
  /** Every case study, in the order their `order` fields give. */
  const caseStudies: import("../../content/collections.ts").CaseStudy[];
  export default caseStudies;
}
declare module "*/home.yaml" {
  const home: import("../../content/collections.ts").Home;
  export default home;
}
declare module "*/about.yaml" {
  const about: import("../../content/collections.ts").About;
  export default about;
}
declare module "*/contact.yaml" {
  const contact: import("../../content/collections.ts").Contact;
  export default contact;
}
declare module "*/bio.md" {
  const bio: import("../../content/collections.ts").Bio;
  export default bio;
}
declare module "*/privacy.md" {
  const privacy: import("../../content/collections.ts").Privacy;
  export default privacy;
}
declare module "*/terms.md" {
  const terms: import("../../content/collections.ts").Policy;
  export default terms;
}

// An image: its address and size (engine/media/image-modules.ts), for <Picture>.
declare module "*.svg" {
  const image: import("../../content/collections.ts").ImageFile;
  export default image;
}
declare module "*.jpg" {
  const image: import("../../content/collections.ts").ImageFile;
  export default image;
}
declare module "*.jpeg" {
  const image: import("../../content/collections.ts").ImageFile;
  export default image;
}
declare module "*.png" {
  const image: import("../../content/collections.ts").ImageFile;
  export default image;
}
declare module "*.webp" {
  const image: import("../../content/collections.ts").ImageFile;
  export default image;
}
