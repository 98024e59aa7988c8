import { useState } from "react";
import { useLocation } from "react-router";

/**
 * The answer of the page's last form submission, kept until the next navigation.
 *
 * React Router drops `actionData` on every revalidation, and an open page revalidates without
 * any step of its user: the live updates in `root.tsx` (any admin saves the settings or a
 * content page, the user's role changes) and the dashboard's refresh. Without this, a refused
 * form lost its messages and went back to the stored values, a list edit's draft in the content
 * editor vanished, a success banner disappeared, whenever someone else saved anything.
 *
 * A submission and a navigation both give the page a new location key, so the answer of each
 * submission replaces the one before, and a navigation (a redirect after a save included)
 * starts without one, exactly as before.
 */
export function useActionAnswer<T>(actionData: T): T {
  const { key } = useLocation();
  const [kept, setKept] = useState({ key, answer: actionData });
  if (key !== kept.key || (actionData != null && actionData !== kept.answer)) {
    // Stored during render (React's "information from previous renders" pattern): the page
    // shows the new answer in this very render, without an effect's extra paint.
    setKept({ key, answer: actionData });
    return actionData;
  }
  return kept.answer;
}
