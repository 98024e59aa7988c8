import { CalendarPlus, Mail, Phone } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import "~/locales/texts/booking-success";

export type ArrivalInfoProps = {
  bookingId: string;
  arrival: {
    address: string;
    checkInFrom: string | null;
    checkOutUntil: string | null;
    host: { person: string | null; name: string; email: string; phone: string };
  };
  specialRequests: string | null;
  /** no calendar file for a cancelled stay */
  showCalendar: boolean;
  className?: string;
};

/** The calendar file of a booking (app/routes/booking/calendar-ics.ts). */
export const calendarFileUrl = (bookingId: string) =>
  `/booking-success/calendar.ics?booking=${encodeURIComponent(bookingId)}`;

/**
 * Getting there (issue 16): the place, from when and until when, whom to ask, the guest's own
 * special request as sent, and "In Kalender eintragen" (an .ics download of the stay).
 */
export function ArrivalInfo({
  bookingId,
  arrival,
  specialRequests,
  showCalendar,
  className = "",
}: ArrivalInfoProps) {
  const { t } = useTranslation();
  const { host } = arrival;
  const rows: [string, React.ReactNode][] = [
    [t("bookingSuccess.arrival.address"), arrival.address],
  ];
  if (arrival.checkInFrom)
    rows.push([
      t("bookingSuccess.arrival.checkIn"),
      t("bookingSuccess.arrival.from", { time: arrival.checkInFrom }),
    ]);
  if (arrival.checkOutUntil)
    rows.push([
      t("bookingSuccess.arrival.checkOut"),
      t("bookingSuccess.arrival.until", { time: arrival.checkOutUntil }),
    ]);
  const linkClass =
    "inline-flex items-center gap-1.5 underline underline-offset-2 hover:no-underline";
  rows.push([
    t("bookingSuccess.arrival.host"),
    <>
      {/* The person the property page names as host, then the company to contact. */}
      {host.person && host.person !== host.name && <span className="block">{host.person}</span>}
      {host.name && <span className="block">{host.name}</span>}
      {host.email && (
        <a href={`mailto:${host.email}`} className={linkClass}>
          <Mail aria-hidden className="size-4" />
          {host.email}
        </a>
      )}
      {host.phone && (
        <a href={`tel:${host.phone.replace(/[^+\d]/g, "")}`} className={`${linkClass} block`}>
          <Phone aria-hidden className="size-4" />
          {host.phone}
        </a>
      )}
    </>,
  ]);
  if (specialRequests)
    rows.push([
      t("bookingSuccess.arrival.specialRequests"),
      <span className="whitespace-pre-line break-words">{specialRequests}</span>,
    ]);
  return (
    <section
      aria-labelledby="arrival-heading"
      className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${className}`}
      data-testid="arrival-info"
    >
      <h2 id="arrival-heading" className="text-xl font-semibold text-secondary">
        {t("bookingSuccess.arrival.heading")}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {showCalendar && (
        <a
          href={calendarFileUrl(bookingId)}
          download
          className={buttonClass({ variant: "outline", className: "mt-5" })}
        >
          <CalendarPlus aria-hidden className="size-5" />
          {t("bookingSuccess.arrival.calendar")}
        </a>
      )}
    </section>
  );
}
