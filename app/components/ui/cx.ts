/** Joins class names, skipping empty ones (`cx("a", cond && "b")`). */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

/** Joins ARIA id references (`aria-describedby`), or undefined when there are none. */
export function idRefs(...ids: (string | false | null | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined || undefined;
}
