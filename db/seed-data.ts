/**
 * Static German content for the demo seed (db/seed.server.ts). Kept apart from the seeding logic
 * so the texts can be edited without reading the code that combines them.
 */

/** What an exterior picture shows; also picks the description and review phrases. */
export type Scene = "sea" | "mountain" | "lake" | "city" | "countryside";

export type PropertySeed = {
  title: string;
  city: string;
  country: string;
  scene: Scene;
  bedrooms: number;
  bathrooms: number;
  /** euros per night (converted to cents when inserted) */
  price: number;
  /** Amenities this place certainly has (a pool villa has a pool); more are drawn at random. */
  extras?: string[];
  /** Active special offer in the demo (price reduced by `offer` percent). */
  offer?: number;
  status?: "draft" | "archived";
};

/**
 * The demo portfolio. Cities follow the suggestions of the admin form (spec 06) for DE/AT/CH
 * and well-known holiday places elsewhere, so the location filter has realistic values.
 * Order matters only for createdAt: later entries are "newer".
 */
export const PROPERTIES: PropertySeed[] = [
  // Deutschland
  {
    title: "Strandnahe Ferienwohnung Dünenblick",
    city: "Sylt",
    country: "Deutschland",
    scene: "sea",
    bedrooms: 2,
    bathrooms: 1,
    price: 189,
    extras: ["Meerblick", "Fahrradverleih"],
  },
  {
    title: "Kapitänshaus an der Warnow",
    city: "Rostock",
    country: "Deutschland",
    scene: "sea",
    bedrooms: 2,
    bathrooms: 1,
    price: 129,
  },
  {
    title: "Altbauwohnung am Prenzlauer Berg",
    city: "Berlin",
    country: "Deutschland",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 109,
  },
  {
    title: "Chalet Zugspitzblick",
    city: "Garmisch-Partenkirchen",
    country: "Deutschland",
    scene: "mountain",
    bedrooms: 3,
    bathrooms: 2,
    price: 229,
    extras: ["Sauna", "Kamin", "Bergblick"],
  },
  {
    title: "Loft in der Hamburger Speicherstadt",
    city: "Hamburg",
    country: "Deutschland",
    scene: "city",
    bedrooms: 1,
    bathrooms: 1,
    price: 139,
  },
  {
    title: "Ostseeloft mit Balkon an der Strandpromenade",
    city: "Binz",
    country: "Deutschland",
    scene: "sea",
    bedrooms: 1,
    bathrooms: 1,
    price: 119,
    extras: ["Balkon", "Meerblick"],
    offer: 20,
  },
  {
    title: "Almhütte am Königssee",
    city: "Berchtesgaden",
    country: "Deutschland",
    scene: "mountain",
    bedrooms: 2,
    bathrooms: 1,
    price: 145,
    extras: ["Kamin", "Bergblick"],
  },
  {
    title: "Stadtwohnung nahe dem Viktualienmarkt",
    city: "München",
    country: "Deutschland",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 159,
  },
  {
    title: "Ferienhaus am Bodensee mit Seezugang",
    city: "Konstanz",
    country: "Deutschland",
    scene: "lake",
    bedrooms: 3,
    bathrooms: 2,
    price: 210,
    extras: ["Garten", "Seezugang"],
  },
  {
    title: "Altstadtapartment mit Schlossblick",
    city: "Heidelberg",
    country: "Deutschland",
    scene: "city",
    bedrooms: 1,
    bathrooms: 1,
    price: 95,
  },
  {
    title: "Schwarzwaldhaus am Stadtrand",
    city: "Freiburg im Breisgau",
    country: "Deutschland",
    scene: "countryside",
    bedrooms: 3,
    bathrooms: 2,
    price: 165,
    extras: ["Garten", "Kamin"],
  },
  {
    title: "Apartment an der Frauenkirche",
    city: "Dresden",
    country: "Deutschland",
    scene: "city",
    bedrooms: 1,
    bathrooms: 1,
    price: 89,
  },
  {
    title: "Backsteinhaus an der Trave",
    city: "Lübeck",
    country: "Deutschland",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 99,
    status: "archived",
  },
  {
    title: "Gründerzeitwohnung im Waldstraßenviertel",
    city: "Leipzig",
    country: "Deutschland",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 85,
  },
  // Österreich
  {
    title: "Chalet Gamsblick mit Sauna",
    city: "Kitzbühel",
    country: "Österreich",
    scene: "mountain",
    bedrooms: 4,
    bathrooms: 3,
    price: 389,
    extras: ["Sauna", "Kamin", "Skiraum", "Bergblick"],
  },
  {
    title: "Seeapartment am Zeller See",
    city: "Zell am See",
    country: "Österreich",
    scene: "lake",
    bedrooms: 2,
    bathrooms: 1,
    price: 149,
    extras: ["Balkon", "Bergblick"],
  },
  {
    title: "Wiener Altbauwohnung nahe dem Naschmarkt",
    city: "Wien",
    country: "Österreich",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 125,
  },
  {
    title: "Bergblick-Apartment in der Altstadt",
    city: "Innsbruck",
    country: "Österreich",
    scene: "mountain",
    bedrooms: 1,
    bathrooms: 1,
    price: 99,
    extras: ["Bergblick"],
    offer: 15,
  },
  {
    title: "Altstadtwohnung mit Festungsblick",
    city: "Salzburg",
    country: "Österreich",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 139,
  },
  // Schweiz
  {
    title: "Chalet mit Matterhornblick",
    city: "Zermatt",
    country: "Schweiz",
    scene: "mountain",
    bedrooms: 3,
    bathrooms: 2,
    price: 420,
    extras: ["Bergblick", "Sauna", "Skiraum"],
  },
  {
    title: "Seeblick-Wohnung an der Kapellbrücke",
    city: "Luzern",
    country: "Schweiz",
    scene: "lake",
    bedrooms: 2,
    bathrooms: 2,
    price: 245,
    extras: ["Balkon"],
  },
  {
    title: "Ferienwohnung Jungfrau",
    city: "Interlaken",
    country: "Schweiz",
    scene: "mountain",
    bedrooms: 2,
    bathrooms: 1,
    price: 198,
    extras: ["Bergblick", "Terrasse"],
  },
  {
    title: "Engadiner Haus mit Arvenstube",
    city: "St. Moritz",
    country: "Schweiz",
    scene: "mountain",
    bedrooms: 4,
    bathrooms: 3,
    price: 395,
    extras: ["Kamin", "Sauna", "Skiraum"],
  },
  // Italien
  {
    title: "Villa mit Pool am Gardasee",
    city: "Riva del Garda",
    country: "Italien",
    scene: "lake",
    bedrooms: 4,
    bathrooms: 3,
    price: 310,
    extras: ["Pool", "Terrasse", "Klimaanlage"],
  },
  {
    title: "Palazzo-Wohnung nahe dem Dom",
    city: "Florenz",
    country: "Italien",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 169,
    extras: ["Klimaanlage"],
  },
  {
    title: "Rustico zwischen Weinbergen",
    city: "Siena",
    country: "Italien",
    scene: "countryside",
    bedrooms: 3,
    bathrooms: 2,
    price: 199,
    extras: ["Pool", "Garten", "Grill"],
  },
  {
    title: "Ferienwohnung mit Meerblick an der Amalfiküste",
    city: "Positano",
    country: "Italien",
    scene: "sea",
    bedrooms: 2,
    bathrooms: 1,
    price: 235,
    extras: ["Meerblick", "Terrasse", "Klimaanlage"],
  },
  // Spanien
  {
    title: "Finca mit Pool und Olivengarten",
    city: "Palma",
    country: "Spanien",
    scene: "countryside",
    bedrooms: 4,
    bathrooms: 3,
    price: 285,
    extras: ["Pool", "Garten", "Klimaanlage", "Grill"],
  },
  {
    title: "Strandapartment an der Costa del Sol",
    city: "Málaga",
    country: "Spanien",
    scene: "sea",
    bedrooms: 2,
    bathrooms: 1,
    price: 115,
    extras: ["Meerblick", "Klimaanlage", "Pool"],
    offer: 25,
  },
  {
    title: "Penthouse im Gotischen Viertel",
    city: "Barcelona",
    country: "Spanien",
    scene: "city",
    bedrooms: 2,
    bathrooms: 2,
    price: 210,
    extras: ["Dachterrasse", "Klimaanlage"],
  },
  {
    title: "Ferienhaus mit Dachterrasse am Atlantik",
    city: "Puerto de la Cruz",
    country: "Spanien",
    scene: "sea",
    bedrooms: 3,
    bathrooms: 2,
    price: 155,
    extras: ["Dachterrasse", "Meerblick"],
  },
  // Frankreich
  {
    title: "Appartement an der Promenade des Anglais",
    city: "Nizza",
    country: "Frankreich",
    scene: "sea",
    bedrooms: 1,
    bathrooms: 1,
    price: 165,
    extras: ["Meerblick", "Balkon", "Klimaanlage"],
  },
  {
    title: "Landhaus mit Lavendelgarten",
    city: "Avignon",
    country: "Frankreich",
    scene: "countryside",
    bedrooms: 3,
    bathrooms: 2,
    price: 189,
    extras: ["Garten", "Pool", "Terrasse"],
  },
  {
    title: "Dachgeschosswohnung im Marais",
    city: "Paris",
    country: "Frankreich",
    scene: "city",
    bedrooms: 1,
    bathrooms: 1,
    price: 179,
  },
  // Kroatien
  {
    title: "Steinhaus in der Altstadt",
    city: "Split",
    country: "Kroatien",
    scene: "sea",
    bedrooms: 2,
    bathrooms: 1,
    price: 129,
    extras: ["Klimaanlage", "Terrasse"],
    offer: 20,
  },
  {
    title: "Apartment mit Blick auf die Stadtmauern",
    city: "Dubrovnik",
    country: "Kroatien",
    scene: "sea",
    bedrooms: 1,
    bathrooms: 1,
    price: 149,
    extras: ["Meerblick", "Klimaanlage"],
  },
  {
    title: "Villa mit Pool in Istrien",
    city: "Rovinj",
    country: "Kroatien",
    scene: "sea",
    bedrooms: 4,
    bathrooms: 3,
    price: 275,
    extras: ["Pool", "Grill", "Klimaanlage"],
  },
  // Griechenland
  {
    title: "Kykladenhaus mit Sonnenterrasse",
    city: "Naxos",
    country: "Griechenland",
    scene: "sea",
    bedrooms: 2,
    bathrooms: 1,
    price: 135,
    extras: ["Terrasse", "Meerblick"],
  },
  {
    title: "Strandvilla am Kretischen Meer",
    city: "Chania",
    country: "Griechenland",
    scene: "sea",
    bedrooms: 3,
    bathrooms: 2,
    price: 225,
    extras: ["Pool", "Meerblick", "Klimaanlage"],
  },
  {
    title: "Studio mit Caldera-Blick",
    city: "Oia",
    country: "Griechenland",
    scene: "sea",
    bedrooms: 1,
    bathrooms: 1,
    price: 245,
    extras: ["Meerblick", "Terrasse", "Whirlpool"],
  },
  // Portugal
  {
    title: "Altbauwohnung in der Alfama",
    city: "Lissabon",
    country: "Portugal",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 119,
  },
  {
    title: "Strandhaus an der Algarve",
    city: "Lagos",
    country: "Portugal",
    scene: "sea",
    bedrooms: 3,
    bathrooms: 2,
    price: 175,
    extras: ["Terrasse", "Grill"],
    offer: 15,
  },
  {
    title: "Wohnung am Douro-Ufer",
    city: "Porto",
    country: "Portugal",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 105,
    status: "draft",
  },
  // Niederlande
  {
    title: "Grachtenhaus-Apartment im Jordaan",
    city: "Amsterdam",
    country: "Niederlande",
    scene: "city",
    bedrooms: 1,
    bathrooms: 1,
    price: 185,
  },
  {
    title: "Dünenhaus an der Nordseeküste",
    city: "Zandvoort",
    country: "Niederlande",
    scene: "sea",
    bedrooms: 3,
    bathrooms: 1,
    price: 149,
    extras: ["Garten", "Fahrradverleih"],
  },
  // Dänemark
  {
    title: "Skandinavisches Ferienhaus mit Sauna",
    city: "Blåvand",
    country: "Dänemark",
    scene: "sea",
    bedrooms: 3,
    bathrooms: 2,
    price: 139,
    extras: ["Sauna", "Kamin", "Haustiere erlaubt"],
  },
  {
    title: "Design-Apartment in Nyhavn",
    city: "Kopenhagen",
    country: "Dänemark",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 199,
  },
  // Polen, Tschechien, Belgien
  {
    title: "Altstadtwohnung an der Langgasse",
    city: "Danzig",
    country: "Polen",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 69,
  },
  {
    title: "Apartment mit Blick auf die Karlsbrücke",
    city: "Prag",
    country: "Tschechien",
    scene: "city",
    bedrooms: 2,
    bathrooms: 1,
    price: 105,
    offer: 20,
  },
  {
    title: "Wohnung am Grünen Kanal",
    city: "Brügge",
    country: "Belgien",
    scene: "city",
    bedrooms: 1,
    bathrooms: 1,
    price: 115,
  },
  // The newest entry is still being prepared.
  {
    title: "Chalet am Gasteiner Wasserfall",
    city: "Bad Gastein",
    country: "Österreich",
    scene: "mountain",
    bedrooms: 3,
    bathrooms: 2,
    price: 215,
    extras: ["Sauna", "Bergblick"],
    status: "draft",
  },
];

