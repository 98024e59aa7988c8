import "~/locales/admin-texts";
import { Download, Search, ShieldCheck, Trash2 } from "lucide-react";
import { useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Dialog, opens } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { Table, Td, Th } from "~/components/ui/table";
import { todayInBerlin } from "~/domain/calendar-day";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  DATA_REQUEST_FIELDS,
  dataRequestEraseSchema,
  dataRequestSearchSchema,
} from "~/features/data-requests/data-request.schema";
import {
  erasePersonalData,
  type ErasureSummary,
} from "~/features/data-requests/data-request.server";
import {
  erasureBlocker,
  findPersonalData,
  hasErasableData,
  personalDataSnapshot,
  type ErasureBlocker,
  type PersonalData,
} from "~/features/data-requests/personal-data.server";
import { formatDateTime } from "~/lib/date-time";
import { parseForm } from "~/lib/form.server";
import { formatDate, getTranslator, languageFromCookie, type Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/data-requests";

/**
 * /admin/datenschutz-anfragen (decision 085): what the site holds about one e-mail address, its
 * export (Art. 15 DSGVO, the resource route beside this one) and its erasure (Art. 17). The
 * address is sent by POST, never in the URL: it would otherwise sit in the browser's history
 * and in the server's request log.
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  return { title: t("adminDataRequests.title") };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Datenschutz-Anfragen" },
  { name: "robots", content: "noindex" },
];

/** The findings as the page shows them (dates in the admin's language). */
function findingsView(found: PersonalData, actorId: string, language: Language) {
  const count = (status: string) => found.emails.filter((row) => row.status === status).length;
  const canErase = hasErasableData(found);
  return {
    email: found.email,
    snapshot: personalDataSnapshot(found),
    blocker: erasureBlocker(found, actorId),
    canErase,
    isEmpty: !canErase && found.auditEntries.length === 0,
    account: found.account && {
      name: found.account.name,
      registered: formatDateTime(found.account.registeredAt, language),
      role: found.account.role,
      isAddressConfirmed: found.account.isAddressConfirmed,
      sessions: found.account.sessions.length,
    },
    bookings: found.bookings.map((booking) => ({
      id: booking.id,
      number: booking.number,
      property: booking.propertyTitle,
      dates: `${formatDate(booking.checkIn, language)} – ${formatDate(booking.checkOut, language)}`,
      status: booking.status,
      retainedUntil: formatDate(booking.retainedUntil, language),
      isUpcoming: booking.isUpcoming,
    })),
    contactMessages: found.contactMessages.map((message) => ({
      id: message.id,
      subject: message.subject,
      received: formatDateTime(message.createdAt, language),
      replies: message.replies.length,
    })),
    newsletter: found.newsletter && {
      status: found.newsletter.status,
      since: formatDateTime(found.newsletter.createdAt, language),
    },
    reviews: found.reviews.map((review) => ({
      id: review.id,
      property: review.propertyTitle,
      rating: review.rating,
      written: formatDateTime(review.createdAt, language),
      isHidden: review.isHidden,
    })),
    emails: {
      total: found.emails.length,
      pending: count("pending"),
      sent: count("sent"),
      failed: count("failed"),
    },
    auditEntries: found.auditEntries.length,
  };
}

type Findings = ReturnType<typeof findingsView>;

type ActionData =
  | {
      kind: "found";
      findings: Findings;
      /** Why a requested erasure deleted nothing (409). */
      refusal?: "stale" | ErasureBlocker["reason"];
    }
  | {
      kind: "erased";
      email: string;
      summary: ErasureSummary;
    }
  | { kind: "error"; error: string; values?: { email?: string } };

const fail = (error: string, status: number, values?: { email?: string }) =>
  data({ kind: "error", error, values } satisfies ActionData, { status });

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  if (!admin) return sessionExpired();
  const language = languageFromCookie(request.headers.get("cookie"));
  const form = await request.formData();
  const intent = form.get("intent");
  const today = todayInBerlin();

  if (intent === "search") {
    const parsed = parseForm(form, dataRequestSearchSchema, { fields: ["email"], echoMax: 300 });
    if (!parsed.ok) return fail(parsed.fieldErrors.email ?? "emailInvalid", 400, parsed.values);
    try {
      const found = await findPersonalData(parsed.data.email, today);
      return {
        kind: "found",
        findings: findingsView(found, admin.id, language),
      } satisfies ActionData;
    } catch (error) {
      logger.error({ err: error }, "reading the personal data of an address failed");
      return fail("loadFailed", 500, parsed.values);
    }
  }

  if (intent === "erase") {
    const parsed = parseForm(form, dataRequestEraseSchema, {
      fields: DATA_REQUEST_FIELDS,
      echoMax: 300,
    });
    // Both fields come from the page's own hidden inputs: anything wrong is a forged form.
    if (!parsed.ok) return fail("invalid", 400);
    const result = await erasePersonalData({
      actor: admin,
      email: parsed.data.email,
      snapshot: parsed.data.snapshot,
      today,
    });
    if (result.ok) {
      return {
        kind: "erased",
        email: parsed.data.email,
        summary: {
          ...result.summary,
          bookingsKept: result.summary.bookingsKept.map((booking) => ({
            number: booking.number,
            retainedUntil: formatDate(booking.retainedUntil, language),
          })),
        },
      } satisfies ActionData;
    }
    if (result.error === "failed") return fail("failed", 500, { email: parsed.data.email });
    // Nothing was deleted: the page shows what is there now and why.
    return data(
      {
        kind: "found",
        findings: findingsView(result.data, admin.id, language),
        refusal: result.error,
      } satisfies ActionData,
      { status: 409 },
    );
  }

  return fail("invalid", 400);
}

