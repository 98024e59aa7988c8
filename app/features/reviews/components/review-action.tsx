import { useEffect, useId, useRef, useState, type ButtonHTMLAttributes } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import {
  REVIEW_BOOKING_PARAM,
  REVIEW_FETCH_FIELD,
  REVIEW_RESULT_PARAM,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_TITLE_MAX,
  type ReviewActionResponse,
  type ReviewErrorCode,
  type ReviewSuccess,
} from "../review-form.schema";
import { StarRating } from "./star-rating";

export type ReviewActionBooking = {
  id: string;
  propertyTitle: string;
  review: { id: string; rating: number; title: string; text: string } | null;
};

const ACTION = "/dashboard/reviews";
const SUCCESS: ReviewSuccess[] = ["created", "updated", "deleted"];
const ERRORS: ReviewErrorCode[] = [
  "invalid",
  "notAllowed",
  "alreadyReviewed",
  "notFound",
  "failed",
  "sessionExpired",
];

/**
 * Opens a native `<dialog>` without JavaScript too (invoker commands); with JavaScript the
 * click handler opens it itself, so the behaviour is the same in every browser.
 */
function opens(dialogId: string, command: "show-modal" | "close" = "show-modal") {
  return { commandfor: dialogId, command } as ButtonHTMLAttributes<HTMLButtonElement>;
}

/**
 * "Bewertung schreiben" for a completed stay, or the guest's own review with "Bearbeiten" and
 * "Löschen". Posts to /dashboard/reviews: with a fetcher when JavaScript runs, otherwise as a
 * normal form that redirects back to /dashboard/bookings?tab=past with the result in the URL.
 */
