/**
 * "Saisonzeiten" of the property edit page (issue 18 point 5, decision 046): the seasons as a
 * table, each with an edit form and a remove button, a form to add one, and the long-stay
 * discounts. Plain POST forms to /admin/properties/edit/{id}/seasons: they work without
 * JavaScript; a refused input comes back on that page with the field errors and the input kept.
 */
import { useRef, useState } from "react";
import { Form } from "react-router";
import { Banner } from "~/components/ui/banner";
import { StaleFormBanner } from "~/components/ui/stale-form-banner";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Checkbox, Input } from "~/components/ui/input";
import { Table, Td, Th } from "~/components/ui/table";
import { EVERY_WEEKDAY, hasWeekday, weekdaysOf } from "~/domain/seasons";
import { centsToInput } from "~/features/properties/admin-property.schema";
import type { DiscountField, SeasonField } from "~/features/properties/season.schema";
import { formatDate, formatMoney, type Language, type TranslationValues } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";

export type SeasonRow = {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  pricePerNight: number;
  minStayNights: number;
  arrivalWeekdays: number;
  departureWeekdays: number;
  /** The version its edit form sends back (decision 073). */
  version: string;
};

/** A season form's values as typed (weekdays as the ticked indexes). */
export type SeasonFormValues = {
  name: string;
  startDate: string;
  endDate: string;
  pricePerNight: string;
  minStayNights: string;
  arrivalWeekdays: string[];
  departureWeekdays: string[];
};

export type SeasonsActionData = {
  intent: "create" | "update" | "delete" | "discounts";
  /** The season the answer is about (update, delete). */
  seasonId?: string;
  /** "stale": the season changed since its form was loaded (decision 073). */
  error: "invalid" | "overlap" | "notFound" | "stale" | "failed" | "sessionExpired";
  fieldErrors?: Partial<Record<SeasonField | DiscountField, string>>;
  /** Values for a field error's placeholders (the settings' maximum stay, decision 090). */
  fieldErrorValues?: Partial<Record<SeasonField, TranslationValues>>;
  values?: Partial<SeasonFormValues> & Partial<Record<DiscountField, string>>;
  /** An update's version as sent (decision 073): the input shown again keeps it. */
  version?: string | null;
};

const WEEK = [
  "2024-01-01",
  "2024-01-02",
  "2024-01-03",
  "2024-01-04",
  "2024-01-05",
  "2024-01-06",
  "2024-01-07",
];

function weekdayName(index: number, language: Language, style: "long" | "short") {
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : "de-DE", {
    weekday: style,
    timeZone: "UTC",
  }).format(new Date(`${WEEK[index]}T00:00:00Z`));
}

function valuesOf(season: SeasonRow | null): SeasonFormValues {
  if (!season) {
    return {
      name: "",
      startDate: "",
      endDate: "",
      pricePerNight: "",
      minStayNights: "1",
      arrivalWeekdays: weekdaysOf(EVERY_WEEKDAY).map(String),
      departureWeekdays: weekdaysOf(EVERY_WEEKDAY).map(String),
    };
  }
  return {
    name: season.name,
    startDate: season.startDate,
    endDate: season.endDate,
    pricePerNight: centsToInput(season.pricePerNight),
    minStayNights: String(season.minStayNights),
    arrivalWeekdays: weekdaysOf(season.arrivalWeekdays).map(String),
    departureWeekdays: weekdaysOf(season.departureWeekdays).map(String),
  };
}

