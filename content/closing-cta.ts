// The closing call to action that sends a visitor to /contact: the home page's, and each case study's.

import { company } from "./site.ts";

export const closingCta = {
  heading: "Ready to Transform Your Organization?" as const,
  text: `Tell us what you are trying to change. In one conversation, ${company.name} will help you name the opportunity, the risks and the fastest credible path forward.`,
  cta: "Schedule a Consultation" as const,
};