export default function AdminDataRequestsPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionAnswer(actionData) as
    ActionData | { error: "sessionExpired" } | undefined;
  const navigation = useNavigation();
  const isSearching =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "search";
  const found = result && "kind" in result && result.kind === "found" ? result : null;
  const erased = result && "kind" in result && result.kind === "erased" ? result : null;
  const error = result && "kind" in result && result.kind === "error" ? result : null;
  const isFieldError = error?.error === "emailRequired" || error?.error === "emailInvalid";
  const shownEmail = found?.findings.email ?? erased?.email ?? error?.values?.email ?? "";

  return (
    <main id="main" className="max-w-5xl">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <ShieldCheck aria-hidden className="size-6 text-secondary" />
        {t("adminDataRequests.title")}
      </h1>
      <p className="mt-1 max-w-3xl text-slate-700">{t("adminDataRequests.intro")}</p>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">{t("adminDataRequests.identityHint")}</p>

      {result && "error" in result && result.error === "sessionExpired" && (
        <SessionExpiredBanner className="mt-4" />
      )}
      {error && !isFieldError && (
        <Banner tone="error" className="mt-4">
          {t(`adminDataRequests.errors.${error.error}`)}
        </Banner>
      )}

      <Form
        method="post"
        noValidate
        role="search"
        className="mt-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto]"
      >
        <input type="hidden" name="intent" value="search" />
        <Field
          label={t("adminDataRequests.email")}
          hint={t("adminDataRequests.emailHint")}
          error={isFieldError ? t(`adminDataRequests.errors.${error.error}`) : undefined}
          announceError
        >
          <Input
            type="email"
            name="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            required
            // A new result (or an erasure) shows its own address.
            key={shownEmail}
            defaultValue={shownEmail}
          />
        </Field>
        <div className="flex items-start sm:pt-6">
          <Button type="submit" size="md" disabled={isSearching}>
            <Search aria-hidden className="size-4" />
            {t("adminDataRequests.search")}
          </Button>
        </div>
      </Form>

      {erased && <ErasedSummary email={erased.email} summary={erased.summary} />}
      {found && <FindingsSection findings={found.findings} refusal={found.refusal} />}
    </main>
  );
}

