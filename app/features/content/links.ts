/**
 * URLs the content pages link to, built in one place. /kontakt pre-fills its "Betreff" from
 * `?subject=`; /properties filters by `location` (German country names, as stored on properties).
 */
export function contactHref(subject?: string) {
  const text = subject?.trim();
  return text ? `/kontakt?${new URLSearchParams({ subject: text.slice(0, 200) })}` : "/kontakt";
}

export function propertiesByLocationHref(location: string) {
  return `/properties?${new URLSearchParams({ location })}`;
}
