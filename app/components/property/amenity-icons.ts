/**
 * The icons of the amenities the demo data and the admin form use (stored in German,
 * db/seed-data.ts), by the amenity's translation key (`property.amenityNames.<key>`), which is
 * also the icon's id in the sprite (amenity-icons.svg). Only the sprite's generator and its test
 * import this module: the browser gets the icons as one cached SVG file, not as 30 components in
 * the property page's JavaScript (issue 16 point 3, decision 043).
 */
import {
  AirVent,
  Anchor,
  ArrowUpDown,
  Armchair,
  Baby,
  Bath,
  Beef,
  Bike,
  Building2,
  Check,
  CircleParking,
  Coffee,
  CookingPot,
  EvCharger,
  Flame,
  Flower2,
  Laptop,
  Mountain,
  MountainSnow,
  PawPrint,
  Sailboat,
  Sun,
  ThermometerSun,
  TreePalm,
  Tv,
  Utensils,
  WashingMachine,
  Waves,
  Wifi,
  type LucideIcon,
} from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export const AMENITY_ICONS: Record<string, LucideIcon> = {
  wifi: Wifi,
  kitchen: CookingPot,
  pool: Waves,
  terrace: Armchair,
  roofTerrace: Building2,
  balcony: Sun,
  garden: Flower2,
  grill: Beef,
  airConditioning: AirVent,
  sauna: ThermometerSun,
  hotTub: Bath,
  fireplace: Flame,
  pets: PawPrint,
  seaView: Waves,
  mountainView: Mountain,
  beach: TreePalm,
  lakeAccess: Sailboat,
  jetty: Anchor,
  washingMachine: WashingMachine,
  dishwasher: Utensils,
  parking: CircleParking,
  crib: Baby,
  bikes: Bike,
  tv: Tv,
  skiRoom: MountainSnow,
  elevator: ArrowUpDown,
  workspace: Laptop,
  coffee: Coffee,
  evCharger: EvCharger,
  /** Amenities the list does not know keep their stored text and a check mark. */
  check: Check,
};

/**
 * A sprite of Lucide icons: one <symbol> per id with the paths Lucide draws (stroke and size set
 * by the page). Also writes the guests' icon sprite (scripts/icon-sprite.ts, decision 056).
 */
export function lucideSprite(icons: Iterable<readonly [string, ComponentType]>) {
  const symbols = new Map<string, string>();
  for (const [id, icon] of icons) {
    const svg = renderToStaticMarkup(createElement(icon));
    const inner = svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));
    symbols.set(id, `  <symbol id="${id}" viewBox="0 0 24 24">${inner}</symbol>\n`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${[...symbols.values()].join("")}</svg>\n`;
}

/** The amenities' sprite (amenity-icons.svg). */
export function amenitySprite() {
  return lucideSprite(Object.entries(AMENITY_ICONS));
}
