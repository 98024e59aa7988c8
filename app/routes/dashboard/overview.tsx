import { useTranslation } from "react-i18next";
import type { Route } from "./+types/overview";
import { requireUser } from "~/features/accounts/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { fullName: user.fullName, email: user.email };
}

export const meta = () => [{ title: "Übersicht" }];

export default function DashboardOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main">
      <h1 className="text-2xl font-semibold text-slate-900">{t("dashboard.title")}</h1>
      <p className="mt-2 text-lg text-slate-800">
        {t("dashboard.greeting", { name: loaderData.fullName || loaderData.email })}
      </p>
      <p className="mt-1 text-slate-600">{t("dashboard.intro")}</p>
    </main>
  );
}
