import { Clock, Plane, Send } from "~/components/ui/icons";
import { useState } from "react";
import { Form, redirect } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/flight-booking";
import { Card } from "~/components/content/card";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { ContentSection, PageHeader } from "~/components/content/page-header";
import type { FlightBookingContent } from "~/features/content/content-types";
import {
  flightRequestSubject,
  flightValuesFromParams,
  parseFlightRequest,
  PASSENGER_OPTIONS,
  type FlightField,
} from "~/features/content/flight-request.schema";
import { contactHref } from "~/features/content/links";
import { addDays } from "~/domain/calendar-day";
import { getPageContent } from "~/features/company/page-content.server";
import { todayInBerlin } from "~/domain/calendar-day";
import { formatDate, languageFromCookie, getTranslator } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/pages";

/**
 * Flights are not sold online. The form submits with GET to this page (`?anfrage=1&…`); a valid
 * request is redirected to /kontakt with the values in the subject, an invalid one is shown
 * again with German messages. Works the same with and without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const language = languageFromCookie(request.headers.get("cookie"));
  const content = await getPageContent<FlightBookingContent>("flight-booking", language, request);
  const today = todayInBerlin();
  const params = new URL(request.url).searchParams;
  if (params.get("anfrage") !== "1") return { ...content, today, values: null, errors: null };

  const values = flightValuesFromParams(params);
  const result = parseFlightRequest(values, today);
  if (!result.success) return { ...content, today, values, errors: result.errors };
  const { t } = getTranslator(language);
  const subject = flightRequestSubject(
    result.request,
    (key, options) => t(key, options),
    (day) => formatDate(day, language),
  );
  return redirect(contactHref(subject));
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description });

export default function FlightBookingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { today, values, errors } = loaderData;
  const [departure, setDeparture] = useState(values?.departure ?? "");

  const fieldProps = (name: FlightField) => ({
    name,
    defaultValue: values?.[name] ?? undefined,
  });
  const fieldError = (name: FlightField) =>
    errors?.[name] ? t(`pages.flights.errors.${errors[name]}`) : undefined;

  return (
    <main id="main">
      <PageHeader title={loaderData.title} intro={loaderData.intro} />
      <ContentSection id="flight-request" title={loaderData.formTitle} intro={loaderData.formIntro}>
        <Form
          method="get"
          noValidate
          aria-labelledby="flight-request-heading"
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <input type="hidden" name="anfrage" value="1" />
          {errors && (
            <Banner tone="error" className="mb-4">
              <p className="font-medium">{t("pages.flights.errors.formInvalid")}</p>
            </Banner>
          )}
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-5">
            <Field id="flight-from" label={t("pages.flights.from")} error={fieldError("from")}>
              <Input
                {...fieldProps("from")}
                type="text"
                maxLength={80}
                autoComplete="off"
                placeholder={t("pages.flights.fromPlaceholder")}
              />
            </Field>
            <Field id="flight-to" label={t("pages.flights.to")} error={fieldError("to")}>
              <Input
                {...fieldProps("to")}
                type="text"
                maxLength={80}
                autoComplete="off"
                placeholder={t("pages.flights.toPlaceholder")}
              />
            </Field>
            <Field
              id="flight-departure"
              label={t("pages.flights.departure")}
              error={fieldError("departure")}
            >
              <Input
                {...fieldProps("departure")}
                type="date"
                min={today}
                onChange={(event) => setDeparture(event.target.value)}
              />
            </Field>
            <Field
              id="flight-return"
              label={
                <>
                  {t("pages.flights.return")}{" "}
                  <span className="font-normal text-slate-600">
                    ({t("pages.flights.optional")})
                  </span>
                </>
              }
              error={fieldError("return")}
            >
              <Input
                {...fieldProps("return")}
                type="date"
                min={addDays(departure && departure >= today ? departure : today, 1)}
              />
            </Field>
            <Field
              id="flight-passengers"
              label={t("pages.flights.passengers")}
              error={fieldError("passengers")}
            >
              <Select {...fieldProps("passengers")} defaultValue={values?.passengers ?? "2"}>
                {PASSENGER_OPTIONS.map((count) => (
                  <option key={count} value={count}>
                    {t("pages.flights.passengerCount", { count })}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
            <p className="max-w-2xl text-sm text-slate-600">{t("pages.flights.formHint")}</p>
            <Button type="submit" size="lg">
              <Send aria-hidden className="size-4" />
              {t("pages.flights.submit")}
            </Button>
          </div>
        </Form>
      </ContentSection>

      <ContentSection
        id="sample-flights"
        title={loaderData.flightsTitle}
        intro={loaderData.flightsIntro}
      >
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.flights.map((flight) => (
            <li key={flight.id} className="flex">
              <Card className="w-full">
                <p className="text-sm font-medium text-slate-600">
                  {flight.airline} · {flight.flightNumber}
                </p>
                <h3 className="mt-1 flex items-center gap-2 text-xl font-semibold text-secondary">
                  {flight.from}
                  <Plane aria-hidden className="size-5" />
                  <span className="sr-only">→</span>
                  {flight.to}
                </h3>
                <dl className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
                  <div>
                    <dt className="sr-only">{t("pages.flights.schedule")}</dt>
                    <dd>{flight.schedule}</dd>
                  </div>
                  <div>
                    <dt className="sr-only">{t("pages.flights.duration")}</dt>
                    <dd className="flex items-center gap-2">
                      <Clock aria-hidden className="size-4" />
                      {flight.duration} · {flight.stops}
                    </dd>
                  </div>
                </dl>
                <div className="mt-5 border-t border-slate-100 pt-4">
                  <LinkButton
                    to={contactHref(
                      t("pages.flights.sampleSubject", {
                        airline: flight.airline,
                        flightNumber: flight.flightNumber,
                        from: flight.from,
                        to: flight.to,
                      }),
                    )}
                    variant="secondary"
                    className="w-full"
                    aria-label={t("pages.flights.requestSampleLabel", {
                      from: flight.from,
                      to: flight.to,
                    })}
                  >
                    {t("pages.flights.requestSample")}
                  </LinkButton>
                </div>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-sm text-slate-600">{loaderData.priceNote}</p>
      </ContentSection>
    </main>
  );
}
