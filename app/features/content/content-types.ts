import type { ProseBlock, ProseSectionContent } from "~/components/content/prose";
import type { FaqCategory } from "./faq";

/**
 * Shapes of the JSON content files (`content/<language>/<page>.json`; both languages have the
 * same shape). Prices are whole euros as the operator writes them; ratings are editorial or
 * partner data and are labelled as such on the page.
 */
type PageIntro = { title: string; description: string; intro: string };
type Cta = { title: string; text: string };
export type QuestionAnswer = { question: string; answer: string };

export const REGIONS = ["europa", "asien", "amerika", "afrika"] as const;
export type Region = (typeof REGIONS)[number];

export type Destination = {
  title: string;
  /** Shown on the card in the page's language. */
  country: string;
  /** The country as stored in `property.location` (German), used for the search link. */
  searchLocation: string;
  description: string;
  /** Editorial rating of the destination, 1–5. */
  rating: number;
  priceFrom: number;
  duration: string;
};
export type DestinationsContent = {
  ratingNote: string;
  regions: Record<Region, PageIntro & { destinations: Destination[] }>;
};

export type BookingProcessContent = PageIntro & {
  stepsTitle: string;
  steps: { title: string; text: string }[];
  cta: Cta;
};

export type FaqContent = PageIntro & { categories: FaqCategory[]; cta: Cta };

export type TravelPackage = {
  id: string;
  title: string;
  isBestseller: boolean;
  description: string;
  duration: string;
  groupSize: string;
  rating: number;
  reviewCount: number;
  highlights: string[];
  priceFrom: number;
};
export type TravelPackagesContent = PageIntro & {
  ratingNote: string;
  packages: TravelPackage[];
  cta: Cta;
};

export type PartnerHotel = {
  id: string;
  name: string;
  location: string;
  /** Official hotel category (stars), not a guest rating. */
  category: number;
  description: string;
  amenities: string[];
  priceFrom: number;
};
export type HotelBookingContent = PageIntro & {
  searchTitle: string;
  searchIntro: string;
  hotelsTitle: string;
  hotelsIntro: string;
  hotels: PartnerHotel[];
};

export type SampleFlight = {
  id: string;
  airline: string;
  flightNumber: string;
  from: string;
  to: string;
  schedule: string;
  duration: string;
  stops: string;
  priceFrom: number;
};
export type FlightBookingContent = PageIntro & {
  formTitle: string;
  formIntro: string;
  flightsTitle: string;
  flightsIntro: string;
  flights: SampleFlight[];
  priceNote: string;
};

export type InsurancePlan = {
  id: string;
  name: string;
  price: number;
  isRecommended: boolean;
  summary: string;
  features: string[];
};
export type TravelInsuranceContent = PageIntro & {
  plansTitle: string;
  plans: InsurancePlan[];
  benefitsTitle: string;
  benefits: { title: string; text: string }[];
  faqTitle: string;
  faq: QuestionAnswer[];
  note: string;
  cta: Cta;
};

export type LegalContent = {
  title: string;
  description: string;
  updated: string;
  intro: ProseBlock[];
  sections: (ProseSectionContent & { showsController?: boolean })[];
  cta: Cta;
};
