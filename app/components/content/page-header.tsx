/** The heading band at the top of a content page: optional kicker, h1 and intro text. */
export function PageHeader({
  title,
  intro,
  kicker,
  children,
}: {
  title: string;
  intro?: string;
  kicker?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        {kicker && (
          <p className="text-sm font-semibold tracking-wide text-primary-strong uppercase">
            {kicker}
          </p>
        )}
        <h1 className="mt-1 text-3xl font-bold text-secondary md:text-4xl">{title}</h1>
        {intro && <p className="mt-4 max-w-3xl text-lg text-slate-700">{intro}</p>}
        {children}
      </div>
    </div>
  );
}

/** A page section with an h2 and optional intro inside the standard container. */
export function ContentSection({
  id,
  title,
  intro,
  children,
  className = "",
}: {
  id: string;
  title?: string;
  intro?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      className={`mx-auto max-w-7xl px-4 py-12 ${className}`}
      aria-labelledby={title ? `${id}-heading` : undefined}
    >
      {title && (
        <h2 id={`${id}-heading`} className="text-2xl font-semibold text-secondary">
          {title}
        </h2>
      )}
      {intro && <p className="mt-2 max-w-3xl text-slate-700">{intro}</p>}
      {children}
    </section>
  );
}
