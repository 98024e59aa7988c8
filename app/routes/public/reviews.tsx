import { PenLine, ShieldCheck } from "~/components/ui/icons";
import { data, Link, redirect } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { PageHeader } from "~/components/content/page-header";
import { LinkButton } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import type { Route } from "./+types/reviews";
import { getCurrentUser } from "~/features/accounts/session.server";
import { ReviewCard } from "~/features/reviews/components/review-card";
import { StarRating } from "~/features/reviews/components/star-rating";
import { formatRating } from "~/features/reviews/review-display";
import type { ReviewsContent } from "~/features/reviews/reviews-content";
import {
  REVIEW_SORTS,
  type HelpfulVoteResponse,
  type ReviewSort,
} from "~/features/reviews/review-list";
import { helpfulVoteSchema, parseReviewListQuery } from "~/features/reviews/reviews.schema";
import { listReviews, markReviewHelpful } from "~/features/reviews/reviews.server";
import { getPageContent } from "~/features/company/page-content.server";
import { languageFromCookie, type Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/seo";
import "~/locales/texts/reviews";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = getCurrentUser(request);
  const [content, viewer, list] = await Promise.all([
    getPageContent<ReviewsContent>(
      "reviews",
      languageFromCookie(request.headers.get("cookie")),
      request,
    ),
    user,
    // The list marks the viewer's own reviews, so it waits for the user (not for the content).
    user.then((u) =>
      listReviews({ ...parseReviewListQuery(url.searchParams), viewerId: u?.id ?? null }),
    ),
  ]);
  return { content, isSignedIn: viewer !== null, ...list };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.content.title,
    description: args.data?.content.description,
  });

const signInTo = (path: string) => `/auth?redirectTo=${encodeURIComponent(path)}`;

/** "Hilfreich": signed-in users only; the rules (one vote, not one's own) live in the server. */
export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const user = await getCurrentUser(request);
  if (!user) throw redirect(signInTo(url.pathname + url.search));
  const form = await request.formData();
  const parsed = helpfulVoteSchema.safeParse({
    intent: form.get("intent"),
    reviewId: form.get("reviewId"),
  });
  if (!parsed.success)
    return data<HelpfulVoteResponse>({ reviewId: null, result: "invalid" }, { status: 400 });
  const { reviewId } = parsed.data;
  try {
    const result = await markReviewHelpful({ reviewId, userId: user.id });
    const status = result === "notFound" ? 404 : result === "ownReview" ? 403 : 200;
    return data<HelpfulVoteResponse>({ reviewId, result }, { status });
  } catch (error) {
    logger.error({ err: error, reviewId }, "saving a helpful vote failed");
    return data<HelpfulVoteResponse>({ reviewId, result: "failed" }, { status: 500 });
  }
}

