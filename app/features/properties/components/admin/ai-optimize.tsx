import "~/locales/admin-texts";
import { Sparkles } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import {
  AI_DESCRIPTION_MAX_LENGTH,
  AI_DESCRIPTION_PATH,
  checkAiDescriptionInput,
  type AiDescriptionAnswer,
} from "~/features/properties/ai-description";
import { useTranslation } from "~/lib/i18n-react";

type State =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "result"; original: string; text: string }
  | { kind: "error"; message: string }
  | { kind: "sessionExpired" };

/**
 * "Mit KI optimieren" beside the property description (spec 06-admin, decision 029). The
 * server rewrites the text (POST /admin/properties/ai; the API key stays there); the suggestion
 * is shown beside the text it was made from, and only "Übernehmen" puts it into the form field
 * through `onAccept`. Saving is the form's job: nothing is stored here.
 *
 * Icons: `Sparkles` only (no admin or public page uses it), and a CSS spinner instead of
 * `Loader2`, which the booking form uses: an icon shared with public pages is split into a
 * chunk of its own that guests then load too (decision 025).
 */
export function AiOptimize({
  description,
  onAccept,
  configured,
}: {
  description: string;
  onAccept: (text: string) => void;
  configured: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ kind: "idle" });
  const [notice, setNotice] = useState<"accepted" | "discarded" | null>(null);
  const request = useRef<AbortController | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const id = useId();

  // Leaving the page ends a request still under way (its answer has nowhere to go).
  useEffect(() => () => request.current?.abort(), []);
  // The suggestion arrives after a wait: keyboard and screen-reader users land on it.
  useEffect(() => {
    if (state.kind === "result") resultRef.current?.focus();
  }, [state.kind]);

  const inputError = checkAiDescriptionInput(description);
  const pending = state.kind === "pending";
  const hint = !configured
    ? t("adminPropertyAi.notConfigured")
    : inputError
      ? t(`adminPropertyAi.errors.${inputError}`, {
          max: AI_DESCRIPTION_MAX_LENGTH.toLocaleString(i18n.language === "de" ? "de-DE" : "en-GB"),
        })
      : null;

  async function optimize() {
    if (!configured || inputError || pending) return;
    const original = description;
    const controller = new AbortController();
    request.current = controller;
    setNotice(null);
    setState({ kind: "pending" });
    const failed = { kind: "error", message: t("adminPropertyAi.errors.failed") } as const;
    try {
      const body = new FormData();
      body.set("description", original);
      const response = await fetch(AI_DESCRIPTION_PATH, {
        method: "POST",
        body,
        headers: { accept: "application/json" },
        signal: controller.signal,
      });
      if (response.status === 401) return setState({ kind: "sessionExpired" });
      // A 413 page or a proxy's error page is not JSON: the general message then.
      const answer = (await response.json().catch(() => null)) as AiDescriptionAnswer | null;
      if (answer?.ok === true && typeof answer.text === "string") {
        setState({ kind: "result", original, text: answer.text });
      } else if (answer?.ok === false && typeof answer.message === "string") {
        setState({ kind: "error", message: answer.message });
      } else {
        setState(failed);
      }
    } catch {
      if (!controller.signal.aborted) setState(failed);
    } finally {
      if (request.current === controller) request.current = null;
    }
  }

  function close(outcome: "accepted" | "discarded", text?: string) {
    if (text !== undefined) onAccept(text);
    setState({ kind: "idle" });
    setNotice(outcome);
    // The panel with the focused button goes away: focus returns to where the user started.
    buttonRef.current?.focus();
  }

  const hintId = `${id}-hint`;
  const titleId = `${id}-title`;
  return (
    <div className="space-y-3" data-testid="ai-optimize">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          ref={buttonRef}
          variant="outline"
          size="sm"
          onClick={optimize}
          disabled={Boolean(hint) || pending}
          aria-describedby={hint ? hintId : undefined}
        >
          {pending ? (
            <span
              aria-hidden
              className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
          ) : (
            <Sparkles aria-hidden className="size-4" />
          )}
          {t("adminPropertyAi.button")}
        </Button>
        {hint && (
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>

      {/* Progress and outcomes for screen readers; errors speak through the Banner (alert). */}
      <p aria-live="polite" className="text-sm text-slate-700 empty:hidden">
        {pending ? t("adminPropertyAi.pending") : notice ? t(`adminPropertyAi.${notice}`) : ""}
      </p>

      {state.kind === "error" && (
        <Banner tone="error" testId="ai-optimize-error">
          <p>{state.message}</p>
        </Banner>
      )}
      {state.kind === "sessionExpired" && <SessionExpiredBanner />}

      {state.kind === "result" && (
        <section
          ref={resultRef}
          tabIndex={-1}
          aria-labelledby={titleId}
          className="space-y-3 rounded-lg border border-slate-300 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-secondary sm:p-4"
        >
          <div>
            <h3 id={titleId} className="font-semibold text-slate-900">
              {t("adminPropertyAi.resultTitle")}
            </h3>
            <p className="text-sm text-slate-600">{t("adminPropertyAi.resultHint")}</p>
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            <Column title={t("adminPropertyAi.original")} text={state.original} />
            <Column title={t("adminPropertyAi.suggestion")} text={state.text} highlighted />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => close("accepted", state.text)}>
              {t("adminPropertyAi.accept")}
            </Button>
            <Button variant="subtle" size="sm" onClick={() => close("discarded")}>
              {t("adminPropertyAi.discard")}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

function Column({
  title,
  text,
  highlighted = false,
}: {
  title: string;
  text: string;
  highlighted?: boolean;
}) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={id}
      className={`min-w-0 rounded-md border bg-white p-3 ${highlighted ? "border-secondary" : "border-slate-200"}`}
    >
      <p id={id} className="mb-1 text-sm font-semibold text-slate-800">
        {title}
      </p>
      {/* Line breaks of the text as written; long words wrap on the phone. */}
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{text}</p>
    </div>
  );
}