export function SeasonsSection({
  propertyId,
  seasons,
  discounts,
  result,
  isSaved = false,
}: {
  propertyId: string;
  seasons: SeasonRow[];
  discounts: { weeklyDiscountPercent: number; monthlyDiscountPercent: number };
  result?: SeasonsActionData;
  isSaved?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = (i18n.language === "en" ? "en" : "de") satisfies Language;
  const editPage = `/admin/properties/edit/${propertyId}`;
  const action = `${editPage}/seasons`;
  const days = (mask: number) =>
    mask === EVERY_WEEKDAY
      ? t("adminSeasons.everyDay")
      : weekdaysOf(mask)
          .map((i) => weekdayName(i, language, "short"))
          .join(", ");
  // "Entfernen" asks first (decision 096). Not a URL dialog as on the calendar page: a navigation
  // restarts the property form above with its unsaved input. Without JavaScript the button
  // still posts at once, as before.
  const removeDialog = useRef<HTMLDialogElement>(null);
  const [removing, setRemoving] = useState<SeasonRow | null>(null);
  const errorFor = (intent: SeasonsActionData["intent"], seasonId?: string) =>
    result && result.intent === intent && result.seasonId === seasonId ? result : undefined;

  return (
    <section
      id="saisonzeiten"
      aria-labelledby="seasons-heading"
      className="mt-8 space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="seasons-heading" className="text-xl font-semibold text-slate-900">
        {t("adminSeasons.heading")}
      </h2>
      <p className="text-sm text-slate-700">{t("adminSeasons.intro")}</p>
      <p className="text-sm text-slate-700">{t("adminSeasons.ruleNote")}</p>
      {isSaved && !result && <Banner tone="success">{t("adminSeasons.saved")}</Banner>}
      {result?.error === "stale" && (
        <StaleFormBanner
          message={t("adminSeasons.errors.stale")}
          href={`${editPage}#saisonzeiten`}
        />
      )}
      {result && result.error !== "sessionExpired" && result.error !== "stale" && (
        <Banner tone="error" id="seasons-error">
          {t(`adminSeasons.errors.${result.error}`)}
        </Banner>
      )}

      {seasons.length === 0 ? (
        <p className="text-slate-700">{t("adminSeasons.empty")}</p>
      ) : (
        <Table caption={t("adminSeasons.caption")} hideCaption>
          <thead>
            <tr>
              <Th>{t("adminSeasons.columns.name")}</Th>
              <Th>{t("adminSeasons.columns.period")}</Th>
              <Th>{t("adminSeasons.columns.price")}</Th>
              <Th>{t("adminSeasons.columns.minStay")}</Th>
              <Th>{t("adminSeasons.columns.arrival")}</Th>
              <Th>{t("adminSeasons.columns.departure")}</Th>
              <Th>{t("adminSeasons.columns.actions")}</Th>
            </tr>
          </thead>
          <tbody>
            {seasons.map((season) => (
              <tr key={season.id} data-testid="season-row">
                <Td className="font-medium">{season.name}</Td>
                <Td>
                  {formatDate(season.startDate, language)} – {formatDate(season.endDate, language)}
                </Td>
                <Td>{formatMoney(season.pricePerNight, language)}</Td>
                <Td>{t("adminSeasons.nights", { count: season.minStayNights })}</Td>
                <Td>{days(season.arrivalWeekdays)}</Td>
                <Td>{days(season.departureWeekdays)}</Td>
                <Td>
                  <Form method="post" action={action}>
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="seasonId" value={season.id} />
                    <Button
                      type="submit"
                      variant="ghost"
                      size="sm"
                      aria-label={t("adminSeasons.removeLabel", { name: season.name })}
                      aria-haspopup="dialog"
                      onClick={(event) => {
                        event.preventDefault();
                        setRemoving(season);
                        removeDialog.current?.showModal();
                      }}
                    >
                      {t("adminSeasons.remove")}
                    </Button>
                  </Form>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      <Dialog
        dialogRef={removeDialog}
        title={t("adminSeasons.confirmRemove.title")}
        size="sm"
        testId="season-remove"
        onClose={() => setRemoving(null)}
      >
        {removing && (
          <Form
            method="post"
            action={action}
            className="mt-4 space-y-4"
            onSubmit={() => removeDialog.current?.close()}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="seasonId" value={removing.id} />
            <p>
              {t("adminSeasons.confirmRemove.text", {
                name: removing.name,
                from: formatDate(removing.startDate, language),
                to: formatDate(removing.endDate, language),
              })}
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              {/* The focus starts on the harmless choice. */}
              <Button
                type="button"
                variant="subtle"
                autoFocus
                onClick={() => removeDialog.current?.close()}
              >
                {t("adminSeasons.confirmRemove.cancel")}
              </Button>
              <Button type="submit" variant="danger">
                {t("adminSeasons.confirmRemove.submit")}
              </Button>
            </div>
          </Form>
        )}
      </Dialog>

      {seasons.map((season) => {
        const own = errorFor("update", season.id);
        return (
          <details key={season.id} open={!!own} className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer font-medium text-secondary">
              {t("adminSeasons.editLabel", { name: season.name })}
            </summary>
            <SeasonForm
              action={action}
              intent="update"
              seasonId={season.id}
              version={
                own && own.version !== undefined ? (own.version ?? undefined) : season.version
              }
              idPrefix={`season-${season.id}`}
              values={{ ...valuesOf(season), ...own?.values }}
              fieldErrors={own?.fieldErrors}
              fieldErrorValues={own?.fieldErrorValues}
              language={language}
            />
          </details>
        );
      })}

      <details
        open={seasons.length === 0 || !!errorFor("create")}
        className="rounded-lg border border-slate-200 p-3"
      >
        <summary className="cursor-pointer font-medium text-secondary">
          {t("adminSeasons.add")}
        </summary>
        <SeasonForm
          action={action}
          intent="create"
          idPrefix="season-new"
          values={{ ...valuesOf(null), ...errorFor("create")?.values }}
          fieldErrors={errorFor("create")?.fieldErrors}
          fieldErrorValues={errorFor("create")?.fieldErrorValues}
          language={language}
        />
      </details>

      <DiscountsForm action={action} discounts={discounts} result={errorFor("discounts")} />
    </section>
  );
}

function SeasonForm({
  action,
  intent,
  seasonId,
  version,
  idPrefix,
  values,
  fieldErrors = {},
  fieldErrorValues = {},
  language,
}: {
  action: string;
  intent: "create" | "update";
  seasonId?: string;
  /** The season's version as loaded (decision 073); an update sends it back. */
  version?: string;
  idPrefix: string;
  values: SeasonFormValues;
  fieldErrors?: Partial<Record<string, string>>;
  fieldErrorValues?: Partial<Record<SeasonField, TranslationValues>>;
  language: Language;
}) {
  const { t } = useTranslation();
  const error = (field: SeasonField) =>
    fieldErrors[field] ? t(fieldErrors[field]!, fieldErrorValues[field]) : undefined;
  const weekdayBoxes = (name: "arrivalWeekdays" | "departureWeekdays") => {
    const mask = values[name].reduce((m, d) => (/^[0-6]$/.test(d) ? m | (1 << Number(d)) : m), 0);
    const errorId = `${idPrefix}-${name}-error`;
    return (
      <fieldset
        className="sm:col-span-2"
        aria-describedby={fieldErrors[name] ? errorId : undefined}
      >
        <legend className="text-sm font-medium text-slate-800">
          {t(`adminSeasons.fields.${name}`)}
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {[0, 1, 2, 3, 4, 5, 6].map((i) => (
            <Checkbox
              key={i}
              name={name}
              value={String(i)}
              defaultChecked={hasWeekday(mask, i)}
              label={weekdayName(i, language, "long")}
            />
          ))}
        </div>
        {fieldErrors[name] && (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {t(fieldErrors[name]!)}
          </p>
        )}
      </fieldset>
    );
  };
  return (
    <Form method="post" action={action} className="mt-3 grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {seasonId && <input type="hidden" name="seasonId" value={seasonId} />}
      {version && <input type="hidden" name="version" value={version} />}
      <Field label={t("adminSeasons.fields.name")} error={error("name")} id={`${idPrefix}-name`}>
        <Input
          name="name"
          defaultValue={values.name}
          maxLength={80}
          placeholder={t("adminSeasons.fields.namePlaceholder")}
          required
        />
      </Field>
      <Field
        label={t("adminSeasons.fields.pricePerNight")}
        error={error("pricePerNight")}
        id={`${idPrefix}-price`}
      >
        <Input
          name="pricePerNight"
          defaultValue={values.pricePerNight}
          inputMode="decimal"
          required
        />
      </Field>
      <Field
        label={t("adminSeasons.fields.startDate")}
        error={error("startDate")}
        id={`${idPrefix}-start`}
      >
        <Input type="date" name="startDate" defaultValue={values.startDate} required />
      </Field>
      <Field
        label={t("adminSeasons.fields.endDate")}
        error={error("endDate")}
        id={`${idPrefix}-end`}
      >
        <Input type="date" name="endDate" defaultValue={values.endDate} required />
      </Field>
      <Field
        label={t("adminSeasons.fields.minStayNights")}
        error={error("minStayNights")}
        id={`${idPrefix}-min-stay`}
      >
        <Input
          type="number"
          name="minStayNights"
          min={1}
          max={365}
          step={1}
          defaultValue={values.minStayNights}
          required
        />
      </Field>
      {weekdayBoxes("arrivalWeekdays")}
      {weekdayBoxes("departureWeekdays")}
      <div className="sm:col-span-2">
        <Button type="submit" size="md">
          {t("adminSeasons.save")}
        </Button>
      </div>
    </Form>
  );
}

function DiscountsForm({
  action,
  discounts,
  result,
}: {
  action: string;
  discounts: { weeklyDiscountPercent: number; monthlyDiscountPercent: number };
  result?: SeasonsActionData;
}) {
  const { t } = useTranslation();
  const value = (field: DiscountField) =>
    result?.values?.[field] ?? (discounts[field] > 0 ? String(discounts[field]) : "");
  const error = (field: DiscountField) =>
    result?.fieldErrors?.[field] ? t(result.fieldErrors[field]!) : undefined;
  return (
    <Form
      method="post"
      action={action}
      className="space-y-3 border-t border-slate-200 pt-4"
      noValidate
    >
      <h3 className="font-semibold text-slate-900">{t("adminSeasons.discounts.heading")}</h3>
      <p className="text-sm text-slate-700">{t("adminSeasons.discounts.intro")}</p>
      <input type="hidden" name="intent" value="discounts" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("adminSeasons.discounts.weekly")}
          error={error("weeklyDiscountPercent")}
          id="discount-weekly"
        >
          <Input
            type="number"
            name="weeklyDiscountPercent"
            min={0}
            max={90}
            step={1}
            defaultValue={value("weeklyDiscountPercent")}
          />
        </Field>
        <Field
          label={t("adminSeasons.discounts.monthly")}
          error={error("monthlyDiscountPercent")}
          id="discount-monthly"
        >
          <Input
            type="number"
            name="monthlyDiscountPercent"
            min={0}
            max={90}
            step={1}
            defaultValue={value("monthlyDiscountPercent")}
          />
        </Field>
      </div>
      <Button type="submit" size="md" variant="outline">
        {t("adminSeasons.discounts.save")}
      </Button>
    </Form>
  );
}
