// The German "install" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import install from "../de/install";

registerTexts("de", { install });
