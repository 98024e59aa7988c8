import "~/locales/admin-texts";
import { Check, Landmark, Pencil, Plus, Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Banner } from "~/components/ui/banner";
import { Button, LinkButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Checkbox, Input, Select } from "~/components/ui/input";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { Table, Td, Th } from "~/components/ui/table";
import { UrlDialog } from "~/components/ui/url-dialog";
import { formatIban } from "~/domain/payment-schedule";
import { isUuid } from "~/domain/ids";
import { requireAdmin, sessionExpired } from "~/features/accounts/session.server";
import {
  BANK_ACCOUNT_FIELDS,
  BANK_ACCOUNT_STATUS_FILTERS,
  type BankAccountField,
  type BankAccountStatusFilter,
} from "~/features/bank-accounts/bank-account-fields";
import { bankAccountFormSchema } from "~/features/bank-accounts/bank-account.schema";
import {
  deleteBankAccount,
  getBankAccount,
  listBankAccounts,
  saveBankAccount,
  type BankAccountError,
} from "~/features/bank-accounts/bank-accounts.server";
import { parseForm } from "~/lib/form.server";
import { getTranslator, languageFromCookie } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { logger } from "~/lib/logger.server";
import { useActionAnswer } from "~/lib/use-action-answer";
import type { Route } from "./+types/bank-accounts";

const NOTICES = ["saved", "deleted", "deactivated"] as const;
type Notice = (typeof NOTICES)[number];

/** The list's own query (search and filter), kept when a dialog opens or closes. */
function listQuery(url: URL) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const raw = url.searchParams.get("status");
  const status: BankAccountStatusFilter = BANK_ACCOUNT_STATUS_FILTERS.includes(
    raw as BankAccountStatusFilter,
  )
    ? (raw as BankAccountStatusFilter)
    : "alle";
  return { q, status };
}

