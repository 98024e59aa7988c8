import type { ButtonHTMLAttributes, Ref } from "react";
import { Link, type LinkProps } from "react-router";
import { cx } from "./cx";

const variants = {
  /** The one main action of a form or section (terracotta). */
  primary: "bg-primary-strong text-white hover:bg-primary-hover",
  /** A strong action that is not the page's main one (navy). */
  secondary: "bg-secondary text-white hover:bg-secondary-hover",
  /** Secondary actions beside a primary one. */
  outline: "border border-secondary bg-white text-secondary hover:bg-slate-100",
  /** Quiet actions (close, cancel) on white or tinted surfaces. */
  subtle: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  /** Irreversible actions: delete, cancel a booking, end every session. */
  danger: "bg-red-700 text-white hover:bg-red-800",
  /** The same, where it is one action among quieter ones (a card's "Stornieren", "Löschen"). */
  dangerOutline: "border border-red-700 bg-white text-red-800 hover:bg-red-50",
  /** Text-only actions inside lists and toolbars. */
  ghost: "text-secondary hover:bg-slate-100",
} as const;

const sizes = {
  sm: "px-3 py-1.5 text-sm font-medium",
  md: "px-4 py-2 font-medium",
  lg: "px-5 py-2.5 font-semibold",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export type ButtonStyle = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width (forms in narrow cards, the booking sidebar). */
  block?: boolean;
  className?: string;
};

/**
 * The classes of a button, for the rare element that must look like one without being a
 * `Button` or `LinkButton` (a `<label>` for a file input, a `<summary>`).
 */
export function buttonClass({
  variant = "primary",
  size = "md",
  block = false,
  className,
}: ButtonStyle = {}): string {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-lg text-center",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary",
    "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:opacity-60",
    variants[variant],
    sizes[size],
    block && "w-full",
    className,
  );
}

/** A button. `type` defaults to "button", so only an explicit `type="submit"` submits a form. */
export function Button({
  variant,
  size,
  block,
  className,
  type = "button",
  ref,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClass({ variant, size, block, className })}
      {...props}
    />
  );
}

/** A link styled as a button: navigation is a link, not a button with a click handler. */
export function LinkButton({
  variant,
  size = "lg",
  block,
  className,
  ...props
}: LinkProps & ButtonStyle) {
  return <Link {...props} className={buttonClass({ variant, size, block, className })} />;
}
