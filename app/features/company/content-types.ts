import type { PaymentMethod } from "~/features/settings/settings";

/** Shapes of the content files of /angebote, /ueber-uns, /impressum and /zahlungsmethoden. */
type PageText = { title: string; description: string };

export type OffersContent = PageText & { heading: string; intro: string };

export type AboutContent = PageText & {
  heading: string;
  intro: string;
  mission: { heading: string; paragraphs: string[] };
  /** The figures themselves are computed from the database (decision 031); only texts here. */
  figures: { heading: string; asOf: string };
  company: { heading: string; text: string };
};

export type ImprintContent = PageText & { sections: { heading: string; text: string }[] };

export type PaymentMethodsContent = PageText & {
  heading: string;
  intro: string;
  methods: Record<PaymentMethod, { description: string; points: string[] }>;
  security: { heading: string; text: string };
};
