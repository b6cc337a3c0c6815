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
