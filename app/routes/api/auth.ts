import type { Route } from "./+types/auth";
import { getAuth } from "~/lib/auth.server";

// Better Auth's own endpoints (session lookups, sign-out from scripts). Its rate limiter,
// origin check and cookie handling apply here; our forms call the same API from actions.
export const loader = ({ request }: Route.LoaderArgs) => getAuth().handler(request);
export const action = ({ request }: Route.ActionArgs) => getAuth().handler(request);
