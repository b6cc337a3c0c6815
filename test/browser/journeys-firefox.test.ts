// The spec's journeys (test/browser/journeys.ts) in Firefox.
import { launchFirefox } from "../helpers/engines/firefox.ts";
import { runJourneys } from "./journeys.ts";

runJourneys("Firefox", launchFirefox);
