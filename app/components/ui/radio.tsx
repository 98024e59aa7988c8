import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { cx } from "./cx";
// Its own file, not input.tsx: the public pages load input.tsx and need no radio (JS budgets).

/** One choice of a radio group (inside a fieldset with a legend), its label to the right. */
export function Radio({
  label,
  hint,
  className,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}) {
  const hintId = `${useId()}-hint`;
  return (
    <label className={cx("flex items-start gap-2 text-slate-800", className)}>
      <input
        ref={ref}
        type="radio"
        aria-describedby={hint ? hintId : undefined}
        {...props}
        className="mt-1 size-4 shrink-0 accent-secondary focus-visible:outline-2 focus-visible:outline-secondary"
      />
      <span>
        {label}
        {hint && (
          <span id={hintId} className="block text-sm text-slate-600">
            {hint}
          </span>
        )}
      </span>
    </label>
  );
}
