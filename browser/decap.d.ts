// The Decap CMS packages browser/cms.ts registers, which ship no types of their own.
declare module "decap-cms-widget-*" {
  const widget: { Widget(): import("decap-cms-core").CmsWidgetParam };
  export default widget;
}
declare module "decap-cms-backend-github" {
  export const GitHubBackend: unknown;
}
declare module "decap-cms-backend-proxy" {
  export const ProxyBackend: unknown;
}
declare module "decap-cms-editor-component-image" {
  const image: import("decap-cms-core").EditorComponentOptions;
  export default image;
}
declare module "decap-cms-locales" {
  export const en: Record<string, unknown>;
}
declare module "create-react-class" {
  const createClass: (spec: object) => unknown;
  export default createClass;
}
