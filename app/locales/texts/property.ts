// The German "property" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import property from "../de/property";

registerTexts("de", { property });