export function ReviewAction({ booking }: { booking: ReviewActionBooking }) {
  const { t } = useTranslation();
  const uid = useId();
  const formDialogId = `review-form-${uid}`;
  const deleteDialogId = `review-delete-${uid}`;
  const formDialog = useRef<HTMLDialogElement>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const saveFetcher = useFetcher<ReviewActionResponse>();
  const deleteFetcher = useFetcher<ReviewActionResponse>();
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<ReviewSuccess | null>(null);
  const [searchParams] = useSearchParams();
  const { review } = booking;

  // Result of a submit without JavaScript (the action redirected back here).
  const urlResult =
    searchParams.get(REVIEW_BOOKING_PARAM) === booking.id
      ? searchParams.get(REVIEW_RESULT_PARAM)
      : null;
  const urlSuccess = SUCCESS.find((code) => code === urlResult) ?? null;
  const urlError = ERRORS.find((code) => code === urlResult) ?? null;

  useEffect(() => {
    if (saveFetcher.state !== "idle" || !saveFetcher.data?.ok) return;
    formDialog.current?.close();
    setNotice(saveFetcher.data.result);
  }, [saveFetcher.state, saveFetcher.data]);

  useEffect(() => {
    if (deleteFetcher.state !== "idle" || !deleteFetcher.data?.ok) return;
    deleteDialog.current?.close();
    setNotice("deleted");
  }, [deleteFetcher.state, deleteFetcher.data]);

  const deleteError =
    deleteFetcher.state === "idle" && deleteFetcher.data && !deleteFetcher.data.ok
      ? deleteFetcher.data.error
      : null;
  const shownNotice = notice ?? urlSuccess;

  function openForm(event: React.MouseEvent) {
    event.preventDefault();
    setNotice(null);
    setFormKey((key) => key + 1);
    formDialog.current?.showModal();
  }

  function openDelete(event: React.MouseEvent) {
    event.preventDefault();
    setNotice(null);
    deleteDialog.current?.showModal();
  }

  const buttonClass =
    "inline-flex items-center justify-center rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary";
  const context = (
    <span className="sr-only">
      {" "}
      {t("reviews.myReview.forProperty", { title: booking.propertyTitle })}
    </span>
  );

  return (
    <div className="flex flex-col gap-3" data-testid="review-action">
      {review ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="text-sm font-medium text-slate-700">{t("reviews.myReview.yourReview")}</p>
          <div className="mt-1">
            <StarRating
              rating={review.rating}
              label={t("reviews.stars", { rating: review.rating })}
            />
          </div>
          {review.title && <p className="mt-1 font-semibold text-slate-900">{review.title}</p>}
          <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-slate-700">
            {review.text}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              {...opens(formDialogId)}
              onClick={openForm}
              className={`${buttonClass} border border-slate-300 bg-white text-secondary hover:bg-slate-100`}
            >
              {t("reviews.myReview.edit")}
              {context}
            </button>
            <button
              type="button"
              {...opens(deleteDialogId)}
              onClick={openDelete}
              className={`${buttonClass} border border-red-300 bg-white text-red-800 hover:bg-red-50`}
            >
              {t("reviews.myReview.delete")}
              {context}
            </button>
          </div>
        </div>
      ) : (
        <div>
          <button
            type="button"
            {...opens(formDialogId)}
            onClick={openForm}
            className={`${buttonClass} bg-primary-strong text-white hover:opacity-90`}
          >
            {t("reviews.myReview.write")}
            {context}
          </button>
        </div>
      )}

      <div role="status" className="text-sm">
        {shownNotice && (
          <p className="rounded-lg bg-green-50 px-3 py-2 text-green-800">
            {t(`reviews.myReview.success.${shownNotice}`)}
          </p>
        )}
      </div>
      {urlError && !notice && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {t(`reviews.myReview.errors.${urlError}`)}
        </p>
      )}

      <dialog
        id={formDialogId}
        ref={formDialog}
        aria-labelledby={`${formDialogId}-title`}
        className="m-auto w-[min(36rem,calc(100%-2rem))] rounded-xl p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
      >
        <ReviewForm
          key={formKey}
          booking={booking}
          dialogId={formDialogId}
          fetcher={saveFetcher}
          onCancel={() => formDialog.current?.close()}
        />
      </dialog>

      {review && (
        <dialog
          id={deleteDialogId}
          ref={deleteDialog}
          aria-labelledby={`${deleteDialogId}-title`}
          aria-describedby={`${deleteDialogId}-text`}
          className="m-auto w-[min(30rem,calc(100%-2rem))] rounded-xl p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
        >
          <h2 id={`${deleteDialogId}-title`} className="text-xl font-semibold text-secondary">
            {t("reviews.myReview.deleteTitle")}
          </h2>
          <p id={`${deleteDialogId}-text`} className="mt-3 text-slate-700">
            {t("reviews.myReview.deleteQuestion", { title: booking.propertyTitle })}
          </p>
          <form
            method="post"
            action={ACTION}
            onSubmit={(event) => {
              event.preventDefault();
              const data = new FormData(event.currentTarget);
              data.set(REVIEW_FETCH_FIELD, "1");
              void deleteFetcher.submit(data, { method: "post", action: ACTION });
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="reviewId" value={review.id} />
            <input type="hidden" name="bookingId" value={booking.id} />
            {deleteError && (
              <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {t(`reviews.myReview.errors.${deleteError}`)}
              </p>
            )}
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <button
                type="submit"
                formMethod="dialog"
                formNoValidate
                autoFocus
                onClick={(event) => {
                  event.preventDefault();
                  deleteDialog.current?.close();
                }}
                className={`${buttonClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
              >
                {t("reviews.myReview.cancel")}
              </button>
              <button
                type="submit"
                disabled={deleteFetcher.state !== "idle"}
                className={`${buttonClass} bg-red-700 text-white hover:bg-red-800 disabled:opacity-70`}
              >
                {deleteFetcher.state !== "idle"
                  ? t("reviews.myReview.deleting")
                  : t("reviews.myReview.deleteConfirm")}
              </button>
            </div>
          </form>
        </dialog>
      )}
    </div>
  );
}

function ReviewForm({
  booking,
  dialogId,
  fetcher,
  onCancel,
}: {
  booking: ReviewActionBooking;
  dialogId: string;
  fetcher: ReturnType<typeof useFetcher<ReviewActionResponse>>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { review } = booking;
  const [text, setText] = useState(review?.text ?? "");
  const [submitted, setSubmitted] = useState(false);
  const isSaving = fetcher.state !== "idle";
  const response = submitted && !isSaving && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const fieldErrors = response?.fieldErrors ?? {};
  const id = (name: string) => `${dialogId}-field-${name}`;

  const fieldClass =
    "mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-secondary aria-invalid:border-red-700";
  const buttonClass =
    "inline-flex items-center justify-center rounded-lg px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary";

  return (
    <form
      method="post"
      action={ACTION}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        data.set(REVIEW_FETCH_FIELD, "1");
        setSubmitted(true);
        void fetcher.submit(data, { method: "post", action: ACTION });
      }}
    >
      <h2 id={`${dialogId}-title`} className="text-xl font-semibold text-secondary">
        {review ? t("reviews.myReview.dialogTitleEdit") : t("reviews.myReview.dialogTitleCreate")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t("reviews.myReview.dialogIntro", { title: booking.propertyTitle })}
      </p>

      {review ? (
        <>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="reviewId" value={review.id} />
        </>
      ) : (
        <input type="hidden" name="intent" value="create" />
      )}
      <input type="hidden" name="bookingId" value={booking.id} />

      {response && !response.fieldErrors && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {t(`reviews.myReview.errors.${response.error}`)}
        </p>
      )}

      <fieldset
        className="mt-4"
        aria-describedby={fieldErrors.rating ? id("rating-error") : undefined}
      >
        <legend className="font-medium text-slate-800">{t("reviews.myReview.ratingLegend")}</legend>
        <div className="mt-2 flex flex-wrap gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="relative cursor-pointer">
              <input
                type="radio"
                name="rating"
                value={stars}
                required
                defaultChecked={review?.rating === stars}
                className="peer sr-only"
              />
              <span className="inline-flex min-w-11 flex-col items-center rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-700 peer-checked:border-amber-600 peer-checked:bg-amber-50 peer-checked:text-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-secondary hover:bg-slate-50">
                <span aria-hidden className="text-lg leading-none text-amber-600">
                  {"★".repeat(stars)}
                </span>
                <span>{t("reviews.myReview.starOption", { count: stars })}</span>
              </span>
            </label>
          ))}
        </div>
        {fieldErrors.rating && (
          <p id={id("rating-error")} className="mt-1 text-sm text-red-800">
            {t(`reviews.myReview.errors.${fieldErrors.rating}`)}
          </p>
        )}
      </fieldset>

      <div className="mt-4">
        <label htmlFor={id("title")} className="font-medium text-slate-800">
          {t("reviews.myReview.titleLabel")}
        </label>
        <input
          id={id("title")}
          name="title"
          type="text"
          maxLength={REVIEW_TITLE_MAX}
          defaultValue={review?.title ?? ""}
          aria-invalid={fieldErrors.title ? true : undefined}
          aria-describedby={`${id("title-hint")}${fieldErrors.title ? ` ${id("title-error")}` : ""}`}
          className={fieldClass}
        />
        <p id={id("title-hint")} className="mt-1 text-sm text-slate-600">
          {t("reviews.myReview.titleHint", { max: REVIEW_TITLE_MAX })}
        </p>
        {fieldErrors.title && (
          <p id={id("title-error")} className="mt-1 text-sm text-red-800">
            {t(`reviews.myReview.errors.${fieldErrors.title}`)}
          </p>
        )}
      </div>

      <div className="mt-4">
        <label htmlFor={id("text")} className="font-medium text-slate-800">
          {t("reviews.myReview.textLabel")}
        </label>
        <textarea
          id={id("text")}
          name="text"
          rows={6}
          required
          minLength={REVIEW_TEXT_MIN}
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={fieldErrors.text ? true : undefined}
          aria-describedby={`${id("text-hint")}${fieldErrors.text ? ` ${id("text-error")}` : ""}`}
          className={fieldClass}
        />
        <div className="mt-1 flex flex-wrap justify-between gap-2 text-sm text-slate-600">
          <p id={id("text-hint")}>
            {t("reviews.myReview.textHint", { min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX })}
          </p>
          <p data-testid="review-counter">
            {t("reviews.myReview.counter", { count: text.length, max: REVIEW_TEXT_MAX })}
          </p>
        </div>
        {fieldErrors.text && (
          <p id={id("text-error")} className="mt-1 text-sm text-red-800">
            {t(`reviews.myReview.errors.${fieldErrors.text}`)}
          </p>
        )}
      </div>

      <p className="mt-4 text-sm text-slate-600">{t("reviews.myReview.publishNote")}</p>

      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button
          type="submit"
          formMethod="dialog"
          formNoValidate
          onClick={(event) => {
            event.preventDefault();
            onCancel();
          }}
          className={`${buttonClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
        >
          {t("reviews.myReview.cancel")}
        </button>
        <button
          type="submit"
          disabled={isSaving}
          className={`${buttonClass} bg-primary-strong text-white hover:opacity-90 disabled:opacity-70`}
        >
          {isSaving
            ? t("reviews.myReview.saving")
            : review
              ? t("reviews.myReview.submitEdit")
              : t("reviews.myReview.submitCreate")}
        </button>
      </div>
    </form>
  );
}
