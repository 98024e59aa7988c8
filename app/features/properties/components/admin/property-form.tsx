import { Plus, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import type { PropertyImage } from "../../../../../db/schema";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Checkbox, Input, Select, Textarea } from "~/components/ui/input";
import { Radio } from "~/components/ui/radio";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { StaleFormBanner } from "~/components/ui/stale-form-banner";
import { useTranslation } from "~/lib/i18n-react";
import { useIsHydrated } from "~/lib/use-is-hydrated";
import {
  CITY_SUGGESTIONS,
  COUNTRIES,
  LIMITS,
  normalizeAmenities,
  type PropertyFormField,
  type PropertyFormValues,
} from "../../admin-property.schema";
import { HOUSE_RULES_MAX, TOURIST_TAX_NOTE_MAX } from "~/domain/property-facts";
import { TOURIST_TAX_MODES, touristTaxModeOf, type TouristTaxMode } from "~/domain/tourist-tax";
import { AiOptimize } from "./ai-optimize";
import { PropertyImagesField } from "./property-images-field";

const TOURIST_TAX_LABELS = {
  default: "adminFacts.property.touristTaxDefault",
  own: "adminFacts.property.touristTaxOwn",
  none: "adminFacts.property.touristTaxNone",
} as const;

/** Spec 07: autosave every 45 seconds. */
export const AUTOSAVE_INTERVAL_MS = 45_000;

export type PropertyFormActionData =
  | {
      intent: string;
      ok: false;
      /** "stale": the property changed since the form was loaded (decision 073). */
      error: "invalid" | "notFound" | "invalidImage" | "stale" | "failed" | "sessionExpired";
      fieldErrors?: Partial<Record<PropertyFormField, string>>;
      message?: string;
      isNew?: boolean;
      values?: PropertyFormValues;
      /** The version the refused input was sent with (decision 073). */
      version?: string | null;
    }
  | { intent: "autosave"; ok: true; id: string; savedAt: string; version: string };

type AutosaveData = PropertyFormActionData | undefined;

const timeFormats = {
  de: new Intl.DateTimeFormat("de-DE", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Berlin",
  }),
  en: new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Berlin",
  }),
};
const dateFormats = {
  de: new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeZone: "Europe/Berlin" }),
  en: new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/Berlin" }),
};

/** The form's input without the button, the id and the version: what autosave compares. */
function snapshotOf(form: HTMLFormElement) {
  return JSON.stringify(
    [...new FormData(form).entries()].filter(
      ([key]) => key !== "intent" && key !== "id" && key !== "version",
    ),
  );
}

/**
 * The admin property form (spec 06-admin), add and edit. Works without JavaScript (country
 * and city as plain fields, amenities as a text box, the offer fields always shown); with it,
 * Stadt waits for a country, amenities are chips, and autosave keeps a draft every 45 s.
 */
