// What a page gets when it imports a content file: the data its collection's schema describes
// (content/collections.ts), checked and with its {{ tokens }} filled in by steps/content.ts.

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

// What a page gets when it imports an image: its address and size (steps/image-modules.ts), for <Picture>.
declare module "*.svg" {
  const image: import("./collections.ts").ImageFile;
  export default image;
}

declare module "*.jpg" {
  const image: import("./collections.ts").ImageFile;
  export default image;
}

declare module "*.jpeg" {
  const image: import("./collections.ts").ImageFile;
  export default image;
}

declare module "*.png" {
  const image: import("./collections.ts").ImageFile;
  export default image;
}

declare module "*.webp" {
  const image: import("./collections.ts").ImageFile;
  export default image;
}