function listHref(filter: { q: string; status: BankAccountStatusFilter }, extra = {}) {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status !== "alle") params.set("status", filter.status);
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  const query = params.toString();
  return `/admin/bankkonten${query ? `?${query}` : ""}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  const url = new URL(request.url);
  const filter = listQuery(url);
  const edit = url.searchParams.get("konto");
  const remove = url.searchParams.get("loeschen");
  const notice = url.searchParams.get("hinweis");
  const base = {
    title: t("bankAccounts.title"),
    filter,
    notice: NOTICES.includes(notice as Notice) ? (notice as Notice) : null,
  };
  try {
    const [accounts, editing, removing] = await Promise.all([
      listBankAccounts(filter),
      edit && isUuid(edit) ? getBankAccount(edit) : null,
      remove && isUuid(remove) ? getBankAccount(remove) : null,
    ]);
    // A forged or stale id in the URL opens nothing rather than an empty form.
    if ((edit && edit !== "neu" && !editing) || (remove && !removing)) {
      throw data({ notFound: true }, { status: 404 });
    }
    return {
      ...base,
      loadFailed: false,
      accounts: accounts.map((account) => ({ ...account, iban: formatIban(account.iban) })),
      dialog: editing
        ? ({ kind: "edit", account: { ...editing, iban: formatIban(editing.iban) } } as const)
        : edit === "neu"
          ? ({ kind: "new" } as const)
          : removing
            ? ({ kind: "delete", account: removing } as const)
            : null,
    };
  } catch (error) {
    if (error && typeof error === "object" && "init" in error) throw error;
    logger.error({ err: error }, "loading the bank accounts failed");
    return { ...base, loadFailed: true, accounts: [], dialog: null };
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title ?? "Bankkonten" },
  { name: "robots", content: "noindex" },
];

type SaveActionData = {
  intent: "save" | "delete";
  ok: false;
  error: BankAccountError | "invalid" | "sessionExpired";
  fieldErrors?: Partial<Record<BankAccountField, string>>;
  values?: Partial<Record<BankAccountField, string>>;
};

const PASSWORD_ERRORS: BankAccountError[] = [
  "passwordRequired",
  "wrongPassword",
  "tooManyAttempts",
];
const statusOf = (error: BankAccountError) =>
  error === "notFound"
    ? 404
    : error === "tooManyAttempts"
      ? 429
      : error === "failed"
        ? 500
        : error === "wrongPassword" || error === "passwordRequired"
          ? 403
          : 400;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "save");
  // The admin check above ran; an expired session keeps the dialog and its input on screen.
  if (!admin) return sessionExpired({ intent: "save" as const });
  const form = await request.formData();
  const intent = form.get("intent");
  const filter = listQuery(new URL(request.url));
  const rawId = form.get("id");
  const id = typeof rawId === "string" && rawId !== "" ? rawId : null;
  if (id !== null && !isUuid(id)) {
    return data({ intent: "save", ok: false, error: "notFound" } satisfies SaveActionData, {
      status: 404,
    });
  }
  const confirmation = {
    password: typeof form.get("password") === "string" ? String(form.get("password")) : "",
    clientIp: context.clientIp,
  };

  if (intent === "save") {
    const parsed = parseForm(form, bankAccountFormSchema, {
      fields: BANK_ACCOUNT_FIELDS,
      secret: ["password"],
    });
    if (!parsed.ok) {
      return data(
        {
          intent: "save",
          ok: false,
          error: "invalid",
          fieldErrors: parsed.fieldErrors,
          values: parsed.values,
        } satisfies SaveActionData,
        { status: 400 },
      );
    }
    const result = await saveBankAccount({
      actor: admin,
      id,
      values: parsed.data,
      confirmation,
    });
    if (!result.ok) {
      const field: BankAccountField | null = PASSWORD_ERRORS.includes(result.error)
        ? "password"
        : result.error === "defaultMustBeActive"
          ? "isDefault"
          : null;
      return data(
        {
          intent: "save",
          ok: false,
          error: result.error,
          fieldErrors: field ? { [field]: result.error } : {},
          values: parsed.values,
        } satisfies SaveActionData,
        { status: statusOf(result.error) },
      );
    }
    throw redirect(listHref(filter, { hinweis: "saved" }));
  }

  if (intent === "delete" && id) {
    const result = await deleteBankAccount({ actor: admin, id, confirmation });
    if (!result.ok) {
      return data(
        {
          intent: "delete",
          ok: false,
          error: result.error,
          fieldErrors: PASSWORD_ERRORS.includes(result.error) ? { password: result.error } : {},
        } satisfies SaveActionData,
        { status: statusOf(result.error) },
      );
    }
    throw redirect(listHref(filter, { hinweis: result.outcome }));
  }

  return data({ intent: "save", ok: false, error: "invalid" } satisfies SaveActionData, {
    status: 400,
  });
}

/** Upper case as the admin types (spec): IBAN and BIC are never meant in lower case. */
function upperCaseAsTyped(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const { selectionStart, selectionEnd } = input;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    input.value = upper;
    input.setSelectionRange(selectionStart, selectionEnd);
  }
}

export default function BankAccountsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { filter, accounts, dialog, notice, loadFailed } = loaderData;
  const result = useActionAnswer(actionData) as SaveActionData | undefined;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const closeTo = listHref(filter);
  const fieldError = (field: BankAccountField) => {
    const code = result?.fieldErrors?.[field];
    return code ? t(`bankAccounts.errors.${code}` as "bankAccounts.errors.required") : undefined;
  };
  const formError =
    result &&
    !result.fieldErrors?.password &&
    result.error !== "invalid" &&
    result.error !== "sessionExpired"
      ? t(
          `bankAccounts.errors.${result.intent === "delete" && result.error === "failed" ? "deleteFailed" : result.error}` as "bankAccounts.errors.failed",
        )
      : null;
  // The summary names what is wrong: a missing field, else the first field's own problem (an
  // IBAN that fails its checksum is not a missing field).
  const fieldCodes = Object.values(result?.fieldErrors ?? {});
  const invalidSummary =
    result?.error !== "invalid"
      ? null
      : fieldCodes.length === 0 || fieldCodes.includes("required")
        ? t("bankAccounts.errors.required")
        : (fieldError(BANK_ACCOUNT_FIELDS.find((field) => result.fieldErrors?.[field])!) ?? null);

  return (
    <main id="main">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
            <Landmark aria-hidden className="size-6 text-secondary" />
            {t("bankAccounts.title")}
          </h1>
          <p className="mt-1 max-w-2xl text-slate-700">{t("bankAccounts.intro")}</p>
        </div>
        <LinkButton to={listHref(filter, { konto: "neu" })} size="md" preventScrollReset>
          <Plus aria-hidden className="size-4" />
          {t("bankAccounts.add")}
        </LinkButton>
      </div>

      {notice && (
        <Banner tone="success" className="mt-4">
          {t(`bankAccounts.notices.${notice}`)}
        </Banner>
      )}
      {result?.error === "sessionExpired" && <SessionExpiredBanner className="mt-4" />}

      {dialog && (dialog.kind === "new" || dialog.kind === "edit") && (
        <UrlDialog
          title={dialog.kind === "new" ? t("bankAccounts.dialogNew") : t("bankAccounts.dialogEdit")}
          closeTo={closeTo}
          testId="bank-account-dialog"
          dismissible={false}
        >
          <Form
            method="post"
            noValidate
            className="space-y-4"
            key={dialog.kind === "edit" ? dialog.account.id : "new"}
          >
            <input type="hidden" name="intent" value="save" />
            {dialog.kind === "edit" && <input type="hidden" name="id" value={dialog.account.id} />}
            {invalidSummary && <Banner tone="error">{invalidSummary}</Banner>}
            {formError && !result?.fieldErrors?.isDefault && (
              <Banner tone="error">{formError}</Banner>
            )}
            <Field label={t("bankAccounts.holder")} error={fieldError("accountHolder")}>
              <Input
                name="accountHolder"
                data-autofocus
                required
                maxLength={140}
                autoComplete="off"
                defaultValue={
                  result?.values?.accountHolder ??
                  (dialog.kind === "edit" ? dialog.account.accountHolder : "")
                }
              />
            </Field>
            <Field label={t("bankAccounts.iban")} error={fieldError("iban")}>
              <Input
                name="iban"
                required
                maxLength={42}
                autoComplete="off"
                spellCheck={false}
                className="font-mono uppercase"
                onInput={upperCaseAsTyped}
                defaultValue={
                  result?.values?.iban ?? (dialog.kind === "edit" ? dialog.account.iban : "")
                }
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t("bankAccounts.bic")} error={fieldError("bic")}>
                <Input
                  name="bic"
                  required
                  maxLength={15}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono uppercase"
                  onInput={upperCaseAsTyped}
                  defaultValue={
                    result?.values?.bic ?? (dialog.kind === "edit" ? dialog.account.bic : "")
                  }
                />
              </Field>
              <Field label={t("bankAccounts.bank")} error={fieldError("bankName")}>
                <Input
                  name="bankName"
                  required
                  maxLength={140}
                  autoComplete="off"
                  defaultValue={
                    result?.values?.bankName ??
                    (dialog.kind === "edit" ? dialog.account.bankName : "")
                  }
                />
              </Field>
            </div>
            <Checkbox
              name="isActive"
              label={t("bankAccounts.isActive")}
              defaultChecked={
                result?.values
                  ? result.values.isActive === "on"
                  : dialog.kind === "edit"
                    ? dialog.account.isActive
                    : true
              }
            />
            <div>
              <Checkbox
                name="isDefault"
                label={t("bankAccounts.isDefault")}
                hint={t("bankAccounts.isDefaultHint")}
                defaultChecked={
                  result?.values
                    ? result.values.isDefault === "on"
                    : dialog.kind === "edit" && dialog.account.isDefault
                }
              />
              {fieldError("isDefault") && (
                <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                  {fieldError("isDefault")}
                </p>
              )}
            </div>
            <Field
              label={t("bankAccounts.password")}
              hint={t("bankAccounts.passwordHint")}
              error={fieldError("password")}
            >
              <Input
                name="password"
                type="password"
                autoComplete="current-password"
                maxLength={128}
              />
            </Field>
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <LinkButton to={closeTo} variant="subtle" size="md" replace preventScrollReset>
                {t("bankAccounts.cancel")}
              </LinkButton>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? t("bankAccounts.saving") : t("bankAccounts.save")}
              </Button>
            </div>
          </Form>
        </UrlDialog>
      )}

      {dialog?.kind === "delete" && (
        <UrlDialog
          title={t("bankAccounts.deleteTitle")}
          closeTo={closeTo}
          size="md"
          testId="bank-account-delete"
        >
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={dialog.account.id} />
            {formError && <Banner tone="error">{formError}</Banner>}
            <p>{t("bankAccounts.deleteConfirm")}</p>
            <p className="font-medium">
              {dialog.account.accountHolder} ·{" "}
              <span className="font-mono">{formatIban(dialog.account.iban)}</span>
            </p>
            {dialog.account.isDefault && (
              <>
                <p className="text-sm text-slate-700">{t("bankAccounts.deleteDefaultHint")}</p>
                <Field label={t("bankAccounts.password")} error={fieldError("password")}>
                  <Input
                    name="password"
                    type="password"
                    autoComplete="current-password"
                    maxLength={128}
                  />
                </Field>
              </>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <LinkButton to={closeTo} variant="subtle" size="md" replace preventScrollReset>
                {t("bankAccounts.cancel")}
              </LinkButton>
              <Button type="submit" variant="danger" disabled={isSubmitting}>
                {t("bankAccounts.deleteSubmit")}
              </Button>
            </div>
          </Form>
        </UrlDialog>
      )}

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search">
        <Field label={t("bankAccounts.search")} className="min-w-60 flex-1">
          <Input
            name="q"
            type="search"
            defaultValue={filter.q}
            placeholder={t("bankAccounts.searchPlaceholder")}
            maxLength={100}
          />
        </Field>
        <Field label={t("bankAccounts.filter")}>
          <Select name="status" defaultValue={filter.status}>
            {BANK_ACCOUNT_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {t(`bankAccounts.filters.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="outline">
          {t("bankAccounts.apply")}
        </Button>
      </Form>

      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
        {loadFailed ? (
          <Banner tone="error">{t("bankAccounts.loadFailed")}</Banner>
        ) : accounts.length === 0 ? (
          <p className="py-6 text-center text-slate-700">{t("bankAccounts.empty")}</p>
        ) : (
          <Table caption={t("bankAccounts.caption")} hideCaption testId="bank-accounts">
            <thead>
              <tr>
                <Th>{t("bankAccounts.holder")}</Th>
                <Th>{t("bankAccounts.iban")}</Th>
                <Th>{t("bankAccounts.bic")}</Th>
                <Th>{t("bankAccounts.bank")}</Th>
                <Th>{t("bankAccounts.status")}</Th>
                <Th>{t("bankAccounts.default")}</Th>
                <Th>
                  <span className="sr-only">{t("bankAccounts.actions")}</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.id}>
                  <Td className="font-medium text-slate-900">{account.accountHolder}</Td>
                  <Td className="whitespace-nowrap font-mono">{account.iban}</Td>
                  <Td className="font-mono">{account.bic}</Td>
                  <Td>{account.bankName}</Td>
                  <Td>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${account.isActive ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"}`}
                    >
                      {account.isActive ? t("bankAccounts.active") : t("bankAccounts.inactive")}
                    </span>
                  </Td>
                  <Td>
                    {account.isDefault && (
                      <span className="inline-flex items-center gap-1 font-medium text-secondary">
                        <Check aria-hidden className="size-4" />
                        {t("bankAccounts.default")}
                      </span>
                    )}
                  </Td>
                  <Td className="whitespace-nowrap text-right">
                    <Link
                      to={listHref(filter, { konto: account.id })}
                      preventScrollReset
                      aria-label={t("bankAccounts.editLabel", { holder: account.accountHolder })}
                      className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-secondary hover:bg-slate-100"
                    >
                      <Pencil aria-hidden className="size-4" />
                      {t("bankAccounts.edit")}
                    </Link>
                    <Link
                      to={listHref(filter, { loeschen: account.id })}
                      preventScrollReset
                      aria-label={t("bankAccounts.deleteLabel", { holder: account.accountHolder })}
                      className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-red-700 hover:bg-red-50"
                    >
                      <Trash2 aria-hidden className="size-4" />
                      {t("bankAccounts.delete")}
                    </Link>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </main>
  );
}
