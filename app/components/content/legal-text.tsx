import { Prose, ProseSection, type ProseBlock, type ProseSectionContent } from "./prose";

/**
 * A legal text (privacy policy, terms): title, "Stand" line, intro and numbered sections.
 * `afterSection` adds rendered parts to a section (e.g. the controller's address from the
 * settings, which must not be copied into content).
 */
export function LegalText({
  title,
  updated,
  intro,
  sections,
  afterSection,
}: {
  title: string;
  updated: string;
  intro: ProseBlock[];
  sections: ProseSectionContent[];
  afterSection?: (section: ProseSectionContent) => React.ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-secondary md:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{updated}</p>
      <div className="mt-6">
        <Prose blocks={intro} />
      </div>
      <div className="mt-10 space-y-10">
        {sections.map((section) => (
          <ProseSection key={section.id} section={section}>
            {afterSection?.(section)}
          </ProseSection>
        ))}
      </div>
    </article>
  );
}