function ErasedSummary({
  email,
  summary,
}: {
  email: string;
  summary: Extract<ActionData, { kind: "erased" }>["summary"];
}) {
  const { t } = useTranslation();
  const lines = [
    summary.accountDeleted && t("adminDataRequests.erased.account"),
    ...summary.bookingsKept.map((booking) =>
      t("adminDataRequests.erased.bookingKept", {
        number: booking.number,
        date: booking.retainedUntil,
      }),
    ),
    summary.contactMessagesDeleted > 0 &&
      t("adminDataRequests.erased.messages", { count: summary.contactMessagesDeleted }),
    summary.contactRepliesDeleted > 0 &&
      t("adminDataRequests.erased.replies", { count: summary.contactRepliesDeleted }),
    summary.newsletterDeleted && t("adminDataRequests.erased.newsletter"),
    summary.reviewsDeleted > 0 &&
      t("adminDataRequests.erased.reviews", { count: summary.reviewsDeleted }),
    summary.emailsDeleted > 0 &&
      t("adminDataRequests.erased.emailsDeleted", { count: summary.emailsDeleted }),
    summary.emailsStripped > 0 &&
      t("adminDataRequests.erased.emailsStripped", { count: summary.emailsStripped }),
  ].filter((line): line is string => typeof line === "string");
  return (
    <Banner
      tone="success"
      className="mt-6"
      title={t("adminDataRequests.erased.title", { email })}
      testId="data-erased"
    >
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-1">{t("adminDataRequests.erased.audited")}</p>
    </Banner>
  );
}

const cardClass = "rounded-xl border border-slate-200 bg-white p-4";
const headingClass = "text-lg font-semibold text-slate-900";

