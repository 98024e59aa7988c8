// The German "passwordReset" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import passwordReset from "../de/password-reset";

registerTexts("de", { passwordReset });
