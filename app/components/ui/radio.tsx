import { Choice } from "./input";
// Its own file, not input.tsx: the public pages load input.tsx and need no radio (JS budgets).

/** One choice of a radio group (inside a fieldset with a legend), its label to the right. */
export function Radio(props: Omit<Parameters<typeof Choice>[0], "type">) {
  return <Choice type="radio" {...props} />;
}
