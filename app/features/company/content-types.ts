import type { PaymentMethod } from "~/features/settings/settings";

/** Shapes of the content files of /angebote, /ueber-uns, /impressum and /zahlungsmethoden. */
type PageText = { title: string; description: string };

export type OffersContent = PageText & { heading: string; intro: string };

export type AboutContent = PageText & {
  heading: string;
  intro: string;
  mission: { heading: string; paragraphs: string[] };
  /** Figures the operator maintains (customers, destinations …), shown as the operator's. */
  figures: { heading: string; asOf: string; items: { value: string; label: string }[] };
  team: { heading: string; members: { name: string; role: string; bio: string }[] };
  company: { heading: string; text: string };
};

export type ImprintContent = PageText & { sections: { heading: string; text: string }[] };

export type PaymentMethodsContent = PageText & {
  heading: string;
  intro: string;
  methods: Record<PaymentMethod, { description: string; points: string[] }>;
  security: { heading: string; text: string };
};
