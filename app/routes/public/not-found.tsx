import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { catalogueOf } from "~/lib/i18n";

/** Any unknown path: a real 404 status with the German page of the public layout. */
export function loader() {
  throw data(null, { status: 404 });
}

/** The title in the visitor's language (issue 16: no German title on English pages). */
export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === "root")?.data as
    { language?: string } | undefined;
  return [{ title: catalogueOf(root?.language === "en" ? "en" : "de").errors.notFoundTitle }];
};

export default function NotFound() {
  return null;
}
