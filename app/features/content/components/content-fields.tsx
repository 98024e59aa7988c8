import { ArrowDown, ArrowUp, Plus, Trash2 } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Checkbox, Input, Select, Textarea } from "~/components/ui/input";
import { PAYMENT_METHODS } from "~/features/settings/settings";
import { useTranslation } from "~/lib/i18n-react";
import {
  CONTENT_LIMITS,
  VARIANT_FIELD,
  variantIndexOf,
  type ContentFieldError,
  type ContentValue,
  type Shape,
} from "../content-shape";

/**
 * The form of a content page, generated from its shape (decision 030): texts become inputs or
 * text areas, numbers number fields, yes/no checkboxes, lists repeated groups with add, remove
 * and move buttons. The buttons are plain submit buttons (`intent=add:…`), so the form works
 * without JavaScript; with it, React Router posts them and the page keeps its scroll position.
 */
export function ContentFields({
  shape,
  value,
  errors,
}: {
  shape: Shape;
  value: ContentValue;
  errors: Record<string, ContentFieldError>;
}) {
  if (shape.kind !== "object") return null;
  return (
    <div className="space-y-5">
      <ObjectFields shape={shape} value={value} path="" errors={errors} />
    </div>
  );
}

type Props = {
  shape: Shape;
  value: ContentValue | undefined;
  path: string;
  errors: Record<string, ContentFieldError>;
};

/** A key's label: the admin texts name the common keys; any other key is shown by its name. */
function useFieldLabel() {
  const { t } = useTranslation();
  return (key: string) => {
    const label = t(`adminContent.fields.${key}`);
    if (!label.startsWith("adminContent.")) return label;
    const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[-_]/g, " ");
    return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
  };
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

function ObjectFields({ shape, value, path, errors }: Props) {
  const label = useFieldLabel();
  if (shape.kind !== "object") return null;
  const record = value && typeof value === "object" && !Array.isArray(value) ? value : {};
  return (
    <>
      {shape.fields.map((field) => (
        <ValueField
          key={field.key}
          label={label(field.key)}
          shape={field.shape}
          value={record[field.key]}
          path={join(path, field.key)}
          errors={errors}
        />
      ))}
    </>
  );
}

function ValueField({ label, aside, ...props }: Props & { label: string; aside?: ReactNode }) {
  const { t } = useTranslation();
  const { shape, value, path, errors } = props;
  const error = errors[path] ? t(`adminContent.errors.${errors[path]}`) : undefined;
  switch (shape.kind) {
    case "string": {
      const text = typeof value === "string" ? value : "";
      if (shape.long) {
        return (
          <Field label={label} error={error} labelAside={aside}>
            <Textarea
              name={path}
              defaultValue={text}
              maxLength={CONTENT_LIMITS.longText}
              rows={Math.min(12, Math.max(3, Math.ceil(text.length / 80)))}
              // Grows with its text where the browser can (Chromium), so a paragraph is read whole.
              className="field-sizing-content min-h-20 max-h-[32rem]"
            />
          </Field>
        );
      }
      if (shape.format === "paymentMethod") {
        // Only the names the site knows: a typo would hide the block for ever.
        return (
          <Field label={label} error={error} labelAside={aside}>
            <Select name={path} defaultValue={text} className="max-w-60">
              {!PAYMENT_METHODS.some((method) => method === text) && <option value={text} />}
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t(`paymentMethods.${method}`)}
                </option>
              ))}
            </Select>
          </Field>
        );
      }
      return (
        <Field label={label} error={error} labelAside={aside}>
          <Input
            name={path}
            type={shape.format === "date" ? "date" : shape.format === "url" ? "url" : "text"}
            defaultValue={text}
            maxLength={CONTENT_LIMITS.shortText}
            spellCheck={shape.format === "text"}
            className={shape.format === "id" ? "font-mono" : undefined}
          />
        </Field>
      );
    }
    case "number":
      return (
        <Field label={label} error={error} labelAside={aside}>
          <Input
            name={path}
            inputMode={shape.integer ? "numeric" : "decimal"}
            // A string is a refused number, back as the admin typed it.
            defaultValue={
              typeof value === "number" || typeof value === "string" ? String(value) : ""
            }
            className="max-w-40"
          />
        </Field>
      );
    case "boolean":
      return (
        <div className="flex items-start justify-between gap-2">
          <Checkbox name={path} label={label} defaultChecked={value === true} />
          {aside}
        </div>
      );
    case "object":
      return (
        <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 font-semibold text-slate-900">{label}</legend>
          <ObjectFields {...props} />
        </fieldset>
      );
    case "array":
      return <ListField label={label} error={error} {...props} />;
  }
}

