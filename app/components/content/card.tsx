/**
 * A bordered card; `isHighlighted` gives it the brand outline (recommended plan, bestseller).
 * `min-w-0`: in a list of cards, a long word of the operator's text breaks inside the card
 * instead of making the card wider than a phone.
 */
export function Card({
  children,
  className = "",
  isHighlighted = false,
}: {
  children: React.ReactNode;
  className?: string;
  isHighlighted?: boolean;
}) {
  return (
    <article
      className={`relative flex min-w-0 flex-col rounded-xl border bg-white p-6 shadow-sm ${
        isHighlighted ? "border-primary-strong ring-2 ring-primary-strong" : "border-slate-200"
      } ${className}`}
    >
      {children}
    </article>
  );
}

/** A small label on a card ("Bestseller", "Empfohlen"). */
export function Badge({ children }: { children: React.ReactNode }) {
  return (
    <span className="absolute -top-3 left-6 rounded-full bg-primary-strong px-3 py-1 text-xs font-semibold text-white shadow">
      {children}
    </span>
  );
}
