import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useTranslation } from "~/lib/i18n-react";
import { isNewsletterResult, type NewsletterResult } from "./newsletter-results";
import "~/locales/texts/newsletter";

type Props = {
  /** Unique per page (the footer and the home block both show a form): ids and the anchor. */
  idPrefix?: string;
  /** For dark backgrounds such as the footer: white text. */
  onDark?: boolean;
  /** The id of a heading that names the form (it then becomes a labelled form landmark). */
  headingId?: string;
  className?: string;
};

/**
 * Newsletter sign-up (double opt-in): e-mail field and "Abonnieren". With JavaScript a fetcher
 * posts to /api/newsletter and the page stays as it is; without, the browser posts the form and
 * comes back here with `?newsletter=<result>&newsletterForm=<idPrefix>`.
 */
export function NewsletterForm({
  idPrefix: id = "newsletter",
  onDark: isDark = false,
  headingId,
  className,
}: Props) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ result: NewsletterResult }>();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  // "fetcher" only once hydrated: before that, the browser posts the form itself.
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);

  const fromQuery =
    searchParams.get("newsletterForm") === id ? searchParams.get("newsletter") : null;
  const result = fetcher.data?.result ?? (isNewsletterResult(fromQuery) ? fromQuery : undefined);
  const isSubmitting = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.result === "pending") formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const back = new URLSearchParams(location.search);
  back.delete("newsletter");
  back.delete("newsletterForm");
  const redirectTo = `${location.pathname}${back.size ? `?${back}` : ""}`;

  const isError = result !== undefined && result !== "pending";
  const inputId = `${id}-email`;
  const messageId = `${id}-message`;
  return (
    <fetcher.Form
      ref={formRef}
      id={id}
      method="post"
      action="/api/newsletter"
      noValidate
      aria-labelledby={headingId}
      // Without JavaScript the browser comes back to #id: keep it clear of the sticky header.
      className={`scroll-mt-28 ${className ?? ""}`}
    >
      <input type="hidden" name="via" value={isHydrated ? "fetcher" : "document"} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="formId" value={id} />
      <label
        htmlFor={inputId}
        className={`block text-sm font-medium ${isDark ? "text-white" : "text-slate-800"}`}
      >
        {t("newsletter.email")}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder={t("newsletter.placeholder")}
          aria-invalid={isError && result === "invalid" ? true : undefined}
          aria-describedby={result ? messageId : undefined}
          className="min-w-0 flex-1 placeholder:text-slate-600"
        />
        <Button type="submit" disabled={isSubmitting} className="shrink-0">
          {isSubmitting ? t("newsletter.submitting") : t("newsletter.submit")}
        </Button>
      </div>
      {/* Always present, so screen readers announce the result of a background submission. */}
      <div aria-live="polite">
        {result && (
          <p
            id={messageId}
            className={`mt-2 text-sm ${
              isError
                ? isDark
                  ? "font-medium text-red-100"
                  : "text-red-700"
                : isDark
                  ? "text-white"
                  : "text-green-800"
            }`}
          >
            {t(`newsletter.${result}`)}
          </p>
        )}
      </div>
    </fetcher.Form>
  );
}
