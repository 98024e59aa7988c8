import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { useTranslation } from "~/lib/i18n-react";
import "~/locales/texts/booking";

/** The e-mail is not among them: a booking always uses the account's own address. */
export const DETAIL_FIELDS = ["guestName", "guestPhone", "specialRequests"] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type DetailValues = Record<DetailField, string>;

export const SPECIAL_REQUESTS_MAX = 2000;

/** The control's id; its error is `${fieldId(name)}-error` (the Field's wiring). */
export const fieldId = (name: string) => `booking-${name}`;

/**
 * Step 2: Vollständiger Name, Telefon (pre-filled from the profile), Besondere Wünsche, and the
 * account's e-mail address as text with the way to change it (the confirmation with the bank
 * details goes there, never to an address typed into the form). Controlled, so leaving the step
 * and coming back keeps the input; `errors` holds already translated messages.
 */
export function DetailsFields({
  values,
  accountEmail,
  errors,
  onChange,
}: {
  values: DetailValues;
  accountEmail: string;
  errors: Partial<Record<DetailField, string>>;
  onChange: (name: DetailField, value: string) => void;
}) {
  const { t } = useTranslation();
  const input = (
    name: Exclude<DetailField, "specialRequests">,
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <Field
      id={fieldId(name)}
      error={errors[name]}
      label={
        <>
          {label}{" "}
          <span aria-hidden className="text-red-700">
            *
          </span>
        </>
      }
    >
      <Input
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        value={values[name]}
        onChange={(event) => onChange(name, event.target.value)}
      />
    </Field>
  );

  const requestsId = fieldId("specialRequests");
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t("booking.details.required")}</p>
      {input("guestName", t("booking.details.fullName"), "text", "name")}
      <div className="grid gap-4 sm:grid-cols-2">
        <dl>
          <dt className="text-sm font-medium text-slate-800">{t("booking.details.email")}</dt>
          <dd
            data-testid="booking-account-email"
            className="mt-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 break-all text-slate-900"
          >
            {accountEmail}
          </dd>
        </dl>
        {input("guestPhone", t("booking.details.phone"), "tel", "tel")}
        <p className="text-sm text-slate-600 sm:col-span-2">{t("booking.details.emailHint")}</p>
      </div>
      <Field
        id={requestsId}
        error={errors.specialRequests}
        label={
          <>
            {t("booking.details.specialRequests")}{" "}
            <span className="font-normal text-slate-600">{t("booking.details.optional")}</span>
          </>
        }
      >
        <Textarea
          name="specialRequests"
          rows={4}
          maxLength={SPECIAL_REQUESTS_MAX}
          value={values.specialRequests}
          onChange={(event) => onChange("specialRequests", event.target.value)}
          aria-describedby={`${requestsId}-hint ${requestsId}-counter`}
        />
        {/* The hint and the counter share a line, so they are not the Field's own hint. */}
        <div className="mt-1 flex justify-between gap-4 text-sm text-slate-600">
          <p id={`${requestsId}-hint`}>{t("booking.details.specialRequestsHint")}</p>
          <p id={`${requestsId}-counter`} className="shrink-0 tabular-nums">
            {t("booking.details.counter", {
              count: values.specialRequests.length,
              max: SPECIAL_REQUESTS_MAX,
            })}
          </p>
        </div>
      </Field>
    </div>
  );
}
