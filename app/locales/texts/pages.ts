// The German "pages" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import pages from "../de/pages";

registerTexts("de", { pages });
