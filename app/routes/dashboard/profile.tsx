import { useEffect, useRef, useState } from "react";
import { UserRound } from "~/components/ui/icons";
import { data, Form, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/profile";
import {
  AVATAR_ACCEPT,
  AVATAR_MAX_BYTES,
  PROFILE_FIELDS,
  profileFormSchema,
  type ProfileActionData,
  type ProfileField,
  type ProfileFieldError,
} from "~/features/accounts/profile.schema";
import {
  getProfile,
  readAvatarUpload,
  removeAvatar,
  saveProfile,
  storeAvatar,
  type ProfileView,
} from "~/features/accounts/profile.server";
import { requireUser, sessionExpired, userForSave } from "~/features/accounts/session.server";
import { languageFromCookie, getTranslator } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/seo";
import { parseForm } from "~/lib/form.server";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SessionExpiredBanner } from "~/components/ui/session-expired-banner";
import { mediaUrl } from "~/lib/media-url";
import { useActionAnswer } from "~/lib/use-action-answer";
import "~/locales/texts/profile-page";

/** The profile form is a few short fields; nothing legitimate comes near this. */
const BANNER_MS = 3000;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { t } = getTranslator(languageFromCookie(request.headers.get("cookie")));
  return {
    title: t("profilePage.title"),
    description: t("profilePage.description"),
    profile: await getProfile(user),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.data?.title, description: args.data?.description, noindex: true });

function isMultipart(request: Request) {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/");
}

export async function action({ request }: Route.ActionArgs) {
  const isUpload = isMultipart(request);
  // An expired session keeps the page and the input on screen ("Ihre Sitzung ist abgelaufen…").
  const user = await userForSave(request);
  if (!user) {
    // Which form it was decides where the banner shows; "Entfernen" is a one-field form.
    const intent = isUpload
      ? ("avatar" as const)
      : (await request.formData().catch(() => null))?.get("intent") === "removeAvatar"
        ? ("removeAvatar" as const)
        : ("profile" as const);
    return sessionExpired({ intent });
  }

  if (isUpload) {
    const upload = await readAvatarUpload(request);
    if (!upload.ok) {
      return data(
        { intent: "avatar", ok: false, error: upload.error } satisfies ProfileActionData,
        {
          status: upload.error === "tooLarge" ? 413 : 400,
        },
      );
    }
    const stored = await storeAvatar(user, upload.bytes);
    if (!stored.ok) {
      return data(
        { intent: "avatar", ok: false, error: stored.error } satisfies ProfileActionData,
        {
          status: stored.error === "failed" ? 500 : 400,
        },
      );
    }
    return { intent: "avatar", ok: true, avatarUrl: stored.avatarUrl } satisfies ProfileActionData;
  }

  const form = await request.formData();
  if (form.get("intent") === "removeAvatar") {
    try {
      await removeAvatar(user);
      return { intent: "removeAvatar", ok: true } satisfies ProfileActionData;
    } catch (error) {
      logger.error({ err: error }, "removing the avatar failed");
      return data(
        { intent: "removeAvatar", ok: false, error: "failed" } satisfies ProfileActionData,
        { status: 500 },
      );
    }
  }
  const parsed = parseForm(form, profileFormSchema, {
    fields: PROFILE_FIELDS,
  });
  const values = parsed.values;
  if (!parsed.ok) {
    return data(
      {
        intent: "profile",
        ok: false,
        error: "invalid",
        fieldErrors: parsed.fieldErrors as Partial<Record<ProfileField, ProfileFieldError>>,
        values,
      } satisfies ProfileActionData,
      { status: 400 },
    );
  }
  try {
    await saveProfile(user, parsed.data);
    return { intent: "profile", ok: true, savedAt: Date.now() } satisfies ProfileActionData;
  } catch (error) {
    logger.error({ err: error }, "saving the profile failed");
    return data(
      { intent: "profile", ok: false, error: "failed", values } satisfies ProfileActionData,
      { status: 500 },
    );
  }
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { profile } = loaderData;
  const result = useActionAnswer(actionData) as ProfileActionData | undefined;
  return (
    <main id="main">
      <h1 className="text-2xl font-semibold text-secondary">{t("profilePage.heading")}</h1>
      <p className="mt-1 text-slate-700">{t("profilePage.intro")}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_1fr]">
        <AvatarSection
          profile={profile}
          result={result?.intent === "avatar" ? result : undefined}
          removal={result?.intent === "removeAvatar" ? result : undefined}
        />
        <DetailsSection
          profile={profile}
          result={result?.intent === "profile" ? result : undefined}
        />
      </div>
    </main>
  );
}

