import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import "~/locales/texts/booking";

const linkClass = "font-medium underline underline-offset-2 hover:no-underline";

/**
 * Beside "Zahlungspflichtig buchen" (issue 16, decision 037): the AGB and the privacy policy the
 * booking is made under, and that a stay on fixed dates carries no right of withdrawal
 * (§ 312g Abs. 2 Nr. 9 BGB), worded as in § 5 of the AGB. The links open in a new tab so the
 * form and its input stay where they are.
 */
export function OrderNote({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="mt-4 space-y-2 text-sm text-slate-700" data-testid="order-note">
      <p>
        {t("booking.payment.legal.termsBefore")}
        <Link to="/agb" target="_blank" rel="noopener" className={linkClass}>
          {t("booking.payment.legal.termsLink")}
          <span className="sr-only"> {t("common.opensInNewTab")}</span>
        </Link>
        {t("booking.payment.legal.privacyBefore")}
        <Link to="/datenschutz" target="_blank" rel="noopener" className={linkClass}>
          {t("booking.payment.legal.privacyLink")}
          <span className="sr-only"> {t("common.opensInNewTab")}</span>
        </Link>
        {t("booking.payment.legal.privacyAfter")}
      </p>
      <p>{t("booking.payment.legal.noWithdrawal")}</p>
    </div>
  );
}
