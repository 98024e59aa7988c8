import { House } from "~/components/ui/icons";
import { StandaloneFrame } from "~/components/layout/standalone-frame";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n-react";
import { useRootData } from "~/root";
import "~/locales/texts/newsletter";

/** The standalone pages that newsletter e-mail links open: a centred card, a way home. */
export function NewsletterTokenPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <StandaloneFrame>
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-md">
          <Link to="/" className="mb-6 flex items-center justify-center gap-2 text-secondary">
            <House aria-hidden className="size-7 text-primary" />
            <span className="text-xl font-bold">{root?.settings.platformName}</span>
          </Link>
          <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
            <h1 className="text-2xl font-semibold text-secondary">{title}</h1>
            <div className="mt-4 text-slate-700">{children}</div>
            <Link
              to="/"
              className="mt-6 inline-block text-secondary underline underline-offset-2 hover:no-underline"
            >
              {t("newsletter.backHome")}
            </Link>
          </div>
        </div>
      </main>
    </StandaloneFrame>
  );
}

export function TokenMessage({
  kind,
  children,
}: {
  kind: "done" | "invalid";
  children: ReactNode;
}) {
  return (
    <Banner tone={kind === "done" ? "success" : "error"} className="text-left text-base">
      {children}
    </Banner>
  );
}

/**
 * The page behind a newsletter e-mail link: GET shows a button (mail scanners open links too),
 * its POST confirms or unsubscribes; then the outcome, or the invalid-link message.
 */
export function NewsletterTokenAction({
  kind,
  state,
  token,
}: {
  kind: "confirm" | "unsubscribe";
  state: "ready" | "confirmed" | "unsubscribed" | "invalid";
  token: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <NewsletterTokenPage title={t(`newsletter.${kind}.title`)}>
      {state === "ready" && (
        <Form method="post">
          <p>{t(`newsletter.${kind}.intro`)}</p>
          <input type="hidden" name="token" value={token} />
          <Button type="submit" size="lg" className="mt-6" disabled={navigation.state !== "idle"}>
            {t(`newsletter.${kind}.button`)}
          </Button>
        </Form>
      )}
      {(state === "confirmed" || state === "unsubscribed") && (
        <TokenMessage kind="done">{t(`newsletter.${kind}.done`)}</TokenMessage>
      )}
      {state === "invalid" && (
        <TokenMessage kind="invalid">{t("newsletter.invalidLink")}</TokenMessage>
      )}
    </NewsletterTokenPage>
  );
}