/** Southern countries get terracotta roofs, palms and cypresses in the pictures. */
export const SOUTHERN_COUNTRIES = new Set([
  "Italien",
  "Spanien",
  "Frankreich",
  "Kroatien",
  "Portugal",
  "Griechenland",
]);

export const BASE_AMENITIES = ["WLAN", "Küche"];

/** Drawn at random on top of BASE_AMENITIES and a property's extras. */
export const AMENITIES_BY_SCENE: Record<Scene, string[]> = {
  sea: [
    "Balkon",
    "Terrasse",
    "Meerblick",
    "Strandnähe",
    "Waschmaschine",
    "Geschirrspüler",
    "Parkplatz",
    "Kinderbett",
    "Grill",
    "Fahrradverleih",
    "Haustiere erlaubt",
    "Smart-TV",
  ],
  mountain: [
    "Balkon",
    "Bergblick",
    "Parkplatz",
    "Waschmaschine",
    "Geschirrspüler",
    "Skiraum",
    "Kinderbett",
    "Kamin",
    "Terrasse",
    "Haustiere erlaubt",
    "Smart-TV",
  ],
  lake: [
    "Balkon",
    "Terrasse",
    "Garten",
    "Parkplatz",
    "Bootssteg",
    "Fahrradverleih",
    "Waschmaschine",
    "Geschirrspüler",
    "Grill",
    "Kinderbett",
  ],
  city: [
    "Aufzug",
    "Balkon",
    "Waschmaschine",
    "Geschirrspüler",
    "Arbeitsplatz",
    "Smart-TV",
    "Kaffeemaschine",
    "Klimaanlage",
    "Kinderbett",
    "Fahrradverleih",
  ],
  countryside: [
    "Garten",
    "Terrasse",
    "Parkplatz",
    "Grill",
    "Kamin",
    "Waschmaschine",
    "Geschirrspüler",
    "Haustiere erlaubt",
    "Kinderbett",
    "Ladestation für E-Autos",
  ],
};

