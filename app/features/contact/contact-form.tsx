import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { ContactField } from "./contact.schema";

/** What the /kontakt action answers; `errors` and `values` hold catalogue keys and the input. */
export type ContactActionData =
  | { status: "sent"; id: string }
  | {
      status: "invalid" | "tooMany" | "failed";
      errors: Partial<Record<ContactField, string>>;
      values: Record<ContactField, string>;
    };

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 focus:border-secondary focus:outline-none focus:ring-2 focus:ring-secondary/30 aria-[invalid=true]:border-red-700";

/**
 * The contact form. A plain POST form, so it works without JavaScript; after sending it
 * clears (new key), after a failure the input stays and field errors show in German.
 */
export function ContactForm({
  actionData,
  defaultSubject,
}: {
  actionData: ContactActionData | undefined;
  defaultSubject: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const messageRef = useRef<HTMLDivElement>(null);
  const sent = actionData?.status === "sent" ? actionData : undefined;
  const failed = actionData && actionData.status !== "sent" ? actionData : undefined;
  const errors = failed?.errors ?? {};
  const values = failed?.values;

  // Screen readers and keyboard users land on the outcome of the submission.
  useEffect(() => {
    if (actionData) messageRef.current?.focus();
  }, [actionData]);

  const field = (
    name: ContactField,
    label: string,
    options: { type?: string; autoComplete?: string } = {},
  ) => {
    const error = errors[name];
    return (
      <div>
        <label htmlFor={`contact-${name}`} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={`contact-${name}`}
          name={name}
          type={options.type ?? "text"}
          autoComplete={options.autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `contact-${name}-error` : undefined}
          defaultValue={values ? values[name] : name === "subject" && !sent ? defaultSubject : ""}
          className={inputClass}
        />
        {error && (
          <p id={`contact-${name}-error`} className="mt-1 text-sm text-red-700">
            {t(`contact.errors.${error}`)}
          </p>
        )}
      </div>
    );
  };

  const messageError = errors.message;
  return (
    <>
      <div ref={messageRef} tabIndex={-1} className="outline-none">
        {sent && (
          <p
            role="status"
            className="mb-6 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-900"
          >
            {t("contact.sent")}
          </p>
        )}
        {failed && (
          <p
            role="alert"
            className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800"
          >
            {t(`contact.${failed.status}`)}
          </p>
        )}
      </div>
      {/* key: a sent message starts a fresh, empty form */}
      <Form method="post" noValidate className="space-y-4" key={sent?.id ?? "contact"}>
        <p className="text-sm text-slate-600">{t("contact.requiredHint")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {field("firstName", t("contact.firstName"), { autoComplete: "given-name" })}
          {field("lastName", t("contact.lastName"), { autoComplete: "family-name" })}
        </div>
        {field("email", t("contact.email"), { type: "email", autoComplete: "email" })}
        {field("subject", t("contact.subject"))}
        <div>
          <label htmlFor="contact-message" className="text-sm font-medium text-slate-800">
            {t("contact.message")}
          </label>
          <textarea
            id="contact-message"
            name="message"
            rows={7}
            required
            aria-invalid={messageError ? true : undefined}
            aria-describedby={
              messageError ? "contact-message-hint contact-message-error" : "contact-message-hint"
            }
            defaultValue={values?.message ?? ""}
            className={inputClass}
          />
          <p id="contact-message-hint" className="mt-1 text-sm text-slate-600">
            {t("contact.messageHint")}
          </p>
          {messageError && (
            <p id="contact-message-error" className="mt-1 text-sm text-red-700">
              {t(`contact.errors.${messageError}`)}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={isSubmitting}
          className="rounded-lg bg-primary-strong px-5 py-2.5 font-medium text-white hover:opacity-90 disabled:opacity-60"
        >
          {isSubmitting ? t("contact.submitting") : t("contact.submit")}
        </button>
      </Form>
    </>
  );
}
