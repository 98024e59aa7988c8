import { Link, type LinkProps } from "react-router";

const variants = {
  primary: "bg-primary-strong text-white hover:opacity-90",
  secondary: "border border-secondary text-secondary hover:bg-slate-100",
} as const;

/** A link styled as a button (navigation is a link, not a button with a click handler). */
export function LinkButton({
  variant = "primary",
  className = "",
  ...props
}: LinkProps & { variant?: keyof typeof variants }) {
  return (
    <Link
      {...props}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-center font-semibold ${variants[variant]} ${className}`}
    />
  );
}
