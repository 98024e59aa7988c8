import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/dashboard";
import { requireAdmin } from "~/features/accounts/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminDashboard() {
  const { t } = useTranslation();
  return (
    <main id="main">
      <h1 className="text-2xl font-semibold text-slate-900">{t("admin.dashboard")}</h1>
      <p className="mt-2 text-slate-700">{t("admin.welcome")}</p>
      <p className="mt-4">
        <Link to="/admin/settings" className="font-medium text-secondary underline">
          {t("admin.settings")}
        </Link>
      </p>
    </main>
  );
}