function AvatarSection({
  profile,
  result,
  removal,
}: {
  profile: ProfileView;
  result?: Extract<ProfileActionData, { intent: "avatar" }>;
  removal?: Extract<ProfileActionData, { intent: "removeAvatar" }>;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const isUploading =
    navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const isRemoving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "removeAvatar";
  const failure = !isUploading && result && !result.ok ? result.error : null;
  const isExpired =
    failure === "sessionExpired" || (removal && !removal.ok && removal.error === "sessionExpired");
  // A photo over the limit is refused when it is picked: sent, it met the server's body limit
  // (413) before the action could word it, and the page fell to the error page (audit 23).
  const [pickedTooLarge, setPickedTooLarge] = useState(false);
  const error = pickedTooLarge ? "tooLarge" : failure === "sessionExpired" ? null : failure;
  // The picked photo, shown before it is uploaded (a local object URL; nothing is sent yet).
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (result?.ok) {
      formRef.current?.reset();
      setPreview(null);
    }
  }, [result]);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  return (
    <section
      aria-labelledby="avatar-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="avatar-heading" className="text-lg font-semibold text-secondary">
        {t("profilePage.avatar.heading")}
      </h2>
      <div className="mt-4 flex justify-center">
        {preview ? (
          <figure className="text-center">
            <img
              src={preview}
              alt={t("profilePage.avatar.previewAlt")}
              width={128}
              height={128}
              className="mx-auto size-32 rounded-full object-cover ring-2 ring-secondary ring-offset-2"
              data-testid="avatar-preview"
            />
            <figcaption className="mt-2 text-sm text-slate-700">
              {t("profilePage.avatar.preview")}
            </figcaption>
          </figure>
        ) : profile.avatarUrl ? (
          <img
            src={mediaUrl(profile.avatarUrl)}
            alt={t("profilePage.avatar.alt")}
            width={128}
            height={128}
            className="size-32 rounded-full object-cover"
            data-testid="avatar-image"
          />
        ) : (
          <span
            role="img"
            aria-label={t("profilePage.avatar.none")}
            className="flex size-32 items-center justify-center rounded-full bg-slate-100 text-slate-500"
          >
            <UserRound aria-hidden className="size-16" />
          </span>
        )}
      </div>
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="mt-4"
        aria-labelledby="avatar-heading"
        onSubmit={(event) => {
          if (pickedTooLarge) event.preventDefault();
        }}
      >
        <label htmlFor="avatar" className="font-medium text-slate-800">
          {t("profilePage.avatar.label")}
        </label>
        <input
          id="avatar"
          name="avatar"
          type="file"
          accept={AVATAR_ACCEPT}
          aria-describedby={`avatar-hint${error ? " avatar-error" : ""}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            const tooLarge = !!file && file.size > AVATAR_MAX_BYTES;
            setPickedTooLarge(tooLarge);
            setPreview(
              file && !tooLarge && file.type.startsWith("image/")
                ? URL.createObjectURL(file)
                : null,
            );
          }}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-slate-50 file:px-3 file:py-2 file:font-medium file:text-secondary"
        />
        <p id="avatar-hint" className="mt-1 text-sm text-slate-600">
          {t("profilePage.avatar.hint")}
        </p>
        {error && (
          <Banner tone="error" id="avatar-error" className="mt-2">
            {t(`profilePage.avatarErrors.${error}`)}
          </Banner>
        )}
        {isExpired && <SessionExpiredBanner className="mt-2" />}
        {/* Present from the start, so the message that appears in it is announced. */}
        <div role="status" className="mt-2 text-sm">
          {result?.ok && !isUploading && (
            <Banner tone="success" announce="none">
              {t("profilePage.avatar.success")}
            </Banner>
          )}
        </div>
        <Button type="submit" disabled={isUploading} block className="mt-3">
          {isUploading ? t("profilePage.avatar.uploading") : t("profilePage.avatar.submit")}
        </Button>
      </Form>
      {profile.avatarUrl && !preview && (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="removeAvatar" />
          <Button type="submit" variant="outline" block disabled={isRemoving}>
            {t("profilePage.avatar.remove")}
          </Button>
        </Form>
      )}
      <div role="status" className="mt-2 text-sm">
        {removal?.ok && !profile.avatarUrl && (
          <Banner tone="success" announce="none">
            {t("profilePage.avatar.removed")}
          </Banner>
        )}
      </div>
      {removal && !removal.ok && removal.error === "failed" && (
        <Banner tone="error" className="mt-2">
          {t("profilePage.avatar.removeFailed")}
        </Banner>
      )}
    </section>
  );
}

function DetailsSection({
  profile,
  result,
}: {
  profile: ProfileView;
  result?: Extract<ProfileActionData, { intent: "profile" }>;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isSaving =
    navigation.state === "submitting" &&
    navigation.formEncType === "application/x-www-form-urlencoded";
  const failure = !isSaving && result && !result.ok ? result : null;
  const fieldErrors = failure?.fieldErrors ?? {};
  const echoed = failure?.values ?? {};
  const savedAt = result?.ok ? result.savedAt : null;
  const [showSaved, setShowSaved] = useState(savedAt !== null);

  useEffect(() => {
    if (savedAt === null) {
      setShowSaved(false);
      return;
    }
    setShowSaved(true);
    const timer = setTimeout(() => setShowSaved(false), BANNER_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const field = (name: ProfileField, options: { autoComplete: string; type?: string }) => {
    const error = fieldErrors[name];
    return (
      <Field
        label={t(`profilePage.details.${name}`)}
        id={name}
        hint={name === "phone" ? t("profilePage.details.phoneHint") : undefined}
        error={error ? t(`profilePage.errors.${error}`) : undefined}
      >
        <Input
          name={name}
          type={options.type ?? "text"}
          autoComplete={options.autoComplete}
          defaultValue={echoed[name] ?? profile[name]}
          required={name === "fullName"}
        />
      </Field>
    );
  };

  return (
    <section
      aria-labelledby="details-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="details-heading" className="text-lg font-semibold text-secondary">
        {t("profilePage.details.heading")}
      </h2>
      {/* Present from the start, so the message that appears in it is announced. */}
      <div role="status" className="mt-3">
        {showSaved && (
          <Banner tone="success" announce="none">
            {t("profilePage.details.saved")}
          </Banner>
        )}
      </div>
      {failure &&
        (failure.error === "sessionExpired" ? (
          <SessionExpiredBanner className="mt-3" />
        ) : (
          <Banner tone="error" className="mt-3">
            {t("profilePage.details.failed")}
          </Banner>
        ))}
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <div className="sm:col-span-2">{field("fullName", { autoComplete: "name" })}</div>
        <Field
          label={t("profilePage.details.email")}
          id="email"
          hint={t("profilePage.details.emailHint")}
          className="sm:col-span-2"
        >
          <Input
            type="email"
            value={profile.email}
            readOnly
            className="read-only:bg-slate-100 read-only:text-slate-700"
          />
        </Field>
        <div className="sm:col-span-2">{field("phone", { autoComplete: "tel", type: "tel" })}</div>
        <div className="sm:col-span-2">{field("address", { autoComplete: "street-address" })}</div>
        {field("postalCode", { autoComplete: "postal-code" })}
        {field("city", { autoComplete: "address-level2" })}
        <div className="sm:col-span-2">{field("country", { autoComplete: "country-name" })}</div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSaving}>
            {isSaving ? t("profilePage.details.saving") : t("profilePage.details.submit")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
