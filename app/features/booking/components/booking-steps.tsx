import { Check } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import "~/locales/texts/booking";

export type BookingStep = 1 | 2 | 3;

const itemClass = "flex flex-col items-center gap-1 sm:flex-row sm:gap-2";

const STEP_LABELS = {
  1: "booking.steps.dates",
  2: "booking.steps.details",
  3: "booking.steps.payment",
} as const;

/**
 * "1 Zeitraum wählen", "2 Details eingeben", "3 Zahlung" (spec 04). The current step carries
 * aria-current="step"; finished steps are buttons that lead back to them (JavaScript only:
 * without it every step is shown at once and the indicator is an overview).
 */
export function BookingSteps({
  current,
  onSelect,
}: {
  current: BookingStep;
  /** undefined without JavaScript */
  onSelect?: (step: BookingStep) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("booking.steps.label")}>
      {/* One line at 390 px (issue 16): three equal columns with the label under its number on
          phones, a row of number and label from sm on. */}
      <ol className="grid grid-cols-3 gap-2 sm:flex sm:gap-x-6">
        {([1, 2, 3] as const).map((step) => {
          const isCurrent = step === current;
          const isDone = step < current;
          const badge = (
            <span
              aria-hidden
              className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                isCurrent
                  ? "bg-primary-strong text-white"
                  : isDone
                    ? "bg-secondary text-white"
                    : "border border-slate-400 text-slate-700"
              }`}
            >
              {isDone ? <Check className="size-4" /> : step}
            </span>
          );
          const label = (
            <>
              {badge}
              <span className="sr-only">{`${step} `}</span>
              <span>{t(STEP_LABELS[step])}</span>
              {isDone && <span className="sr-only">{t("booking.steps.done")}</span>}
            </>
          );
          return (
            <li
              key={step}
              aria-current={isCurrent ? "step" : undefined}
              className={`flex justify-center text-center text-sm sm:justify-start sm:text-left sm:text-base ${isCurrent ? "font-semibold text-slate-900" : "text-slate-700"}`}
            >
              {isDone && onSelect ? (
                <button
                  type="button"
                  onClick={() => onSelect(step)}
                  className={`${itemClass} rounded-lg underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-secondary`}
                >
                  {label}
                </button>
              ) : (
                <span className={itemClass}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
