// What islands import from "react", served by Preact in the browser (esbuild aliases "react" here).
// Only what the islands use: the whole of preact/compat would cost several KB more.
export { createContext } from "preact";
export { useContext, useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
