import { useEffect, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/settings";
import { getCurrentUser, requireAdmin } from "~/features/accounts/session.server";
import { PAYMENT_METHODS, type SiteSettings } from "~/features/settings/settings";
import { settingsFormSchema } from "~/features/settings/settings.schema";
import { getSettings, saveSettings } from "~/features/settings/settings.server";
import { ImprintWarning } from "~/features/company/components/imprint-warning";
import { placeholderImprintFields } from "~/features/company/imprint";
import { logger } from "~/lib/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const settings = await getSettings();
  // Mandatory Impressum fields still holding the demo placeholders (warning banner).
  return { settings, placeholderFields: placeholderImprintFields(settings) };
}

export const meta = () => [{ title: "Einstellungen – Administration" }];

type FieldErrors = Partial<Record<keyof SiteSettings, string>>;

export async function action({ request }: Route.ActionArgs) {
  // An expired session must not throw the admin out of a half-filled form (spec 01).
  if (!(await getCurrentUser(request)))
    return data({ sessionExpired: true as const }, { status: 401 });
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const raw = Object.fromEntries(
    [...form.entries()].filter(([, v]) => typeof v === "string").map(([k, v]) => [k, v as string]),
  );
  const parsed = settingsFormSchema.safeParse({
    ...raw,
    allowedPaymentMethods: form
      .getAll("allowedPaymentMethods")
      .filter((v) => typeof v === "string"),
  });
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof SiteSettings;
      fieldErrors[key] ??=
        issue.message === "required" || !issue.message.match(/^[a-zA-Z]+$/)
          ? "required"
          : issue.message;
    }
    return data({ status: "invalid" as const, fieldErrors }, { status: 400 });
  }
  try {
    await saveSettings(parsed.data, admin.id);
    return { status: "saved" as const, at: Date.now() };
  } catch (error) {
    logger.error({ err: error }, "saving settings failed");
    return data({ status: "failed" as const }, { status: 500 });
  }
}

