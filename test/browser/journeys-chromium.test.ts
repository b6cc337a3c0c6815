// The spec's journeys (test/browser/journeys.ts) in Chromium.
import { launchChromium } from "../helpers/engines/chromium.ts";
import { runJourneys } from "./journeys.ts";

runJourneys("Chromium", launchChromium);
