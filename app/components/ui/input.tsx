import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cx } from "./cx";
import { controlClass, useFieldWiring } from "./field";

/** A text-like input (text, email, password, number, date, tel…); wired by a surrounding Field. */
export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const { inField, ...wiring } = useFieldWiring(props);
  return <input ref={ref} {...props} {...wiring} className={controlClass(inField, className)} />;
}

export function Textarea({
  className,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const { inField, ...wiring } = useFieldWiring(props);
  return <textarea ref={ref} {...props} {...wiring} className={controlClass(inField, className)} />;
}

export function Select({
  className,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const { inField, ...wiring } = useFieldWiring(props);
  return <select ref={ref} {...props} {...wiring} className={controlClass(inField, className)} />;
}

type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox or radio button with its label to the right; the whole line is clickable. */
export function Choice({
  type,
  label,
  hint,
  className,
  ref,
  ...props
}: ChoiceProps & { type: "checkbox" | "radio" }) {
  const hintId = `${useId()}-hint`;
  return (
    <label className={cx("flex items-start gap-2 text-slate-800", className)}>
      <input
        ref={ref}
        type={type}
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

/** A checkbox with its label to the right; the whole line is clickable. */
export function Checkbox(props: ChoiceProps) {
  return <Choice type="checkbox" {...props} />;
}
