// The CMS at /admin/: Decap CMS made of the parts this site uses, bundled by engine/outputs/admin.ts. Decap's own
// bundle (decap-cms) registers every backend, widget and media library it has (5.2 MB); this one
// registers the two backends the site signs in to (the dev server's local backend, GitHub) and the
// widgets of Decap's that engine/content/cms-config.ts may write into the configuration (shared/cms-widgets.ts),
// 3.0 MB, so the firm's browser has less to compile before the collections show. It leaves starting the CMS
// to the site's part (browser/cms-site.ts), which registers what knows this site's content first. Decap's WebP conversion of uploads
// (media_processing) finds its WebAssembly from its own module's address, which this one script has not:
// the configuration does not turn it on, and would need this bundled as ES modules with their chunks first.
import createClass from "create-react-class";
import { GitHubBackend } from "decap-cms-backend-github";
import { ProxyBackend } from "decap-cms-backend-proxy";
import { DecapCmsCore as CMS, type CmsWidgetParam } from "decap-cms-core";
import image from "decap-cms-editor-component-image";
import { en } from "decap-cms-locales";
import boolean from "decap-cms-widget-boolean";
import imageWidget from "decap-cms-widget-image";
import list from "decap-cms-widget-list";
import markdown from "decap-cms-widget-markdown";
import object from "decap-cms-widget-object";
import select from "decap-cms-widget-select";
import string from "decap-cms-widget-string";
import text from "decap-cms-widget-text";
import React, { createElement } from "react";
import type { DECAP_WIDGETS } from "../shared/cms-widgets.ts";

/** Each of Decap's widgets the configuration may name, by its name there. */
const WIDGETS: Record<(typeof DECAP_WIDGETS)[number], { Widget(): CmsWidgetParam }> = {
  boolean,
  image: imageWidget,
  list,
  markdown,
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

// What Decap's own bundle leaves on window, and its React: the site's part of the CMS (browser/cms-site.ts,
// made with each build) registers its format, widgets, checks and previews with them, then starts the CMS.
Object.assign(window, { CMS, createClass, h: createElement, React });