// -------------------------------------------------------------------------------------------
// Descriptions: one intro (by scene), one sentence about the rooms, one about the amenities and
// optionally one about the surroundings. {city}, {bedrooms}/{Bedrooms}, {bathrooms}, {guests} and
// {amenities} are filled in by the seed.
// -------------------------------------------------------------------------------------------

export const DESCRIPTION_INTROS: Record<Scene, string[]> = {
  sea: [
    "Nur wenige Gehminuten vom Strand entfernt liegt diese helle Unterkunft in {city}.",
    "Morgens das Rauschen der Wellen, abends den Sonnenuntergang über dem Meer: Willkommen in {city}.",
    "Unsere liebevoll eingerichtete Unterkunft in {city} ist der ideale Ausgangspunkt für entspannte Strandtage.",
    "Salzige Luft, weiter Horizont und ein gemütliches Zuhause auf Zeit erwarten Sie in {city}.",
  ],
  mountain: [
    "Umgeben von beeindruckenden Gipfeln liegt diese gemütliche Unterkunft in {city}.",
    "Ob Wanderurlaub im Sommer oder Skivergnügen im Winter: In {city} sind Sie mittendrin.",
    "Viel Holz, warme Farben und ein Panorama, das man nicht vergisst – so wohnen Sie in {city}.",
    "Nach einem Tag in den Bergen kommen Sie in unserer ruhig gelegenen Unterkunft in {city} zur Ruhe.",
  ],
  lake: [
    "Direkt am Wasser gelegen, bietet diese Unterkunft in {city} Erholung pur.",
    "Der See liegt Ihnen in {city} buchstäblich zu Füßen.",
    "Schwimmen, Segeln oder einfach auf der Terrasse den Blick über das Wasser genießen: In {city} ist alles möglich.",
    "Unsere Unterkunft in {city} verbindet Seeblick, Ruhe und kurze Wege in den Ort.",
  ],
  city: [
    "Mitten im Herzen von {city} wohnen Sie stilvoll und trotzdem ruhig.",
    "Diese charmante Stadtwohnung ist der perfekte Ausgangspunkt, um {city} zu Fuß zu entdecken.",
    "Hohe Decken, viel Licht und die schönsten Viertel von {city} direkt vor der Haustür.",
    "Cafés, Museen und Restaurants erreichen Sie von unserer Unterkunft in {city} in wenigen Minuten.",
  ],
  countryside: [
    "Abseits des Trubels und doch nicht weit von {city} finden Sie hier echte Ruhe.",
    "Weite Felder, alte Bäume und ein Haus mit viel Charakter erwarten Sie bei {city}.",
    "In ländlicher Idylle nahe {city} können Sie die Seele baumeln lassen.",
    "Unser liebevoll restauriertes Haus bei {city} ist ideal für Familien und Freunde, die Platz und Natur suchen.",
  ],
};

