import "~/locales/admin-texts";
import { useEffect, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from "react";
import {
  data,
  Form,
  Link,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { TranslationValues } from "~/lib/i18n";
import type { Route } from "./+types/settings";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  PAYMENT_METHODS,
  type PaymentMethod,
  type SiteSettings,
} from "~/features/settings/settings";
import { getOfferedPaymentMethods, offeredOnly } from "~/features/company/payment-methods.server";
import { stripeChecklist } from "~/features/booking/online-payment.server";
import { StripeChecklistPanel } from "~/features/booking/components/admin/stripe-checklist";
import { settingsFormSchema, type SettingsFormValues } from "~/features/settings/settings.schema";
import {
  getSettingsForForm,
  saveSettings,
  SettingsChangedError,
} from "~/features/settings/settings.server";
import {
  assertSeasonsWithinMaxStay,
  MaxStayBelowSeasonError,
} from "~/features/properties/seasons.server";
import { removeBrandAsset, storeBrandAsset } from "~/features/settings/brand-assets.server";
import { ImprintWarning } from "~/features/company/components/imprint-warning";
import { placeholderImprintFields } from "~/features/company/imprint";
import { logger } from "~/lib/logger.server";
import { parseForm } from "~/lib/form.server";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Field, useFieldWiring } from "~/components/ui/field";
import { Checkbox, Input, Textarea } from "~/components/ui/input";
import { HOUSE_RULES_MAX, TOURIST_TAX_NOTE_MAX } from "~/domain/property-facts";
import { mediaUrl } from "~/lib/media-url";
import { readEditVersion } from "~/lib/edit-version";
import { useActionAnswer } from "~/lib/use-action-answer";
import { StaleFormBanner } from "~/components/ui/stale-form-banner";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // The form's values and version from one read of the row (decision 073).
  const [{ settings, version }, methods, stripe] = await Promise.all([
    getSettingsForForm(),
    getOfferedPaymentMethods(),
    stripeChecklist(),
  ]);
  // Why a method cannot be offered even when ticked (spec 06: "Zahlungsanbieter nicht
  // konfiguriert", "Kein aktives Standardkonto"); "disabledInSettings" is the checkbox itself.
  const methodReasons = Object.fromEntries(
    methods
      .filter((m) => m.reason === "providerNotConfigured" || m.reason === "noDefaultBankAccount")
      .map((m) => [m.method, m.reason]),
  ) as Partial<Record<PaymentMethod, "providerNotConfigured" | "noDefaultBankAccount">>;
  // Mandatory Impressum fields still holding the demo placeholders (warning banner).
  return {
    settings,
    version,
    methodReasons,
    stripe,
    placeholderFields: placeholderImprintFields(settings),
  };
}

export const meta = () => [{ title: "Einstellungen – Administration" }];

type FieldErrors = Partial<Record<keyof SiteSettings, string>>;
/** Values for a field error's placeholders (the season that needs a longer stay, decision 090). */
type FieldErrorValues = Partial<Record<keyof SiteSettings, TranslationValues>>;

/**
 * One type for every refused form: TypeScript would otherwise fold an answer with
 * `fieldErrorValues` into a plainer one of the same status, and the page would lose it.
 */
type InvalidAnswer = {
  status: "invalid";
  fieldErrors: FieldErrors;
  fieldErrorValues?: FieldErrorValues;
};
const invalid = (fieldErrors: FieldErrors, fieldErrorValues?: FieldErrorValues) =>
  data<InvalidAnswer>({ status: "invalid", fieldErrors, fieldErrorValues }, { status: 400 });

const SETTINGS_TABS = ["company", "bookings"] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];
/** The tab names in the URL, German like the page's other URLs. */
const TAB_PARAMS: Record<SettingsTab, string> = { company: "unternehmen", bookings: "buchungen" };

function tabFromParam(param: string | null): SettingsTab {
  return param === TAB_PARAMS.bookings ? "bookings" : "company";
}