const input =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-secondary focus:outline-none focus:ring-2 focus:ring-secondary/30";

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [tab, setTab] = useState<"company" | "bookings">("company");
  const [isBannerVisible, setBannerVisible] = useState(false);
  const s = loaderData.settings;
  const fieldErrors: FieldErrors =
    actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {};
  const savedAt = actionData && "at" in actionData ? actionData.at : undefined;

  // Success banner for 3 seconds (spec 06).
  useEffect(() => {
    if (!savedAt) return;
    setBannerVisible(true);
    const timer = setTimeout(() => setBannerVisible(false), 3000);
    return () => clearTimeout(timer);
  }, [savedAt]);

  // Show the tab that holds the first invalid field.
  useEffect(() => {
    const bookingFields = [
      "minStayDays",
      "maxStayDays",
      "serviceFee",
      "freeCancellationHours",
      "cancellationFeePercentage",
      "bookingHorizonMonths",
      "maxPendingBookings",
      "bookingAttemptsPerAccount",
      "bookingAttemptsPerClient",
      "allowedPaymentMethods",
    ];
    const first = Object.keys(fieldErrors)[0];
    if (first) setTab(bookingFields.includes(first) ? "bookings" : "company");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a new result arrives
  }, [actionData]);

  const field = (
    name: keyof SiteSettings,
    type = "text",
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => {
    const error = fieldErrors[name];
    const value = s[name];
    return (
      <div>
        <label htmlFor={name} className="text-sm font-medium text-slate-800">
          {t(`settings.${name}` as "settings.platformName")}
        </label>
        <input
          id={name}
          name={name}
          type={type}
          defaultValue={
            name === "serviceFee"
              ? String((value as number) / 100).replace(".", ",")
              : ((value as string | number | null) ?? "")
          }
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
          className={type === "color" ? "mt-1 h-10 w-20 rounded border border-slate-400" : input}
          {...extra}
        />
        {error && (
          <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
            {t(`settings.invalid.${error}` as "settings.invalid.required")}
          </p>
        )}
      </div>
    );
  };

  const tabButton = (id: "company" | "bookings", label: string) => (
    <button
      type="button"
      role="tab"
      id={`tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`panel-${id}`}
      onClick={() => setTab(id)}
      className={`rounded-t-lg px-4 py-2 font-medium ${tab === id ? "border-b-2 border-secondary text-secondary" : "text-slate-600 hover:text-slate-900"}`}
    >
      {label}
    </button>
  );

  return (
    <main id="main" className="max-w-4xl">
      <h1 className="text-2xl font-semibold text-slate-900">{t("settings.title")}</h1>
      {loaderData.placeholderFields.length > 0 && (
        <div className="mt-4">
          <ImprintWarning fields={loaderData.placeholderFields} showSettingsLink={false} />
        </div>
      )}
      {actionData && "sessionExpired" in actionData && (
        <div
          role="alert"
          className="mt-4 flex items-center justify-between gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
        >
          <span>{t("errors.sessionExpired")}</span>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-lg bg-secondary px-4 py-2 text-white"
          >
            {t("errors.reload")}
          </button>
        </div>
      )}
      {isBannerVisible && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-green-300 bg-green-50 p-3 text-green-900"
        >
          {t("settings.saved")}
        </p>
      )}
      {actionData && "status" in actionData && actionData.status !== "saved" && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
        >
          {t("settings.failed")}
        </p>
      )}
      <div
        role="tablist"
        aria-label={t("settings.title")}
        className="mt-6 flex gap-2 border-b border-slate-200"
      >
        {tabButton("company", t("settings.tabCompany"))}
        {tabButton("bookings", t("settings.tabBookings"))}
      </div>
      <Form method="post" className="mt-6 space-y-8" noValidate>
        <div
          id="panel-company"
          role="tabpanel"
          aria-labelledby="tab-company"
          hidden={tab !== "company"}
          className="space-y-8"
        >
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold text-slate-900">
              {t("settings.website")}
            </legend>
            {field("platformName", "text", { required: true, maxLength: 80 })}
            {field("pageTitle", "text", { required: true, maxLength: 160 })}
            {field("metaDescription", "text", { required: true, maxLength: 320 })}
            {field("metaKeywords", "text", { required: true, maxLength: 320 })}
            {field("primaryColor", "color")}
            {field("secondaryColor", "color")}
          </fieldset>
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold text-slate-900">
              {t("settings.company")}
            </legend>
            {field("companyName")}
            {field("companyEmail", "email")}
            {field("companyPhone", "tel")}
            {field("companyAddress")}
            {field("companyPostalCode")}
            {field("companyCity")}
            {field("companyCountry")}
            {field("companyRepresentative")}
            {field("companyRegistration")}
            {field("companyRegisterCourt")}
            {field("companyTaxId")}
            {field("companyVatId")}
          </fieldset>
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold text-slate-900">
              {t("settings.social")}
            </legend>
            {field("socialFacebookUrl", "url")}
            {field("socialInstagramUrl", "url")}
            {field("socialXUrl", "url")}
          </fieldset>
        </div>
        <div
          id="panel-bookings"
          role="tabpanel"
          aria-labelledby="tab-bookings"
          hidden={tab !== "bookings"}
          className="space-y-6"
        >
          <div className="grid gap-4 md:grid-cols-2">
            {field("minStayDays", "number", { min: 1, step: 1 })}
            {field("maxStayDays", "number", { min: 1, step: 1 })}
            {field("serviceFee", "text", { inputMode: "decimal" })}
            {field("freeCancellationHours", "number", { min: 0, step: 1 })}
            {field("cancellationFeePercentage", "number", { min: 0, max: 100, step: 1 })}
          </div>
          <fieldset aria-describedby="booking-limits-hint" className="grid gap-4 md:grid-cols-2">
            <legend className="mb-1 text-lg font-semibold text-slate-900">
              {t("settings.bookingLimits")}
            </legend>
            <p id="booking-limits-hint" className="text-sm text-slate-600 md:col-span-2">
              {t("settings.bookingLimitsHint")}
            </p>
            {field("bookingHorizonMonths", "number", { min: 1, max: 120, step: 1 })}
            {field("maxPendingBookings", "number", { min: 1, max: 100, step: 1 })}
            {field("bookingAttemptsPerAccount", "number", { min: 1, max: 10000, step: 1 })}
            {field("bookingAttemptsPerClient", "number", { min: 1, max: 10000, step: 1 })}
          </fieldset>
          <fieldset
            aria-describedby={fieldErrors.allowedPaymentMethods ? "payment-error" : undefined}
          >
            <legend className="text-sm font-medium text-slate-800">
              {t("settings.paymentMethods")}
            </legend>
            <div className="mt-2 flex flex-wrap gap-6">
              {PAYMENT_METHODS.map((method) => (
                <label key={method} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="allowedPaymentMethods"
                    value={method}
                    defaultChecked={s.allowedPaymentMethods.includes(method)}
                    className="size-4"
                  />
                  {t(`paymentMethods.${method}`)}
                </label>
              ))}
            </div>
            {fieldErrors.allowedPaymentMethods && (
              <p id="payment-error" className="mt-1 text-sm text-red-700">
                {t("settings.invalid.paymentMethods")}
              </p>
            )}
          </fieldset>
        </div>
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className="rounded-lg bg-secondary px-5 py-2.5 font-semibold text-white hover:opacity-90 disabled:opacity-60"
        >
          {t("settings.save")}
        </button>
      </Form>
    </main>
  );
}