function listHref(sort: ReviewSort, page: number) {
  const params = new URLSearchParams();
  if (sort !== "newest") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/bewertungen?${search}` : "/bewertungen";
}

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { content, summary, reviews, sort, page, totalPages, isSignedIn } = loaderData;
  const writeHref = isSignedIn ? "/dashboard/bookings" : signInTo("/dashboard/bookings");
  const signInHref = signInTo(listHref(sort, page));

  return (
    <main id="main">
      <PageHeader title={content.heading} intro={content.intro} />

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 lg:grid-cols-[20rem_1fr]">
        <aside className="space-y-6">
          <section
            aria-labelledby="summary-heading"
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="summary-heading" className="text-lg font-semibold text-secondary">
              {t("reviews.summaryLabel")}
            </h2>
            {summary.average === null ? (
              <p className="mt-3 text-slate-700">{t("reviews.empty")}</p>
            ) : (
              <>
                <p className="mt-3 flex items-baseline gap-2">
                  <span className="text-4xl font-bold text-slate-900" data-testid="average-rating">
                    {formatRating(summary.average, language)}
                  </span>
                  <span className="text-slate-600">{t("reviews.outOfFive")}</span>
                </p>
                <div className="mt-2">
                  <StarRating
                    rating={summary.average}
                    label={t("reviews.stars", {
                      rating: formatRating(summary.average, language),
                    })}
                    className="size-5"
                  />
                </div>
                <p className="mt-2 text-slate-700" data-testid="review-count">
                  {t("reviews.count", { count: summary.count })}
                </p>
                <ul className="mt-4 space-y-1.5" aria-label={t("reviews.distribution")}>
                  {([5, 4, 3, 2, 1] as const).map((stars) => {
                    const n = summary.distribution[stars];
                    return (
                      <li key={stars} className="flex items-center gap-2 text-sm text-slate-700">
                        <span className="sr-only">
                          {/* Singular or plural by the stars ("1 Stern"), not by the reviews. */}
                          {t("reviews.distributionRow", { count: stars, reviews: n })}
                        </span>
                        <span aria-hidden className="w-4 text-right">
                          {stars}
                        </span>
                        <span aria-hidden className="h-2 flex-1 rounded-full bg-slate-200">
                          <span
                            className="block h-2 rounded-full bg-amber-500"
                            style={{ width: `${(n / summary.count) * 100}%` }}
                          />
                        </span>
                        <span aria-hidden className="w-6 text-right tabular-nums">
                          {n}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
            <LinkButton to={writeHref} block className="mt-6">
              <PenLine aria-hidden className="size-4" />
              {t("reviews.write")}
            </LinkButton>
          </section>

          <section
            aria-labelledby="checking-heading"
            className="rounded-xl border border-slate-200 bg-slate-50 p-6"
          >
            <h2
              id="checking-heading"
              className="flex items-center gap-2 text-lg font-semibold text-secondary"
            >
              <ShieldCheck aria-hidden className="size-5" />
              {content.checking.heading}
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
              {content.checking.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <p className="mt-4 text-sm font-medium text-slate-800" data-testid="hidden-reviews">
              {summary.hiddenCount === 0
                ? t("reviews.hiddenNone")
                : t("reviews.hiddenSummary", {
                    count: summary.hiddenCount,
                    reasonLabel: t("reviews.hiddenReasonLabel", {
                      count: summary.hiddenByReason.length,
                    }),
                    reasons: summary.hiddenByReason
                      .map(({ reason, count }) =>
                        t("reviews.hiddenReasonCount", {
                          reason: t(`reviews.hideReasons.${reason}`),
                          count,
                        }),
                      )
                      .join(", "),
                  })}
            </p>
          </section>
        </aside>

        <section aria-labelledby="list-heading">
          <h2 id="list-heading" className="sr-only">
            {t("reviews.listLabel")}
          </h2>
          {reviews.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
              {t("reviews.empty")}
            </p>
          ) : (
            <>
              <nav
                aria-label={t("reviews.sortLabel")}
                className="flex flex-wrap items-center gap-2"
              >
                <span className="text-sm font-medium text-slate-700" aria-hidden>
                  {t("reviews.sortLabel")}:
                </span>
                {REVIEW_SORTS.map((option) => (
                  <Link
                    key={option}
                    to={listHref(option, 1)}
                    aria-current={option === sort ? "page" : undefined}
                    preventScrollReset
                    className={`rounded-full px-3 py-1 text-sm font-medium ${
                      option === sort
                        ? "bg-secondary text-white"
                        : "border border-slate-300 text-slate-800 hover:bg-slate-50"
                    }`}
                  >
                    {t(`reviews.sort.${option}`)}
                  </Link>
                ))}
              </nav>
              <ul className="mt-6 space-y-4">
                {reviews.map((review) => (
                  <li key={review.id}>
                    <ReviewCard review={review} isSignedIn={isSignedIn} signInHref={signInHref} />
                  </li>
                ))}
              </ul>
              <Pagination
                variant="compact"
                page={page}
                pageCount={totalPages}
                href={(n) => listHref(sort, n)}
                label={t("reviews.pagination")}
              />
            </>
          )}
        </section>
      </div>
    </main>
  );
}
