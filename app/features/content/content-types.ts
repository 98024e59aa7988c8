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

/**
 * Editorial text about a country, shown on its region page only while the operator has
 * published properties there (decision 031). Which countries appear, their counts and prices
 * come from the database, never from here.
 */
export type DestinationNote = {
  /** The country as stored on properties (German by convention, e.g. "Italien"). */
  country: string;
  text: string;
};
export type DestinationsContent = {
  regions: Record<Region, PageIntro & { notes: DestinationNote[] }>;
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
  highlights: string[];
};
export type TravelPackagesContent = PageIntro & {
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
