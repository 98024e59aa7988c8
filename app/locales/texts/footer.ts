// The German "footer" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import footer from "../de/footer";

registerTexts("de", { footer });
