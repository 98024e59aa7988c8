// The German "accountSettings" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import accountSettings from "../de/account-settings";

registerTexts("de", { accountSettings });
