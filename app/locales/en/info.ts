import type de from "../de/info";

const info: typeof de = {
  offers: {
    empty: "No current offers",
    listLabel: "Current offers",
    regularPrice: "Regular price",
    offerPrice: "Offer price",
    discount: "−{{percent}}%",
    discountLabel: "{{percent}}% off",
    validUntil: "valid until {{date}}",
    view: "View offer",
    viewLabel: "View offer: {{title}}",
    browseAll: "View all properties",
  },
  about: {
    figuresNote: "Operator's figure",
    propertiesLabel: "Properties",
    propertiesNote: "bookable now, live from our portfolio",
    company: "Company",
    address: "Address",
    phone: "Phone",
    email: "E-mail",
    contact: "Get in touch",
    imprint: "Legal notice",
  },
  imprint: {
    heading: "Legal notice (Impressum)",
    legalBasis: "Information pursuant to § 5 DDG (German Digital Services Act)",
    representedBy: "Represented by",
    representative: "Authorised representative",
    contact: "Contact",
    phone: "Phone",
    email: "E-mail",
    register: "Commercial register",
    registerCourt: "Register court",
    registration: "Registration number",
    tax: "Tax information",
    vatId: "VAT identification number pursuant to § 27 a of the German VAT Act",
    taxId: "Tax number",
    warningTitle: "Legal notice incomplete",
    warningText:
      "These mandatory details are still empty or contain the placeholders of the default settings. Please enter the real company details before the website goes public:",
    warningLink: "Go to settings",
    warningAdminOnly: "Only administrators can see this notice.",
  },
  payments: {
    listLabel: "Payment methods",
    available: "Available",
    unavailable: "Currently unavailable",
    contact: "Questions about payment? Get in touch",
  },
};

export default info;