export const DESCRIPTION_ROOMS = [
  "Die Unterkunft verfügt über {bedrooms} und {bathrooms} und bietet Platz für bis zu {guests} Gäste.",
  "{Bedrooms}, {bathrooms} und ein einladender Wohnbereich bieten bis zu {guests} Gästen bequem Platz.",
  "Bis zu {guests} Gäste wohnen hier komfortabel: Es gibt {bedrooms} und {bathrooms}.",
  "{Bedrooms}, {bathrooms} und eine voll ausgestattete Küche machen den Aufenthalt für bis zu {guests} Personen angenehm.",
];

/** Colon forms on purpose: the amenity names are bare nouns and need no article or case. */
export const DESCRIPTION_AMENITIES = [
  "Besonders beliebt bei unseren Gästen: {amenities}.",
  "Die Ausstattung im Überblick: {amenities}.",
  "Das erwartet Sie außerdem: {amenities}.",
  "Für Ihren Komfort ist gesorgt: {amenities}.",
];

/** Replaces the surroundings sentence when pets are allowed (the amenity is no noun). */
export const DESCRIPTION_PETS = "Haustiere sind nach Absprache herzlich willkommen.";

export const DESCRIPTION_SURROUNDINGS: Record<Scene, string[]> = {
  sea: [
    "Bäcker, Strandbars und Fischrestaurants liegen gleich um die Ecke.",
    "Lange Spaziergänge am Wasser beginnen direkt vor der Tür.",
    "Wassersportler finden in der Nähe Surf- und Segelschulen.",
  ],
  mountain: [
    "Wanderwege und Bergbahnen beginnen nur wenige Minuten entfernt.",
    "Im Winter erreichen Sie die Skipisten bequem mit dem Skibus.",
    "Urige Hütten und Almen laden zur Einkehr ein.",
  ],
  lake: [
    "Ein Badeplatz und der Bootsverleih sind in wenigen Minuten zu Fuß erreichbar.",
    "Rund um den See führen schöne Rad- und Wanderwege.",
    "Die Uferpromenade mit ihren Cafés ist nur einen kurzen Spaziergang entfernt.",
  ],
  city: [
    "Die nächste Haltestelle des Nahverkehrs liegt nur zwei Gehminuten entfernt.",
    "Abends lockt das lebendige Viertel mit Bars und kleinen Restaurants.",
    "Die wichtigsten Sehenswürdigkeiten erreichen Sie bequem zu Fuß.",
  ],
  countryside: [
    "Hofläden, Weingüter und Radwege liegen direkt in der Umgebung.",
    "Abends hören Sie nichts als Vogelgezwitscher und das Rascheln der Blätter.",
    "Der nächste Ort mit Einkaufsmöglichkeiten ist in wenigen Autominuten erreichbar.",
  ],
};

