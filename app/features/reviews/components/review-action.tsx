import { useEffect, useId, useRef, useState } from "react";
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
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Dialog, opens } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import "~/locales/texts/reviews";

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
            <Button variant="subtle" size="sm" {...opens(formDialogId)} onClick={openForm}>
              {t("reviews.myReview.edit")}
              {context}
            </Button>
            <Button
              variant="dangerOutline"
              size="sm"
              {...opens(deleteDialogId)}
              onClick={openDelete}
            >
              {t("reviews.myReview.delete")}
              {context}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button size="sm" {...opens(formDialogId)} onClick={openForm}>
            {t("reviews.myReview.write")}
            {context}
          </Button>
        </div>
      )}

      {/* Present from the start, so the message that appears in it is announced. */}
      <div role="status" className="text-sm">
        {shownNotice && (
          <Banner tone="success" announce="none">
            {t(`reviews.myReview.success.${shownNotice}`)}
          </Banner>
        )}
      </div>
      {urlError && !notice && (
        <Banner tone="error">{t(`reviews.myReview.errors.${urlError}`)}</Banner>
      )}

      {/* Not closed by a click beside it: the form may hold a half-written review. */}
      <Dialog
        id={formDialogId}
        dialogRef={formDialog}
        titleId={`${formDialogId}-title`}
        title={
          booking.review
            ? t("reviews.myReview.dialogTitleEdit")
            : t("reviews.myReview.dialogTitleCreate")
        }
        dismissible={false}
      >
        <ReviewForm
          key={formKey}
          booking={booking}
          dialogId={formDialogId}
          fetcher={saveFetcher}
          onCancel={() => formDialog.current?.close()}
        />
      </Dialog>

      {review && (
        <Dialog
          id={deleteDialogId}
          dialogRef={deleteDialog}
          titleId={`${deleteDialogId}-title`}
          title={t("reviews.myReview.deleteTitle")}
          aria-describedby={`${deleteDialogId}-text`}
          dismissible={false}
        >
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
              <Banner tone="error" className="mt-3">
                {t(`reviews.myReview.errors.${deleteError}`)}
              </Banner>
            )}
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <Button
                type="submit"
                variant="subtle"
                size="sm"
                formMethod="dialog"
                formNoValidate
                autoFocus
                onClick={(event) => {
                  event.preventDefault();
                  deleteDialog.current?.close();
                }}
              >
                {t("reviews.myReview.cancel")}
              </Button>
              <Button
                type="submit"
                variant="danger"
                size="sm"
                disabled={deleteFetcher.state !== "idle"}
              >
                {deleteFetcher.state !== "idle"
                  ? t("reviews.myReview.deleting")
                  : t("reviews.myReview.deleteConfirm")}
              </Button>
            </div>
          </form>
        </Dialog>
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
        <Banner tone="error" className="mt-4">
          {t(`reviews.myReview.errors.${response.error}`)}
        </Banner>
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

      <Field
        label={t("reviews.myReview.titleLabel")}
        id={id("title")}
        hint={t("reviews.myReview.titleHint", { max: REVIEW_TITLE_MAX })}
        error={fieldErrors.title ? t(`reviews.myReview.errors.${fieldErrors.title}`) : undefined}
        className="mt-4"
      >
        <Input
          name="title"
          type="text"
          maxLength={REVIEW_TITLE_MAX}
          defaultValue={review?.title ?? ""}
        />
      </Field>

      <Field
        label={t("reviews.myReview.textLabel")}
        id={id("text")}
        hint={t("reviews.myReview.textHint", { min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX })}
        error={fieldErrors.text ? t(`reviews.myReview.errors.${fieldErrors.text}`) : undefined}
        className="mt-4"
      >
        <Textarea
          name="text"
          rows={6}
          required
          minLength={REVIEW_TEXT_MIN}
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Field>
      <p className="mt-1 text-right text-sm text-slate-600" data-testid="review-counter">
        {t("reviews.myReview.counter", { count: text.length, max: REVIEW_TEXT_MAX })}
      </p>

      <p className="mt-4 text-sm text-slate-600">{t("reviews.myReview.publishNote")}</p>

      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button
          type="submit"
          variant="subtle"
          formMethod="dialog"
          formNoValidate
          onClick={(event) => {
            event.preventDefault();
            onCancel();
          }}
        >
          {t("reviews.myReview.cancel")}
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving
            ? t("reviews.myReview.saving")
            : review
              ? t("reviews.myReview.submitEdit")
              : t("reviews.myReview.submitCreate")}
        </Button>
      </div>
    </form>
  );
}