// Switching tabs changes only the query string: nothing to load again.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
    const current = new URLSearchParams(currentUrl.search);
    const next = new URLSearchParams(nextUrl.search);
    current.delete("tab");
    next.delete("tab");
    if (current.toString() === next.toString()) return false;
  }
  return defaultShouldRevalidate;
}

const SETTINGS_FIELDS = Object.keys(settingsFormSchema.shape) as (keyof SettingsFormValues)[];

const ASSETS = ["logoLight", "logoDark", "favicon"] as const;
type Asset = (typeof ASSETS)[number];

export async function action({ request }: Route.ActionArgs) {
  // An expired session must not throw the admin out of a half-filled form (spec 01).
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return invalid({});
  }
  const intent = form.get("intent");
  if (intent === "brand-upload" || intent === "brand-remove") {
    const asset = form.get("asset");
    if (!ASSETS.includes(asset as Asset)) {
      return data(
        { status: "uploadFailed" as const, asset: null, error: "wrongType" },
        { status: 400 },
      );
    }
    if (intent === "brand-remove") {
      const { version } = await removeBrandAsset(asset as Asset, admin.id);
      return { status: "brandSaved" as const, asset: asset as Asset, at: Date.now(), version };
    }
    const file = form.get("file");
    if (!file || typeof file === "string" || file.size === 0) {
      return data({ status: "uploadFailed" as const, asset, error: "missing" }, { status: 400 });
    }
    const result = await storeBrandAsset(
      asset as Asset,
      Buffer.from(await file.arrayBuffer()),
      admin.id,
    );
    if (!result.ok) {
      return data(
        { status: "uploadFailed" as const, asset, error: result.error },
        { status: result.error === "tooLarge" ? 413 : result.error === "failed" ? 500 : 400 },
      );
    }
    return {
      status: "brandSaved" as const,
      asset: asset as Asset,
      at: Date.now(),
      version: result.version,
    };
  }
  const parsed = parseForm(form, settingsFormSchema, {
    fields: SETTINGS_FIELDS,
    multiple: ["allowedPaymentMethods"],
  });
  if (!parsed.ok) {
    const fieldErrors: FieldErrors = {};
    for (const [key, message] of Object.entries(parsed.fieldErrors)) {
      // zod's own messages (a missing field) are shown as "required".
      fieldErrors[key as keyof SiteSettings] =
        !message || message === "required" || !/^[a-zA-Z]+$/.test(message) ? "required" : message;
    }
    return invalid(fieldErrors);
  }
  // Decision 098: not a selection that leaves guests no way to pay (and so no way to book), with
  // the booking page's own test of "offered". Refused only when a method the admin could tick is
  // ready: with none ready (no provider, no default account) ticking cannot help, and the save of
  // the phone number must not wait for it; the dashboard says that guests cannot book.
  const offered = offeredOnly(await getOfferedPaymentMethods(parsed.data));
  if (offered.length === 0) {
    const ready = offeredOnly(
      await getOfferedPaymentMethods({ allowedPaymentMethods: [...PAYMENT_METHODS] }),
    );
    if (ready.length > 0) return invalid({ allowedPaymentMethods: "noneOffered" });
  }
  try {
    // The form writes every field it shows: only over the version it was loaded with
    // (decision 073). A missing or garbled one counts as changed.
    const { version } = await saveSettings(parsed.data, admin.id, {
      version: readEditVersion(form),
      // Not lowered below a season's minimum stay (decision 090). Only a lower maximum is
      // checked: a save of the phone number must not wait for a season set up before this check
      // existed (the season form refuses such a season now).
      check: async (tx, next, before) => {
        if (next.maxStayDays < before.maxStayDays)
          await assertSeasonsWithinMaxStay(tx, next.maxStayDays);
      },
    });
    return { status: "saved" as const, at: Date.now(), version };
  } catch (error) {
    if (error instanceof SettingsChangedError) {
      return data({ status: "stale" as const }, { status: 409 });
    }
    if (error instanceof MaxStayBelowSeasonError) {
      // Beside "Höchstaufenthalt", naming the season (decision 090); nothing was saved.
      const { season, property, minStayNights } = error.season;
      return invalid(
        { maxStayDays: "seasonMinStay" },
        { maxStayDays: { season, property, nights: minStayNights } },
      );
    }
    logger.error({ err: error }, "saving settings failed");
    return data({ status: "failed" as const }, { status: 500 });
  }
}

