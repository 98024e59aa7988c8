import { z } from "zod";

/** A paragraph, a bullet list or a numbered list of a legal text (`ProseBlock`). */
const proseBlockSchema = z.union([
  z.string(),
  z.object({ list: z.array(z.string()) }),
  z.object({ steps: z.array(z.string()) }),
]);

/**
 * The AGB as the guest saw them when booking (decision 087): what `terms_snapshot.body` holds,
 * resolved (no placeholder or conditional block left), without the page's contact box.
 */
export const termsTextSchema = z.object({
  title: z.string(),
  updated: z.string(),
  intro: z.array(proseBlockSchema),
  sections: z.array(z.object({ heading: z.string(), blocks: z.array(proseBlockSchema) })),
});
export type TermsText = z.output<typeof termsTextSchema>;
