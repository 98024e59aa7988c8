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
import { AMENITY_KEYS } from "~/domain/amenity-names";

/** Icons by catalogue key (amenity-names.ts); unknown amenities get a check mark. */
const AMENITY_ICONS: Record<string, LucideIcon> = {
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
};

/** The amenities of a property, each with its icon (a check mark where none is known). */
export function AmenityList({ amenities }: { amenities: string[] }) {
  const { t } = useTranslation();
  if (amenities.length === 0) return <p className="text-slate-600">{t("property.noAmenities")}</p>;
  return (
    <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="amenities">
      {amenities.map((amenity) => {
        const key = AMENITY_KEYS[amenity];
        const Icon = (key && AMENITY_ICONS[key]) || Check;
        return (
          <li key={amenity} className="flex items-center gap-3 text-slate-800">
            <Icon aria-hidden className="size-5 shrink-0 text-secondary" />
            {key ? t(`property.amenityNames.${key}`) : amenity}
          </li>
        );
      })}
    </ul>
  );
}
