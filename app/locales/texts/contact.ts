// The German "contact" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import contact from "../de/contact";

registerTexts("de", { contact });
