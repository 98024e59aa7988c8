import { ArrowDown, ArrowUp, ImageIcon, X } from "lucide-react";
import { useState } from "react";
import type { PropertyImage } from "../../../../../db/schema";
import { Select } from "~/components/ui/input";
import { imageUrls } from "~/lib/image-urls";
import { useTranslation } from "~/lib/i18n-react";
import { IMAGE_CATEGORIES, imageRef } from "../../property-images";

type Item = { ref: string; category: string | null; image: PropertyImage };

/**
 * The property's images in the admin form: thumbnail, category, move up/down, remove; the
 * order is what the form submits (the first is the main image). Minimal version without
 * uploads — the uploader (issue 14 part 3) replaces this file and keeps these props.
 * Without JavaScript the hidden field keeps the images as they are.
 */
export function PropertyImagesField({
  name,
  defaultImages,
  onBusyChange: _onBusyChange,
}: {
  name: string;
  defaultImages: PropertyImage[];
  /** The uploader reports running uploads (autosave and save wait); nothing runs here. */
  onBusyChange?: (isBusy: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<Item[]>(() =>
    defaultImages.map((image) => ({
      ref: imageRef(image),
      category: image.category ?? null,
      image,
    })),
  );
  const value = JSON.stringify(items.map(({ ref, category }) => ({ ref, category })));
  const move = (index: number, by: number) =>
    setItems((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item);
      return next;
    });
  const knownCategory = (category: string | null) =>
    category === null || IMAGE_CATEGORIES.some((c) => c.value === category);

  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-slate-900">{t("adminProperties.form.images")}</legend>
      <input type="hidden" name={name} value={value} />
      {items.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <ImageIcon aria-hidden className="size-4" />
          {t("adminProperties.form.imagesNone")}
        </p>
      ) : (
        <ol className="grid gap-3 sm:grid-cols-2" data-testid="property-images">
          {items.map((item, index) => {
            const n = index + 1;
            const { src, srcSet } = imageUrls(item.image);
            return (
              <li
                key={item.ref}
                className="flex gap-3 rounded-lg border border-slate-200 bg-white p-2"
              >
                <img
                  src={src}
                  srcSet={srcSet}
                  sizes="8rem"
                  alt={t("adminProperties.form.imageAlt", { n })}
                  className="h-20 w-28 shrink-0 rounded object-cover"
                />
                <div className="min-w-0 flex-1 space-y-1">
                  {index === 0 && (
                    <p className="text-xs font-semibold text-secondary">
                      {t("adminProperties.form.mainImage")}
                    </p>
                  )}
                  <Select
                    aria-label={t("adminProperties.form.imageCategory", { n })}
                    value={item.category ?? ""}
                    onChange={(event) => {
                      const category = event.currentTarget.value || null;
                      setItems((list) =>
                        list.map((it, i) => (i === index ? { ...it, category } : it)),
                      );
                    }}
                    className="py-1 text-sm"
                  >
                    {IMAGE_CATEGORIES.map((c) => (
                      <option key={c.key} value={c.value ?? ""}>
                        {i18n.language === "en" ? c.en : c.de}
                      </option>
                    ))}
                    {!knownCategory(item.category) && (
                      <option value={item.category ?? ""}>{item.category}</option>
                    )}
                  </Select>
                  <div className="flex gap-1">
                    <button
                      type="button"
                      className="rounded p-1 text-secondary hover:bg-slate-100 disabled:opacity-40"
                      aria-label={t("adminProperties.form.moveUp", { n })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden className="size-4" />
                    </button>
                    <button
                      type="button"
                      className="rounded p-1 text-secondary hover:bg-slate-100 disabled:opacity-40"
                      aria-label={t("adminProperties.form.moveDown", { n })}
                      disabled={index === items.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden className="size-4" />
                    </button>
                    <button
                      type="button"
                      className="rounded p-1 text-red-800 hover:bg-red-50"
                      aria-label={t("adminProperties.form.removeImage", { n })}
                      onClick={() => setItems((list) => list.filter((_, i) => i !== index))}
                    >
                      <X aria-hidden className="size-4" />
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </fieldset>
  );
}