function ListField({ label, error, ...props }: Props & { label: string; error?: string }) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const { shape, value, path, errors } = props;
  if (shape.kind !== "array") return null;
  const items = Array.isArray(value) ? value : [];
  /** A kind of entry by name: "Absatz", "Aufzählung" … or "Eintrag" when there is one kind. */
  const kindName = (variant: Shape) => {
    if (shape.variants.length === 1) return t("adminContent.entry");
    if (variant.kind === "object") return fieldLabel(variant.fields[0]?.key ?? "");
    return t(`adminContent.kinds.${variant.kind}`);
  };
  const isFull = items.length >= CONTENT_LIMITS.items;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold text-slate-900">{label}</legend>
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
      {items.length === 0 && <p className="text-sm text-slate-600">{t("adminContent.empty")}</p>}
      <ol className="space-y-3">
        {items.map((item, index) => {
          const variantIndex = variantIndexOf(shape.variants, item);
          const variant = shape.variants[variantIndex];
          if (!variant) return null;
          const itemPath = join(path, index);
          const name = t("adminContent.entryNumber", { what: kindName(variant), n: index + 1 });
          const isNested = variant.kind === "object" || variant.kind === "array";
          const buttons = (
            <span className="flex gap-1">
              <ItemButton
                intent={`up:${itemPath}`}
                label={`${t("adminContent.moveUp")}: ${name}`}
                disabled={index === 0}
              >
                <ArrowUp aria-hidden className="size-4" />
              </ItemButton>
              <ItemButton
                intent={`down:${itemPath}`}
                label={`${t("adminContent.moveDown")}: ${name}`}
                disabled={index === items.length - 1}
              >
                <ArrowDown aria-hidden className="size-4" />
              </ItemButton>
              <ItemButton
                intent={`remove:${itemPath}`}
                label={t("adminContent.remove", { what: name })}
              >
                <Trash2 aria-hidden className="size-4" />
              </ItemButton>
            </span>
          );
          return (
            <li
              key={itemPath}
              className={
                isNested
                  ? "space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
                  : "space-y-1"
              }
            >
              <input type="hidden" name={`${itemPath}.${VARIANT_FIELD}`} value={variantIndex} />
              {isNested ? (
                <div role="group" aria-labelledby={`entry-${itemPath}`} className="space-y-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span id={`entry-${itemPath}`} className="text-sm font-semibold text-slate-800">
                      {name}
                    </span>
                    {buttons}
                  </div>
                  {variant.kind === "object" ? (
                    <ObjectFields shape={variant} value={item} path={itemPath} errors={errors} />
                  ) : (
                    <ListField
                      label={name}
                      shape={variant}
                      value={item}
                      path={itemPath}
                      errors={errors}
                    />
                  )}
                </div>
              ) : (
                <ValueField
                  label={name}
                  aside={buttons}
                  shape={variant}
                  value={item}
                  path={itemPath}
                  errors={errors}
                />
              )}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        {shape.variants.map((variant, variantIndex) => (
          <Button
            key={variantIndex}
            type="submit"
            name="intent"
            value={`add:${path}:${variantIndex}`}
            variant="outline"
            size="sm"
            disabled={isFull}
            formNoValidate
          >
            <Plus aria-hidden className="size-4" />
            {t("adminContent.add", { what: kindName(variant) })}
            <span className="sr-only"> ({label})</span>
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

function ItemButton({
  intent,
  label,
  disabled,
  children,
}: {
  intent: string;
  label: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      disabled={disabled}
      formNoValidate
    >
      {children}
    </Button>
  );
}
