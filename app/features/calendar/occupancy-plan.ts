import { addDays, daysBetween, isCalendarDay } from "~/domain/calendar-day";
import { isUuid } from "~/domain/ids";

/**
 * The Belegungsplan's query state (?from=&view=&property=&location=) and its bar geometry,
 * shared by the loader and the page (decision 050). Anything a hostile URL puts there falls
 * back to a default: the page never answers an odd query with an error.
 */

/** The views of the timeline and their length in days (also the paging step). */
export const PLAN_VIEWS = { "2w": 14, month: 30, "3m": 90 } as const;
export type PlanView = keyof typeof PLAN_VIEWS;
const isPlanView = (value: unknown): value is PlanView =>
  typeof value === "string" && Object.hasOwn(PLAN_VIEWS, value);

/** How far paging may go from today: a typo in the URL must not ask for the year 9999. */
const MAX_YEARS_AWAY = 5;

export type PlanQuery = {
  from: string;
  view: PlanView;
  days: number;
  propertyId: string | null;
  location: string | null;
  /** The bar whose details are open (a block or an imported event). */
  itemId: string | null;
  /** The block whose removal asks for confirmation (`?sperre-entfernen=`, decision 102). */
  removeId: string | null;
};

export function parsePlanQuery(search: URLSearchParams, today: string): PlanQuery {
  const view = isPlanView(search.get("view")) ? (search.get("view") as PlanView) : "month";
  const rawFrom = search.get("from");
  const from =
    isCalendarDay(rawFrom) && Math.abs(daysBetween(today, rawFrom)) <= MAX_YEARS_AWAY * 366
      ? rawFrom
      : today;
  const property = search.get("property");
  // PostgreSQL refuses a NUL in text: a hostile location must be no match, not a 500.
  const location = [...(search.get("location") ?? "")]
    .filter((char) => char >= " ")
    .join("")
    .trim()
    .slice(0, 200);
  const item = search.get("item");
  const remove = search.get("sperre-entfernen");
  return {
    from,
    view,
    days: PLAN_VIEWS[view],
    propertyId: property && isUuid(property) ? property : null,
    location: location || null,
    itemId: item && isUuid(item) ? item : null,
    removeId: remove && isUuid(remove) ? remove : null,
  };
}

/** The URL of the plan with some of its query changed (null or "" drops a parameter). */
export function planHref(
  query: Pick<PlanQuery, "from" | "view" | "propertyId" | "location">,
  change: Partial<
    Record<"from" | "view" | "property" | "location" | "item" | "sperre-entfernen", string | null>
  > = {},
) {
  const values: Record<string, string | null | undefined> = {
    from: query.from,
    view: query.view,
    property: query.propertyId,
    location: query.location,
    ...change,
  };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  return `/admin/kalender?${params.toString()}`;
}

/** Where a stay sits in the period: its first column (0-based) and how many columns it covers. */
export function barSpan(stay: { checkIn: string; checkOut: string }, from: string, days: number) {
  const start = Math.max(0, daysBetween(from, stay.checkIn));
  const end = Math.min(days, daysBetween(from, stay.checkOut));
  return { start, length: Math.max(0, end - start) };
}

/** The nights of the period, as days. */
export function periodDays(from: string, days: number) {
  return Array.from({ length: days }, (_, index) => addDays(from, index));
}

export type PlanItem =
  | {
      kind: "booking";
      id: string;
      checkIn: string;
      checkOut: string;
      guestName: string;
      status: string;
      number: string;
    }
  | {
      kind: "block";
      id: string;
      checkIn: string;
      checkOut: string;
      reason: "own-use" | "maintenance" | "other";
      note: string;
    }
  | {
      /**
       * An imported event. `isConflict`: some of its nights are taken here; then the row has it
       * once whole (red) and once per free stretch it holds (as any import, decision 064).
       */
      kind: "external";
      id: string;
      checkIn: string;
      checkOut: string;
      eventKind: "booking" | "block";
      isConflict: boolean;
      feedName: string;
      channel: "airbnb" | "booking-com" | "vrbo" | "other";
      lastSuccessAt: string | null;
    };

export type PlanFeed = {
  name: string;
  channel: "airbnb" | "booking-com" | "vrbo" | "other";
  lastSuccessAt: string | null;
  /** Hours without a successful sync (from creation if never), when over the stale limit. */
  staleHours: number | null;
};

export type PlanRow = {
  id: string;
  title: string;
  location: string;
  status: string;
  items: PlanItem[];
  feeds: PlanFeed[];
};
