// The CMS at /admin/: Decap CMS made of the parts this site uses, bundled by steps/admin.ts. Decap's own
// bundle (decap-cms) registers every backend, widget and media library it has (5.2 MB); this one
// registers the two backends the site signs in to (the dev server's local backend, GitHub) and the
// widgets steps/cms-config.ts may write into the configuration (shared/cms-widgets.ts), 3.0 MB, so the
// firm's browser has less to compile before the collections show. Decap's WebP conversion of uploads
// (media_processing) finds its WebAssembly from its own module's address, which this one script has not:
// the configuration does not turn it on, and would need this bundled as ES modules with their chunks first.
import createClass from "create-react-class";
import { GitHubBackend } from "decap-cms-backend-github";
import { ProxyBackend } from "decap-cms-backend-proxy";
import { DecapCmsCore as CMS, type CmsWidgetParam } from "decap-cms-core";
import image from "decap-cms-editor-component-image";
import { en } from "decap-cms-locales";
import boolean from "decap-cms-widget-boolean";
import datetime from "decap-cms-widget-datetime";
import imageWidget from "decap-cms-widget-image";
import list from "decap-cms-widget-list";
import markdown from "decap-cms-widget-markdown";
import number from "decap-cms-widget-number";
import object from "decap-cms-widget-object";
import select from "decap-cms-widget-select";
import string from "decap-cms-widget-string";
import text from "decap-cms-widget-text";
import { createElement } from "react";
import type { CmsWidget } from "../shared/cms-widgets.ts";

/** Each widget the configuration may name, by its name there. */
const WIDGETS: Record<CmsWidget, { Widget(): CmsWidgetParam }> = {
  boolean,
  datetime,
  image: imageWidget,
  list,
  markdown,
  number,
  object,
  select,
  string,
  text,
};

CMS.registerBackend("proxy", ProxyBackend);
CMS.registerBackend("github", GitHubBackend);
for (const widget of Object.values(WIDGETS)) CMS.registerWidget(widget.Widget());
CMS.registerEditorComponent(image);
CMS.registerLocale("en", en);

// What Decap's own bundle leaves on window, which browser/cms-preview.ts uses to register the preview.
Object.assign(window, { CMS, createClass, h: createElement });
CMS.init();
