import { useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { LanguageProvider, useTranslation } from "~/lib/i18n-react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { getCurrentUser } from "~/features/accounts/session.server";
import { publicSettings, touchIconUrl } from "~/features/settings/settings";
import { getSettings } from "~/features/settings/settings.server";
import { themeCss } from "~/lib/color";
import { getEnv } from "~/lib/env.server";
import { languageFromCookie, type Language } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media-url";
import { useNonce } from "~/lib/nonce";
import { onlyQueryChanged } from "~/lib/revalidation";
import { ErrorPage } from "~/components/error-page";
import stylesheet from "./app.css?url";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, user] = await Promise.all([getSettings(), getCurrentUser(request)]);
  return {
    settings: publicSettings(settings),
    user: user && { email: user.email, fullName: user.fullName, role: user.role },
    language: languageFromCookie(request.headers.get("cookie")),
    // Absolute URLs for canonical and Open Graph tags.
    baseUrl: getEnv().BASE_URL,
    // Where uploads are linked: S3_PUBLIC_URL, or null for /media/ (decision 034).
    mediaBase: getEnv().s3?.publicUrl ?? null,
    // Shown to admins on error pages so they can find the log line.
    requestId: user?.role === "admin" ? context.requestId : null,
    // The brand colours as CSS variables, computed here so the colour maths (contrast, shades)
    // stays on the server instead of in every page's scripts.
    themeCss: themeCss(settings.primaryColor, settings.secondaryColor),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;
export const useRootData = () => useRouteLoaderData<RootData>("root");

/**
 * The root data (settings, user, language) does not depend on query parameters: a search box
 * that writes `?q=` on every keystroke must not re-read it each time. Form submissions and the
 * live-settings revalidation (same URL) still re-read it.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyQueryChanged(args) ? false : args.defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: "TraumUrlaub Reisen" }];
  return [
    { title: data.settings.pageTitle },
    { name: "description", content: data.settings.metaDescription },
    { name: "keywords", content: data.settings.metaKeywords },
  ];
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const language: Language = data?.language ?? "de";
  const settings = data?.settings;
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={settings?.primaryColor ?? "#FF385C"} />
        <link rel="icon" href={mediaUrl(settings?.faviconUrl) || "/favicon.svg"} />
        {/* One touch icon: the operator's (from the uploaded favicon) or the shipped one. */}
        <link
          rel="apple-touch-icon"
          href={
            mediaUrl(touchIconUrl(settings?.faviconUrl ?? null)) ?? "/icons/apple-touch-icon.png"
          }
        />
        <link rel="manifest" href="/manifest.webmanifest" />
        {/* Where the browser's code links uploads (media-url.ts); absent: /media/ here. */}
        {data?.mediaBase && <meta name="media-base" content={data.mediaBase} />}
        <Meta />
        {/* Client renders the nonce as "" which matches what browsers leave in the DOM. */}
        <Links nonce={nonce} />
        {data && <style data-theme>{data.themeCss}</style>}
      </head>
      <body className="min-h-screen">
        <LanguageProvider value={language}>{children}</LanguageProvider>
        {/* Keyed by path: a change of query parameters alone keeps the scroll position. */}
        <ScrollRestoration nonce={nonce} getKey={(location) => location.pathname} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Re-reads settings when an admin saves them anywhere, and the page when the user's role
 * changes (server-sent events). While a navigation or form submission runs, the revalidation
 * waits for it to end: started in the middle, it would abort that navigation's loads.
 */
function useLiveSettings() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [isChangePending, setChangePending] = useState(false);

  useEffect(() => {
    if (!isChangePending || navigation.state !== "idle" || revalidator.state !== "idle") return;
    setChangePending(false);
    // A newer navigation may still cut it short (AbortError): nothing to report.
    revalidator.revalidate().catch(() => undefined);
  }, [isChangePending, navigation.state, revalidator]);

  useEffect(() => {
    const source = new EventSource("/api/events");
    const onChange = () => setChangePending(true);
    source.addEventListener("settings", onChange);
    // An admin saved a content page: the open page re-reads its texts (issue 15).
    source.addEventListener("content", onChange);
    // The signed-in user's role changed: the page's loaders decide again what it may show.
    source.addEventListener("session", onChange);
    // Lets end-to-end tests (and curious operators) see that live updates are connected.
    source.onopen = () => (document.documentElement.dataset.live = "");
    return () => {
      source.removeEventListener("settings", onChange);
      source.removeEventListener("content", onChange);
      source.removeEventListener("session", onChange);
      source.close();
    };
  }, []);
}

export default function App() {
  useLiveSettings();
  useEffect(() => {
    // The installable app's shell (production builds only; dev serves modules unbundled).
    if (import.meta.env.PROD && "serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(() => undefined);
    }
    // Marks the page interactive (end-to-end tests wait for it before using menus).
    document.documentElement.dataset.hydrated = "";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage title={t("errors.notFoundTitle")} text={t("errors.notFoundText")} />;
  }
  return <ErrorPage title={t("errors.serverError")} requestId={data?.requestId} />;
}
