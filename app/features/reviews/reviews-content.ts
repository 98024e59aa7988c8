/** Shape of content/<language>/reviews.json. */
export type ReviewsContent = {
  title: string;
  description: string;
  heading: string;
  intro: string;
  checking: { heading: string; points: string[] };
};