export function PropertyForm({
  mode,
  property,
  values,
  images,
  missingDraftImages = 0,
  isAiConfigured,
  today,
  result,
  isSaving,
  factDefaults,
}: {
  mode: "add" | "edit";
  property: {
    id: string;
    status: "draft" | "published" | "archived";
    draftSavedAt: string | null;
    /** The version the page was loaded with (decision 073). */
    version: string;
  } | null;
  values: PropertyFormValues;
  images: PropertyImage[];
  /** Images the autosaved draft named that are gone (another property took them; decision 067). */
  missingDraftImages?: number;
  /** "Mit KI optimieren" can reach its API (OPENAI_* set on the server). */
  isAiConfigured: boolean;
  today: string;
  result: PropertyFormActionData | undefined;
  isSaving: boolean;
  /**
   * The settings' check-in/check-out times, named in the hint (empty fields use them), and
   * their Kurtaxe note, quoted at the choice "Standard aus den Einstellungen".
   */
  factDefaults: { checkInFrom: string; checkOutUntil: string; touristTaxNote: string };
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "de";
  const isHydrated = useIsHydrated();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<AutosaveData>();
  const ids = {
    datalist: useId(),
    amenity: useId(),
    amenityError: useId(),
    touristTaxError: useId(),
  };

  const [isCustomPlace, setIsCustomPlace] = useState(values.locationMode === "custom");
  const [country, setCountry] = useState(values.country ?? "");
  const [city, setCity] = useState(values.city ?? "");
  const [amenities, setAmenities] = useState<string[]>(values.amenities ?? []);
  // Controlled: "Mit KI optimieren" replaces it when the admin accepts a suggestion.
  const [description, setDescription] = useState(values.description ?? "");
  const [amenityInput, setAmenityInput] = useState("");
  const [amenityError, setAmenityError] = useState<string | null>(null);
  const [isSpecialOffer, setIsSpecialOffer] = useState(values.isSpecialOffer === "on");
  const [touristTaxMode, setTouristTaxMode] = useState<TouristTaxMode>(
    touristTaxModeOf(values.touristTaxMode, values.touristTaxNote ?? "") ?? "default",
  );
  const [isAutosaveOn, setIsAutosaveOn] = useState(true);
  const [areImagesBusy, setAreImagesBusy] = useState(false);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [autosavedAt, setAutosavedAt] = useState<string | null>(property?.draftSavedAt ?? null);
  // The version every write sends (decision 073): the page's, then each own autosave's answer
  // (the page does not load again after an autosave). A refused input shown again (without
  // JavaScript, on a page loaded afresh) keeps the version it was typed on: the refusal must
  // not turn it into the current one.
  const [version, setVersion] = useState<string | null>(
    result && !result.ok && result.version !== undefined
      ? result.version
      : (property?.version ?? null),
  );
  const lastSnapshot = useRef<string | null>(null);

  // What the page showed first counts as saved: an untouched form is never autosaved.
  useEffect(() => {
    if (formRef.current) lastSnapshot.current = snapshotOf(formRef.current);
  }, []);

  const isManualSaveRunning = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const autosaveResult = fetcher.data;
  // Someone else changed the property since this page was loaded: no write from it can apply.
  const isStale =
    (result && !result.ok && result.error === "stale") ||
    (autosaveResult && !autosaveResult.ok && autosaveResult.error === "stale");
  const autosaveState = useRef({
    isManualSaveRunning,
    areImagesBusy,
    isStale,
    fetcherState: fetcher.state,
  });
  autosaveState.current = {
    isManualSaveRunning,
    areImagesBusy,
    isStale,
    fetcherState: fetcher.state,
  };

  useEffect(() => {
    if (!isAutosaveOn) return;
    const timer = window.setInterval(() => {
      const form = formRef.current;
      const state = autosaveState.current;
      // Autosave pauses while a manual save (or an upload, or the previous autosave) runs.
      if (!form || state.isManualSaveRunning || state.areImagesBusy || state.isStale) return;
      if (state.fetcherState !== "idle") return;
      const data = new FormData(form);
      const filled = (name: string) => String(data.get(name) ?? "").trim() !== "";
      if (!filled("title") || !filled("description")) return;
      const snapshot = snapshotOf(form);
      if (snapshot === lastSnapshot.current) return;
      lastSnapshot.current = snapshot;
      data.set("intent", "autosave");
      void fetcher.submit(data, { method: "post" });
    }, AUTOSAVE_INTERVAL_MS);
    return () => window.clearInterval(timer);
    // fetcher.submit is stable; the rest is read through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isAutosaveOn]);

  useEffect(() => {
    if (!autosaveResult) return;
    if (autosaveResult.ok) {
      setAutosavedAt(autosaveResult.savedAt);
      setVersion(autosaveResult.version);
      // A new property is now a draft row: the address becomes its edit page, without a
      // navigation (the input stays as typed); the form carries the id for what follows.
      if (mode === "add" && createdId === null) {
        setCreatedId(autosaveResult.id);
        window.history.replaceState(
          window.history.state,
          "",
          `/admin/properties/edit/${autosaveResult.id}`,
        );
      }
    } else {
      // Not saved: try again at the next tick even if nothing changed.
      lastSnapshot.current = null;
    }
  }, [autosaveResult, mode, createdId]);

  const errorText = (code: string | undefined) =>
    code
      ? t(`adminProperties.errors.${code}` as "adminProperties.errors.failed", {
          defaultValue: t("adminProperties.errors.failed"),
        })
      : undefined;
  const fieldErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const fieldError = (field: PropertyFormField) => errorText(fieldErrors[field]);
  const summary = [...new Set(Object.values(fieldErrors).map((code) => errorText(code)))];
  const saveError =
    result && !result.ok && result.intent !== "autosave"
      ? result.error === "failed"
        ? t("adminProperties.errors.failed")
        : result.error === "invalidImage"
          ? t(
              result.isNew
                ? "adminProperties.errors.createFailed"
                : "adminProperties.errors.updateFailed",
              { reason: result.message ?? t("adminProperties.errors.invalidImage") },
            )
          : result.error === "notFound"
            ? t("adminProperties.errors.notFound")
            : null
      : null;
  const isSessionExpired =
    (result && !result.ok && result.error === "sessionExpired") ||
    (autosaveResult && !autosaveResult.ok && autosaveResult.error === "sessionExpired");
  const autosaveFailed =
    autosaveResult &&
    !autosaveResult.ok &&
    autosaveResult.error !== "sessionExpired" &&
    autosaveResult.error !== "stale" &&
    autosaveResult.error !== "invalid";
  // A manual save sent while an autosave is on its way would carry the version before it.
  const isAutosaveRunning = fetcher.state !== "idle";
  // The answer's version at once (the state follows after this render, and outlives a failed
  // autosave's answer).
  const formVersion = autosaveResult?.ok ? autosaveResult.version : version;
  const editId = createdId ?? property?.id;

  const addAmenity = () => {
    const value = amenityInput.replace(/\s+/g, " ").trim();
    if (!value) return;
    if (amenities.some((a) => a.toLocaleLowerCase("de") === value.toLocaleLowerCase("de"))) {
      setAmenityError(t("adminProperties.errors.amenityDuplicate"));
      return;
    }
    if (value.length > LIMITS.amenity) {
      setAmenityError(t("adminProperties.errors.amenityTooLong"));
      return;
    }
    setAmenities((list) => normalizeAmenities([...list, value]));
    setAmenityInput("");
    setAmenityError(null);
  };
  const onAmenityKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the amenity instead of submitting the whole form.
    if (event.key === "Enter") {
      event.preventDefault();
      addAmenity();
    }
  };

  const suggestions = CITY_SUGGESTIONS[country];
  const showsDraftOfPublished =
    property !== null && property.status !== "draft" && property.draftSavedAt !== null;
  const countryOptions = (
    <>
      <option value="">{t("adminProperties.form.countryPlaceholder")}</option>
      {COUNTRIES.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </>
  );

  return (
    <div className="mt-4 space-y-4">
      {property?.status === "draft" && (
        <Banner tone="info" announce="none">
          {t("adminProperties.form.statusDraft")}
        </Banner>
      )}
      {property?.status === "archived" && (
        <Banner tone="info" announce="none">
          {t("adminProperties.form.statusArchived")}
        </Banner>
      )}
      {showsDraftOfPublished && property?.draftSavedAt && (
        <Banner tone="warning" announce="none" testId="draft-note">
          <p>
            {t("adminProperties.form.draftNote", {
              date: dateFormats[language].format(new Date(property.draftSavedAt)),
              time: timeFormats[language].format(new Date(property.draftSavedAt)),
            })}
          </p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="discardDraft" />
            {formVersion && <input type="hidden" name="version" value={formVersion} />}
            <Button type="submit" variant="subtle" size="sm">
              {t("adminProperties.form.draftDiscard")}
            </Button>
          </Form>
        </Banner>
      )}
      {isSessionExpired && <SessionExpiredBanner />}
      {isStale && (
        <StaleFormBanner
          message={t("adminProperties.errors.stale")}
          href={editId ? `/admin/properties/edit/${editId}` : undefined}
        />
      )}
      {summary.length > 0 && (
        <Banner tone="error" testId="form-errors">
          {summary.length === 1 ? (
            summary[0]
          ) : (
            <ul className="list-disc pl-5">
              {summary.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </Banner>
      )}
      {saveError && <Banner tone="error">{saveError}</Banner>}

      <Form
        method="post"
        noValidate
        ref={formRef}
        className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
        data-testid="property-form"
      >
        {createdId && <input type="hidden" name="id" value={createdId} />}
        {formVersion && <input type="hidden" name="version" value={formVersion} />}
        <p className="text-sm text-slate-700">{t("adminProperties.form.requiredHint")}</p>
        <Field label={`${t("adminProperties.form.title")} *`} error={fieldError("title")}>
          <Input
            name="title"
            required
            maxLength={LIMITS.title}
            defaultValue={values.title ?? ""}
            autoComplete="off"
          />
        </Field>
        <Field
          label={`${t("adminProperties.form.description")} *`}
          error={fieldError("description")}
        >
          <Textarea
            name="description"
            required
            rows={8}
            maxLength={LIMITS.description}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
        </Field>
        <AiOptimize
          description={description}
          onAccept={setDescription}
          configured={isAiConfigured}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={`${t("adminProperties.form.pricePerNight")} *`}
            hint={t("adminProperties.form.priceHint")}
            error={fieldError("pricePerNight")}
          >
            <Input
              name="pricePerNight"
              inputMode="decimal"
              required
              maxLength={20}
              defaultValue={values.pricePerNight ?? ""}
              autoComplete="off"
            />
          </Field>
          <Field label={t("adminProperties.form.cleaningFee")} error={fieldError("cleaningFee")}>
            <Input
              name="cleaningFee"
              inputMode="decimal"
              maxLength={20}
              defaultValue={values.cleaningFee ?? ""}
              autoComplete="off"
            />
          </Field>
        </div>

        <fieldset className="space-y-3">
          <legend className="font-medium text-slate-900">
            {t("adminProperties.form.country")} / {t("adminProperties.form.city")}
          </legend>
          <Checkbox
            name="locationMode"
            value="custom"
            label={t("adminProperties.form.customPlace")}
            hint={t("adminProperties.form.customPlaceHint")}
            checked={isCustomPlace}
            onChange={(event) => setIsCustomPlace(event.currentTarget.checked)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={`${t("adminProperties.form.country")} *`} error={fieldError("country")}>
              {isCustomPlace ? (
                <Input
                  name="country"
                  maxLength={LIMITS.place}
                  value={country}
                  onChange={(event) => setCountry(event.currentTarget.value)}
                  autoComplete="off"
                />
              ) : (
                <Select
                  name="country"
                  value={country}
                  onChange={(event) => {
                    // Another country: the city chosen for the old one no longer fits.
                    setCountry(event.currentTarget.value);
                    setCity("");
                  }}
                >
                  {countryOptions}
                  {country && !COUNTRIES.includes(country) && (
                    <option value={country}>{country}</option>
                  )}
                </Select>
              )}
            </Field>
            <Field
              label={`${t("adminProperties.form.city")} *`}
              hint={
                isHydrated && !isCustomPlace && !country
                  ? t("adminProperties.form.cityFirst")
                  : undefined
              }
              error={fieldError("city")}
            >
              {!isHydrated ? (
                // Without JavaScript: a text field with every suggestion.
                <Input
                  name="city"
                  maxLength={LIMITS.place}
                  defaultValue={city}
                  list={ids.datalist}
                  autoComplete="off"
                />
              ) : !isCustomPlace && suggestions ? (
                <Select
                  name="city"
                  value={city}
                  disabled={!country}
                  onChange={(event) => setCity(event.currentTarget.value)}
                >
                  <option value="">{t("adminProperties.form.cityPlaceholder")}</option>
                  {suggestions.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                  {city && !suggestions.includes(city) && <option value={city}>{city}</option>}
                </Select>
              ) : (
                <Input
                  name="city"
                  maxLength={LIMITS.place}
                  value={city}
                  disabled={!isCustomPlace && !country}
                  onChange={(event) => setCity(event.currentTarget.value)}
                  autoComplete="off"
                />
              )}
            </Field>
            {!isHydrated && (
              <datalist id={ids.datalist}>
                {Object.values(CITY_SUGGESTIONS)
                  .flat()
                  .map((name) => (
                    <option key={name} value={name} />
                  ))}
              </datalist>
            )}
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-3">
          {(["bedrooms", "bathrooms", "maxGuests"] as const).map((field) => (
            <Field
              key={field}
              label={`${t(`adminProperties.form.${field}`)} *`}
              error={fieldError(field)}
            >
              <Input
                name={field}
                type="number"
                inputMode="numeric"
                min={1}
                max={LIMITS.count}
                step={1}
                required
                defaultValue={values[field] ?? ""}
              />
            </Field>
          ))}
        </div>

        <fieldset className="space-y-2">
          <legend className="font-medium text-slate-900">
            {t("adminProperties.form.amenities")}
          </legend>
          {isHydrated ? (
            <>
              {amenities.length === 0 ? (
                <p className="text-sm text-slate-700">{t("adminProperties.form.amenitiesNone")}</p>
              ) : (
                <ul className="flex flex-wrap gap-2" data-testid="amenities">
                  {amenities.map((amenity) => (
                    <li
                      key={amenity}
                      className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-900"
                    >
                      <input type="hidden" name="amenities" value={amenity} />
                      {amenity}
                      <button
                        type="button"
                        className="rounded-full p-1 text-slate-700 hover:bg-slate-200"
                        aria-label={t("adminProperties.form.amenityRemove", { name: amenity })}
                        onClick={() => setAmenities((list) => list.filter((a) => a !== amenity))}
                      >
                        <X aria-hidden className="size-3.5" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="flex items-end gap-2">
                <Field
                  label={t("adminProperties.form.amenityNew")}
                  error={amenityError ?? fieldError("amenities")}
                  className="flex-1"
                >
                  <Input
                    value={amenityInput}
                    maxLength={LIMITS.amenity}
                    placeholder={t("adminProperties.form.amenityPlaceholder")}
                    onChange={(event) => {
                      setAmenityInput(event.currentTarget.value);
                      setAmenityError(null);
                    }}
                    onKeyDown={onAmenityKey}
                    autoComplete="off"
                  />
                </Field>
                <Button
                  variant="outline"
                  size="md"
                  onClick={addAmenity}
                  className={amenityError ? "mb-7" : undefined}
                >
                  <Plus aria-hidden className="size-4" />
                  {t("adminProperties.form.amenityAdd")}
                </Button>
              </div>
            </>
          ) : (
            <Field label={t("adminProperties.form.amenitiesText")} error={fieldError("amenities")}>
              <Textarea name="amenitiesText" rows={4} defaultValue={amenities.join("\n")} />
            </Field>
          )}
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="sr-only">{t("adminProperties.form.specialOffer")}</legend>
          <Checkbox
            name="isSpecialOffer"
            label={t("adminProperties.form.specialOffer")}
            checked={isSpecialOffer}
            onChange={(event) => setIsSpecialOffer(event.currentTarget.checked)}
          />
          {(isSpecialOffer || !isHydrated) && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={`${t("adminProperties.form.specialOfferPrice")} *`}
                error={fieldError("specialOfferPrice")}
              >
                <Input
                  name="specialOfferPrice"
                  inputMode="decimal"
                  maxLength={20}
                  defaultValue={values.specialOfferPrice ?? ""}
                  autoComplete="off"
                />
              </Field>
              <Field
                label={`${t("adminProperties.form.specialOfferEndDate")} *`}
                error={fieldError("specialOfferEndDate")}
              >
                <Input
                  name="specialOfferEndDate"
                  type="date"
                  min={today}
                  defaultValue={values.specialOfferEndDate ?? ""}
                />
              </Field>
            </div>
          )}
        </fieldset>

        <fieldset className="space-y-3" aria-describedby="property-facts-hint">
          <legend className="font-medium text-slate-900">{t("adminFacts.property.heading")}</legend>
          <p id="property-facts-hint" className="text-sm text-slate-600">
            {t("adminFacts.property.hint", {
              checkIn: factDefaults.checkInFrom || t("adminFacts.property.noDefault"),
              checkOut: factDefaults.checkOutUntil || t("adminFacts.property.noDefault"),
            })}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("adminFacts.settings.checkInFrom")} error={fieldError("checkInFrom")}>
              <Input name="checkInFrom" type="time" defaultValue={values.checkInFrom ?? ""} />
            </Field>
            <Field
              label={t("adminFacts.settings.checkOutUntil")}
              error={fieldError("checkOutUntil")}
            >
              <Input name="checkOutUntil" type="time" defaultValue={values.checkOutUntil ?? ""} />
            </Field>
          </div>
          <Field
            label={t("adminFacts.settings.houseRules")}
            hint={t("adminFacts.settings.houseRulesHint")}
            error={fieldError("houseRules")}
          >
            <Textarea
              name="houseRules"
              rows={4}
              maxLength={HOUSE_RULES_MAX}
              defaultValue={values.houseRules ?? ""}
            />
          </Field>
          <fieldset
            className="space-y-2"
            aria-describedby={fieldError("touristTaxMode") ? ids.touristTaxError : undefined}
          >
            <legend className="text-sm font-medium text-slate-800">
              {t("adminFacts.property.touristTax")}
            </legend>
            {TOURIST_TAX_MODES.map((choice) => (
              <Radio
                key={choice}
                name="touristTaxMode"
                value={choice}
                checked={touristTaxMode === choice}
                onChange={() => setTouristTaxMode(choice)}
                label={t(TOURIST_TAX_LABELS[choice])}
                hint={
                  choice === "default"
                    ? factDefaults.touristTaxNote.trim()
                      ? t("adminFacts.property.touristTaxDefaultIs", {
                          note: factDefaults.touristTaxNote.trim(),
                        })
                      : t("adminFacts.property.touristTaxDefaultEmpty")
                    : undefined
                }
              />
            ))}
            {fieldError("touristTaxMode") && (
              <p id={ids.touristTaxError} className="text-sm text-red-700">
                {fieldError("touristTaxMode")}
              </p>
            )}
            {/* Hidden, not removed: the text stays in the form when the choice changes back. */}
            <Field
              label={t("adminFacts.property.touristTaxOwnText")}
              hint={t("adminFacts.property.touristTaxOwnHint")}
              error={fieldError("touristTaxNote")}
              className={isHydrated && touristTaxMode !== "own" ? "hidden" : "pl-6"}
            >
              <Textarea
                name="touristTaxNote"
                rows={2}
                maxLength={TOURIST_TAX_NOTE_MAX}
                defaultValue={values.touristTaxNote ?? ""}
              />
            </Field>
          </fieldset>
        </fieldset>

        {missingDraftImages > 0 && (
          <Banner tone="warning" announce="none" testId="draft-images-missing">
            {t("propertyImages.draftMissing", { count: missingDraftImages })}
          </Banner>
        )}
        <PropertyImagesField name="images" defaultImages={images} onBusyChange={setAreImagesBusy} />

        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="text-sm text-slate-700">
            {isHydrated && (
              <Checkbox
                label={t("adminProperties.form.autosave")}
                checked={isAutosaveOn}
                onChange={(event) => setIsAutosaveOn(event.currentTarget.checked)}
              />
            )}
            <p role="status" className="mt-1" data-testid="autosave-status">
              {autosaveFailed
                ? t("adminProperties.form.autosaveFailed")
                : autosavedAt
                  ? t("adminProperties.form.autosavedAt", {
                      time: timeFormats[language].format(new Date(autosavedAt)),
                    })
                  : null}
            </p>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <LinkButton to="/admin/properties" variant="subtle" size="md">
              {t("adminProperties.form.cancel")}
            </LinkButton>
            <Button
              type="submit"
              name="intent"
              value="save"
              variant={mode === "edit" && property?.status !== "published" ? "outline" : "primary"}
              disabled={isSaving || areImagesBusy || isAutosaveRunning}
            >
              {isSaving && navigation.formData?.get("intent") === "save"
                ? t("adminProperties.form.saving")
                : t("adminProperties.form.save")}
            </Button>
            {mode === "edit" && property?.status !== "published" && (
              <Button
                type="submit"
                name="intent"
                value="publish"
                disabled={isSaving || areImagesBusy || isAutosaveRunning}
              >
                {t("adminProperties.form.publish")}
              </Button>
            )}
          </div>
        </div>
      </Form>
    </div>
  );
}
