import { ChevronDown } from "~/components/ui/icons";

export type AccordionEntry = { id: string; question: string; answer: string };

/**
 * Questions and answers as native disclosure widgets: several can be open at once, a click (or
 * Enter/Space) toggles one, and it works without JavaScript.
 */
export function Accordion({ items }: { items: AccordionEntry[] }) {
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={item.id}>
          <details className="group rounded-lg border border-slate-200 bg-white open:shadow-sm">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 p-4 font-medium text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown
                aria-hidden
                className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-4 pb-4 leading-relaxed text-slate-700">{item.answer}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
