import { useTranslation } from "~/lib/i18n-react";
import "~/locales/texts/stay";

/** The operator's Kurtaxe/Gästebeitrag note (plain text), on the property and booking pages. */
export function TouristTaxNote({ note }: { note: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="tourist-tax">
      <h3 className="text-lg font-semibold text-slate-900">{t("stay.touristTax")}</h3>
      <p className="mt-1 whitespace-pre-line text-slate-700">{note}</p>
    </div>
  );
}
