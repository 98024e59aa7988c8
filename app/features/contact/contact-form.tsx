import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { useTranslation } from "~/lib/i18n-react";
import type { ContactField } from "./contact.schema";
import "~/locales/texts/contact";

/** What the /kontakt action answers; `errors` and `values` hold catalogue keys and the input. */
export type ContactActionData =
  | {
      status: "sent";
      id: string;
      /** The account address a copy goes to (decision 069). */ copyTo: string | null;
    }
  | {
      status: "invalid" | "tooMany" | "unavailable" | "failed";
      errors: Partial<Record<ContactField, string>>;
      values: Partial<Record<ContactField, string>>;
    };

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
      <Field
        id={`contact-${name}`}
        label={label}
        error={error ? t(`contact.errors.${error}`) : undefined}
      >
        <Input
          name={name}
          type={options.type ?? "text"}
          autoComplete={options.autoComplete}
          required
          defaultValue={
            values ? (values[name] ?? "") : name === "subject" && !sent ? defaultSubject : ""
          }
        />
      </Field>
    );
  };

  const messageError = errors.message;
  return (
    <>
      <div ref={messageRef} tabIndex={-1} className="outline-none">
        {sent && (
          <Banner tone="success" className="mb-6">
            <p>{t("contact.sent")}</p>
            {sent.copyTo && <p>{t("contact.copySent", { email: sent.copyTo })}</p>}
          </Banner>
        )}
        {failed && (
          <Banner tone="error" className="mb-6">
            <p>{t(`contact.${failed.status}`)}</p>
          </Banner>
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
        <Field
          id="contact-message"
          label={t("contact.message")}
          hint={t("contact.messageHint")}
          error={messageError ? t(`contact.errors.${messageError}`) : undefined}
        >
          <Textarea name="message" rows={7} required defaultValue={values?.message ?? ""} />
        </Field>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? t("contact.submitting") : t("contact.submit")}
        </Button>
      </Form>
    </>
  );
}
