import { pageParam } from "~/lib/paging";
/** What /admin/users reads from its URL; shared by the page (links) and the server. */
export const ADMIN_USERS_PAGE_SIZE = 20;
export const USER_ROLE_FILTERS = ["alle", "user", "admin"] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];
export type AdminUserFilter = { q: string; role: UserRoleFilter; page: number };

export function adminUserFilter(params: URLSearchParams): AdminUserFilter {
  const role = params.get("role");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    role: USER_ROLE_FILTERS.includes(role as UserRoleFilter) ? (role as UserRoleFilter) : "alle",
    page: pageParam(params),
  };
}
