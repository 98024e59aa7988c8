// The German "stay" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import stay from "../de/stay";

registerTexts("de", { stay });
