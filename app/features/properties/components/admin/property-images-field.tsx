import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical, ImagePlus, RotateCcw, X } from "lucide-react";
import { useEffect, useId, useReducer, useRef, useState, type DragEvent } from "react";
import type { PropertyImage } from "../../../../../db/schema";
import { Banner } from "~/components/ui/banner";
import { Button, buttonClass } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Select } from "~/components/ui/input";
import { useTranslation } from "~/lib/i18n-react";
import {
  imageListReducer,
  initialImageItems,
  isBusy,
  mainImageId,
  submittedImages,
  type ImageItem,
} from "../../image-list";
import {
  UPLOAD_ATTEMPTS,
  uploadWithRetry,
  xhrSender,
  type UploadFailure,
} from "../../image-upload";
import {
  IMAGE_ACCEPT,
  IMAGE_CATEGORIES,
  IMAGE_UPLOAD_URL,
  MAX_IMAGE_BYTES,
  MAX_PROPERTY_IMAGES,
} from "../../property-images";

/** Files uploaded at once: enough to keep the line busy, few enough for the 30 s time-out. */
const PARALLEL_UPLOADS = 2;

type Translate = ReturnType<typeof useTranslation>["t"];

const KNOWN_ERRORS = new Set([
  "missing",
  "notImage",
  "tooLarge",
  "tooManyPixels",
  "tooManyPending",
  "failed",
]);

/** The reason shown on a failed card, in the page's language (the server's codes are known). */
function failureText(failure: UploadFailure, t: Translate) {
  if (failure.reason === "offline") return t("propertyImages.offline");
  if (failure.reason !== "refused") return t(`propertyImages.errors.${failure.reason}`);
  if (failure.error && KNOWN_ERRORS.has(failure.error)) {
    return t(`propertyImages.errors.${failure.error}`);
  }
  // The server's own body limit answers 413 with a page, not JSON.
  if (failure.status === 413) return t("propertyImages.errors.tooLarge");
  return failure.message ?? t("propertyImages.errors.refused");
}

/**
 * The "Bilder" part of the property form (spec 06): choose or drop files, each uploaded on its
 * own with real progress, retries and its reason on failure; reorder by dragging or keyboard
 * (the first saved image is the main image); a category per image; remove. The form receives
 * the list as JSON in a hidden field `name` ([{ ref, category }], in order); every change of
 * the list fires `input` and `change` on that field, so a form listener (autosave) sees it.
 * Admin pages only: dnd-kit must not reach guests' bundles (decision 027).
 */