export const NUMBER_WORDS = [
  "null",
  "ein",
  "zwei",
  "drei",
  "vier",
  "fünf",
  "sechs",
  "sieben",
  "acht",
  "neun",
  "zehn",
];

// -------------------------------------------------------------------------------------------
// People
// -------------------------------------------------------------------------------------------

export type PersonSeed = {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
};

export const ADMIN_PERSON: Omit<PersonSeed, "email"> = {
  name: "Julia Hoffmann",
  phone: "+49 30 12345670",
  address: "Musterstraße 12",
  city: "Berlin",
  postalCode: "10115",
  country: "Deutschland",
};

export const DEMO_GUEST_PERSON: Omit<PersonSeed, "email"> = {
  name: "Max Mustermann",
  phone: "+49 170 1234567",
  address: "Lindenstraße 5",
  city: "Köln",
  postalCode: "50667",
  country: "Deutschland",
};

/** Further guests so bookings and reviews are not all from one person. */
export const OTHER_GUESTS: PersonSeed[] = [
  {
    name: "Sophie Wagner",
    email: "sophie.wagner@demo.traumurlaub.de",
    phone: "+49 151 23456789",
    address: "Goethestraße 18",
    city: "Frankfurt am Main",
    postalCode: "60313",
    country: "Deutschland",
  },
  {
    name: "Lukas Becker",
    email: "lukas.becker@demo.traumurlaub.de",
    phone: "+49 160 9876543",
    address: "Hafenweg 3",
    city: "Hamburg",
    postalCode: "20459",
    country: "Deutschland",
  },
  {
    name: "Hannah Schulz",
    email: "hannah.schulz@demo.traumurlaub.de",
    phone: "+43 664 1234567",
    address: "Mariahilfer Straße 45",
    city: "Wien",
    postalCode: "1060",
    country: "Österreich",
  },
  {
    name: "Felix Neumann",
    email: "felix.neumann@demo.traumurlaub.de",
    phone: "+49 176 55512345",
    address: "Schillerplatz 7",
    city: "Stuttgart",
    postalCode: "70173",
    country: "Deutschland",
  },
];

