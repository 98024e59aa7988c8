import { data } from "react-router";

/** Any unknown path: a real 404 status with the German page of the public layout. */
export function loader() {
  throw data(null, { status: 404 });
}

export const meta = () => [{ title: "Seite nicht gefunden" }];

export default function NotFound() {
  return null;
}
