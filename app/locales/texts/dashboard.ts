// The German "dashboard" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import dashboard from "../de/dashboard";

registerTexts("de", { dashboard });