export const OTHER_GUEST_PASSWORD = "Gast-Demo-2026";

export const SPECIAL_REQUESTS = [
  "Wir reisen mit einem Kleinkind – wäre ein Kinderbett möglich?",
  "Unsere Anreise wird voraussichtlich erst gegen 21 Uhr sein.",
  "Wir feiern unseren Hochzeitstag und freuen uns über Restaurant-Tipps.",
  "Gibt es einen Stellplatz für ein E-Auto?",
  "Wir bringen unsere Fahrräder mit. Gibt es einen abschließbaren Raum?",
];

// -------------------------------------------------------------------------------------------
// Reviews: a title by rating, an opening by rating, a remark on something the property has (one
// of its amenities) or else on the place (by scene), a remark on the stay (by rating) and
// optionally a closing line. The seed draws each pool without putting back, so no two reviews
// share a sentence while a pool lasts (issue 15: no review reads like another property's).
// -------------------------------------------------------------------------------------------

export const REVIEW_TITLES: Record<3 | 4 | 5, string[]> = {
  5: [
    "Traumhafter Urlaub",
    "Einfach perfekt",
    "Wir kommen wieder!",
    "Besser als auf den Fotos",
    "Ein echtes Juwel",
    "Rundum gelungen",
    "Unser neuer Lieblingsort",
    "Erholung pur",
    "Zehn Tage zum Durchatmen",
    "Hier stimmt einfach alles",
    "Wunderbare Tage",
    "Genau richtig",
    "Sehr zu empfehlen",
  ],
  4: [
    "Sehr schöner Aufenthalt",
    "Tolle Lage, kleine Abstriche",
    "Gerne wieder",
    "Gemütlich und sauber",
    "Schöne Unterkunft mit Charme",
    "Fast perfekt",
    "Gute Wahl für die Familie",
    "Angenehm und unkompliziert",
    "Schöne Tage",
  ],
  3: [
    "Solide, aber ausbaufähig",
    "Lage top, Ausstattung okay",
    "Für ein paar Tage in Ordnung",
    "Mit Luft nach oben",
  ],
};

export const REVIEW_OPENINGS: Record<3 | 4 | 5, string[]> = {
  5: [
    "Wir hatten eine wunderbare Zeit in {city} und haben uns vom ersten Moment an wohlgefühlt.",
    "Selten haben wir eine so liebevoll eingerichtete Unterkunft erlebt.",
    "Alles war genau so, wie es beschrieben war – eher noch schöner.",
    "Unsere Woche in {city} hätte nicht schöner sein können.",
    "Schon beim Ankommen in {city} wussten wir, dass das ein besonderer Urlaub wird.",
    "Zum dritten Mal in {city}, zum ersten Mal in einer so schönen Unterkunft.",
    "Die Gastgeber haben sich viel Zeit genommen, uns bei der Ankunft alles zu zeigen.",
    "Die Fotos zeigen nur die Hälfte: In echt ist es noch gemütlicher.",
    "Für unsere Hochzeitsreise hätten wir uns keinen schöneren Ort wünschen können.",
    "Nach einem anstrengenden Jahr war {city} genau das, was wir gebraucht haben.",
    "Wir haben lange gesucht und hier endlich gefunden, was wir wollten.",
    "Von der Buchung bis zur Abreise lief alles reibungslos.",
    "Ein Wochenende in {city} ist zu einer ganzen Woche geworden – wir haben verlängert.",
  ],
  4: [
    "Insgesamt ein sehr schöner Aufenthalt in {city}.",
    "Die Unterkunft hat uns gut gefallen und war sehr sauber.",
    "Wir haben ein paar erholsame Tage in {city} verbracht.",
    "Gute Lage, freundlicher Empfang und eine gemütliche Einrichtung.",
    "Die Unterkunft ist praktisch geschnitten und gut durchdacht.",
    "Für eine verlängerte Auszeit in {city} genau richtig.",
    "Die Schlüsselübergabe klappte problemlos, bei Ankunft war alles vorbereitet.",
  ],
  3: [
    "Die Lage in {city} ist wirklich gut, die Unterkunft selbst eher durchschnittlich.",
    "Für einen Kurzurlaub war die Unterkunft in Ordnung.",
    "Wir haben in {city} schon schöner gewohnt, aber auch schon schlechter.",
    "Der Preis ist für die Lage fair, beim Komfort gibt es Abstriche.",
  ],
};

