import type { Route } from "./+types/auth";

/**
 * Better Auth's own HTTP endpoints are closed (decision 013): no page uses them. Sign-in,
 * sign-up, sign-out, password and session changes go through our actions, which call
 * `getAuth().api.*` on the server behind our rate limits, lockout and field rules; the open
 * handler bypassed all of that. A route of its own rather than none: without it the public
 * catch-all page would answer GET with a full page (its loaders look up the session) and POST
 * with 405, while here every method gets the same bare 404 without touching the session.
 */
const notFound = () =>
  new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });

export const loader = (_: Route.LoaderArgs) => notFound();
export const action = (_: Route.ActionArgs) => notFound();
