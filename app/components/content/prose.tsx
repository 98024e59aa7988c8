/**
 * Paragraphs and lists from JSON content: a string is a paragraph, `{ "list": [...] }` a
 * bullet list, `{ "steps": [...] }` a numbered list.
 */
export type ProseBlock = string | { list: string[] } | { steps: string[] };
export type ProseSectionContent = { id: string; heading: string; blocks: ProseBlock[] };

export function Prose({ blocks }: { blocks: ProseBlock[] }) {
  return (
    <div className="space-y-3 leading-relaxed text-slate-800">
      {blocks.map((block, index) => {
        if (typeof block === "string") return <p key={index}>{block}</p>;
        if ("list" in block)
          return (
            <ul key={index} className="list-disc space-y-1 pl-6">
              {block.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        return (
          <ol key={index} className="list-decimal space-y-1 pl-6">
            {block.steps.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        );
      })}
    </div>
  );
}

/** A titled section of a legal or information text; `children` come after the paragraphs. */
export function ProseSection({
  section,
  children,
}: {
  section: ProseSectionContent;
  children?: React.ReactNode;
}) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
      <h2 id={`${section.id}-heading`} className="mb-3 text-xl font-semibold text-secondary">
        {section.heading}
      </h2>
      <Prose blocks={section.blocks} />
      {children}
    </section>
  );
}