/** A remark on an amenity: used when the reviewed property has it, so the review is about it. */
export const REVIEW_AMENITY: Record<string, string[]> = {
  Meerblick: [
    "Den Blick aufs Meer werden wir vermissen.",
    "Beim Frühstück konnten wir aufs Meer schauen.",
  ],
  Strandnähe: [
    "Der Strand ist in wenigen Minuten zu Fuß erreichbar.",
    "Handtuch unter den Arm, fünf Minuten laufen, und schon waren wir am Wasser.",
  ],
  Bergblick: [
    "Die Aussicht auf die Berge ist atemberaubend.",
    "Morgens lag der Nebel noch im Tal, die Gipfel schon in der Sonne – vom Bett aus.",
  ],
  Sauna: [
    "Nach dem Wandern war die Sauna genau das Richtige.",
    "Die eigene Sauna haben wir jeden Abend genutzt.",
  ],
  Kamin: [
    "Abends am Kamin zu sitzen war der schönste Teil jedes Tages.",
    "Holz für den Kamin lag bereit, das hat uns die kühlen Abende versüßt.",
  ],
  Pool: [
    "Der Pool war sauber und mittags herrlich erfrischend.",
    "Die Kinder wollten kaum aus dem Pool heraus.",
  ],
  Bootssteg: [
    "Vom eigenen Steg sind wir morgens direkt in den See gesprungen.",
    "Vom Steg aus haben wir jeden Abend den Sonnenuntergang angeschaut.",
  ],
  Garten: [
    "Die Kinder haben den großen Garten geliebt.",
    "Im Garten haben wir fast jeden Abend gegessen.",
  ],
  Terrasse: [
    "Auf der Terrasse haben wir jeden Morgen in der Sonne gefrühstückt.",
    "Die Terrasse ist groß genug für die ganze Familie.",
  ],
  Balkon: [
    "Auf dem Balkon gab es abends noch ein Glas Wein mit Aussicht.",
    "Der kleine Balkon war unser Lieblingsplatz.",
  ],
  Grill: [
    "Der Grill war sauber und sofort einsatzbereit.",
    "Zweimal haben wir abends gegrillt, alles Nötige war vorhanden.",
  ],
  Skiraum: ["Im Skiraum konnten wir Ski und Stiefel trocknen lassen, sehr praktisch."],
  Fahrradverleih: [
    "Mit den Leihrädern haben wir die Gegend erkundet.",
    "Die Fahrräder waren in gutem Zustand, sogar mit Körben.",
  ],
  Kinderbett: ["Das Kinderbett stand bei Ankunft schon aufgebaut bereit."],
  "Haustiere erlaubt": [
    "Unser Hund war herzlich willkommen, sogar ein Napf stand bereit.",
    "Mit Hund zu reisen war hier völlig unkompliziert.",
  ],
  Arbeitsplatz: ["Der Schreibtisch am Fenster war ideal für zwei Tage Homeoffice."],
  Klimaanlage: ["Bei über 30 Grad war die Klimaanlage ein Segen."],
  Kaffeemaschine: ["Die Kaffeemaschine hat jeden Morgen gerettet."],
  "Ladestation für E-Autos": [
    "Dass wir das E-Auto direkt am Haus laden konnten, war ein großes Plus.",
  ],
  Aufzug: ["Mit dem Aufzug war auch das schwere Gepäck kein Problem."],
};

