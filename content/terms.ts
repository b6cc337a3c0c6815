import site from "./site.yaml";
import type { Policy } from "./types.ts";

const { company, memoryProduct, newsletter } = site;

export const termsOfService: Policy = {
  title: site.policyTitles.terms,
  intro: `These terms govern your use of this website, operated by ${company.legalName}. Please read them carefully; by using the site you agree to them.`,
  sections: [
    {
      heading: "Acceptance of Terms",
      paragraphs: [
        `By accessing or using this website you agree to these Terms & Conditions and to our Privacy Policy. If you do not agree, please do not use the site. "${company.name}," "we" and "us" refer to ${company.legalName}.`,
      ],
    },
    {
      heading: "Our Services",
      paragraphs: [
        `The descriptions of our services, packages, prices and timelines on this site are for general information only and are not an offer that can be accepted. Any engagement with ${company.name} is governed by a separate written statement of work (SOW) signed by both parties. If these terms conflict with an SOW, the SOW controls for that engagement.`,
      ],
    },
    {
      heading: "Fees and Payment",
      paragraphs: [
        `Fees, milestones and expenses for each engagement are set out in its SOW. Unless the SOW says otherwise, invoices are due net 30 days from the invoice date. We may pause work on an engagement while an invoice is past due.`,
      ],
    },
    {
      heading: "Intellectual Property",
      paragraphs: [
        `The content of this site, including text, graphics, logos, case studies and design, is owned by ${company.legalName} or its licensors and is protected by copyright and trademark law. You may not copy, modify or republish it without our written permission, except as these terms allow.`,
        `Ownership of and rights to deliverables created for a client are defined in that client's SOW.`,
      ],
    },
    {
      heading: "Case Study Downloads",
      paragraphs: [
        `Case studies available for download are provided for your personal or internal business use. You may share them within your organization, but you may not sell them, republish them or present them as your own work.`,
      ],
    },
    {
      heading: "Newsletter",
      paragraphs: [
        `Our ${newsletter.cadence} newsletter, "${newsletter.name}," is published on Substack and is also subject to Substack's terms. Newsletter content is educational and does not create a consulting relationship. You can unsubscribe at any time.`,
      ],
    },
    {
      heading: "Acceptable Use",
      paragraphs: [`When using this site, you agree not to:`],
      list: [
        "Break any law or infringe anyone's rights",
        "Submit false, misleading or spam content through our forms",
        "Try to gain unauthorized access to the site or its systems",
        "Scrape the site in bulk or disrupt its operation",
        "Upload or transmit malware or other harmful code",
      ],
    },
    {
      heading: "Third-Party Links",
      paragraphs: [
        `This site links to websites we do not control, such as the ${memoryProduct.name} product site, LinkedIn, Twitter and Substack. We are not responsible for their content, policies or practices, and your use of them is governed by their own terms.`,
      ],
    },
    {
      heading: "Confidentiality",
      paragraphs: [
        `Please do not send confidential or sensitive information through our contact form. Information you send before an engagement is not treated as confidential unless we have signed a nondisclosure agreement. Confidentiality obligations for client work are set out in the SOW or a separate agreement.`,
      ],
    },
    {
      heading: "Disclaimers",
      paragraphs: [
        `This site and its content are provided "as is" and "as available," without warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement.`,
        `Figures on this site, such as 99.999% uptime or 20%+ ROI, describe results from past engagements. They are not guarantees or predictions of results for any future engagement, which depend on each organization's circumstances.`,
      ],
    },
    {
      heading: "Limitation of Liability",
      paragraphs: [
        `To the fullest extent permitted by law, ${company.legalName} will not be liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, data or goodwill, arising from your use of this site. Our total liability for any claim relating to the site will not exceed one hundred US dollars. Liability for client engagements is governed by the applicable SOW.`,
      ],
    },
    {
      heading: "Indemnification",
      paragraphs: [
        `You agree to indemnify and hold harmless ${company.legalName} and its owners and personnel from any claims, losses and expenses, including reasonable attorneys' fees, arising from your misuse of this site or your violation of these terms.`,
      ],
    },
    {
      heading: "Governing Law",
      paragraphs: [
        `These terms are governed by the laws of the District of Columbia, without regard to its conflict of law rules. Any dispute relating to these terms or this site will be brought in the courts of the District of Columbia (the Superior Court of the District of Columbia and the District of Columbia Court of Appeals) or in the United States District Court for the District of Columbia, and you consent to their jurisdiction.`,
      ],
    },
    {
      heading: "Changes and Contact",
      paragraphs: [
        `We may update these terms from time to time by posting a revised version on this page. Changes take effect when posted, and your continued use of the site means you accept them.`,
        `Questions about these terms can be sent to ${company.email}.`,
      ],
    },
  ],
};