export function PropertyImagesField({
  name,
  defaultImages,
  onBusyChange,
}: {
  name: string;
  defaultImages: PropertyImage[];
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [items, dispatch] = useReducer(imageListReducer, defaultImages, initialImageItems);
  const [isOnline, setOnline] = useState(true);
  const [isDragOver, setDragOver] = useState(false);
  const [droppedCount, setDroppedCount] = useState(0);
  const files = useRef(new Map<string, File>());
  const running = useRef(new Map<string, AbortController>());
  const hidden = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const dndId = useId();
  const hintId = `${inputId}-hint`;

  const value = JSON.stringify(submittedImages(items));
  const busy = isBusy(items);

  // The form learns of every change of the list (hidden inputs fire no events of their own).
  const lastValue = useRef(value);
  useEffect(() => {
    if (lastValue.current === value) return;
    lastValue.current = value;
    hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
    hidden.current?.dispatchEvent(new Event("change", { bubbles: true }));
  }, [value]);

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  // Leaving the page ends the uploads still running.
  useEffect(() => {
    const running_ = running.current;
    return () => {
      for (const controller of running_.values()) controller.abort();
    };
  }, []);

  // The queue: start waiting files while fewer than PARALLEL_UPLOADS run.
  useEffect(() => {
    const send = xhrSender(IMAGE_UPLOAD_URL);
    for (const item of items) {
      if (running.current.size >= PARALLEL_UPLOADS) break;
      if (item.status !== "queued" || running.current.has(item.id)) continue;
      const file = files.current.get(item.id);
      if (!file) continue;
      const controller = new AbortController();
      const localPreview = item.previewUrl;
      running.current.set(item.id, controller);
      dispatch({ type: "started", id: item.id, attempt: 1 });
      void uploadWithRetry(file, {
        send,
        signal: controller.signal,
        onProgress: (progress) => dispatch({ type: "progress", id: item.id, progress }),
        onAttempt: (attempt) => dispatch({ type: "started", id: item.id, attempt }),
      }).then((outcome) => {
        running.current.delete(item.id);
        if (outcome.ok) {
          files.current.delete(item.id);
          if (localPreview?.startsWith("blob:")) URL.revokeObjectURL(localPreview);
          dispatch({
            type: "uploaded",
            id: item.id,
            ref: outcome.image.ref,
            previewUrl: outcome.image.previewUrl,
          });
        } else if (outcome.reason !== "aborted") {
          dispatch({ type: "failed", id: item.id, error: failureText(outcome, t) });
        }
      });
    }
  }, [items, t]);

  function addFiles(list: FileList | File[]) {
    const picked = [...list];
    if (picked.length === 0) return;
    const taken = items.filter((item) => item.status !== "error").length;
    const room = Math.max(0, MAX_PROPERTY_IMAGES - taken);
    const accepted = picked.slice(0, room);
    setDroppedCount(picked.length - accepted.length);
    const added = accepted.map((file) => {
      const id = `neu-${crypto.randomUUID()}`;
      files.current.set(id, file);
      return { id, fileName: file.name, previewUrl: URL.createObjectURL(file), file };
    });
    dispatch({ type: "added", files: added });
    // Too big for the server anyway: said at once, without sending 10 MB for a refusal.
    for (const file of added) {
      if (file.file.size > MAX_IMAGE_BYTES) {
        files.current.delete(file.id);
        dispatch({ type: "failed", id: file.id, error: t("propertyImages.errors.tooLarge") });
      }
    }
  }

  function remove(item: ImageItem) {
    running.current.get(item.id)?.abort();
    running.current.delete(item.id);
    files.current.delete(item.id);
    if (item.previewUrl?.startsWith("blob:")) URL.revokeObjectURL(item.previewUrl);
    dispatch({ type: "removed", id: item.id });
  }

  function retry(item: ImageItem) {
    if (!files.current.has(item.id)) return;
    dispatch({ type: "retried", id: item.id });
  }

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("propertyImages.dnd.start", { position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("propertyImages.dnd.over", {
            from: positionOf(active.id),
            to: positionOf(over.id),
            total: items.length,
          })
        : undefined,
    onDragEnd: ({ over }) =>
      over
        ? t("propertyImages.dnd.end", { to: positionOf(over.id), total: items.length })
        : undefined,
    onDragCancel: ({ active }) =>
      t("propertyImages.dnd.cancel", { position: positionOf(active.id) }),
  };
  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) {
      dispatch({ type: "moved", id: String(active.id), overId: String(over.id) });
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragOver(false);
    addFiles(event.dataTransfer.files);
  }

  const failed = items.filter((item) => item.status === "error").length;
  const succeeded = items.filter((item) => item.status === "done").length;
  const main = mainImageId(items);

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-slate-800">{t("propertyImages.label")}</legend>
      <p id={hintId} className="text-sm text-slate-600">
        {t("propertyImages.hint")}
      </p>
      <input ref={hidden} type="hidden" name={name} value={value} />

      <div
        onDragOver={(event) => {
          if (![...event.dataTransfer.types].includes("Files")) return;
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={cx(
          "flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-6 text-center sm:flex-row",
          isDragOver ? "border-secondary bg-sky-50" : "border-slate-300 bg-slate-50",
        )}
        data-testid="image-drop-zone"
      >
        <input
          id={inputId}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          aria-describedby={hintId}
          className="peer sr-only"
          onChange={(event) => {
            if (event.target.files) addFiles(event.target.files);
            event.target.value = "";
          }}
        />
        <label
          htmlFor={inputId}
          className={buttonClass({
            variant: "outline",
            className:
              "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-secondary",
          })}
        >
          <ImagePlus aria-hidden className="size-4" />
          {t("propertyImages.choose")}
        </label>
        <span className="text-sm text-slate-700">
          {isDragOver ? t("propertyImages.dropActive") : t("propertyImages.dropHere")}
        </span>
      </div>

      {!isOnline && (
        <Banner tone="warning" announce="alert">
          {t("propertyImages.offline")}
        </Banner>
      )}
      {droppedCount > 0 && (
        <Banner tone="warning">{t("propertyImages.tooMany", { count: droppedCount })}</Banner>
      )}
      {!busy && failed > 0 && (
        <Banner tone="error" testId="image-upload-summary">
          {t("propertyImages.failedCount", { count: failed })}
          {succeeded > 0 && ` ${t("propertyImages.succeededCount", { count: succeeded })}`}
        </Banner>
      )}

      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t("propertyImages.empty")}</p>
      ) : (
        <DndContext
          id={dndId}
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t("propertyImages.dnd.instructions") },
          }}
        >
          <SortableContext items={items.map((item) => item.id)} strategy={rectSortingStrategy}>
            <ul
              aria-label={t("propertyImages.listLabel")}
              className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-3 xl:grid-cols-4"
            >
              {items.map((item, index) => (
                <ImageCard
                  key={item.id}
                  item={item}
                  position={index + 1}
                  isMain={item.id === main}
                  language={language}
                  onCategory={(category) =>
                    dispatch({ type: "categorized", id: item.id, category })
                  }
                  onRemove={() => remove(item)}
                  onRetry={files.current.has(item.id) ? () => retry(item) : undefined}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </fieldset>
  );
}

function ImageCard({
  item,
  position,
  isMain,
  language,
  onCategory,
  onRemove,
  onRetry,
}: {
  item: ImageItem;
  position: number;
  isMain: boolean;
  language: string;
  onCategory: (category: string | null) => void;
  onRemove: () => void;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id });
  const name = t("propertyImages.imageName", { position });
  const isExternal = item.previewUrl !== null && /^https?:/i.test(item.previewUrl);
  // A file the browser cannot show either (the refused text file): its name instead.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const isBroken = brokenUrl !== null && brokenUrl === item.previewUrl;
  const knownCategory = IMAGE_CATEGORIES.some((c) => c.value === item.category);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cx(
        "flex flex-col overflow-hidden rounded-lg border bg-white",
        isDragging ? "z-10 border-secondary shadow-lg" : "border-slate-300",
        item.status === "error" && "border-red-300",
      )}
      data-testid="property-image"
    >
      <div className="relative aspect-[4/3] bg-slate-100">
        {item.previewUrl && !isExternal && !isBroken ? (
          <img
            src={item.previewUrl}
            alt={item.fileName ?? name}
            className="size-full object-cover"
            draggable={false}
            onError={() => setBrokenUrl(item.previewUrl)}
          />
        ) : (
          <div className="flex size-full items-center justify-center p-2 text-center text-xs break-all text-slate-600">
            {isExternal ? `${t("propertyImages.external")}: ${item.previewUrl}` : item.fileName}
          </div>
        )}
        {isMain && (
          <span className="absolute bottom-2 left-2 rounded bg-secondary px-2 py-0.5 text-xs font-semibold text-white">
            {t("propertyImages.main")}
          </span>
        )}
        <div className="absolute top-2 right-2 flex gap-1">
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            aria-label={t("propertyImages.move", { position })}
            className="flex size-9 cursor-grab touch-none items-center justify-center rounded bg-white/95 text-slate-800 shadow focus-visible:outline-2 focus-visible:outline-secondary active:cursor-grabbing"
          >
            <GripVertical aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            onClick={onRemove}
            aria-label={t("propertyImages.remove", { position })}
            className="flex size-9 items-center justify-center rounded bg-white/95 text-red-800 shadow hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-secondary"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-2 p-2 sm:p-3">
        {item.status !== "stored" && <UploadStatus item={item} name={name} />}
        {item.status === "error" && onRetry && (
          <Button
            variant="outline"
            size="sm"
            onClick={onRetry}
            aria-label={t("propertyImages.retryLabel", { position })}
          >
            <RotateCcw aria-hidden className="size-4" />
            {t("propertyImages.retry")}
          </Button>
        )}
        <div>
          <label htmlFor={selectId} className="text-xs font-medium text-slate-700">
            {t("propertyImages.category")}
          </label>
          <Select
            id={selectId}
            aria-label={t("propertyImages.categoryOf", { position })}
            value={item.category ?? ""}
            onChange={(event) => onCategory(event.target.value === "" ? null : event.target.value)}
            className="mt-1 w-full text-sm"
          >
            {IMAGE_CATEGORIES.map((category) => (
              <option key={category.key} value={category.value ?? ""}>
                {language === "en" ? category.en : category.de}
              </option>
            ))}
            {item.category && !knownCategory && (
              <option value={item.category}>{item.category}</option>
            )}
          </Select>
        </div>
      </div>
    </li>
  );
}

function UploadStatus({ item, name }: { item: ImageItem; name: string }) {
  const { t } = useTranslation();
  const percent = Math.round(item.progress * 100);
  return (
    <div className="space-y-1 text-sm" data-testid="image-upload-status">
      <p
        className={cx(
          "font-medium",
          item.status === "error"
            ? "text-red-800"
            : item.status === "done"
              ? "text-green-800"
              : "text-slate-700",
        )}
      >
        {t(`propertyImages.status.${item.status}`)}
        {item.status === "uploading" && item.attempt > 1 && (
          <> ({t("propertyImages.attempt", { attempt: item.attempt, total: UPLOAD_ATTEMPTS })})</>
        )}
        {item.fileName && (
          <span className="block truncate text-xs font-normal text-slate-600">{item.fileName}</span>
        )}
      </p>
      {(item.status === "uploading" || item.status === "queued") && (
        <div
          role="progressbar"
          aria-label={t("propertyImages.progress", { name: item.fileName ?? name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded bg-slate-200"
        >
          <div
            className="h-full bg-secondary transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
      {item.status === "error" && item.error && (
        // Announced once for all files by the summary banner, not card by card.
        <p className="text-red-800">{item.error}</p>
      )}
    </div>
  );
}
