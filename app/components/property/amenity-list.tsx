import {
  AirVent,
  Armchair,
  Baby,
  Bath,
  Bike,
  Building2,
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
  ArrowUpDown,
  Beef,
  Check,
  Anchor,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "~/lib/i18n-react";

/**
 * Icons and translations of the amenities the demo data and the admin form use (stored in
 * German, db/seed-data.ts). Unknown amenities keep their stored text and a check mark.
 */
const KNOWN_AMENITIES: Record<string, { key: string; icon: LucideIcon }> = {
  WLAN: { key: "wifi", icon: Wifi },
  Küche: { key: "kitchen", icon: CookingPot },
  Pool: { key: "pool", icon: Waves },
  Terrasse: { key: "terrace", icon: Armchair },
  Dachterrasse: { key: "roofTerrace", icon: Building2 },
  Balkon: { key: "balcony", icon: Sun },
  Garten: { key: "garden", icon: Flower2 },
  Grill: { key: "grill", icon: Beef },
  Klimaanlage: { key: "airConditioning", icon: AirVent },
  Sauna: { key: "sauna", icon: ThermometerSun },
  Whirlpool: { key: "hotTub", icon: Bath },
  Kamin: { key: "fireplace", icon: Flame },
  "Haustiere erlaubt": { key: "pets", icon: PawPrint },
  Meerblick: { key: "seaView", icon: Waves },
  Bergblick: { key: "mountainView", icon: Mountain },
  Strandnähe: { key: "beach", icon: TreePalm },
  Seezugang: { key: "lakeAccess", icon: Sailboat },
  Bootssteg: { key: "jetty", icon: Anchor },
  Waschmaschine: { key: "washingMachine", icon: WashingMachine },
  Geschirrspüler: { key: "dishwasher", icon: Utensils },
  Parkplatz: { key: "parking", icon: CircleParking },
  Kinderbett: { key: "crib", icon: Baby },
  Fahrradverleih: { key: "bikes", icon: Bike },
  "Smart-TV": { key: "tv", icon: Tv },
  Skiraum: { key: "skiRoom", icon: MountainSnow },
  Aufzug: { key: "elevator", icon: ArrowUpDown },
  Arbeitsplatz: { key: "workspace", icon: Laptop },
  Kaffeemaschine: { key: "coffee", icon: Coffee },
  "Ladestation für E-Autos": { key: "evCharger", icon: EvCharger },
};

/** The amenities of a property, each with its icon (a check mark where none is known). */
export function AmenityList({ amenities }: { amenities: string[] }) {
  const { t } = useTranslation();
  if (amenities.length === 0) return <p className="text-slate-600">{t("property.noAmenities")}</p>;
  return (
    <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="amenities">
      {amenities.map((amenity) => {
        const known = KNOWN_AMENITIES[amenity];
        const Icon = known?.icon ?? Check;
        return (
          <li key={amenity} className="flex items-center gap-3 text-slate-800">
            <Icon aria-hidden className="size-5 shrink-0 text-secondary" />
            {known ? t(`property.amenityNames.${known.key}`) : amenity}
          </li>
        );
      })}
    </ul>
  );
}
