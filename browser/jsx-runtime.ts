// The automatic JSX runtime for islands in the browser, as small as it can be: Preact's createElement
// already takes children from props.
import { createElement, Fragment } from "preact";

type Props = Record<string, unknown>;

export function jsx(type: Parameters<typeof createElement>[0], props: Props, key?: string | number) {
  return createElement(type, key === undefined ? props : { ...props, key });
}

export { Fragment, jsx as jsxs };
