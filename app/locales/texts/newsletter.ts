// The German "newsletter" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import newsletter from "../de/newsletter";

registerTexts("de", { newsletter });
