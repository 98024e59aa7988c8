import { Mail } from "~/components/ui/icons";
import { LinkButton } from "~/components/ui/button";

/** "Noch Fragen?" box at the end of a content page, linking to /kontakt (or a given subject). */
export function ContactCta({
  title,
  text,
  label,
  to = "/kontakt",
}: {
  title: string;
  text: string;
  label: string;
  to?: string;
}) {
  return (
    <aside className="mx-auto max-w-7xl px-4 py-12" aria-label={title}>
      <div className="flex flex-col items-start gap-4 rounded-2xl bg-secondary p-8 text-white md:flex-row md:items-center md:justify-between">
        <div>
          <p className="text-xl font-semibold">{title}</p>
          <p className="mt-2 max-w-2xl text-slate-100">{text}</p>
        </div>
        <LinkButton to={to} className="shrink-0">
          <Mail aria-hidden className="size-4" />
          {label}
        </LinkButton>
      </div>
    </aside>
  );
}
