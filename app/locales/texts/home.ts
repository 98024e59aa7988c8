// The German "home" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import home from "../de/home";

registerTexts("de", { home });