function FindingsSection({
  findings,
  refusal,
}: {
  findings: Findings;
  refusal?: Extract<ActionData, { kind: "found" }>["refusal"];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const dialogId = "data-erase-dialog";
  const isErasing =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "erase";
  const { account, bookings, contactMessages, newsletter, reviews, emails, blocker } = findings;
  const blockerText = blocker
    ? t(`adminDataRequests.blocked.${blocker.reason}`, {
        numbers: "numbers" in blocker ? blocker.numbers.join(", ") : "",
      })
    : null;

  return (
    <section aria-labelledby="findings-heading" className="mt-6" data-testid="data-findings">
      <h2 id="findings-heading" className="text-xl font-semibold break-words text-slate-900">
        {t("adminDataRequests.resultTitle", { email: findings.email })}
      </h2>

      {refusal && (
        <Banner tone="error" className="mt-3" testId="erase-refused">
          {refusal === "stale"
            ? t("adminDataRequests.errors.stale")
            : `${t("adminDataRequests.errors.refused")} ${blockerText ?? ""}`}
        </Banner>
      )}
      {findings.isEmpty && (
        <p className={`mt-3 ${cardClass} text-slate-700`}>{t("adminDataRequests.nothingStored")}</p>
      )}

      <div className="mt-3 flex flex-wrap items-start gap-3">
        {/* A plain POST: the browser downloads the file and stays on this page. */}
        <Form
          method="post"
          action="/admin/datenschutz-anfragen/auskunft"
          reloadDocument
          className="flex flex-col gap-1"
        >
          <input type="hidden" name="email" value={findings.email} />
          <Button type="submit" variant="outline" size="md" aria-describedby="export-hint">
            <Download aria-hidden className="size-4" />
            {t("adminDataRequests.export")}
          </Button>
        </Form>
        {findings.canErase && !blocker && (
          <Button
            variant="dangerOutline"
            size="md"
            {...opens(dialogId)}
            onClick={(event) => {
              event.preventDefault();
              dialogRef.current?.showModal();
            }}
          >
            <Trash2 aria-hidden className="size-4" />
            {t("adminDataRequests.erase")}
          </Button>
        )}
      </div>
      <p id="export-hint" className="mt-1 max-w-3xl text-sm text-slate-600">
        {t("adminDataRequests.exportHint")}
      </p>
      {findings.canErase && blockerText && (
        <Banner tone="warning" className="mt-3" announce="none" testId="erase-blocked">
          {blockerText}
        </Banner>
      )}

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="account-heading" className={cardClass}>
          <h3 id="account-heading" className={headingClass}>
            {t("adminDataRequests.account.title")}
          </h3>
          {account ? (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium text-slate-700">{t("adminDataRequests.account.name")}</dt>
              <dd className="break-words text-slate-900">{account.name}</dd>
              <dt className="font-medium text-slate-700">
                {t("adminDataRequests.account.registered")}
              </dt>
              <dd className="text-slate-900">{account.registered}</dd>
              <dt className="font-medium text-slate-700">{t("adminDataRequests.account.role")}</dt>
              <dd className="text-slate-900">
                {t(`adminDataRequests.account.roles.${account.role}`)}
              </dd>
              <dt className="font-medium text-slate-700">
                {t("adminDataRequests.account.addressConfirmed")}
              </dt>
              <dd className="text-slate-900">
                {account.isAddressConfirmed
                  ? t("adminDataRequests.yes")
                  : t("adminDataRequests.no")}
              </dd>
              <dt className="font-medium text-slate-700">
                {t("adminDataRequests.account.sessions")}
              </dt>
              <dd className="text-slate-900">{account.sessions}</dd>
            </dl>
          ) : (
            <p className="mt-2 text-sm text-slate-700">{t("adminDataRequests.account.none")}</p>
          )}
        </section>

        <section aria-labelledby="newsletter-heading" className={cardClass}>
          <h3 id="newsletter-heading" className={headingClass}>
            {t("adminDataRequests.newsletter.title")}
          </h3>
          <p className="mt-2 text-sm text-slate-900">
            {newsletter
              ? t("adminDataRequests.newsletter.state", {
                  status: t(`adminNewsletter.statuses.${newsletter.status}`),
                  date: newsletter.since,
                })
              : t("adminDataRequests.newsletter.none")}
          </p>
          <h3 className={`mt-4 ${headingClass}`}>{t("adminDataRequests.emails.title")}</h3>
          <p className="mt-2 text-sm text-slate-900" data-testid="data-emails">
            {emails.total > 0
              ? t("adminDataRequests.emails.summary", { count: emails.total, ...emails })
              : t("adminDataRequests.emails.none")}
          </p>
          <p className="mt-1 text-xs text-slate-600">{t("adminDataRequests.emails.hint")}</p>
        </section>
      </div>

      <section aria-labelledby="bookings-heading" className={`mt-4 ${cardClass}`}>
        <h3 id="bookings-heading" className={headingClass}>
          {t("adminDataRequests.bookings.title")} ({bookings.length})
        </h3>
        {bookings.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t("adminDataRequests.bookings.none")}</p>
        ) : (
          <>
            <Table
              caption={t("adminDataRequests.bookings.caption")}
              hideCaption
              className="mt-2"
              testId="data-bookings"
            >
              <thead>
                <tr>
                  <Th>{t("adminDataRequests.bookings.number")}</Th>
                  <Th>{t("adminDataRequests.bookings.property")}</Th>
                  <Th>{t("adminDataRequests.bookings.dates")}</Th>
                  <Th>{t("adminDataRequests.bookings.status")}</Th>
                  <Th>{t("adminDataRequests.bookings.retention")}</Th>
                </tr>
              </thead>
              <tbody>
                {bookings.map((booking) => (
                  <tr key={booking.id}>
                    <Td className="font-medium whitespace-nowrap text-slate-900">
                      {booking.number}
                    </Td>
                    <Td>{booking.property}</Td>
                    <Td className="whitespace-nowrap">{booking.dates}</Td>
                    <Td className="whitespace-nowrap">
                      {t(`adminBookings.statuses.${booking.status}`)}
                    </Td>
                    <Td>
                      {booking.isUpcoming
                        ? t("adminDataRequests.bookings.upcoming")
                        : t("adminDataRequests.bookings.retainedUntil", {
                            date: booking.retainedUntil,
                          })}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <p className="mt-2 text-xs text-slate-600">{t("adminDataRequests.bookings.hint")}</p>
          </>
        )}
      </section>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="messages-heading" className={cardClass}>
          <h3 id="messages-heading" className={headingClass}>
            {t("adminDataRequests.messages.title")} ({contactMessages.length})
          </h3>
          {contactMessages.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t("adminDataRequests.messages.none")}</p>
          ) : (
            <ul className="mt-2 space-y-2 text-sm" data-testid="data-messages">
              {contactMessages.map((message) => (
                <li key={message.id}>
                  <span className="font-medium break-words text-slate-900">{message.subject}</span>
                  <span className="block text-slate-700">
                    {t("adminDataRequests.messages.received", { date: message.received })} ·{" "}
                    {t("adminDataRequests.messages.replies", { count: message.replies })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="reviews-heading" className={cardClass}>
          <h3 id="reviews-heading" className={headingClass}>
            {t("adminDataRequests.reviews.title")} ({reviews.length})
          </h3>
          {reviews.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t("adminDataRequests.reviews.none")}</p>
          ) : (
            <ul className="mt-2 space-y-2 text-sm text-slate-900">
              {reviews.map((review) => (
                <li key={review.id}>
                  {t("adminDataRequests.reviews.item", {
                    property: review.property,
                    rating: review.rating,
                    date: review.written,
                  })}
                  {review.isHidden && ` (${t("adminDataRequests.reviews.hidden")})`}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="audit-heading" className={`mt-4 ${cardClass}`}>
        <h3 id="audit-heading" className={headingClass}>
          {t("adminDataRequests.audit.title")}
        </h3>
        <p className="mt-2 text-sm text-slate-700">
          {findings.auditEntries > 0
            ? t("adminDataRequests.audit.count", { count: findings.auditEntries })
            : t("adminDataRequests.audit.none")}
        </p>
      </section>

      {findings.canErase && !blocker && (
        // A new snapshot (after a refused erasure) is a new dialog, closed.
        <Dialog
          key={findings.snapshot}
          id={dialogId}
          dialogRef={dialogRef}
          title={t("adminDataRequests.erase")}
          size="lg"
          dismissible={!isErasing}
          testId="data-erase"
        >
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="erase" />
            <input type="hidden" name="email" value={findings.email} />
            <input type="hidden" name="snapshot" value={findings.snapshot} />
            <p className="break-words">
              {t("adminDataRequests.eraseIntro", { email: findings.email })}
            </p>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {account && <li>{t("adminDataRequests.eraseAccount")}</li>}
              {bookings.length > 0 && (
                <li>{t("adminDataRequests.eraseBookings", { count: bookings.length })}</li>
              )}
              {contactMessages.length > 0 && (
                <li>{t("adminDataRequests.eraseMessages", { count: contactMessages.length })}</li>
              )}
              {newsletter && <li>{t("adminDataRequests.eraseNewsletter")}</li>}
              {reviews.length > 0 && (
                <li>{t("adminDataRequests.eraseReviews", { count: reviews.length })}</li>
              )}
              {emails.total > 0 && <li>{t("adminDataRequests.eraseEmails")}</li>}
            </ul>
            <p className="text-sm">{t("adminDataRequests.eraseKept")}</p>
            <p className="font-medium">{t("adminDataRequests.eraseIrreversible")}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="subtle"
                size="md"
                {...opens(dialogId, "close")}
                onClick={(event) => {
                  event.preventDefault();
                  dialogRef.current?.close();
                }}
              >
                {t("adminDataRequests.cancel")}
              </Button>
              <Button type="submit" variant="danger" size="md" disabled={isErasing} autoFocus>
                {t("adminDataRequests.eraseSubmit")}
              </Button>
            </div>
          </Form>
        </Dialog>
      )}
    </section>
  );
}
