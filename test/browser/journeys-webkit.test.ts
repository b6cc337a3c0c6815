// The spec's journeys (test/browser/journeys.ts) in WebKit.
import { launchWebKit } from "../helpers/engines/webkit.ts";
import { runJourneys } from "./journeys.ts";

runJourneys("WebKit", launchWebKit);
