// The German "search" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import search from "../de/search";

registerTexts("de", { search });