/** The colour picker: a swatch, not a text box, but wired by its Field like one. */
function ColorInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const { inField, ...wiring } = useFieldWiring(props);
  return (
    <input
      {...props}
      {...wiring}
      type="color"
      className={cx("block h-10 w-20 rounded border border-slate-400", inField && "mt-1")}
    />
  );
}

export default function AdminSettings({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useActionAnswer(answer);
  const { t } = useTranslation();
  const navigation = useNavigation();
  // The open tab lives in the URL (`?tab=buchungen`), so a reload, a link or Back opens it
  // again, and the tabs are plain links that work before JS runs.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromParam(searchParams.get("tab"));
  const setTab = (next: SettingsTab) => {
    if (next === tab) return;
    setSearchParams(
      (params) => {
        params.set("tab", TAB_PARAMS[next]);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const tabRefs = useRef<Partial<Record<SettingsTab, HTMLAnchorElement | null>>>({});
  const [isBannerVisible, setBannerVisible] = useState(false);
  const s = loaderData.settings;
  // The version the form sends (decision 073): the page's, then each own save's (a logo too).
  // Not the loader's after a live update: someone else's change must not count as seen.
  const [version, setVersion] = useState(loaderData.version);
  const ownVersion = actionData && "version" in actionData ? actionData.version : undefined;
  useEffect(() => {
    if (ownVersion) setVersion(ownVersion);
  }, [ownVersion]);
  const fieldErrors: FieldErrors =
    actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {};
  const fieldErrorValues: FieldErrorValues =
    (actionData && "fieldErrorValues" in actionData ? actionData.fieldErrorValues : undefined) ??
    {};
  const savedAt = actionData && "at" in actionData ? actionData.at : undefined;
  const brandResult = actionData && "asset" in actionData ? actionData : undefined;

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
      "depositPercentage",
      "balanceDueDays",
      "autoCancelOverdueDays",
      "allowedPaymentMethods",
      "houseRules",
      "checkInFrom",
      "checkOutUntil",
      "touristTaxNote",
    ];
    const first = Object.keys(fieldErrors)[0];
    if (first) setTab(bookingFields.includes(first) ? "bookings" : "company");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a new result arrives
  }, [actionData]);

  const field = (
    name: keyof SiteSettings,
    type = "text",
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
    hint?: string,
  ) => {
    const error = fieldErrors[name];
    const value = s[name];
    const props = {
      name,
      defaultValue:
        name === "serviceFee"
          ? String((value as number) / 100).replace(".", ",")
          : ((value as string | number | null) ?? ""),
      ...extra,
    };
    return (
      <Field
        label={t(`settings.${name}` as "settings.platformName")}
        id={name}
        hint={hint}
        error={
          error
            ? t(`settings.invalid.${error}` as "settings.invalid.required", fieldErrorValues[name])
            : undefined
        }
      >
        {type === "color" ? <ColorInput {...props} /> : <Input type={type} {...props} />}
      </Field>
    );
  };

  /** The property facts' defaults (decision 033): labels and messages from adminFacts. */
  const factField = (name: "houseRules" | "checkInFrom" | "checkOutUntil" | "touristTaxNote") => {
    const error = fieldErrors[name];
    const isText = name === "houseRules" || name === "touristTaxNote";
    return (
      <Field
        label={t(`adminFacts.settings.${name}`)}
        id={name}
        hint={isText ? t(`adminFacts.settings.${name}Hint`) : undefined}
        error={
          error
            ? t(error === "required" ? "settings.invalid.required" : `adminFacts.invalid.${error}`)
            : undefined
        }
        className={isText ? "md:col-span-2" : undefined}
      >
        {isText ? (
          <Textarea
            name={name}
            rows={name === "houseRules" ? 5 : 2}
            maxLength={name === "houseRules" ? HOUSE_RULES_MAX : TOURIST_TAX_NOTE_MAX}
            defaultValue={s[name]}
          />
        ) : (
          <Input name={name} type="time" required defaultValue={s[name]} />
        )}
      </Field>
    );
  };

  // WAI-ARIA tabs: one tab stop; arrow keys, Home and End move between tabs and open them.
  const onTabKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const index = SETTINGS_TABS.indexOf(tab);
    const next =
      event.key === "ArrowRight"
        ? SETTINGS_TABS[(index + 1) % SETTINGS_TABS.length]
        : event.key === "ArrowLeft"
          ? SETTINGS_TABS[(index - 1 + SETTINGS_TABS.length) % SETTINGS_TABS.length]
          : event.key === "Home"
            ? SETTINGS_TABS[0]
            : event.key === "End"
              ? SETTINGS_TABS[SETTINGS_TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const tabLink = (id: SettingsTab, label: string) => (
    <Link
      ref={(element) => {
        tabRefs.current[id] = element;
      }}
      to={`?tab=${TAB_PARAMS[id]}`}
      replace
      preventScrollReset
      role="tab"
      id={`tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`panel-${id}`}
      tabIndex={tab === id ? 0 : -1}
      onKeyDown={onTabKeyDown}
      className={`rounded-t-lg px-4 py-2 font-medium ${tab === id ? "border-b-2 border-secondary text-secondary" : "text-slate-600 hover:text-slate-900"}`}
    >
      {label}
    </Link>
  );

  return (
    <main id="main" className="max-w-4xl">
      <h1 className="text-2xl font-semibold text-slate-900">{t("settings.title")}</h1>
      {loaderData.placeholderFields.length > 0 && (
        <div className="mt-4">
          <ImprintWarning
            fields={loaderData.placeholderFields.map((field) => t(`settings.${field}`))}
            showSettingsLink={false}
          />
        </div>
      )}
      {actionData && "error" in actionData && actionData.error === "sessionExpired" && (
        // Not SessionExpiredBanner: this page offers a reload button (tests/e2e/platform.spec.ts).
        <Banner tone="warning" announce="alert" className="mt-4" testId="session-expired">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <span>{t("errors.sessionExpired")}</span>
            <Button variant="secondary" onClick={() => window.location.reload()}>
              {t("errors.reload")}
            </Button>
          </div>
        </Banner>
      )}
      {isBannerVisible && (
        <Banner tone="success" className="mt-4">
          {t("settings.saved")}
        </Banner>
      )}
      {actionData && "status" in actionData && actionData.status === "stale" && (
        <StaleFormBanner message={t("settings.stale")} className="mt-4" />
      )}
      {/* The settings form's own failure only: a logo upload answers beside its field. */}
      {actionData &&
        "status" in actionData &&
        (actionData.status === "failed" || actionData.status === "invalid") && (
          <Banner tone="error" className="mt-4">
            {t("settings.failed")}
          </Banner>
        )}
      <div
        role="tablist"
        aria-label={t("settings.title")}
        className="mt-6 flex gap-2 border-b border-slate-200"
      >
        {tabLink("company", t("settings.tabCompany"))}
        {tabLink("bookings", t("settings.tabBookings"))}
      </div>
      <Form method="post" className="mt-6 space-y-8" noValidate>
        <input type="hidden" name="version" value={ownVersion ?? version} />
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
            {field("primaryColor", "color", {}, t("settings.primaryColorHint"))}
            {field("secondaryColor", "color", {}, t("settings.secondaryColorHint"))}
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
            {field("companyRegistration", "text", {}, t("settings.companyRegisterHint"))}
            {field("companyRegisterCourt", "text", {}, t("settings.companyRegisterHint"))}
            {field("companyTaxId", "text", {}, t("settings.companyTaxIdHint"))}
            {field("companyVatId", "text", {}, t("settings.companyVatIdHint"))}
          </fieldset>
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold text-slate-900">
              {t("settings.social")}
            </legend>
            {field("socialFacebookUrl", "url")}
            {field("socialInstagramUrl", "url")}
            {field("socialXUrl", "url")}
          </fieldset>
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold text-slate-900">
              {t("adminOpeningHours.legend")}
            </legend>
            <p className="text-sm text-slate-600 md:col-span-2">{t("adminOpeningHours.hint")}</p>
            <Field
              label={t("adminOpeningHours.german")}
              id="openingHours"
              error={
                fieldErrors.openingHours
                  ? t(`settings.invalid.${fieldErrors.openingHours}` as "settings.invalid.required")
                  : undefined
              }
            >
              <Input name="openingHours" defaultValue={s.openingHours} required maxLength={200} />
            </Field>
            <Field
              label={t("adminOpeningHours.english")}
              id="openingHoursEn"
              hint={t("adminOpeningHours.englishHint")}
            >
              <Input name="openingHoursEn" defaultValue={s.openingHoursEn ?? ""} maxLength={200} />
            </Field>
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
          <fieldset aria-describedby="payment-schedule-hint" className="grid gap-4 md:grid-cols-2">
            <legend className="mb-1 text-lg font-semibold text-slate-900">
              {t("settings.paymentSchedule")}
            </legend>
            <p id="payment-schedule-hint" className="text-sm text-slate-600 md:col-span-2">
              {t("settings.paymentScheduleHint")}
            </p>
            {field("depositPercentage", "number", { min: 0, max: 100, step: 1 })}
            {field("balanceDueDays", "number", { min: 0, max: 365, step: 1 })}
          </fieldset>
          <fieldset aria-describedby="unpaid-bookings-hint" className="grid gap-4 md:grid-cols-2">
            <legend className="mb-1 text-lg font-semibold text-slate-900">
              {t("settings.unpaidBookings")}
            </legend>
            <p id="unpaid-bookings-hint" className="text-sm text-slate-600 md:col-span-2">
              {t("settings.unpaidBookingsHint")}
            </p>
            {field("autoCancelOverdueDays", "number", { min: 1, max: 90, step: 1 })}
          </fieldset>
          <fieldset aria-describedby="property-facts-hint" className="grid gap-4 md:grid-cols-2">
            <legend className="mb-1 text-lg font-semibold text-slate-900">
              {t("adminFacts.settings.heading")}
            </legend>
            <p id="property-facts-hint" className="text-sm text-slate-600 md:col-span-2">
              {t("adminFacts.settings.hint")}
            </p>
            {factField("checkInFrom")}
            {factField("checkOutUntil")}
            {factField("houseRules")}
            {factField("touristTaxNote")}
          </fieldset>
          <fieldset
            aria-describedby={fieldErrors.allowedPaymentMethods ? "payment-error" : undefined}
          >
            <legend className="text-sm font-medium text-slate-800">
              {t("settings.paymentMethods")}
            </legend>
            <div className="mt-2 flex flex-wrap gap-6">
              {PAYMENT_METHODS.map((method) => (
                <Checkbox
                  key={method}
                  name="allowedPaymentMethods"
                  value={method}
                  defaultChecked={s.allowedPaymentMethods.includes(method)}
                  label={t(`paymentMethods.${method}`)}
                  hint={
                    loaderData.methodReasons[method]
                      ? t(`settings.methodReasons.${loaderData.methodReasons[method]}`)
                      : undefined
                  }
                />
              ))}
            </div>
            {fieldErrors.allowedPaymentMethods && (
              <p id="payment-error" className="mt-1 text-sm text-red-700">
                {fieldErrors.allowedPaymentMethods === "noneOffered"
                  ? t("settings.invalid.noneOffered")
                  : t("settings.invalid.paymentMethods")}
              </p>
            )}
          </fieldset>
          <StripeChecklistPanel checklist={loaderData.stripe} />
        </div>
        <Button
          type="submit"
          variant="secondary"
          size="lg"
          disabled={navigation.state === "submitting"}
        >
          {t("settings.save")}
        </Button>
      </Form>

      <section
        aria-labelledby="brand-heading"
        hidden={tab !== "company"}
        className="mt-10 space-y-6 border-t border-slate-200 pt-6"
      >
        <h2 id="brand-heading" className="text-lg font-semibold text-slate-900">
          {t("settings.brand.heading")}
        </h2>
        {ASSETS.map((asset) => {
          const url =
            asset === "logoLight"
              ? s.logoLightUrl
              : asset === "logoDark"
                ? s.logoDarkUrl
                : s.faviconUrl;
          const failed =
            brandResult?.asset === asset && brandResult.status === "uploadFailed"
              ? brandResult.error
              : null;
          const saved = brandResult?.asset === asset && brandResult.status === "brandSaved";
          return (
            <div
              key={asset}
              className="flex flex-wrap items-start gap-4"
              data-testid={`brand-${asset}`}
            >
              <div
                className={`flex h-20 w-40 items-center justify-center rounded-lg border border-slate-200 ${asset === "logoDark" ? "bg-secondary" : "bg-white"}`}
              >
                {url ? (
                  <img
                    src={mediaUrl(url)}
                    alt={t(`settings.brand.${asset}`)}
                    className={asset === "favicon" ? "size-8" : "max-h-16 max-w-36 object-contain"}
                  />
                ) : (
                  <span
                    className={`text-sm ${asset === "logoDark" ? "text-white" : "text-slate-600"}`}
                  >
                    {t("settings.brand.none")}
                  </span>
                )}
              </div>
              <div className="min-w-0 flex-1 space-y-2">
                <Form
                  method="post"
                  encType="multipart/form-data"
                  className="flex flex-wrap items-end gap-2"
                >
                  <input type="hidden" name="intent" value="brand-upload" />
                  <input type="hidden" name="asset" value={asset} />
                  <label className="block max-w-full text-sm font-medium text-slate-800">
                    {t(`settings.brand.${asset}`)}
                    <input
                      type="file"
                      name="file"
                      required
                      accept="image/png,image/jpeg,image/webp"
                      aria-describedby={`${asset}-hint${failed ? ` ${asset}-error` : ""}`}
                      // The browser's file button is wide: on a phone it must shrink with the column.
                      className="mt-1 block w-full max-w-full text-sm"
                    />
                  </label>
                  <Button type="submit" size="sm" variant="outline">
                    {t("settings.brand.upload")}
                  </Button>
                </Form>
                <p id={`${asset}-hint`} className="text-sm text-slate-600">
                  {t(
                    asset === "favicon" ? "settings.brand.faviconHint" : "settings.brand.logoHint",
                  )}
                </p>
                {failed && (
                  <p
                    id={`${asset}-error`}
                    role="alert"
                    className="text-sm font-medium text-red-800"
                  >
                    {`${t("settings.brand.failed")}: ${t(`settings.brand.errors.${failed}` as "settings.brand.errors.failed")}`}
                  </p>
                )}
                {saved && (
                  <p role="status" className="text-sm text-green-800">
                    {t("settings.brand.saved")}
                  </p>
                )}
                {url && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="brand-remove" />
                    <input type="hidden" name="asset" value={asset} />
                    <Button type="submit" size="sm" variant="ghost">
                      {t("settings.brand.remove")}
                    </Button>
                  </Form>
                )}
              </div>
            </div>
          );
        })}
      </section>
    </main>
  );
}
