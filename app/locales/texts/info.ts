// The German "info" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import info from "../de/info";

registerTexts("de", { info });
