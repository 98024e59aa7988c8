import { createContext, useContext, useId, type AriaAttributes, type ReactNode } from "react";
import { cx, idRefs } from "./cx";

type FieldWiring = { id: string; describedBy?: string; invalid: boolean };

/** What a `Field` tells the control inside it: its id and ARIA wiring. */
const FieldContext = createContext<FieldWiring | null>(null);

/**
 * The control's id, `aria-describedby` and `aria-invalid` from the surrounding `Field`, merged
 * with what the control was given itself (its own props win for the id).
 */
export function useFieldWiring(props: {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: AriaAttributes["aria-invalid"];
}) {
  const field = useContext(FieldContext);
  return {
    inField: field !== null,
    id: props.id ?? field?.id,
    "aria-describedby": idRefs(field?.describedBy, props["aria-describedby"]),
    "aria-invalid": props["aria-invalid"] ?? (field?.invalid ? true : undefined),
  };
}

/**
 * A labelled form control with an optional hint and error. The label points at the control
 * (`htmlFor`), and the control, an `Input`, `Textarea` or `Select` placed inside, gets the id,
 * `aria-describedby` (hint, then error) and `aria-invalid` without wiring by hand. The error is
 * announced by the page's summary banner or focus move, not by a live region here, so a form
 * with five errors does not read five alerts at once.
 */
export function Field({
  label,
  hint,
  error,
  id,
  labelAside,
  announceError = false,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  /** The translated message; empty or undefined when the field is valid. */
  error?: ReactNode;
  /** The control's id when a test, a link (`#email`) or a script needs a stable one. */
  id?: string;
  /** Something on the label's line, right-aligned (e.g. "Passwort vergessen?"). */
  labelAside?: ReactNode;
  /**
   * The error is announced itself (`role="alert"`): for a form whose only message is this one
   * field's error, with no summary banner to carry it.
   */
  announceError?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const labelElement = (
    <label htmlFor={controlId} className="text-sm font-medium text-slate-800">
      {label}
    </label>
  );
  return (
    <div className={className}>
      {labelAside ? (
        <div className="flex items-baseline justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <FieldContext.Provider
        value={{ id: controlId, describedBy: idRefs(hintId, errorId), invalid: Boolean(error) }}
      >
        {children}
      </FieldContext.Provider>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          role={announceError ? "alert" : undefined}
          className="mt-1 text-sm font-medium text-red-700"
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** The look of text-like controls; `aria-invalid` turns the border red. */
export function controlClass(inField: boolean, className?: string) {
  return cx(
    "block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900",
    "focus-visible:outline-2 focus-visible:outline-secondary aria-invalid:border-red-700",
    "disabled:bg-slate-100 disabled:text-slate-600",
    inField && "mt-1",
    className,
  );
}