/** A remark on the place, for a property without an amenity that has its own remark left. */
export const REVIEW_PLACE: Record<Scene, string[]> = {
  sea: [
    "Das Rauschen der Wellen war nachts zu hören.",
    "Fischbrötchen am Hafen und lange Spaziergänge am Wasser – genau unser Urlaub.",
    "Bei Sturm war es drinnen gemütlich und warm.",
  ],
  mountain: [
    "Die Wanderwege beginnen fast vor der Haustür.",
    "Die Bergbahn ist mit dem Bus in wenigen Minuten erreichbar.",
    "Die Luft hier oben tut einfach gut.",
  ],
  lake: [
    "Der Blick über das Wasser ist einfach herrlich.",
    "Zur Badestelle sind es nur ein paar Schritte.",
    "Abends spiegelte sich die Sonne im See.",
  ],
  city: [
    "Alle Sehenswürdigkeiten konnten wir bequem zu Fuß erreichen.",
    "Trotz der zentralen Lage war es nachts angenehm ruhig.",
    "Bäcker, Café und Straßenbahn liegen direkt um die Ecke.",
  ],
  countryside: [
    "Die Ruhe und die Natur rundherum haben uns sehr gutgetan.",
    "Morgens haben wir Rehe am Waldrand gesehen.",
    "Der Hofladen im Dorf hat die besten Eier, die wir je gegessen haben.",
  ],
};

export const REVIEW_STAY: Record<3 | 4 | 5, string[]> = {
  5: [
    "Die Kommunikation war schnell und herzlich, die Küche bestens ausgestattet.",
    "Betten bequem, alles blitzsauber und viele kleine Extras.",
    "Sogar an Kaffee, Gewürze und eine Karte mit Ausflugstipps wurde gedacht.",
    "Unsere Fragen wurden immer innerhalb einer Stunde beantwortet.",
    "Frische Blumen und ein Willkommensgruß haben uns sehr gefreut.",
    "Handtücher und Bettwäsche waren reichlich vorhanden.",
    "Die Restaurant-Tipps der Gastgeber waren allesamt Volltreffer.",
    "Die Betten waren so bequem, dass wir jeden Morgen verschlafen haben.",
    "Eine Mappe mit Tipps für Regentage hat uns einen Nachmittag gerettet.",
    "Alles war sauber, hell und mit viel Liebe zum Detail eingerichtet.",
    "Spülmaschinentabs, Olivenöl und Salz waren da – man merkt, dass die Gastgeber selbst verreisen.",
    "Als die Kaffeemühle streikte, stand am nächsten Morgen schon eine neue bereit.",
    "Die Check-in-Anleitung war so klar, dass wir auch spätabends problemlos hineinkamen.",
  ],
  4: [
    "Einziger kleiner Minuspunkt: Das WLAN war abends etwas langsam.",
    "Die Matratzen hätten etwas fester sein können, sonst alles prima.",
    "Die Parkplatzsuche war etwas mühsam, die Unterkunft dafür umso schöner.",
    "Ein zweiter Spiegel im Bad wäre praktisch, aber das ist Jammern auf hohem Niveau.",
    "Die Treppe ist steil, mit kleinen Kindern sollte man aufpassen.",
    "Die Vorhänge lassen morgens recht viel Licht herein.",
    "Ein paar mehr Haken für Jacken wären schön gewesen.",
    "Der Backofen ist etwas eigenwillig, die Anleitung half aber.",
  ],
  3: [
    "Leider fehlten ein paar Küchenutensilien, und die Dusche war etwas in die Jahre gekommen.",
    "Die Wände sind recht hellhörig, und die Bilder wirken etwas schöner als die Realität.",
    "Die Heizung brauchte morgens lange, bis es warm wurde.",
    "Beim Check-in mussten wir eine Weile auf den Schlüssel warten.",
  ],
};

export const REVIEW_CLOSINGS = [
  "Vielen Dank für die Gastfreundschaft!",
  "Wir kommen bestimmt wieder.",
  "Klare Empfehlung für Paare und Familien.",
  "Beim nächsten Mal bleiben wir länger.",
  "Danke für alles!",
  "Wir haben die Unterkunft schon Freunden weiterempfohlen.",
  "Ein Ort zum Wiederkommen.",
  "Herzlichen Dank an die Gastgeber!",
  "Hoffentlich bis bald!",
  "Wir haben uns rundum gut aufgehoben gefühlt.",
  "",
  "",
  "",
  "",
];
