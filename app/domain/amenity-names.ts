/**
 * The catalogue keys (`property.amenityNames.*`) of the amenities the demo data and the admin
 * form use, by their stored German name (db/seed-data.ts). An amenity missing here keeps its
 * stored text in every language. Shared by the property page's list and the search filter's
 * labels (which the search loader translates, so the filter ships no copy of this list).
 */
export const AMENITY_KEYS: Record<string, string> = {
  WLAN: "wifi",
  Küche: "kitchen",
  Pool: "pool",
  Terrasse: "terrace",
  Dachterrasse: "roofTerrace",
  Balkon: "balcony",
  Garten: "garden",
  Grill: "grill",
  Klimaanlage: "airConditioning",
  Sauna: "sauna",
  Whirlpool: "hotTub",
  Kamin: "fireplace",
  "Haustiere erlaubt": "pets",
  Meerblick: "seaView",
  Bergblick: "mountainView",
  Strandnähe: "beach",
  Seezugang: "lakeAccess",
  Bootssteg: "jetty",
  Waschmaschine: "washingMachine",
  Geschirrspüler: "dishwasher",
  Parkplatz: "parking",
  Kinderbett: "crib",
  Fahrradverleih: "bikes",
  "Smart-TV": "tv",
  Skiraum: "skiRoom",
  Aufzug: "elevator",
  Arbeitsplatz: "workspace",
  Kaffeemaschine: "coffee",
  "Ladestation für E-Autos": "evCharger",
};
